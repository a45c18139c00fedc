// What shops ask for beyond the spec (issue 28), end to end through the gateway: a shop owner switches reminders
// on in the dashboard, the customer who did not review gets exactly one reminder, reviews through its link, and a
// visitor reports that review from the shop's public page; the report reaches the shop's dashboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { assertAccessible, decodeQuotedPrintable, eventually, json, launchChromium, linkInMail, mails, submitForm } from './lib.mjs';

const { BASE_URL: BASE, PARTNER_TOKEN } = process.env;
const RUN = Date.now().toString(36);
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
const OWNER = `owner-${RUN}@example.com`;
const CUSTOMER = `customer-${RUN}@example.com`;
let browser;
let shop;
let session;
let reminderLink;

const auth = () => `id=${shop.id}&code=${shop.code}`;
const owned = (init = {}) => ({ ...init, headers: { Cookie: session, 'X-Dashboard-Request': '1', 'Content-Type': 'application/json', ...init.headers } });

function psql(database, sql) {
  return execFileSync('psql', ['-h', process.env.PGHOST ?? '127.0.0.1', '-U', 'postgres', '-d', (process.env.SR_DB_PREFIX ?? '') + database, '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql],
    { encoding: 'utf8' }).trim();
}

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  const created = await json(`/partner_api/create?token=${PARTNER_TOKEN}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: `growth-${RUN}`, source: 'demo-partner', shop_url: `http://growth-${RUN}.test`, name: 'Growth Shop',
      language: 'en', owner_email: OWNER }),
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  shop = { id: created.body.data.webshop_id, code: created.body.data.code };
  // The owner's way in, by API: the mailed link's token sets the password, then the sign-in sets the session cookie.
  const link = await linkInMail(OWNER, '/dashboard/#password=');
  const password = `growth-${RUN}-Password!`;
  const set = await fetch(`${BASE}/dashboard/api/partner/account/password`, owned({ method: 'POST',
    body: JSON.stringify({ token: link.split('#password=')[1], password }) }));
  assert.equal(set.status, 200, await set.text());
  const signIn = await fetch(`${BASE}/dashboard/api/partner/account/session`, owned({ method: 'POST',
    body: JSON.stringify({ email: OWNER, password }) }));
  assert.equal(signIn.status, 200, await signIn.text());
  session = signIn.headers.get('set-cookie').split(';')[0];
  await eventually('the new webshop known to invitations-service', async () =>
    (await json(`/api/1.0/invitations.json?${auth()}`)).status === 200);
}, { timeout: 240000 });

after(async () => {
  await browser?.close();
});

test('with reminders on, a customer who did not review gets exactly one reminder and the shop sees "reminded"', async () => {
  const settings = await fetch(`${BASE}/dashboard/api/invitations/webshops/${shop.id}/settings`,
    owned({ method: 'PUT', body: JSON.stringify({ default_delay: 0, reminder_days: 1 }) }));
  assert.equal(settings.status, 200, await settings.text());

  const form = new URLSearchParams({ email: CUSTOMER, order: `G-${RUN}`, delay: '0', language: 'en', customer_name: 'Gina Growth' });
  const added = await json(`/api/1.0/invitations.json?${auth()}`, { method: 'POST', body: form });
  assert.equal(added.body.message, 'Invitation successfully added to queue!');
  await eventually('the invitation e-mail', async () => (await mails(CUSTOMER)).length === 1, 90000);
  // A day is too long to wait: the sent invitation's reminder is made due now, as if the day had passed.
  await eventually('the reminder scheduled a day after sending', async () =>
    psql('invitations', `select count(*) from invitation where webshop_id = ${shop.id} and reminder_due_at > now() + interval '23 hours'`) === '1');
  psql('invitations', `update invitation set reminder_due_at = now() where webshop_id = ${shop.id} and reminder_due_at is not null`);

  const reminder = await eventually('the reminder e-mail', async () => {
    const all = await mails(CUSTOMER);
    return all.length === 2 ? all[1] : null;
  }, 90000);
  const text = decodeQuotedPrintable(reminder.mimeMessage);
  const link = text.match(/https?:\/\/[^\s"'<>]+\/embed\/review\?ref=[A-Za-z0-9_\-]{43}(?![A-Za-z0-9_\-])/);
  assert.ok(link, 'the reminder carries a review link');
  reminderLink = link[0];
  const listed = await eventually('the invitation shown as reminded', async () => {
    const r = await json(`/api/1.0/invitations.json?${auth()}`);
    return r.body.invitations?.[0]?.status === 'reminded' ? r.body.invitations[0] : null;
  });
  assert.match(listed.reminded, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'when it was reminded');
  // The sender polls every few seconds: after two more rounds there is still only the one reminder.
  await new Promise((r) => setTimeout(r, 12000));
  assert.equal((await mails(CUSTOMER)).length, 2, 'never a second reminder');
});

test('the reminded customer reviews, a visitor reports the review on the public page, and the shop sees the report', async () => {
  assert.ok(reminderLink, 'the reminder test ran');
  const page = await browser.newPage();
  await page.goto(reminderLink);
  for (const select of await page.locator('select').all()) await select.selectOption('4');
  await page.locator('textarea').first().fill(`Arrived after a friendly reminder, run ${RUN}.`);
  const posted = await submitForm(page, '/embed/review');
  assert.equal(posted.status(), 200);
  const review = await eventually('the review in ratings.json', async () => {
    const r = await json(`/api/1.0/ratings.json?${auth()}`);
    return r.body.total === 1 ? r.body.ratings[0] : null;
  });
  await eventually('the invitation shown as reviewed', async () =>
    (await json(`/api/1.0/invitations.json?${auth()}`)).body.invitations?.[0]?.status === 'reviewed');

  // The page may be cached for its 10-minute window (Cache-Control max-age) from a visit before the review reached
  // embed-service's read model: a reload revalidates it (If-None-Match), a second goto would show the cached copy.
  await page.goto(`${BASE}/shop/${shop.id}/en`);
  await eventually('the review on the public page', async () => {
    await page.reload();
    return (await page.locator('a.report').count()) === 1;
  });
  await assertAccessible(page, 'the public review page');
  await page.locator('a.report').click();
  await page.locator('input[name=reason][value=spam]').waitFor();
  await assertAccessible(page, 'the report form');
  await page.locator('input[name=reason][value=spam]').check();
  await page.locator('textarea[name=text]').fill('Looks copied from another shop.');
  await page.screenshot({ path: `${SHOTS}report-form.png`, fullPage: true });
  await page.locator('button[type=submit]').click();
  await page.locator('[role=status]').waitFor();
  await assertAccessible(page, 'the report thanks');
  await page.close();

  const listed = await eventually('the report in the shop\'s dashboard', async () => {
    const r = await fetch(`${BASE}/dashboard/api/ratings/webshops/${shop.id}/reviews`, owned());
    const body = await r.json();
    return body.items?.find((item) => item.id === review.id && item.visitor_reports === 1);
  });
  assert.equal(listed.hidden, false, 'a spam report leaves the review visible while it is looked into');
  assert.equal((await json(`/api/1.0/ratings.json?${auth()}`)).body.total, 1, 'still published');
});
