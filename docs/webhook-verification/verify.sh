#!/usr/bin/env bash
# Verifies a webhook delivery of Shop reviews: X-Hash is the lowercase hex HMAC-SHA256 of the raw request body,
# keyed with the subscription's secret as text (its bytes; the 64 hex characters are NOT hex-decoded).
#   bash verify.sh <secret> <X-Hash header> [body file] < body      (bash + openssl; body from stdin without a file)
# Exit 0: valid. Exit 1: invalid. Exit 2: wrong usage.
# The body goes straight from the file or stdin into openssl: a shell variable would lose NUL bytes and trailing
# newlines. The secret is an argument here for brevity; on a shared machine, read it from a file instead
# (arguments are visible to other users in ps).
set -euo pipefail
if (( $# < 2 || $# > 3 )); then
  echo "usage: bash verify.sh <secret> <X-Hash> [body file] < body" >&2
  exit 2
fi
secret="$1"
received="$(tr 'A-F' 'a-f' <<<"${2//[[:space:]]/}")"
expected="$(openssl dgst -sha256 -hmac "$secret" -r "${3:-/dev/stdin}" | cut -d' ' -f1)"
# bash has no constant-time comparison: compare HMACs of both values under a fresh random key instead, so the time
# a comparison takes says nothing about how much of the received value was right.
key="$(openssl rand -hex 32)"
a="$(printf '%s' "$expected" | openssl dgst -sha256 -hmac "$key" -r | cut -d' ' -f1)"
b="$(printf '%s' "$received" | openssl dgst -sha256 -hmac "$key" -r | cut -d' ' -f1)"
if [[ "$a" == "$b" ]]; then
  echo "valid"
  exit 0
fi
echo "INVALID signature"
exit 1
