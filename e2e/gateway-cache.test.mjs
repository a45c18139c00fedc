// The gateway's few seconds' cache of sidebar.js (deploy/local/lib/gateway.sh, GATEWAY_CACHED_PATHS): a repeated
// request is answered from it with the same bytes, each Accept-Encoding and host gets its own entry, an entry is
// fetched again once its seconds are over, no other path is cached, and an answer from the cache starts no trace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { eventually, gatewayLogLines } from './lib.mjs';

const BASE = new URL(process.env.BASE_URL);
const { WEBSHOP_ID } = process.env;
const CACHE_SECONDS = 5;

/** A raw GET through the gateway (fetch would add and undo its own Accept-Encoding). */
function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: BASE.hostname, port: BASE.port, path, headers, timeout: 30000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer for ${path}`)));
    req.on('error', reject);
  });
}

const sidebar = () => `/sidebar.js?id=${WEBSHOP_ID}&c=${Date.now()}`;
const gzip = { 'Accept-Encoding': 'gzip' };

test('a repeated sidebar.js request is answered from the gateway\'s cache with the same bytes', async () => {
  const path = sidebar();
  const first = await get(path, gzip);
  const second = await get(path, gzip);
  assert.equal(first.status, 200);
  assert.equal(first.headers['x-cache'], 'MISS', 'the first request went to embed-service');
  assert.equal(second.headers['x-cache'], 'HIT', 'the second came from the gateway');
  assert.deepEqual(second.body, first.body);
  assert.equal(second.headers['content-encoding'], 'gzip');
  assert.equal(second.headers.etag, first.headers.etag);
  assert.match(second.headers['cache-control'], /max-age=600/, 'the browser still gets the service\'s Cache-Control');
  assert.match(gunzipSync(second.body).toString('utf8'), /\S/);
});

test('a client without gzip gets the plain script, never the cached gzip bytes', async () => {
  const path = sidebar();
  const zipped = await get(path, gzip);
  const plain = await get(path, { 'Accept-Encoding': 'identity' });
  assert.equal(zipped.headers['content-encoding'], 'gzip');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.toString('utf8'), gunzipSync(zipped.body).toString('utf8'));
  const again = await get(path, { 'Accept-Encoding': 'identity' });
  assert.equal(again.headers['x-cache'], 'HIT', 'the plain answer is an entry of its own');
  assert.equal(again.body.toString('utf8'), plain.body.toString('utf8'));
});

test('another host name is another entry', async () => {
  const path = sidebar();
  await get(path, gzip);
  const other = await get(path, { ...gzip, Host: 'shop-reviews.example' });
  assert.equal(other.headers['x-cache'], 'MISS');
});

test('an entry is fetched from embed-service again once its seconds are over', async () => {
  const path = sidebar();
  await get(path, gzip);
  assert.equal((await get(path, gzip)).headers['x-cache'], 'HIT');
  await new Promise((r) => setTimeout(r, (CACHE_SECONDS + 1) * 1000));
  assert.match((await get(path, gzip)).headers['x-cache'], /^(EXPIRED|MISS)$/);
});

test('no other path is cached by the gateway', async () => {
  const widget = `/webshops/widget_html?id=${WEBSHOP_ID}&layout=new_default&theme=light&amount=3&language=eng`;
  for (const path of [widget, widget, `/api/1.0/webshop.json?id=${WEBSHOP_ID}`]) {
    assert.equal((await get(path, gzip)).headers['x-cache'], undefined, path);
  }
});

test('an answer from the cache is logged with the client\'s trace id or none, a miss with the trace it started',
  { skip: !process.env.E2E_LOG_DIR && 'no log directory' }, async () => {
    const agent = `e2e-cache-trace-${Date.now()}`;
    const clientTrace = randomBytes(16).toString('hex');
    const path = sidebar();
    await get(path, { ...gzip, 'User-Agent': agent });
    await get(path, { ...gzip, 'User-Agent': agent });
    await get(path, { ...gzip, 'User-Agent': agent, traceparent: `00-${clientTrace}-${randomBytes(8).toString('hex')}-01` });
    // a forged header that would write its own fields into the log line if it were copied
    await get(path, { ...gzip, 'User-Agent': agent, traceparent: `00-${clientTrace}" trace=forged cache=MISS-01` });
    // the gateway writes its access log at least once a second (buffer=64k flush=1s)
    const lines = await eventually('the four requests in the access log', () => {
      const mine = gatewayLogLines(`"${agent}"`);
      return mine.length === 4 && mine;
    }, 10000);
    assert.match(lines[0], / trace=[0-9a-f]{32} cache=MISS$/, 'the request embed-service answered carries a new trace');
    assert.match(lines[1], / trace=- cache=HIT$/, 'a hit without a traceparent starts none');
    assert.match(lines[2], new RegExp(` trace=${clientTrace} cache=HIT$`), 'a hit keeps the client\'s trace id');
    assert.match(lines[3], / trace=- cache=HIT$/, 'a malformed traceparent is not logged');
    assert.doesNotMatch(lines[3], /forged/);
  });
