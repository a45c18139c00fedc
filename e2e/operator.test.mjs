// The operator console end to end (docs/operator-console.md), in Chromium through the gateway: the bootstrap
// operator signs in with password and TOTP, finds a shop, deactivates it (its API and widget say so) and
// reactivates it; of two reviews the quarantine rules held back, one is published and one hidden with a public
// reason (the shop's webhook receiver and the widget follow); a review record that arrived while the shop was
// deactivated is a dead letter, refused on replay until the shop is back, then replayed; the audit log shows each
// step; a moderator sees no operators or partners and their APIs refuse him. axe-core on every page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { eventually, json, launchChromium, startServer, assertAccessible, linkInMail, submitForm, within } from './lib.mjs';

const BASE = process.env.BASE_URL;
const { PARTNER_TOKEN, MAIL_URL, OPERATOR_NAME, OPERATOR_PASSWORD, OPERATOR_TOTP, KAFKA_BOOTSTRAP, KAFKA_LIBS, KAFKA_CLIENT_CONFIG } = process.env;
const RUN = crypto.randomBytes(4).toString('hex');
const SHOP_NAME = `Console Shop ${RUN}`;
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
const PRODUCE = new URL('../deploy/local/kafka/Produce.java', import.meta.url).pathname;
const UNAVAILABLE = 'not available';

let receiver;
const received = () => receiver.received;
let browser;
let page;
let shop;
const reviews = {};

const auth = () => `id=${shop.id}&code=${shop.code}`;
const widget = () => fetch(`${BASE}/webshops/widget_html?id=${shop.id}&layout=new_default&theme=light&color=%23336699`
  + '&show=yes&view=list&amount=6&width=auto&width_amount=300px&height=400&interval=5000&language=eng').then((r) => r.text());

/** RFC 6238 (SHA-1, 30 s, 6 digits), as an authenticator app computes it from the base32 secret. */
function totp(secret, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.toUpperCase().replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1] & 0xf;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1000000).padStart(6, '0');
}

/** A code of a step no earlier sign-in with this secret used: a code works once. */
const lastStep = new Map();
async function freshCode(secret) {
  while (Math.floor(Date.now() / 30000) <= (lastStep.get(secret) ?? -1)) await new Promise((r) => setTimeout(r, 1000));
  lastStep.set(secret, Math.floor(Date.now() / 30000));
  return totp(secret);
}

const axe = (what) => assertAccessible(page, what);
const reviewLinkFor = (email) => linkInMail(email, '/embed/review?ref=');

/** Invites `email` and writes a review through the mailed link with `comment`, as a customer would. */
async function review(email, order, comment, context) {
  await eventually('the invitation is accepted', async () => (await json(`/api/1.0/invitations.json?${auth()}`, {
    method: 'POST', body: new URLSearchParams({ email, order, delay: '0', customer_name: `Customer ${order}`, language: 'en' }),
  })).body.message === 'Invitation successfully added to queue!');
  const link = await reviewLinkFor(email);
  await eventually('the review form behind the link', async () => (await (await fetch(link, { signal: AbortSignal.timeout(30000) })).text()).includes('<textarea'));
  const form = await context.newPage();
  await form.goto(link);
  for (const select of await form.locator('select').all()) await select.selectOption('2');
  await form.locator('textarea').first().fill(comment);
  const posted = await submitForm(form, '/embed/review');
  assert.equal(posted.status(), 200);
  await form.close();
}

async function show(view) {
  await page.goto(`${BASE}/operator/?lang=en#${view}`);
  await page.locator('h1').first().waitFor();
  // the pipeline page's dead letters arrive from five services: their table (or "nothing here") comes last
  if (view === 'pipeline') await page.getByText('Dead letters').first().waitFor();
}

/** One bounded step of the setup, with its time printed: a setup that stalls names the step it stalled in. */
async function step(what, ms, fn) {
  const started = Date.now();
  const result = await within(`setup: ${what}`, ms, fn());
  console.log(`# operator setup: ${what} (${Date.now() - started} ms)`);
  return result;
}

before(async () => {
  assert.ok(BASE && PARTNER_TOKEN && OPERATOR_PASSWORD && OPERATOR_TOTP && KAFKA_BOOTSTRAP && KAFKA_LIBS && KAFKA_CLIENT_CONFIG, 'suite.env variables are set');
  receiver = await step('the webhook receiver', 10000, () => startServer());
  browser = await step('Chromium', 70000, () => launchChromium());
  fs.mkdirSync(SHOTS, { recursive: true });

  const created = await step('the shop', 35000, () => json(`/partner_api/create?token=${PARTNER_TOKEN}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: `console-${RUN}`, source: 'demo-partner', shop_url: `http://console-${RUN}.test`, name: SHOP_NAME, language: 'en' }),
  }));
  assert.equal(created.status, 200);
  shop = { id: created.body.data.webshop_id, code: created.body.data.code };
  const hooks = receiver.url('/hooks');
  await step('the webhook subscriptions', 65000, async () => {
    for (const topic of ['reviews.created', 'reviews.updated']) {
      await eventually(`subscription to ${topic}`, async () => (await json(`/api/1.0/webhook.json?${auth()}`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ url: hooks, topic }),
      })).status === 200, 30000);
    }
  });
  const customers = await step('a browser context for customers', 30000, () => browser.newContext());
  // Links in a review's text put it in quarantine (ratings-service QuarantineRules).
  await step('the first review', 120000, () => review(`publish-${RUN}@example.com`, `PUB-${RUN}`, `Slow delivery ${RUN}, details at https://complaints-${RUN}.example/a`, customers));
  await step('the second review', 120000, () => review(`hide-${RUN}@example.com`, `HID-${RUN}`, `Buy cheaper ${RUN} at https://spam-${RUN}.example/deals now`, customers));
  await step('closing the customers\' context', 30000, () => customers.close());
  const queued = await step('both reviews in quarantine', 65000, () => eventually('both reviews in quarantine', async () => {
    const r = await json(`/api/1.0/ratings.json?${auth()}`);
    return r.body.total === 2 && r.body.ratings.every((item) => item.quarantine) ? r.body.ratings : null;
  }));
  reviews.publish = queued.find((item) => item.comment.includes('Slow delivery')).id;
  reviews.hide = queued.find((item) => item.comment.includes('cheaper')).id;
  page = await step('the operator\'s page', 30000, async () => (await browser.newContext()).newPage());
  page.on('dialog', (dialog) => dialog.accept());
}, { timeout: 280000 });

after(async () => {
  await browser?.close();
  await receiver?.close();
});

test('the operator signs in with password and TOTP', async () => {
  await page.goto(`${BASE}/operator/?lang=en`);
  await page.getByLabel('Name').fill(OPERATOR_NAME);
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Name, password or code is wrong.').waitFor();
  await axe('the sign-in page');
  await page.screenshot({ path: `${SHOTS}operator-sign-in.png`, fullPage: true });
  assert.equal(await page.getByLabel('Name').inputValue(), OPERATOR_NAME, 'the name stays after a mistake');
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(await freshCode(OPERATOR_TOTP));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Signed in as ${OPERATOR_NAME} (admin)`).waitFor();
});

test('the operator finds the shop, deactivates it (API and widget say so) and reactivates it', async () => {
  // The page's first, unfiltered list answers late, after the search and the deactivation: it must not replace them.
  let releaseFirstList;
  const firstListHeld = new Promise((resolve) => { releaseFirstList = resolve; });
  const unfiltered = /\/operator\/api\/partner\/webshops\?q=$/;
  await page.route(unfiltered, async (route) => {
    const answer = await route.fetch();
    await firstListHeld;
    await route.fulfill({ response: answer });
  }, { times: 1 });
  await show('shops');
  await page.getByLabel('Name, domain or id').fill(SHOP_NAME);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Deactivate ${SHOP_NAME}` }).click();
  await page.getByRole('button', { name: `Reactivate ${SHOP_NAME}` }).waitFor();
  const lateAnswer = page.waitForResponse(unfiltered);
  releaseFirstList();
  await lateAnswer;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  assert.equal(await page.getByRole('button', { name: `Reactivate ${SHOP_NAME}` }).count(), 1, 'the late list did not bring back the old state');
  assert.equal(await page.locator('main tbody tr').count(), 1, 'the table still shows the search result only');
  await axe('the shops page');
  await page.screenshot({ path: `${SHOTS}operator-shops.png`, fullPage: true });
  await eventually('the API answers that the shop is deactivated', async () => {
    const r = await json(`/api/1.0/ratings_summary.json?${auth()}`);
    return r.status === 403 && r.body.message === 'This webshop has been deactivated. Please contact the operator.';
  });
  await eventually('the widget says the reviews are unavailable', async () => (await widget()).includes(UNAVAILABLE));

  // A review record arriving now (an old link, a replayed topic): ratings-service keeps it as a dead letter.
  const poison = {
    event_id: `console-poison-${RUN}`, type: 'review.submitted', occurred_at: new Date().toISOString(), webshop_id: shop.id,
    origin: 'form', invitation_id: null, order_number: `LATE-${RUN}`, name: 'Late Reviewer', email: `late-${RUN}@example.com`,
    country: 'NL', language: 'en', rating: 5, ratings: { shippingtime: 5, customerservice: 5, pricequality: 5, aftersale: 5 },
    // Long, as real reviews are: its payload scrolls in the pipeline page, which keyboard users must reach (axe).
    comment: `Arrived while the shop was deactivated ${RUN}. ${'The kettle boils fast and pours cleanly. '.repeat(40)}`,
    products: [], client_address: null,
  };
  execFileSync('java', ['-cp', `${KAFKA_LIBS}/*`, PRODUCE, KAFKA_BOOTSTRAP, 'reviews.submitted', String(shop.id), JSON.stringify(poison)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  await show('pipeline');
  const letter = page.locator('tr', { hasText: `webshop ${shop.id} deactivated` });
  await eventually('the dead letter in the pipeline page', async () => {
    await show('pipeline');
    return (await letter.count()) === 1;
  });
  await axe('the pipeline page');
  await page.screenshot({ path: `${SHOTS}operator-pipeline.png`, fullPage: true });
  await letter.getByRole('button', { name: /^Replay ratings/ }).click();
  await page.locator('#status', { hasText: 'Replay failed, the dead letter stays pending' }).waitFor();

  await show('shops');
  await page.getByLabel('Name, domain or id').fill(String(shop.id));
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Reactivate ${SHOP_NAME}` }).click();
  await page.getByRole('button', { name: `Deactivate ${SHOP_NAME}` }).waitFor();
  await eventually('the API answers again', async () => (await json(`/api/1.0/ratings_summary.json?${auth()}`)).status === 200);
  await eventually('the widget shows reviews again', async () => !(await widget()).includes(UNAVAILABLE));
});

test('the dead letter is replayed once the shop is back', async () => {
  const letter = page.locator('tr', { hasText: `webshop ${shop.id} deactivated` });
  // ratings-service may read the reactivation a moment after partner-service answered: replay until it takes.
  await eventually('the replay succeeds after the fix', async () => {
    await show('pipeline');
    if ((await letter.count()) === 0) return true;
    await letter.getByRole('button', { name: /^Replay ratings/ }).click();
    await page.locator('#status:not(:empty)').waitFor();
    return false;
  }, 90000);
  const replayed = await page.evaluate(async () => (await (await fetch('/operator/api/ratings/dead-letters?state=replayed')).json()).dead_letters);
  assert.ok(replayed.some((letter) => letter.reason === `webshop ${shop.id} deactivated`), 'the letter is marked replayed');
  await eventually('the late review is stored', async () => {
    const r = await json(`/api/1.0/ratings.json?${auth()}&limit=10`);
    return r.body.ratings.some((item) => item.comment.startsWith(`Arrived while the shop was deactivated ${RUN}. `));
  });
});

test('one quarantined review is published, another hidden with a public reason; webhook and widget follow', async () => {
  await show('moderation');
  const publishRow = page.locator('tr', { hasText: `Slow delivery ${RUN}` });
  await publishRow.waitFor();
  await axe('the moderation queue');
  await page.screenshot({ path: `${SHOTS}operator-moderation.png`, fullPage: true });
  const before = received().length;
  await publishRow.getByRole('button', { name: `Publish ${reviews.publish}` }).click();
  await publishRow.waitFor({ state: 'detached' });
  const hideRow = page.locator('tr', { hasText: `Buy cheaper ${RUN}` });
  await hideRow.getByLabel(`Public reason ${reviews.hide}`).fill('Advertises another shop');
  await hideRow.getByRole('button', { name: `Hide with reason ${reviews.hide}` }).click();
  await hideRow.waitFor({ state: 'detached' });

  await eventually('the shop receives the published review', async () => received().slice(before)
    .some((d) => d.topic === 'reviews.updated' && d.body.includes(`Slow delivery ${RUN}`)));
  await eventually('the shop receives the hidden review with its reason in place of the text', async () => received().slice(before)
    .some((d) => d.topic === 'reviews.updated' && d.body.includes('Advertises another shop') && !d.body.includes(`cheaper ${RUN}`)));
  await eventually('the widget shows the published review and the reason of the hidden one', async () => {
    const html = await widget();
    return html.includes(`Slow delivery ${RUN}`) && html.includes('Advertises another shop') && !html.includes(`cheaper ${RUN}`);
  });
});

test('the audit log shows every step, newest first', async () => {
  await show('audit');
  const table = page.locator('table');
  await table.waitFor();
  for (const action of ['operator.sign-in', 'webshop.deactivate', 'webshop.reactivate', 'dead-letter.replay', 'review.publish', 'review.hide']) {
    await eventually(`${action} in the audit log`, async () => (await table.textContent()).includes(action), 10000);
  }
  await page.getByLabel('Text').fill(`webshop:${shop.id}`);
  await page.getByRole('button', { name: 'Find' }).click();
  await eventually('the search narrows to the shop', async () => !(await table.textContent()).includes('review.hide'), 10000);
  await axe('the audit log');
  await page.screenshot({ path: `${SHOTS}operator-audit.png`, fullPage: true });
});

test('a moderator sees no operators or partners and their APIs refuse him', async () => {
  await show('operators');
  const moderator = `mod-${RUN}`;
  await page.getByLabel('Name').fill(moderator);
  await page.getByLabel('Role').selectOption('moderator');
  await page.getByLabel('Password').fill(`moderator-password-${RUN}`);
  await page.getByRole('button', { name: 'Create operator' }).click();
  const uri = await page.locator('code', { hasText: 'otpauth://' }).textContent();
  const secret = new URL(uri).searchParams.get('secret');
  await axe('the operators page');

  const other = await (await browser.newContext()).newPage();
  await other.goto(`${BASE}/operator/?lang=nl`);
  await other.getByLabel('Naam').fill(moderator);
  await other.getByLabel('Wachtwoord').fill(`moderator-password-${RUN}`);
  await other.getByLabel('Code uit je authenticator-app').fill(await freshCode(secret));
  await other.getByRole('button', { name: 'Inloggen' }).click();
  await other.getByText(`Ingelogd als ${moderator} (moderator)`).waitFor();
  assert.equal(await other.getByRole('link', { name: 'Beheerders' }).count(), 0);
  assert.equal(await other.getByRole('link', { name: 'Partners' }).count(), 0);
  await other.screenshot({ path: `${SHOTS}operator-moderator-nl.png`, fullPage: true });
  const answers = await other.evaluate(async () => {
    const call = async (method, path, body) => (await fetch(path, { method, headers: { 'X-Operator-Request': '1', 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body) })).status;
    return [await call('GET', '/operator/api/partner/operators'),
      await call('POST', '/operator/api/partner/operators', { name: 'evil-admin', role: 'admin', password: 'long enough password' }),
      await call('GET', '/operator/api/partner/partner-tokens'),
      await call('POST', '/operator/api/partner/partner-tokens', { partner: 'evil' }),
      await call('POST', '/operator/api/ratings/dead-letters/1/discard')];
  });
  assert.deepEqual(answers, [403, 403, 403, 403, 403]);
  await other.close();
});
