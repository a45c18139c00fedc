// Every public endpoint fed malformed input through the gateway: never a 5xx, never a stack trace, 413 above the
// body limit, and nothing stored changes. Uses the demo webshop that deploy/local/up seeds (suite.env).
import { test } from 'node:test';
import assert from 'node:assert/strict';

const BASE = process.env.BASE_URL;
const ID = process.env.WEBSHOP_ID;
const CODE = process.env.WEBSHOP_CODE;
const TOKEN = process.env.PARTNER_TOKEN;
const AUTH = `id=${ID}&code=${CODE}`;

const INJECTIONS = ["' OR '1'='1", '"; DROP TABLE review; --', '<script>alert(1)</script>', '../../etc/passwd',
  '${jndi:ldap://127.0.0.1/x}', '%00', '{{7*7}}', '\u0000\u202e'];
const HUGE = ['99999999999999999999999999', '-1', '1e309', 'NaN', '0x10', '1.5', ''];
const TEN_MB = Buffer.alloc(10 * 1024 * 1024, 'a');
const INVALID_UTF8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d]);

const GETS = ['/api/1.0/webshop.json', '/api/1.0/invitations.json', '/api/1.0/ratings.json', '/api/1.0/ratings_summary.json',
  '/api/1.0/product_reviews.xml', '/api/2.0/order_permissions.json', '/webshops/fetch_domain.json', '/sidebar.js',
  '/webshops/widget_html'];
const POSTS = [
  ['/api/1.0/invitations.json', 'application/x-www-form-urlencoded'],
  ['/api/1.0/review_replies.json', 'application/json'],
  ['/api/1.0/review_reports.json', 'application/json'],
  ['/api/1.0/webhook.json', 'application/json'],
  ['/partner_api/create', 'application/json'],
  [`/embed/${ID}/consent`, 'application/json'],
  [`/embed/${ID}/reviews`, 'application/json'],
];

async function call(path, init = {}) {
  const response = await fetch(BASE + path, init);
  const text = await response.text();
  assert.ok(response.status < 500, `${init.method || 'GET'} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  assert.doesNotMatch(text, /\bat (java|io|org|dev)\.[\w.$]+\(|Exception:|\.java:\d+\)/, `no stack trace from ${path}`);
  return { status: response.status, text };
}

async function stored() {
  const get = async (path) => (await fetch(BASE + path)).text();
  return Promise.all([
    get(`/api/1.0/ratings.json?${AUTH}&limit=100`),
    get(`/api/1.0/invitations.json?${AUTH}&order=100`),
    get(`/api/1.0/webhooks/list.json?${AUTH}`),
    get(`/api/1.0/webshop.json?${AUTH}`),
  ]);
}

test('malformed input never gets a 5xx or a stack trace, bodies above 1 MB get 413, and nothing stored changes', async () => {
  const before = await stored();

  for (const path of GETS) {
    await call(path);
    for (const value of [...INJECTIONS, ...HUGE]) {
      const q = encodeURIComponent(value);
      await call(`${path}?id=${q}&code=${q}&limit=${q}&offset=${q}&order=${q}&orderNumber=${q}&language=${q}`
        + `&last_synced=${q}&detailed=${q}&token=${q}&url=${q}&layout=${q}&amount=${q}&c=${q}`);
      await call(`${path}?${AUTH}&limit=${q}&offset=${q}&order=${q}&orderNumber=${q}&language=${q}&last_synced=${q}`
        + `&detailed=${q}&layout=${q}&theme=${q}&color=${q}&amount=${q}&height=${q}&css=${q}`);
    }
    await call(`${path}?id=${ID}&id=1&code=${CODE}&code=x&limit=1&limit=2`);
  }

  for (const [path, type] of POSTS) {
    const target = path.startsWith('/partner_api') ? `${path}?token=${TOKEN}` : `${path}?${AUTH}`;
    const bodies = type === 'application/json'
      ? ['', '{', '[]', 'null', '"x"', '{"review_id":"abc","reply":5,"notify":"yes"}', '{"url":5,"topic":[],"is_active":"no"}',
        `{"review_id":99999999999999999999999,"reply":"${INJECTIONS[1]}"}`, JSON.stringify({ id: INJECTIONS[0], shop_url: INJECTIONS[2], source: 1 }),
        JSON.stringify({ rating: 99, orderNumber: INJECTIONS[1], choice: INJECTIONS[2] })]
      : ['', 'email=', 'email=not-an-email', `email=a@b.example&delay=${HUGE[0]}`, 'email=a@b.example&delay=-1',
        'email=a@b.example&order_data={', `email=a@b.example&order_data=${encodeURIComponent('{"products":[{"id":1}]}')}`,
        'email=a@b.example&order_total=1,50', `email=${encodeURIComponent(INJECTIONS[1])}`];
    for (const body of bodies) {
      await call(target, { method: 'POST', headers: { 'Content-Type': type }, body });
    }
    await call(target, { method: 'POST', headers: { 'Content-Type': type }, body: INVALID_UTF8 });
    await call(target, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    const big = await call(target, { method: 'POST', headers: { 'Content-Type': type }, body: TEN_MB });
    assert.equal(big.status, 413, `10 MB to ${path} is refused with 413`);
  }

  const after = await stored();
  assert.deepEqual(after, before, 'ratings, invitations, webhooks and webshop details are unchanged');
});
