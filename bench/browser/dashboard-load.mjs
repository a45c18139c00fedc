// How fast the shop dashboard's pages become usable, in Debian's Chromium against the running local suite (the
// demo owner of deploy/local/up). Not a test: prints a Markdown table (median of N loads per page, cold cache each
// time) for bench/results/. Budget (issue 22): first load <= 150 KB gzipped, every page interactive <= 1 s.
//   set -a; . deploy/local/.run/suite.env; set +a; node bench/browser/dashboard-load.mjs [runs]
import zlib from 'node:zlib';
import { launchChromium } from '../../e2e/lib.mjs';

const BASE = process.env.BASE_URL;
const RUNS = Number(process.argv[2] || 5);
// What shows that a view has its data: the element the view draws once its API answered.
const VIEWS = {
  'sign-in': null,
  overview: 'svg.chart',
  reviews: 'main p.muted',
  invitations: 'main table, main p.muted',
  integration: '#widget-code',
  webhooks: 'main table, main p.muted',
  settings: '#def-delay',
};
const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];

const browser = await launchChromium();
const signIn = await browser.newContext();
const page = await signIn.newPage();
await page.goto(`${BASE}/dashboard/?lang=en`);
await page.getByLabel('E-mail address').fill(process.env.DEMO_OWNER_EMAIL);
await page.getByLabel('Password', { exact: true }).fill(process.env.DEMO_OWNER_PASSWORD);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByRole('heading', { name: 'Overview' }).waitFor();
const cookies = await signIn.cookies(`${BASE}/dashboard/`);
await signIn.close();

const rows = [];
for (const [view, ready] of Object.entries(VIEWS)) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();  // a new context: a cold cache every time
    if (ready) await context.addCookies(cookies);
    const tab = await context.newPage();
    const sizes = [];
    tab.on('response', (r) => sizes.push(r.body().then((body) => zlib.gzipSync(body).length, () => 0)));
    const start = Date.now();
    await tab.goto(`${BASE}/dashboard/?lang=en#${ready ? view : ''}`);
    await tab.locator(ready || 'form button[type=submit]').first().waitFor();
    times.push(Date.now() - start);
    await tab.waitForLoadState('networkidle');
    bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    await context.close();
  }
  rows.push(`| ${view} | ${median(times)} | ${Math.max(...times)} | ${(bytes / 1024).toFixed(1)} | ${median(times) <= 1000 ? 'PASS' : 'MISS'} |`);
}
await browser.close();
console.log(`| page | ready, median of ${RUNS} (ms) | slowest (ms) | transferred, gzip (KB) | ≤ 1 s |`);
console.log('|---|---|---|---|---|');
console.log(rows.join('\n'));
