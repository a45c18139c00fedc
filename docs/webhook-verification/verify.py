#!/usr/bin/env python3
"""Verifies a webhook delivery of Shop reviews: X-Hash is the lowercase hex HMAC-SHA256 of the raw request body,
keyed with the subscription's secret as text (its UTF-8 bytes; the 64 hex characters are NOT hex-decoded).
  python3 verify.py <secret> <X-Hash header> [body file] < body      (stdlib only; body from stdin without a file)
Exit 0: valid. Exit 1: invalid. Exit 2: wrong usage."""
import hashlib
import hmac
import sys


def valid(secret: str, x_hash: str, raw_body: bytes) -> bool:
    expected = hmac.new(secret.encode("utf-8"), raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode("ascii"), x_hash.strip().lower().encode("utf-8"))  # constant time


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        print("usage: python3 verify.py <secret> <X-Hash> [body file] < body", file=sys.stderr)
        sys.exit(2)
    if len(sys.argv) == 4:
        with open(sys.argv[3], "rb") as f:
            body = f.read()
    else:
        body = sys.stdin.buffer.read()  # the raw bytes: never decode and re-encode the body before checking
    ok = valid(sys.argv[1], sys.argv[2], body)
    print("valid" if ok else "INVALID signature")
    sys.exit(0 if ok else 1)
