// The shop dashboard end to end (docs/dashboard.md), in Chromium through the gateway: a partner creates a shop and
// names its owner, who is invited by e-mail, sets a password and signs in; a customer's review arrives and the owner
// replies; reviews from another provider are imported as CSV (dry run, then import) and listed with their source's
// label; a CSV of 20 orders is checked and added and the invitations appear; the API code is rotated (the old one
// stops); a widget is configured and its snippet loads in a test page. A second owner reaches none of it; axe-core on
// every page, screenshots of each. The operator's admin API (partner-service's own port) is used once: reply access.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { eventually, json, launchChromium, startServer, assertAccessible, linkInMail, submitForm } from './lib.mjs';

const BASE = process.env.BASE_URL;
const { PARTNER_TOKEN, OPERATOR_TOKEN, MAIL_URL } = process.env;
const ADMIN = `http://127.0.0.1:${8081 + Number(process.env.SR_PORT_OFFSET ?? 0)}`;
const RUN = crypto.randomBytes(4).toString('hex');
const OWNER = `owner-${RUN}@example.com`;
const PASSWORD = `owner password ${RUN}`;
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
const SHOP_NAME = `Dashboard Shop ${RUN}`;

let browser;
let page;
let shop;
let other;
let shopPages;

const auth = (code = shop.code) => `id=${shop.id}&code=${code}`;
const shot = (name) => page.screenshot({ path: `${SHOTS}dashboard-${name}.png`, fullPage: true });

async function createShop(id, name, ownerEmail) {
  const created = await json(`/partner_api/create?token=${PARTNER_TOKEN}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id, source: 'demo-partner', shop_url: `http://${id}.test`, name, language: 'en', owner_email: ownerEmail }),
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return { id: created.body.data.webshop_id, code: created.body.data.code };
}

/** The owner's own way in: the mailed link, a password, the sign-in form. Answers the page, signed in. */
async function ownerSignsIn(context, email, password) {
  const link = await linkInMail(email, '/dashboard/#password=');
  const owner = await context.newPage();
  await owner.goto(link);
  await owner.getByLabel('New password').waitFor();
  assert.ok(!owner.url().includes('password='), 'the token leaves the address bar at once');
  await assertAccessible(owner, 'the set-password page');
  await owner.getByLabel('New password').fill(password);
  await owner.getByRole('button', { name: 'Set password' }).click();
  await owner.getByRole('heading', { name: 'Sign in' }).waitFor();
  await owner.getByLabel('E-mail address').fill(email);
  await owner.getByLabel('Password', { exact: true }).fill(password);
  await owner.getByRole('button', { name: 'Sign in' }).click();
  await owner.getByRole('heading', { name: 'Overview' }).waitFor();
  return owner;
}

/** Loads the view afresh: a goto that only changes the hash would not reload the page (and its data). */
async function show(view) {
  const url = `${BASE}/dashboard/?lang=en#${view}`;
  if (page.url() === url) await page.reload(); else await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

before(async () => {
  assert.ok(BASE && PARTNER_TOKEN && OPERATOR_TOKEN && MAIL_URL, 'suite.env variables are set');
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  const pages = new Map();
  shopPages = await startServer((req, body, res) => {
    const html = pages.get(req.url);
    res.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(html || '');
  });
  shopPages.pages = pages;
  shop = await createShop(`dash-${RUN}`, SHOP_NAME, OWNER);
  other = await createShop(`dash-other-${RUN}`, `Other Shop ${RUN}`, `other-${RUN}@example.com`);
});

after(async () => {
  await browser?.close();
  await shopPages?.close();
});

test('the invited owner sets a password from the mail and signs in; the sign-in page has no axe-core violations', async () => {
  const context = await browser.newContext();
  const signInPage = await context.newPage();
  // The page's weight on a cold cache, as a browser receives it (gzip), within the budget of 150 KB.
  const sizes = [];
  signInPage.on('response', (r) => sizes.push(r.body().then((body) => zlib.gzipSync(body).length, () => 0)));
  await signInPage.goto(`${BASE}/dashboard/?lang=en&next=https://evil.example/`);
  await signInPage.getByRole('heading', { name: 'Sign in' }).waitFor();
  await signInPage.waitForLoadState('networkidle');
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  // the page's own script alone is more than 10 KB gzipped: a smaller sum means the responses were not all counted
  assert.ok(bytes > 10 * 1024 && bytes <= 150 * 1024, `first load ${bytes} bytes gzipped`);
  await assertAccessible(signInPage, 'the sign-in page');
  await signInPage.screenshot({ path: `${SHOTS}dashboard-sign-in.png`, fullPage: true });
  await signInPage.getByLabel('E-mail address').fill(OWNER);
  await signInPage.getByLabel('Password', { exact: true }).fill('not the password');
  await signInPage.getByRole('button', { name: 'Sign in' }).click();
  await signInPage.getByText('E-mail address, password or code is wrong.').waitFor();
  await signInPage.close();

  page = await ownerSignsIn(context, OWNER, PASSWORD);
  assert.equal(new URL(page.url()).origin, new URL(BASE).origin, 'no "next" address is followed after sign-in');
  const cookies = await context.cookies(`${BASE}/dashboard/`);
  const session = cookies.find((c) => c.name === 'sr_owner');
  assert.ok(session && session.httpOnly && session.secure && session.sameSite === 'Lax' && session.path === '/dashboard/');
  await assertAccessible(page, 'the overview');
  await shot('overview');
});

test('a customer\'s review arrives on the Reviews page and the owner replies from there', async () => {
  await eventually('the invitation is accepted', async () => (await json(`/api/1.0/invitations.json?${auth()}`, {
    method: 'POST', body: new URLSearchParams({ email: `buyer-${RUN}@example.com`, order: `ORD-${RUN}`, delay: '0', customer_name: 'Bea Buyer', language: 'en' }),
  })).body.message === 'Invitation successfully added to queue!');
  const link = await linkInMail(`buyer-${RUN}@example.com`, '/embed/review?ref=');
  await eventually('the review form behind the link', async () => (await (await fetch(link)).text()).includes('<textarea'));
  const form = await browser.newPage();
  await form.goto(link);
  for (const choice of await form.locator('select').all()) await choice.selectOption('5');
  await form.locator('textarea').first().fill(`Lovely tea pot ${RUN}, fast delivery.`);
  const posted = await submitForm(form, '/embed/review');
  assert.equal(posted.status(), 200);
  await form.close();

  const granted = await fetch(`${ADMIN}/admin/webshops/${shop.id}/reply-access`, { method: 'POST', headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` } });
  assert.equal(granted.status, 200);
  await eventually('the review on the Reviews page', async () => {
    await show('reviews');
    return page.getByText(`Lovely tea pot ${RUN}`).waitFor({ timeout: 3000 }).then(() => true, () => false);
  });
  await assertAccessible(page, 'the reviews page');
  await shot('reviews');
  // The owner takes the reviews along: the page's CSV link, fetched with the page's own session.
  const exportHref = await page.getByRole('link', { name: 'Download all reviews (CSV)' }).getAttribute('href');
  const exported = await page.evaluate(async (url) => { const r = await fetch(url); return { status: r.status, type: r.headers.get('content-type'), text: await r.text() }; }, exportHref);
  assert.equal(exported.status, 200);
  assert.match(exported.type, /text\/csv/);
  assert.ok(exported.text.startsWith('"id","created","date","name"') && exported.text.includes(`Lovely tea pot ${RUN}`), 'the review in the export');
  const card = page.locator('article', { hasText: `Lovely tea pot ${RUN}` });
  await card.locator('summary', { hasText: 'Reply' }).click();
  await card.getByLabel('Reply', { exact: true }).fill(`Thank you, Bea (${RUN})!`);
  await eventually('the reply is accepted once reply access has been replicated', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/reply') && r.request().method() === 'POST'),
      card.getByRole('button', { name: /^Send reply/ }).click(),
    ]);
    return answer.status() === 200;
  });
  // The overview counts the opened link (embed-service) next to the sent invitation (invitations-service).
  await show('overview');
  const opens = await page.evaluate(async (url) => (await fetch(url)).json(), `${BASE}/dashboard/api/embed/webshops/${shop.id}/link-opens?by=month`);
  assert.equal(opens.series.at(-1).opened, 1, 'the opened review link is counted in this month');
  const listed = await eventually('the reply in ratings.json', async () => {
    const r = await json(`/api/1.0/ratings.json?${auth()}`);
    return r.body.ratings?.[0]?.reaction?.includes(RUN) ? r : null;
  });
  assert.equal(listed.body.ratings[0].reaction, `Thank you, Bea (${RUN})!`);
});

test('reviews from another provider are checked, imported from a CSV and listed as imported, never as verified', async () => {
  const source = `Old Provider ${RUN}`;
  const header = 'source_review_id,created,name,language,rating,comment,verified_purchase';
  const file = `${SHOTS}../imports-${RUN}.csv`;
  await show('reviews');
  await page.locator('summary', { hasText: 'Import reviews from another provider' }).click();
  await page.getByLabel(/^Source/).fill(source);

  // A bad row refuses the whole file, numbered as in the file.
  fs.writeFileSync(file, `${header}\nbad-1-${RUN},2024-03-01,Ann,en,5,Fine,\nbad-2-${RUN},2024-03-02,Bob,en,7,Too good,\n`);
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await page.locator('#review-import [role=alert]', { hasText: 'row 2: rating must be an integer from 1 to 5' }).waitFor();

  // More than one import takes (500 reviews) is checked in parts cut at record boundaries; a dry run stores nothing
  // (imported at the end of this test).
  const many = [header];
  for (let i = 1; i <= 1001; i++) many.push(`many-${i}-${RUN},2023-01-01,"Name, ${i}",en,4,"Two\nlines",`);
  fs.writeFileSync(file, many.join('\r\n') + '\r\n');
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await page.getByText(`1001 reviews would be imported from ${source}. (3 parts)`).waitFor({ timeout: 30000 });

  const rows = [header, `imp-1-${RUN},2024-03-01,Ida,en,5,"Imported teapot ${RUN}, still great",true`,
    `imp-2-${RUN},2024-03-02,Jo,en,4,Imported kettle ${RUN},false`, `imp-3-${RUN},2024-03-03,Kai,en,3,Imported cups ${RUN},`];
  fs.writeFileSync(file, rows.join('\n') + '\n');
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await page.getByText(`3 reviews would be imported from ${source}.`).waitFor();
  await page.getByRole('button', { name: 'Import the reviews' }).click();
  await page.getByText(`3 reviews imported from ${source}.`).waitFor({ timeout: 30000 });
  for (const text of [`Imported teapot ${RUN}`, `Imported kettle ${RUN}`, `Imported cups ${RUN}`]) {
    const card = page.locator('article', { hasText: text });
    await card.getByText(`Imported from ${source}`).waitFor();
    assert.equal(await card.locator('.tag.on').count(), 0, `${text}: no verified badge (the source's verified_purchase is its word only)`);
  }
  // Checking the same file again: nothing new, the earlier imports named.
  await page.getByRole('button', { name: 'Check the file' }).click();
  await page.getByText(`0 reviews would be imported from ${source}.`).waitFor();
  await page.getByText(`imp-1-${RUN}, imp-2-${RUN}, imp-3-${RUN}`).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Import the reviews' }).isVisible(), false);
  await assertAccessible(page, 'the reviews page with the import section open');
  await shot('review-import');
  const listed = await json(`/api/1.0/ratings.json?${auth()}`);
  assert.equal(listed.body.ratings.filter((r) => r.import_source === source).length, 3, 'only the 3 imported, not the dry runs');

  // The file of 1,001 reviews imported part by part, with a progress bar.
  fs.writeFileSync(file, many.join('\r\n') + '\r\n');
  await page.getByLabel(/^Source/).fill(`Bulk ${RUN}`);
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await page.getByText(`1001 reviews would be imported from Bulk ${RUN}. (3 parts)`).waitFor({ timeout: 30000 });
  await page.getByRole('button', { name: 'Import the reviews' }).click();
  await page.getByText(`1001 reviews imported from Bulk ${RUN}.`).waitFor({ timeout: 60000 });
  assert.equal(await page.locator('#import-progress').evaluate((bar) => bar.value === bar.max && bar.max === 3), true, 'the progress bar is full');
  await page.getByText('1005 reviews').waitFor();
  fs.rmSync(file);

  await page.goto(`${BASE}/dashboard/?lang=nl#reviews`);
  await page.locator('article', { hasText: `Imported teapot ${RUN}` }).getByText(`Geïmporteerd van ${source}`).waitFor();
});

test('a CSV of 20 orders is checked, its valid rows added with a progress bar, and the invitations appear', async () => {
  // As Excel writes it in the Netherlands: semicolons, Windows-1252 (latin1 for these letters), CRLF.
  const rows = ['email;order;name;language;delay;products'];
  for (let i = 1; i <= 20; i++) rows.push(`csv-${i}-${RUN}@example.com;CSV-${i}-${RUN};Zoë Müller ${i};en;7;SKU-${i}|Teapot ${i}`);
  const file = `${SHOTS}../orders-${RUN}.csv`;
  fs.writeFileSync(file, Buffer.from(rows.join('\r\n') + '\r\n', 'latin1'));
  await show('invitations');
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await page.getByText('20 valid, 0 with errors').waitFor();
  await shot('invitations-preview');
  await page.getByRole('button', { name: 'Add the valid rows' }).click();
  await page.getByText('20 added').waitFor({ timeout: 30000 });
  assert.equal(await page.locator('#csv-progress').evaluate((bar) => bar.value === bar.max), true, 'the progress bar is full');
  const download = page.getByRole('link', { name: 'Download the result' });
  assert.match(await download.getAttribute('href'), /^blob:/);
  await eventually('the 20 invitations in the list', async () => {
    await show('invitations');
    return page.locator('td', { hasText: new RegExp(`^csv-\\d+-${RUN}@example.com$`) }).nth(19).waitFor({ timeout: 3000 }).then(() => true, () => false);
  });
  await page.getByRole('cell', { name: 'Zoë Müller 20', exact: true }).waitFor();
  await assertAccessible(page, 'the invitations page');
  await shot('invitations');
  fs.rmSync(file);
});

test('the API code is rotated with the typed confirmation: shown once, the old one stops working', async () => {
  await show('integration');
  await page.getByText(String(shop.id), { exact: true }).first().waitFor();
  assert.equal(await page.content().then((html) => html.includes(shop.code)), false, 'the API code is not on the page');
  await assertAccessible(page, 'the integration page');
  await shot('integration');
  await page.getByLabel(/Type "rotate" to confirm/).fill('yes');
  await page.getByRole('button', { name: 'Make a new API code' }).click();
  await page.getByRole('status').getByText(/Type "rotate" to confirm/).waitFor();
  await page.getByLabel(/Type "rotate" to confirm/).fill('rotate');
  await page.getByRole('button', { name: 'Make a new API code' }).click();
  const fresh = await page.locator('#new-code').inputValue({ timeout: 10000 });
  assert.match(fresh, /^[0-9a-f]{32}$/);
  await eventually('the new code works and the old one is refused', async () =>
    (await json(`/api/1.0/ratings.json?${auth(fresh)}`)).body.status === 'success'
    && (await json(`/api/1.0/ratings.json?${auth()}`)).body.status === 'error');
  shop.code = fresh;
});

test('the sidebar settings saved in the dashboard are what sidebar.js does where a page sets no variable', async () => {
  await show('integration');
  const position = page.locator('#sb_service_sidebar_position');
  await position.waitFor();
  await position.selectOption('right');
  assert.match(await page.locator('#sidebar-code').inputValue(), /var _service_sidebar_position = 'right';/);
  await page.getByRole('button', { name: "Save as this shop's sidebar settings" }).click();
  await page.getByRole('status').getByText('Sidebar settings saved.').waitFor();
  assert.doesNotMatch(await page.locator('#sidebar-code').inputValue(), /_service_sidebar_position/,
    'the snippet no longer needs the variable the shop saved');
  // At once from the instance that saved; another replica's cached script follows within its cache time.
  await eventually('sidebar.js carries the saved settings', async () =>
    /"settings":\{"sidebar":true,"position":"right"/.test(await fetch(`${BASE}/sidebar.js?id=${shop.id}&c=${Date.now()}`).then((r) => r.text())));
  await show('integration');
  assert.equal(await page.locator('#sb_service_sidebar_position').inputValue(), 'right', 'the page starts from the saved settings');
});

test('a configured widget\'s snippet loads the widget in a shop\'s page', async () => {
  await show('integration');
  await page.locator('#w-layout').selectOption('new_default');
  await page.locator('#w-theme').selectOption('dark');
  await page.locator('#w-view').selectOption('list');
  await page.locator('#w-language').selectOption('nld');
  const snippet = await page.locator('#widget-code').inputValue();
  assert.match(snippet, /^<iframe src="http:\/\/[^"]+\/webshops\/widget_html\?id=\d+&amp;layout=new_default&amp;theme=dark/);
  assert.match(snippet, /view=list/);
  await page.frameLocator('.preview iframe').locator('body').waitFor();
  await shot('widget');
  shopPages.pages.set('/product', `<!DOCTYPE html><html lang="en"><head><title>Shop</title></head><body><h1>Shop</h1>${snippet}</body></html>`);
  const shopPage = await browser.newPage();
  await shopPage.goto(shopPages.url('/product'));
  const widget = shopPage.frameLocator('iframe');
  await eventually('the widget shows the review', async () => (await widget.locator('body').innerText()).includes(`Lovely tea pot ${RUN}`));
  await shopPage.close();
});

test('"Connect your shop": the owner makes a WooCommerce secret, and an order WooCommerce signs with it becomes one invitation', async () => {
  await show('connect');
  await page.getByRole('heading', { name: 'WooCommerce' }).waitFor();
  await page.getByRole('button', { name: 'Make a secret' }).click();
  const secret = await page.locator('#connect-woocommerce-secret').inputValue({ timeout: 10000 });
  assert.match(secret, /^[0-9a-f]{64}$/);
  const url = await page.locator('#connect-woocommerce-url').inputValue();
  assert.equal(url, `${BASE}/api/1.0/shop_platforms/woocommerce/${shop.id}`);
  await assertAccessible(page, 'the connect page');
  await shot('connect');
  // What WooCommerce sends when the order is completed: the order as JSON, signed with the secret (base64 HMAC-SHA256).
  const email = `woo-${RUN}@example.com`;
  const order = JSON.stringify({ id: 4711, number: `WOO-${RUN}`, status: 'completed', currency: 'EUR', total: '12.50',
    billing: { first_name: 'Wim', last_name: 'Woo', email, phone: '' }, shipping: { first_name: 'Wim', last_name: 'Woo' },
    meta_data: [], line_items: [{ id: 1, name: 'Tea pot', product_id: 93, variation_id: 0, quantity: 1, sku: 'TP-1', price: 12.5 }] });
  const deliver = (signature) => fetch(url, { method: 'POST', body: order, headers: {
    'Content-Type': 'application/json', 'X-WC-Webhook-Topic': 'order.updated', 'X-WC-Webhook-Resource': 'order',
    'X-WC-Webhook-Event': 'updated', 'X-WC-Webhook-ID': '12', 'X-WC-Webhook-Delivery-ID': crypto.randomUUID(),
    'X-WC-Webhook-Signature': signature } });
  assert.equal((await deliver(crypto.createHmac('sha256', 'forged').update(order).digest('base64'))).status, 401);
  const signature = crypto.createHmac('sha256', secret).update(order).digest('base64');
  assert.equal((await deliver(signature)).status, 200);
  assert.equal((await deliver(signature)).status, 200, 'a second delivery of the same order is answered too');
  const listed = await json(`/api/1.0/invitations.json?${auth()}&order=100`);
  assert.equal(listed.body.invitations.filter((i) => i.email === email).length, 1, 'exactly one invitation for the order');
});

test('webhooks and settings pages work and pass axe-core', async () => {
  await show('webhooks');
  await page.getByLabel('Address (https)').waitFor();
  await assertAccessible(page, 'the webhooks page');
  await shot('webhooks');
  await show('settings');
  await page.getByRole('button', { name: 'Save languages' }).waitFor();
  await page.getByLabel('Sender name').waitFor();
  await assertAccessible(page, 'the settings page');
  await shot('settings');
  await page.goto(`${BASE}/dashboard/?lang=nl#overview`);
  await page.getByRole('heading', { name: 'Overzicht' }).waitFor();
  await assertAccessible(page, 'the Dutch overview');
});

test('another shop\'s owner sees none of this shop through any service', async () => {
  const context = await browser.newContext();
  const otherPage = await ownerSignsIn(context, `other-${RUN}@example.com`, `other password ${RUN}`);
  const base = `${BASE}/dashboard/api`;
  for (const path of [`partner/webshops/${shop.id}`, `ratings/webshops/${shop.id}/reviews`, `ratings/webshops/${shop.id}/overview`,
    `invitations/webshops/${shop.id}/invitations`, `invitations/webshops/${shop.id}/settings`, `webhooks/webshops/${shop.id}/subscriptions`,
    `webhooks/webshops/${shop.id}/deliveries`, `embed/webshops/${shop.id}/link-opens`]) {
    const answer = await otherPage.evaluate(async (url) => { const r = await fetch(url); return { status: r.status, text: await r.text() }; }, `${base}/${path}`);
    assert.equal(answer.status, 404, `${path}: ${answer.text}`);
    assert.ok(!answer.text.includes(RUN), `${path} shows nothing of the other shop`);
  }
  const forged = await otherPage.evaluate(async (url) => (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ confirm: 'rotate' }) })).status, `${base}/partner/webshops/${other.id}/code`);
  assert.equal(forged, 403, 'a change without the dashboard header (as a form on another site would send it) is refused');
  await context.close();
});

test('signing out ends a copied session in every service, and the next sign-in works', async () => {
  const signIn = async () => {
    const r = await fetch(`${BASE}/dashboard/api/partner/account/session`, { method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Dashboard-Request': '1' }, body: JSON.stringify({ email: OWNER, password: PASSWORD }) });
    assert.equal(r.status, 200, 'the owner signs in');
    return r.headers.getSetCookie().find((c) => c.startsWith('sr_owner=')).split(';')[0];
  };
  const base = `${BASE}/dashboard/api`;
  const paths = [`partner/webshops/${shop.id}`, `ratings/webshops/${shop.id}/overview`, `invitations/webshops/${shop.id}/settings`,
    `webhooks/webshops/${shop.id}/subscriptions`, `embed/webshops/${shop.id}/link-opens`];
  const statuses = async (cookie) => Promise.all(paths.map(async (path) => (await fetch(`${base}/${path}`, { headers: { Cookie: cookie } })).status));
  const laptop = await signIn();
  const copied = await signIn();
  assert.deepEqual(await statuses(copied), paths.map(() => 200), 'the copy works everywhere before');
  const out = await fetch(`${base}/partner/account/session`, { method: 'DELETE', headers: { Cookie: laptop, 'X-Dashboard-Request': '1' } });
  assert.equal(out.status, 200);
  await eventually('the copied session refused by every service', async () =>
    (await statuses(copied)).every((status) => status === 401), 30000);
  assert.deepEqual(await statuses(await signIn()), paths.map(() => 200), 'a new sign-in works everywhere');
});
