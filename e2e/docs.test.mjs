// The API reference at {base_url}/docs/, through the gateway only: each service's OpenAPI document is valid
// OpenAPI 3 JSON with paths, Swagger UI loads all five from the gateway (no other origin, no CDN), and nothing else
// of a service's /q/ (health, metrics) is reachable. Run by deploy/local/e2e with the variables of suite.env.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import { launchChromium } from './lib.mjs';

const BASE = process.env.BASE_URL;
// Each service's document and one public path it must list.
const SERVICES = {
  'partner-service': '/api/1.0/webshop.json',
  'invitations-service': '/api/1.0/invitations.json',
  'ratings-service': '/api/1.0/ratings.json',
  'webhooks-service': '/api/1.0/webhook.json',
  'embed-service': '/sidebar.js',
};
let browser;

before(async () => {
  assert.ok(BASE, 'BASE_URL is set (suite.env)');
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
});

/** GET with the path sent exactly as written (fetch would resolve dot segments and %2e before sending). */
function rawGet(path) {
  return new Promise((resolve, reject) => {
    const url = new URL(BASE);
    http.get({ host: url.hostname, port: url.port, path }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    }).on('error', reject);
  });
}

test('every service\'s OpenAPI document is reachable through the gateway as OpenAPI 3 JSON with paths', async () => {
  for (const [service, publicPath] of Object.entries(SERVICES)) {
    // A query is dropped by the gateway: the document is always JSON.
    for (const suffix of ['', '?format=yaml']) {
      const response = await fetch(`${BASE}/docs/openapi/${service}.json${suffix}`);
      assert.equal(response.status, 200, `${service}${suffix}`);
      assert.match(response.headers.get('content-type'), /^application\/json/, `${service} content type`);
      const doc = JSON.parse(await response.text());
      assert.match(String(doc.openapi), /^3\.\d+\.\d+$/, `${service}: openapi version`);
      assert.ok(doc.info?.title?.startsWith(`${service}:`), `${service}: its own document (title ${doc.info?.title})`);
      assert.ok(doc.paths && Object.keys(doc.paths).length > 0, `${service}: paths`);
      assert.ok(doc.paths[publicPath], `${service}: lists ${publicPath}`);
      for (const path of Object.keys(doc.paths)) {
        assert.ok(!path.startsWith('/q/'), `${service}: no /q/ path in the public reference (${path})`);
      }
    }
  }
});

test('nothing else under a service\'s /q/ is reachable through the gateway', async () => {
  const closed = ['/q/health', '/q/health/ready', '/q/health/live', '/q/metrics', '/q/openapi', '/q/openapi.json',
    '/q/swagger-ui/', '/q/swagger-ui/index.html', '/docs/openapi/', '/docs/openapi/unknown-service.json',
    '/docs/health', '/docs/metrics', '/docs/swagger-ui-bundle.js.map', '/docs/../q/health', '/docs/%2e%2e/q/health',
    '/docs/openapi/..%2f..%2fq%2fhealth', '/docs/%2e%2e/%2e%2e/q/metrics', '/docs//q/health', '/admin/dead-letters'];
  for (const path of closed) {
    const { status, text } = await rawGet(path);
    // 404 from the gateway; nginx refuses a path that climbs above the root as a bad request (400) before routing.
    const own = status === 400 ? '{"status":"error","message":"Bad request."}' : '{"status":"error","message":"Not found."}';
    assert.ok(status === 404 || (status === 400 && path.includes('%2e%2e/%2e%2e')), `${path} answered ${status}`);
    assert.equal(text, own, `${path}: the gateway's own answer, not a service's`);
  }
});

test('/docs/ is Swagger UI with a drop-down of the five documents, all loaded from the gateway', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const foreign = [];
  const documents = new Map();
  const errors = [];
  page.on('request', (r) => { if (!r.url().startsWith(`${BASE}/`) && !r.url().startsWith('data:')) foreign.push(r.url()); });
  page.on('response', (r) => {
    const m = new URL(r.url()).pathname.match(/^\/docs\/openapi\/([a-z-]+)\.json$/);
    if (m) documents.set(m[1], r.status());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  const response = await page.goto(`${BASE}/docs/`);
  assert.equal(response.status(), 200);
  assert.equal(await page.title(), 'Shop reviews API reference');
  const title = page.locator('.swagger-ui .info .title');
  await title.waitFor({ timeout: 30000 });
  assert.match(await title.innerText(), /^partner-service:/, 'partner-service is the first document shown');

  const select = page.locator('.topbar select');
  const names = (await select.locator('option').allInnerTexts()).map((s) => s.trim()).sort();
  assert.deepEqual(names, Object.keys(SERVICES).sort(), 'the drop-down lists the five services');
  for (const service of Object.keys(SERVICES)) {
    await select.selectOption({ label: service });
    await page.waitForFunction((name) => document.querySelector('.swagger-ui .info .title')?.textContent.startsWith(`${name}:`),
      service, { timeout: 30000 });
    await page.locator('.swagger-ui .opblock').first().waitFor({ timeout: 30000 });
    assert.ok(await page.locator('.swagger-ui .opblock').count() > 0, `${service}: operations shown`);
    assert.equal(await page.locator('.swagger-ui .errors-wrapper').count(), 0, `${service}: no errors shown by Swagger UI`);
    assert.equal(documents.get(service), 200, `${service}: document loaded through the gateway`);
  }
  assert.deepEqual(foreign, [], 'nothing is loaded from another origin');
  assert.deepEqual(errors, [], 'no script errors');

  // For a person to look at (e2e/screenshots/, not committed): the reference of the webhooks service.
  await select.selectOption({ label: 'webhooks-service' });
  await page.waitForFunction(() => document.querySelector('.swagger-ui .info .title')?.textContent.startsWith('webhooks-service:'));
  const shots = new URL('./screenshots/', import.meta.url).pathname;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}api-reference.png`, fullPage: true });
  await page.close();
});
