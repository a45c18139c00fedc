// Privacy end to end (docs/privacy.md), through the gateway only: a customer is invited, reviews, the shop gets the
// webhook, the review shows in the feed and the widget; the customer signs in on the privacy page by e-mail (Chromium,
// axe-core), edits the review and downloads the export; the shop erases the customer; within a minute no text
// column of any table in the five databases holds the address, the name or the order number, the webhook and the
// feed report the deletion, and a new invitation to the address is never sent. Run by deploy/local/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { eventually, json, launchChromium, startServer, assertAccessible, mails, linkInMail, submitForm } from './lib.mjs';

const BASE = process.env.BASE_URL;
const PARTNER_TOKEN = process.env.PARTNER_TOKEN;
const MAIL_URL = process.env.MAIL_URL;
const RUN = crypto.randomBytes(4).toString('hex');
const EMAIL = `privacy-${RUN}@example.com`;
const NAME = `Priya Vermeulen-${RUN}`;
const ORDER = `PRIV-${RUN}`;
const DATABASES = ['partner', 'invitations', 'ratings', 'webhooks', 'embed'];
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;

let receiver;
let browser;
let context;
let shop;
let reviewId;
let exported;

const auth = () => `id=${shop.id}&code=${shop.code}`;

function psql(database, sql) {
  return execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', (process.env.SR_DB_PREFIX ?? '') + database, '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql],
    { encoding: 'utf8' }).trim();
}

/** Every text, JSON and byte column of every table of every service database that holds one of `values`. */
function columnsHolding(values) {
  const found = [];
  for (const database of DATABASES) {
    const columns = psql(database, `select table_name || '|' || column_name || '|' || data_type from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea')`)
      .split('\n').filter(Boolean).map((line) => line.split('|'));
    assert.ok(columns.length > 0, `${database} has text columns`);
    const checks = columns.flatMap(([table, column, type]) => values.map((value) => {
      const literal = `'${value.toLowerCase().replace(/'/g, "''")}'`;
      const holds = type === 'bytea'
        ? `position(${literal} in lower(encode("${column}", 'escape'))) > 0`
        : `position(${literal} in lower("${column}"::text)) > 0`;
      return `select '${table}.${column} holds ${value}' where exists (select 1 from "${table}" where ${holds})`;
    }));
    const hits = psql(database, checks.join(' union all ')).split('\n').filter(Boolean);
    found.push(...hits.map((hit) => `${database}: ${hit}`));
  }
  return found;
}

const axe = assertAccessible;

/**
 * GDPR Art. 19: of an erased review that has product reviews, its e-mail address alone stays in ratings'
 * erased_review_address for 90 days, so that a shop's sync client can find and delete its copy
 * (docs/privacy.md, Retention). Everything else about the customer is gone.
 */
const KEPT_FOR_SHOPS_COPIES = (email) => `ratings: erased_review_address.email holds ${email}`;

before(async () => {
  assert.ok(BASE && PARTNER_TOKEN && MAIL_URL, 'suite.env variables are set');
  receiver = await startServer();
  browser = await launchChromium();
  context = await browser.newContext({ acceptDownloads: true });
  fs.mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await receiver?.close();
});

test('a customer is invited, reviews, and the review reaches the webhook, the feed and the widget', async () => {
  const created = await json(`/partner_api/create?token=${PARTNER_TOKEN}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: `privacy-${RUN}`, source: 'demo-partner', shop_url: `http://privacy-${RUN}.test`, name: 'Privacy Shop', language: 'en' }),
  });
  assert.equal(created.status, 200);
  shop = { id: created.body.data.webshop_id, code: created.body.data.code };
  const hooks = receiver.url('/hooks');
  for (const topic of ['reviews.created', 'reviews.deleted']) {
    await eventually(`subscription to ${topic}`, async () => (await json(`/api/1.0/webhook.json?${auth()}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ url: hooks, topic }),
    })).status === 200);
  }
  await eventually('the invitation is accepted', async () => (await json(`/api/1.0/invitations.json?${auth()}`, {
    method: 'POST',
    body: new URLSearchParams({ email: EMAIL, order: ORDER, delay: '0', customer_name: NAME, language: 'en',
      order_data: JSON.stringify({ products: [{ id: 'P-1', name: 'Green teapot', gtin: '4006381333931', sku: 'TEA-1' }] }) }),
  })).body.message === 'Invitation successfully added to queue!');

  const reviewLink = await linkInMail(EMAIL, '/embed/review?ref=');
  // The mail can arrive before embed-service has read the link's announcement (review-links): wait for the form.
  await eventually('the review form behind the link', async () => (await (await fetch(reviewLink)).text()).includes('<textarea'));
  const page = await context.newPage();
  await page.goto(reviewLink);
  for (const select of await page.locator('select').all()) await select.selectOption('4');
  await page.locator('textarea').first().fill(`A fine teapot, says ${NAME}, order ${ORDER}.`);
  for (const area of (await page.locator('textarea').all()).slice(1)) await area.fill('Pours well.');
  const posted = await submitForm(page, '/embed/review');
  assert.equal(posted.status(), 200);
  await page.close();

  const listed = await eventually('the review in ratings.json', async () => {
    const r = await json(`/api/1.0/ratings.json?${auth()}`);
    return r.body.total === 1 ? r : null;
  });
  reviewId = listed.body.ratings[0].id;
  assert.equal(listed.body.ratings[0].email, EMAIL);
  const hook = await eventually('reviews.created at the shop', async () => receiver.received.find((d) => d.topic === 'reviews.created'));
  assert.ok(hook.body.includes(EMAIL), 'the webhook names the customer');
  assert.match(await (await fetch(`${BASE}/api/1.0/product_reviews.xml?${auth()}`)).text(), /Green teapot/);
  await eventually('the review in the widget', async () => {
    const r = await fetch(`${BASE}/webshops/widget_html?id=${shop.id}&layout=new_default&theme=light&color=%23336699`
      + '&show=yes&view=list&amount=3&width=auto&width_amount=300px&height=400&interval=5000&language=eng');
    return (await r.text()).includes(`fine teapot`);
  });
});

test('the shop\'s transparency statement shows the real figures of ratings-service through the gateway', async () => {
  const figures = await json(`/api/1.0/transparency.json?id=${shop.id}`);
  assert.equal(figures.status, 200);
  assert.deepEqual(figures.body.collected.find((c) => c.method === 'invitation'), { method: 'invitation', verified: 1, unverified: 0 });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${BASE}/shop/${shop.id}/transparency?lang=en`);
  await page.waitForSelector('#tr-figures:not([hidden])', { timeout: 10000 });
  assert.equal(await page.locator('[data-figure="collected.invitation.verified"]').textContent(), '1');
  await axe(page, 'the transparency statement');
  await page.screenshot({ path: `${SHOTS}transparency-statement.png`, fullPage: true });
  assert.deepEqual(errors, [], 'the statement runs under its CSP without errors');
  await page.close();
});

test('the customer signs in on the privacy page by e-mail, edits the review and downloads everything stored', async () => {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${BASE}/privacy/?lang=en`);
  await axe(page, 'the sign-in page');
  await page.getByLabel('E-mail address').fill(EMAIL);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await page.getByRole('heading', { name: 'Check your mailbox' }).waitFor();
  await page.screenshot({ path: `${SHOTS}privacy-link-sent.png`, fullPage: true });

  const link = await linkInMail(EMAIL, '/privacy/session?token=');
  assert.ok(link.startsWith(BASE), `the link goes through the gateway: ${link}`);
  await page.goto(link);
  await axe(page, 'the link page');
  await page.getByRole('button', { name: 'Show my data' }).click();
  const card = page.locator('article.review', { hasText: 'fine teapot' });
  await card.waitFor({ timeout: 15000 });
  await axe(page, 'the signed-in page');
  await page.screenshot({ path: `${SHOTS}privacy-signed-in.png`, fullPage: true });

  await card.getByRole('button', { name: 'Edit' }).click();
  const editor = page.locator('form.review');
  await editor.getByLabel('Your review').fill(`A fine teapot, edited by ${NAME}.`);
  await editor.getByLabel('Overall rating').selectOption('5');
  await editor.getByRole('button', { name: 'Save' }).click();
  await page.locator('article.review', { hasText: 'edited by' }).waitFor({ timeout: 15000 });
  await eventually('the edit in ratings.json', async () => {
    const r = await json(`/api/1.0/ratings.json?${auth()}`);
    return r.body.ratings?.[0]?.comment === `A fine teapot, edited by ${NAME}.` && r.body.ratings[0].rating === 5;
  });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download (JSON)' }).click()]);
  exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  const text = JSON.stringify(exported);
  for (const item of [EMAIL, NAME, ORDER, 'edited by', 'Green teapot']) {
    assert.ok(text.includes(item), `the export holds ${item}`);
  }
  assert.ok(JSON.stringify(exported.invitations).includes(ORDER), 'the invitation is exported');
  assert.ok(JSON.stringify(exported.reviews).includes('edited by'), 'the review is exported');
  assert.ok(JSON.stringify(exported.webhooks).includes(String(reviewId)), 'the stored webhook delivery is exported');
  assert.deepEqual(errors, [], 'the page runs under its CSP without errors');
  await page.close();
});

test('the shop erases the customer: within a minute no database holds the address, name or order number', async () => {
  assert.ok(exported, 'the export was taken before');
  assert.ok(columnsHolding([EMAIL, NAME, ORDER]).length > 0, 'before the erasure the databases hold the customer');
  const erased = await json(`/api/1.0/customer_erasure.json?${auth()}`, {
    method: 'POST', body: new URLSearchParams({ email: EMAIL.toUpperCase() }),
  });
  assert.equal(erased.status, 200);
  assert.equal(erased.body.status, 'success');
  assert.match(erased.body.reference, /^[0-9a-f-]{36}$/);
  const again = await json(`/api/1.0/customer_erasure.json?${auth()}`, { method: 'POST', body: new URLSearchParams({ email: EMAIL }) });
  assert.equal(again.status, 200, 'erasing twice is harmless');
  const started = Date.now();
  let left;
  await eventually('nothing left about the customer but the address kept for the shops\' copies', async () => {
    left = columnsHolding([EMAIL, NAME, ORDER]);
    return left.length === 1 && left[0] === KEPT_FOR_SHOPS_COPIES(EMAIL);
  }, 60000).catch(() => assert.fail(`still held after a minute: ${left.join('; ')}`));
  console.log(`# erased everywhere in ${Date.now() - started} ms`);

  const deleted = await eventually('reviews.deleted at the shop', async () => receiver.received.find((d) => d.topic === 'reviews.deleted'));
  assert.equal(JSON.parse(deleted.body).id, reviewId);
  assert.ok(!deleted.body.includes(EMAIL) && !deleted.body.includes(NAME), 'the deletion names nobody');
  const feed = await (await fetch(`${BASE}/api/1.0/product_reviews.xml?${auth()}`)).text();
  assert.ok(!feed.includes('fine teapot') && !feed.includes(NAME), 'the feed no longer carries the review');
  assert.equal((await json(`/api/1.0/ratings.json?${auth()}`)).body.total, 0);
  // Both requests are applied by every consuming service (the event id is the reference).
  for (const database of ['invitations', 'ratings', 'webhooks', 'embed']) {
    await eventually(`both erasures applied in ${database}`, async () => psql(database,
      `select count(*) from processed_event where event_id in ('${erased.body.reference}', '${again.body.reference}')`) === '2');
  }
  assert.deepEqual(columnsHolding([EMAIL, NAME, ORDER]), [KEPT_FOR_SHOPS_COPIES(EMAIL)],
    'the second erasure found nothing and changed nothing');
  const detailed = await (await fetch(`${BASE}/api/1.0/product_reviews.xml?${auth()}&detailed=1`)).text();
  assert.match(detailed, new RegExp(`<email>${EMAIL.replace(/[.+]/g, '\\$&')}</email><valid>0</valid><deleted>1</deleted>`),
    'the detailed feed tells the shop\'s sync client to delete its copy');
});

test('after the erasure the address is never invited again by that shop', async () => {
  const before = (await mails(EMAIL)).length;
  const order = `${ORDER}-AGAIN`;
  const added = await json(`/api/1.0/invitations.json?${auth()}`, {
    method: 'POST', body: new URLSearchParams({ email: EMAIL, order, delay: '0', customer_name: NAME }),
  });
  assert.equal(added.status, 200, JSON.stringify(added.body));
  await eventually('the new invitation is skipped as opted out', async () =>
    psql('invitations', `select state from invitation where order_number = '${order}'`) === 'opted_out', 30000);
  assert.equal((await mails(EMAIL)).length, before, 'no e-mail went out');
});

test('"Erase everything" on the privacy page erases the address at every shop and ends the session', async () => {
  const page = await context.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(`${BASE}/privacy/?lang=nl`);
  await page.getByRole('heading', { name: 'Alles wissen' }).waitFor();
  await page.getByRole('button', { name: 'Alles wissen' }).click();
  await page.getByText('Alles wordt gewist.').waitFor({ timeout: 15000 });
  await page.screenshot({ path: `${SHOTS}privacy-erased.png`, fullPage: true });
  const hash = crypto.createHash('sha256').update(EMAIL).digest('hex');
  await eventually('an opt-out for every shop', async () =>
    psql('invitations', `select count(*) from opt_out where webshop_id = 0 and email_hash = '${hash}'`) === '1');
  await page.goto(`${BASE}/privacy/`);
  assert.ok(await page.getByLabel('E-mail address').isVisible(), 'signed out: the page asks for an address again');
  await page.close();
});
