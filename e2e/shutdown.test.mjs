// A service stopped with SIGTERM under load (a rollout, a scale-in) finishes what it serves and loses no event:
// requests in flight are answered in full, and reviews that were on their way through Kafka are all stored once the
// service is back. The requests go to ratings-service's own port, not through the gateway: behind the gateway a cut
// request and a refused one both read 502, and only the first is a defect.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { eventually, json } from './lib.mjs';

const { PARTNER_TOKEN, KAFKA_BOOTSTRAP, KAFKA_LIBS, KAFKA_CLIENT_CONFIG, E2E_LOG_DIR } = process.env;
const RUN = Date.now().toString(36);
const ROOT = new URL('..', import.meta.url).pathname;
const PRODUCE = path.join(ROOT, 'deploy/local/kafka/Produce.java');
const RATINGS_PORT = 8083 + Number(process.env.SR_PORT_OFFSET ?? 0);
const REVIEWS = 30;
let shop;

const auth = () => `id=${shop.id}&code=${shop.code}`;

/** One GET straight to ratings-service: 'complete' (status and whole body), 'refused' (no connection), or 'cut'. */
function direct(pathAndQuery) {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port: RATINGS_PORT, path: pathAndQuery, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        const whole = response.complete && (response.headers['content-length'] === undefined
          || Number(response.headers['content-length']) === Buffer.byteLength(body));
        resolve(whole ? { outcome: 'complete', status: response.statusCode } : { outcome: 'cut', status: response.statusCode });
      });
      response.on('aborted', () => resolve({ outcome: 'cut', status: response.statusCode }));
      response.on('error', (e) => resolve({ outcome: 'cut', error: e.code }));
    });
    request.on('error', (e) => resolve(e.code === 'ECONNREFUSED' ? { outcome: 'refused' } : { outcome: 'cut', error: e.code }));
  });
}

function ratingsPid() {
  const pidFile = path.join(path.dirname(E2E_LOG_DIR), 'pids', 'ratings-service.pid');
  return Number(fs.readFileSync(pidFile, 'utf8').trim());
}

const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };

before(async () => {
  assert.ok(PARTNER_TOKEN && KAFKA_BOOTSTRAP && KAFKA_LIBS && KAFKA_CLIENT_CONFIG && E2E_LOG_DIR, 'suite.env variables are set');
  const created = await json(`/partner_api/create?token=${PARTNER_TOKEN}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: `shutdown-${RUN}`, source: 'demo-partner', shop_url: `http://shutdown-${RUN}.test`, name: `Shutdown Shop ${RUN}`, language: 'en' }),
  });
  assert.equal(created.status, 200);
  shop = { id: created.body.data.webshop_id, code: created.body.data.code };
  await eventually('ratings-service knows the shop', async () => (await json(`/api/1.0/ratings_summary.json?${auth()}`)).status === 200);
});

test('SIGTERM under load: requests in flight are answered in full, and no review on its way is lost or stored twice', async () => {
  const reviews = Array.from({ length: REVIEWS }, (_, i) => JSON.stringify({
    event_id: `shutdown-${RUN}-${i}`, type: 'review.submitted', occurred_at: new Date().toISOString(), webshop_id: shop.id,
    origin: 'form', invitation_id: null, order_number: `SD-${RUN}-${i}`, name: `Reviewer ${i}`, email: `sd-${i}-${RUN}@example.com`,
    country: 'NL', language: 'en', rating: 1 + (i % 5), ratings: { shippingtime: 4, customerservice: 4, pricequality: 4, aftersale: 4 },
    comment: `Review ${i} sent while ratings-service stops ${RUN}`, products: [], client_address: null,
  }));
  execFileSync('java', ['-cp', `${KAFKA_LIBS}/*`, PRODUCE, KAFKA_BOOTSTRAP, 'reviews.submitted', String(shop.id), '-'],
    { input: reviews.join('\n'), encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env } });

  const pid = ratingsPid();
  const load = [];
  const deadline = Date.now() + 4000;
  const fire = async () => {
    while (Date.now() < deadline) {
      const answer = await direct(`/api/1.0/ratings.json?${auth()}&limit=100`);
      load.push(answer);
      if (answer.outcome === 'refused') return;
    }
  };
  const clients = Array.from({ length: 16 }, fire);
  await new Promise((r) => setTimeout(r, 500));
  process.kill(pid, 'SIGTERM');
  await Promise.all(clients);
  await eventually('ratings-service stopped', async () => !alive(pid), 40000);

  const cut = load.filter((a) => a.outcome === 'cut' || (a.outcome === 'complete' && a.status >= 500));
  assert.deepEqual(cut, [], `no request cut or failed by the stop (${load.length} sent)`);
  assert.ok(load.some((a) => a.outcome === 'complete'), 'requests were answered before the stop');

  // Back as it was started: `up` without --replicas would stop the other instances of a two-instance suite.
  const replicasFile = path.join(path.dirname(E2E_LOG_DIR), 'replicas');
  const replicas = fs.existsSync(replicasFile) ? fs.readFileSync(replicasFile, 'utf8').trim() : '1';
  execFileSync('bash', [path.join(ROOT, 'deploy/local/up'), '--no-build', '--replicas', replicas], { stdio: 'ignore', env: { ...process.env } });
  const stored = await eventually(`all ${REVIEWS} reviews stored`, async () => {
    const r = await json(`/api/1.0/ratings.json?${auth()}&limit=100`);
    return r.status === 200 && r.body.total >= REVIEWS ? r.body : null;
  }, 90000);
  assert.equal(stored.total, REVIEWS, 'each review stored once');
  assert.equal(new Set(stored.ratings.map((item) => item.order_number)).size, REVIEWS);
});
