// The clients generated from the public API's one OpenAPI document (api-clients, built with the services), in Java,
// TypeScript and PHP, against the running suite through the gateway: each adds an invitation, lists the ratings and
// subscribes a webhook, and what it did is then read back with plain HTTP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { eventually, json, startServer } from './lib.mjs';

const BASE = process.env.BASE_URL;
const PARTNER_TOKEN = process.env.PARTNER_TOKEN;
const RUN = crypto.randomBytes(4).toString('hex');
const TARGET = new URL('../api-clients/target/', import.meta.url).pathname;
const SMOKE = new URL('./clients/', import.meta.url).pathname;
let shop;
let receiver;

const auth = () => `id=${shop.id}&code=${shop.code}`;

before(async () => {
  assert.ok(fs.existsSync(`${TARGET}public-api.json`), 'api-clients is built (deploy/local/up builds it with the services)');
  const created = await json(`/partner_api/create?token=${PARTNER_TOKEN}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: `clients-${RUN}`, source: 'demo-partner', shop_url: `https://clients-${RUN}.test`, name: 'Clients', language: 'en' }),
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  shop = { id: String(created.body.data.webshop_id), code: created.body.data.code };
  await eventually('the webshop known to invitations, ratings and webhooks', async () =>
    (await json(`/api/1.0/invitations.json?${auth()}`)).body.status === 'success'
    && (await json(`/api/1.0/ratings.json?${auth()}`)).body.status === 'success'
    && (await json(`/api/1.0/webhooks/list.json?${auth()}`)).status === 200);
  receiver = await startServer();
});

after(async () => {
  await receiver?.close();
});

/** What a client's smoke program printed, read back through the plain API. */
async function assertDone(answer, order, email) {
  assert.equal(answer.added, 'Invitation successfully added to queue!');
  assert.equal(answer.ratings, 'success');
  assert.equal(typeof answer.total, 'number');
  assert.equal(answer.subscribed, 'Webhook subscription created');
  assert.ok(answer.webhookId > 0, `a webhook id: ${JSON.stringify(answer)}`);
  const listed = await json(`/api/1.0/invitations.json?${auth()}&order=100`);
  assert.ok(listed.body.invitations.some((i) => i.order === order && i.email === email), `invitation ${order} stored`);
  const hooks = await json(`/api/1.0/webhooks/list.json?${auth()}`);
  assert.ok(JSON.stringify(hooks.body).includes(`"webhook_id":${answer.webhookId}`), `webhook ${answer.webhookId} listed`);
}

test('the generated Java client adds an invitation, lists ratings and subscribes a webhook', async () => {
  const email = `java-${RUN}@example.com`;
  const classpath = `${TARGET}classes:${fs.readFileSync(`${TARGET}classpath.txt`, 'utf8').trim()}`;
  const out = execFileSync('java', ['-cp', classpath, `${SMOKE}ClientSmoke.java`, BASE, shop.id, shop.code, receiver.url('/java'), email],
    { encoding: 'utf8' });
  await assertDone(JSON.parse(out.trim().split('\n').at(-1)), 'JAVA-1', email);
});

test('the generated TypeScript client, compiled with tsc, does the same', async () => {
  const email = `ts-${RUN}@example.com`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-client-'));
  fs.cpSync(`${TARGET}clients/typescript/src`, `${dir}/src`, { recursive: true });
  const tsc = new URL('./node_modules/typescript/bin/tsc', import.meta.url).pathname;
  execFileSync('node', [tsc, '--strict', '--outDir', `${dir}/dist`, '--module', 'commonjs', '--target', 'es2020',
    '--lib', 'es2020,dom', '--declaration', `${dir}/src/index.ts`], { encoding: 'utf8' });
  const out = execFileSync('node', [`${SMOKE}smoke.mjs`, `${dir}/dist/index.js`, BASE, shop.id, shop.code, receiver.url('/ts'), email],
    { encoding: 'utf8' });
  await assertDone(JSON.parse(out.trim()), 'TS-1', email);
});

test('the generated PHP client, with Debian\'s Guzzle, does the same', async () => {
  const email = `php-${RUN}@example.com`;
  const out = execFileSync('php', [`${SMOKE}smoke.php`, `${TARGET}clients/php`, BASE, shop.id, shop.code, receiver.url('/php'), email],
    { encoding: 'utf8' });
  await assertDone(JSON.parse(out.trim()), 'PHP-1', email);
});
