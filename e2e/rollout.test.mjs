// A rollout or scale-in seen from the outside: with two instances of every service behind the gateway
// (E2E_REPLICAS=2 deploy/local/e2e rollout.test.mjs), the first instance of ratings-service and of invitations-service
// get SIGTERM while clients read ratings.json and add invitations through the gateway and reviews arrive through Kafka.
// No answer may be a connection error or a 5xx, and nothing accepted may be lost: every invitation the API accepted
// sends its mail, every review on its way is stored once. A GET whose connection breaks is repeated on the other
// instance by nginx (proxy_next_upstream), a POST only when it was not yet sent, so the writes are what a cut shows.
// SHUTDOWN_TEST_SIGNAL=SIGKILL (or the services started with QUARKUS_SHUTDOWN_TIMEOUT= , no graceful shutdown) shows
// what the test catches. Skipped with one instance per service.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { eventually, json, mails } from './lib.mjs';

const { BASE_URL, PARTNER_TOKEN, KAFKA_BOOTSTRAP, KAFKA_LIBS, E2E_LOG_DIR } = process.env;
const RUN = Date.now().toString(36);
const ROOT = new URL('..', import.meta.url).pathname;
const RUN_DIR = path.dirname(E2E_LOG_DIR ?? '.');
const PRODUCE = path.join(ROOT, 'deploy/local/kafka/Produce.java');
const SIGNAL = process.env.SHUTDOWN_TEST_SIGNAL ?? 'SIGTERM';
const VICTIMS = ['ratings-service', 'invitations-service'];
const REVIEWS = 40;
const MAX_INVITATIONS = 120;
const replicas = Number(fs.existsSync(path.join(RUN_DIR, 'replicas')) ? fs.readFileSync(path.join(RUN_DIR, 'replicas'), 'utf8').trim() : 1);
let shop;

const auth = () => `id=${shop.id}&code=${shop.code}`;
const pidOf = (instance) => Number(fs.readFileSync(path.join(RUN_DIR, 'pids', `${instance}.pid`), 'utf8').trim());
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One call through the gateway: its status, or the error that kept it from having one (a cut, a refusal, a timeout). */
async function call(what, url, init) {
  try {
    const response = await fetch(BASE_URL + url, { signal: AbortSignal.timeout(30000), ...init });
    const text = await response.text();
    return { what, status: response.status, text };
  } catch (e) {
    return { what, error: e.cause?.code ?? e.name };
  }
}

before(async () => {
  if (replicas < 2) return;
  assert.ok(BASE_URL && PARTNER_TOKEN && KAFKA_BOOTSTRAP && KAFKA_LIBS && E2E_LOG_DIR, 'suite.env variables are set');
  const created = await json(`/partner_api/create?token=${PARTNER_TOKEN}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: `rollout-${RUN}`, source: 'demo-partner', shop_url: `http://rollout-${RUN}.test`, name: `Rollout Shop ${RUN}`, language: 'en' }),
  });
  assert.equal(created.status, 200);
  shop = { id: created.body.data.webshop_id, code: created.body.data.code };
  await eventually('ratings- and invitations-service know the shop', async () =>
    (await json(`/api/1.0/ratings.json?${auth()}`)).status === 200 && (await json(`/api/1.0/invitations.json?${auth()}`)).status === 200);
});

test(`${SIGNAL} to one of two instances under load through the gateway: no request fails, nothing accepted is lost`,
  { skip: replicas < 2 && 'needs two instances per service (E2E_REPLICAS=2)' }, async () => {
    const reviews = Array.from({ length: REVIEWS }, (_, i) => JSON.stringify({
      event_id: `rollout-${RUN}-${i}`, type: 'review.submitted', occurred_at: new Date().toISOString(), webshop_id: shop.id,
      origin: 'form', invitation_id: null, order_number: `RO-${RUN}-${i}`, name: `Reviewer ${i}`, email: `ro-${i}-${RUN}@example.com`,
      country: 'NL', language: 'en', rating: 1 + (i % 5), ratings: { shippingtime: 4, customerservice: 4, pricequality: 4, aftersale: 4 },
      comment: `Review ${i} sent during a rollout ${RUN}`, products: [], client_address: null,
    }));
    const victims = VICTIMS.map((name) => ({ name, pid: pidOf(name) }));
    const answers = [];
    const invited = [];
    let stop = false;
    let next = 0;
    const reader = async () => {
      while (!stop) answers.push(await call('GET ratings.json', `/api/1.0/ratings.json?${auth()}&limit=100`));
    };
    const writer = async () => {
      while (!stop && next < MAX_INVITATIONS) {
        const i = next++;
        const email = `rollout-${RUN}-${i}@example.com`;
        const answer = await call('POST invitations.json', `/api/1.0/invitations.json?${auth()}`, {
          method: 'POST', body: new URLSearchParams({ email, order: `INV-${RUN}-${i}`, delay: '0', customer_name: `Customer ${i}`, language: 'en' }),
        });
        answers.push(answer);
        if (answer.status === 200) invited.push(email);
        await sleep(50);
      }
    };
    const clients = [...Array.from({ length: 8 }, reader), ...Array.from({ length: 3 }, writer)];
    // Reviews reach ratings-service's consumers (both instances share the group) while one of them stops.
    execFileSync('java', ['-cp', `${KAFKA_LIBS}/*`, PRODUCE, KAFKA_BOOTSTRAP, 'reviews.submitted', String(shop.id), '-'],
      { input: reviews.join('\n'), encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env } });
    await sleep(1000);
    for (const victim of victims) process.kill(victim.pid, SIGNAL);
    await eventually('the stopped instances exited', async () => victims.every((v) => !alive(v.pid)), 45000);
    await sleep(1000);
    stop = true;
    await Promise.all(clients);

    const failed = answers.filter((a) => a.error || a.status >= 500).map(({ what, status, error, text }) => ({ what, status, error, text: text?.slice(0, 120) }));
    console.log(`rollout: ${answers.length} requests (${invited.length} invitations accepted), ${failed.length} failed`);
    assert.deepEqual(failed, [], `no request cut or failed while ${VICTIMS.join(' and ')} stopped`);
    assert.ok(answers.filter((a) => a.what === 'GET ratings.json').length > 50, 'reads ran throughout');
    assert.ok(invited.length > 10, 'writes ran throughout');

    execFileSync('bash', [path.join(ROOT, 'deploy/local/up'), '--no-build', '--replicas', String(replicas)], { stdio: 'ignore', env: { ...process.env } });
    const stored = await eventually(`all ${REVIEWS} reviews stored`, async () => {
      const r = await json(`/api/1.0/ratings.json?${auth()}&limit=100`);
      return r.status === 200 && r.body.total >= REVIEWS ? r.body : null;
    }, 90000);
    assert.equal(stored.total, REVIEWS, 'each review stored once');
    let without = invited;
    await eventually(`a mail for each of the ${invited.length} accepted invitations`, async () => {
      const still = [];
      for (const email of without) if ((await mails(email)).length === 0) still.push(email);
      without = still;
      return still.length === 0;
    }, 180000);
  });
