// Verifies a webhook delivery of Shop reviews: X-Hash is the lowercase hex HMAC-SHA256 of the raw request body,
// keyed with the subscription's secret as text (its UTF-8 bytes; the 64 hex characters are NOT hex-decoded).
//   node verify.mjs <secret> <X-Hash header> [body file] < body      (Node.js 20, no packages; body from stdin without a file)
// Exit 0: valid. Exit 1: invalid. Exit 2: wrong usage.
// In an HTTP server, verify the raw Buffer of the request (collect the 'data' chunks), not a re-serialised JSON.parse.
import crypto from 'node:crypto';
import fs from 'node:fs';

export function valid(secret, xHash, rawBody) {
  const expected = Buffer.from(crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(rawBody).digest('hex'), 'ascii');
  const received = Buffer.from(String(xHash).trim().toLowerCase(), 'utf8');
  // timingSafeEqual throws on different lengths; the length of a hex SHA-256 is no secret.
  return expected.length === received.length && crypto.timingSafeEqual(expected, received); // constant time
}

const args = process.argv.slice(2);
if (args.length < 2 || args.length > 3) {
  console.error('usage: node verify.mjs <secret> <X-Hash> [body file] < body');
  process.exit(2);
}
const body = fs.readFileSync(args.length === 3 ? args[2] : 0); // 0 = stdin, read as raw bytes
const ok = valid(args[0], args[1], body);
console.log(ok ? 'valid' : 'INVALID signature');
process.exit(ok ? 0 : 1);
