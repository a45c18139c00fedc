// Every public endpoint fed malformed input through the gateway: never a 5xx, never a stack trace, 413 above the
// body limit, and nothing stored changes. Uses the demo webshop that deploy/local/up seeds (suite.env).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';

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
  ['/api/1.0/review_imports.json', 'application/json'],
  ['/api/1.0/webhook.json', 'application/json'],
  ['/partner_api/create', 'application/json'],
  [`/embed/${ID}/consent`, 'application/json'],
  [`/embed/${ID}/reviews`, 'application/json'],
];

async function call(path, init = {}) {
  const { status, text } = init.from ? await requestFrom(init.from, path, init) : await fetched(path, init);
  assert.ok(status < 500, `${init.method || 'GET'} ${path} answered ${status}: ${text.slice(0, 200)}`);
  assert.doesNotMatch(text, /\bat (java|io|org|dev)\.[\w.$]+\(|Exception:|\.java:\d+\)/, `no stack trace from ${path}`);
  return { status, text };
}

async function fetched(path, init) {
  const response = await fetch(BASE + path, init);
  return { status: response.status, text: await response.text() };
}

// The same from another loopback address: the visitors' report endpoint limits each client address to a few reports,
// and this sweep must not use up the budget of 127.0.0.1, from which the later tests report a review.
function requestFrom(localAddress, path, init) {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(BASE + path), { method: init.method || 'GET', headers: init.headers, localAddress }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.setTimeout(30000, () => request.destroy(new Error(`${path}: no answer within 30 s`)));
    request.end(init.body);
  });
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
    const from = path.includes('review_reports') ? '127.0.0.3' : undefined;
    const bodies = type === 'application/json'
      ? ['', '{', '[]', 'null', '"x"', '{"review_id":"abc","reply":5,"notify":"yes"}', '{"url":5,"topic":[],"is_active":"no"}',
        `{"review_id":99999999999999999999999,"reply":"${INJECTIONS[1]}"}`, JSON.stringify({ id: INJECTIONS[0], shop_url: INJECTIONS[2], source: 1 }),
        JSON.stringify({ rating: 99, orderNumber: INJECTIONS[1], choice: INJECTIONS[2] })]
      : ['', 'email=', 'email=not-an-email', `email=a@b.example&delay=${HUGE[0]}`, 'email=a@b.example&delay=-1',
        'email=a@b.example&order_data={', `email=a@b.example&order_data=${encodeURIComponent('{"products":[{"id":1}]}')}`,
        'email=a@b.example&order_total=1,50', `email=${encodeURIComponent(INJECTIONS[1])}`];
    for (const body of bodies) {
      await call(target, { method: 'POST', headers: { 'Content-Type': type }, body, from });
    }
    await call(target, { method: 'POST', headers: { 'Content-Type': type }, body: INVALID_UTF8, from });
    await call(target, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello', from });
    const big = await call(target, { method: 'POST', headers: { 'Content-Type': type }, body: TEN_MB });
    assert.equal(big.status, 413, `10 MB to ${path} is refused with 413`);
  }

  const after = await stored();
  assert.deepEqual(after, before, 'ratings, invitations, webhooks and webshop details are unchanged');
});

// The shop dashboard's APIs (every service serves its own under /dashboard/api/<service>/), signed in as the demo
// owner of the demo webshop: malformed paths, parameters and bodies never get a 5xx or a stack trace, and nothing
// the dashboard shows changes. Without the session 401, without the CSRF header 403.
const DASH = `/dashboard/api`;
const SHOP = `webshops/${ID}`;
const DASH_GETS = [`${DASH}/partner/${SHOP}`, `${DASH}/ratings/${SHOP}/overview`, `${DASH}/ratings/${SHOP}/reviews`,
  `${DASH}/invitations/${SHOP}/invitations`, `${DASH}/invitations/${SHOP}/invitations/outcomes`,
  `${DASH}/invitations/${SHOP}/settings`, `${DASH}/webhooks/${SHOP}/subscriptions`, `${DASH}/webhooks/${SHOP}/deliveries`,
  `${DASH}/embed/${SHOP}/link-opens`];
const DASH_WRITES = [['POST', `${DASH}/partner/${SHOP}/code`], ['PUT', `${DASH}/partner/${SHOP}/languages`],
  ['POST', `${DASH}/ratings/${SHOP}/reviews/abc/reply`], ['POST', `${DASH}/ratings/${SHOP}/reviews/99999999999999999999/report`],
  ['POST', `${DASH}/ratings/${SHOP}/reviews/-1/reply`], ['POST', `${DASH}/invitations/${SHOP}/invitations`],
  ['POST', `${DASH}/invitations/${SHOP}/invitations/csv?dry_run=${encodeURIComponent(INJECTIONS[0])}`],
  ['PUT', `${DASH}/invitations/${SHOP}/settings`], ['POST', `${DASH}/webhooks/${SHOP}/subscriptions`],
  ['DELETE', `${DASH}/webhooks/${SHOP}/subscriptions/abc`], ['DELETE', `${DASH}/webhooks/${SHOP}/subscriptions/99999999999`],
  ['POST', `${DASH}/webhooks/${SHOP}/deliveries/abc/redeliver`], ['POST', `${DASH}/webhooks/${SHOP}/test`]];
// Bodies no endpoint may accept: wrong types, no e-mail address anywhere, no typed confirmation.
const DASH_BODIES = ['', '{', '[]', 'null', '"x"', '{"confirm":5}', '{"languages":5}', '{"languages":[5,{}]}',
  '{"default_delay":"abc","sender_name":[]}', '{"default_delay":99999999999999999999}', '{"email":5,"order_number":[]}',
  '{"url":5,"topic":[]}', '{"reply":5}', '{"reason":[],"text":{}}', JSON.stringify({ reply: INJECTIONS[1], email: INJECTIONS[0] }),
  'order_number;email\n1;' + INJECTIONS[2]];

async function ownerSession() {
  const response = await fetch(`${BASE}${DASH}/partner/account/session`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Dashboard-Request': '1' },
    body: JSON.stringify({ email: process.env.DEMO_OWNER_EMAIL, password: process.env.DEMO_OWNER_PASSWORD }),
  });
  assert.equal(response.status, 200, 'the demo owner signs in');
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
  assert.match(cookie, /^sr_owner=/);
  return cookie;
}

test('malformed input to the dashboard APIs never gets a 5xx or a stack trace and changes nothing the dashboard shows',
  { skip: !process.env.DEMO_OWNER_PASSWORD && 'no demo owner in suite.env' }, async () => {
    const cookie = await ownerSession();
    const signedIn = { Cookie: cookie, 'X-Dashboard-Request': '1' };
    // Deliveries and link openings move on their own (retries, other tests' links): swept below, not compared.
    const shown = () => Promise.all(DASH_GETS.filter((p) => !/deliveries|link-opens/.test(p)).map(async (path) => {
      const response = await fetch(BASE + path, { headers: signedIn });
      assert.equal(response.status, 200, `${path} answers the owner`);
      return response.text();
    }));
    const before = await shown();

    for (const path of DASH_GETS) {
      assert.equal((await call(path)).status, 401, `${path} without a session`);
      for (const value of [...INJECTIONS, ...HUGE]) {
        const q = encodeURIComponent(value);
        await call(`${path}?status=${q}&page=${q}&after=${q}&limit=${q}&rating=${q}&language=${q}&by=${q}&period=${q}&from=${q}`,
          { headers: signedIn });
      }
    }
    for (const id of ['abc', '-1', '99999999999999999999', encodeURIComponent(INJECTIONS[0])]) {
      await call(`${DASH}/ratings/webshops/${id}/overview`, { headers: signedIn });
      await call(`${DASH}/webhooks/webshops/${id}/subscriptions`, { headers: signedIn });
    }
    for (const [method, path] of DASH_WRITES) {
      assert.equal((await call(path, { method, headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: '{}' })).status,
        403, `${method} ${path} without the CSRF header`);
      for (const body of DASH_BODIES) {
        for (const type of ['application/json', 'text/csv']) {
          await call(path, { method, headers: { ...signedIn, 'Content-Type': type }, body });
        }
      }
      await call(path, { method, headers: { ...signedIn, 'Content-Type': 'application/json' }, body: INVALID_UTF8 });
      const big = await call(path, { method, headers: { ...signedIn, 'Content-Type': 'application/json' }, body: TEN_MB });
      assert.equal(big.status, 413, `10 MB to ${method} ${path} is refused with 413`);
    }

    const after = await shown();
    // The overview's series and counts, the lists, settings and subscriptions: all as before.
    assert.deepEqual(after, before);
  });
