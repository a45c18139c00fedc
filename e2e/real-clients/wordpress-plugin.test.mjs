// The platform's public WordPress/WooCommerce plugin, its own code unchanged but for its API domain, run against the
// local suite with only WordPress and WooCommerce faked (wordpress/fake-wordpress.php): invite, consent, first sync,
// incremental sync, edit, moderation, deletion, erasure and the rich snippet, read the way the plugin reads them.
// Run by e2e/real-clients/run <plugin checkout> (not in CI: the plugin's files are not part of this repository).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { eventually, json, launchChromium, linkInMail, submitForm } from '../lib.mjs';

const BASE = process.env.BASE_URL;
const PARTNER_TOKEN = process.env.PARTNER_TOKEN;
const PLUGIN = process.env.WP_PLUGIN_DIR;
const RUN = crypto.randomBytes(4).toString('hex');
const SHOP_DOMAIN = `wp-${RUN}.test`;
const STATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wp-shop-')), 'state.json');
const SHOTS = new URL('../screenshots/', import.meta.url).pathname;
const ANNA = `anna-${RUN}@example.com`;
const BOB = `bob-${RUN}@example.com`;
let shop;
let browser;
let shopPages;
const pages = new Map();

const auth = () => `id=${shop.id}&code=${shop.code}`;

/** One step of the fake WooCommerce shop (wordpress/shop.php); fails on a PHP fatal error, as WordPress would stop. */
function wp(command, argument) {
  const args = [new URL('./wordpress/shop.php', import.meta.url).pathname, PLUGIN, STATE, command];
  if (argument !== undefined) args.push(typeof argument === 'string' ? argument : JSON.stringify(argument));
  const out = JSON.parse(execFileSync('php', args, {
    encoding: 'utf8', env: { ...process.env, WP_API_DOMAIN: new URL(BASE).host },
  }));
  assert.equal(out.fatal, undefined, `the plugin did not break in "${command}": ${out.fatal}`);
  return out;
}

const comments = (state) => Object.values(state.comments);
const notes = (state, order) => state.notes.filter((n) => n.order === order).map((n) => n.text);

function order(id, email, firstName, products, phones = ['+31 20 123 4567', '06-12345678']) {
  const address = (phone) => ({
    first_name: firstName, last_name: 'Example', company: '', address_1: 'Damrak 1', address_2: '', city: 'Amsterdam',
    state: '', postcode: '1012 LG', country: 'NL', email, phone,
  });
  return { id, number: String(id), total: '54.85', billing: address(phones[0]), shipping: address(phones[1]),
    meta: { wpml_language: 'en' }, products, created: Math.floor(Date.now() / 1000) };
}

/** The customer follows the invitation's link and writes the review (overall and per product) in the browser. */
async function writeReview(email, text, productTexts, rating = '5') {
  const link = await linkInMail(email, '/embed/review?ref=');
  const page = await browser.newPage();
  await page.goto(link);
  for (let tries = 0; tries < 30 && await page.locator('textarea').count() === 0; tries++) {
    await new Promise((r) => setTimeout(r, 1000));
    await page.reload();
  }
  for (const select of await page.locator('select').all()) await select.selectOption(rating);
  const areas = await page.locator('textarea').all();
  await areas[0].fill(text);
  for (const [i, area] of areas.slice(1).entries()) await area.fill(productTexts[i] ?? 'Fine.');
  const posted = await submitForm(page, '/embed/review');
  assert.equal(posted.status(), 200, `the review form answers: ${(await posted.text()).slice(0, 300)}`);
  await page.close();
  return link;
}

before(async () => {
  assert.ok(BASE && PARTNER_TOKEN && PLUGIN, 'BASE_URL, PARTNER_TOKEN (suite.env) and WP_PLUGIN_DIR are set');
  const created = await json(`/partner_api/create?token=${PARTNER_TOKEN}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: `wp-${RUN}`, source: 'demo-partner', shop_url: `http://${SHOP_DOMAIN}`, name: 'WP Shop', language: 'en' }),
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  shop = { id: created.body.data.webshop_id, code: created.body.data.code };
  await eventually('the webshop known to every service', async () =>
    (await json(`/api/1.0/invitations.json?${auth()}`)).body.status === 'success'
    && (await json(`/api/1.0/ratings.json?${auth()}`)).body.status === 'success'
    && (await fetch(`${BASE}/api/1.0/product_reviews.xml?${auth()}`)).status === 200);
  wp('configure', {
    options: { wwk_shop_id: String(shop.id), wwk_api_key: shop.code, invite: 1, invite_delay: 0, product_reviews: true },
    products: {
      101: { name: 'Blue kettle', sku: 'KET-1', image_id: 7, meta: { _webwinkelkeur_gtin: '4006381333931' } },
      102: { name: 'Tea towel', sku: '', meta: {} },
    },
    locale: 'en_US',
  });
  shopPages = http.createServer((req, res) => {
    const body = pages.get(req.url);
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(body || '');
  });
  await new Promise((r) => shopPages.listen(0, '127.0.0.1', r));
  browser = await launchChromium([`--host-resolver-rules=MAP ${SHOP_DOMAIN} 127.0.0.1`]);
  fs.mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  shopPages?.closeAllConnections();
  shopPages?.close();
});

test('a completed order is invited with everything the plugin sends (indexed phone numbers, order data)', async () => {
  wp('order', order(5001, ANNA, 'Anna', [101, 102]));
  const done = wp('complete', '5001');
  assert.deepEqual(done.state.api_errors, [], 'no API error logged');
  assert.deepEqual(notes(done.state, 5001), ['An invitation was sent to WebwinkelKeur dashboard.']);
  const sent = done.state.requests.at(-1).sent;
  assert.match(sent, /phone_numbers%5B0%5D=/, 'the plugin sends PHP indexed arrays');
  const listed = await json(`/api/1.0/invitations.json?${auth()}`);
  assert.ok(listed.body.invitations.some((i) => i.order === '5001' && i.email === ANNA), 'the invitation is queued');
});

test('"invite after the first order only" (max_invitations_per_email=1) queues no second invitation', async () => {
  wp('configure', { options: { invite: 2 } });
  try {
    wp('order', order(5002, ANNA, 'Anna', [102]));
    const done = wp('complete', '5002');
    assert.deepEqual(done.state.api_errors, []);
    assert.match(done.state.requests.at(-1).sent, /max_invitations_per_email=1/);
    const listed = await json(`/api/1.0/invitations.json?${auth()}`);
    assert.ok(!listed.body.invitations.some((i) => i.order === '5002'), 'no second invitation for the same address');
  } finally {
    wp('configure', { options: { invite: 1 } });
  }
});

test('consent first: the plugin\'s signed order element opens the pop-up, and only then is the order invited', async () => {
  wp('configure', { options: { invite: 3 } });
  try {
    await consentFirst();
  } finally {
    wp('configure', { options: { invite: 1 } });
  }
});

async function consentFirst() {
  const email = `carla-${RUN}@example.com`;
  wp('order', order(5003, email, 'Carla', [101]));
  const refused = wp('complete', '5003');
  assert.deepEqual(notes(refused.state, 5003), ['Invite was not send as customer did not consent.']);

  const printed = wp('thank-you', '5003').printed;
  assert.match(printed, /id ="webwinkelkeur_order_completed"/, 'the plugin writes its own element id');
  assert.match(printed, /"signature":"[0-9a-f]{128}"/, 'and signs the order data');
  pages.set('/checkout/order-received/5003/', `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Order received</title>
${printed}</head><body><h1>Thank you</h1>
${sidebarLoader()}</body></html>`);
  const page = await browser.newPage();
  await page.goto(`http://${SHOP_DOMAIN}:${shopPages.address().port}/checkout/order-received/5003/`);
  await page.waitForSelector('[role=dialog]', { timeout: 15000 });
  await page.screenshot({ path: `${SHOTS}wordpress-plugin-popup.png` });
  await page.locator('[role=dialog]').getByRole('button', { name: /later/i }).click();
  await page.waitForSelector('.done', { timeout: 15000 });
  await page.close();
  await eventually('has_consent true', async () =>
    (await json(`/api/2.0/order_permissions.json?${auth()}&orderNumber=5003`)).body.has_consent === true);

  const invited = wp('complete', '5003');
  assert.deepEqual(invited.state.api_errors, []);
  assert.equal(notes(invited.state, 5003).at(-1), 'An invitation was sent to WebwinkelKeur dashboard.');
}

/** The loader the plugin prints (templates/sidebar.php), pointed at the suite. */
function sidebarLoader() {
  return `<script>(function(url,id){var s=document.createElement('script');s.async=true;s.src='${new URL(BASE).protocol}//'+url+'/sidebar.js?id='+id+'&c='+Math.floor((Date.now()+(Math.sin(id)||0)*600000)/600000);var r=document.getElementsByTagName('script')[0];r.parentNode.insertBefore(s,r);})(${JSON.stringify(new URL(BASE).host)},${shop.id});</script>`;
}

test('first sync: both product reviews arrive as approved comments with rating, author and e-mail', async () => {
  await writeReview(ANNA, `Quick delivery, run ${RUN}.`, ['The kettle boils fast.', 'Soft towel.']);
  let feed;
  await eventually('the product reviews in the feed', async () => {
    feed = await (await fetch(`${BASE}/api/1.0/product_reviews.xml?${auth()}&detailed=1`)).text();
    return feed.includes('Soft towel.');
  }).catch((e) => assert.fail(`${e.message}: ${feed}`));
  const synced = wp('sync');
  assert.equal(synced.answer.status, true, synced.answer.message);
  const mine = comments(synced.state);
  assert.equal(mine.length, 2, JSON.stringify(mine));
  const kettle = mine.find((c) => c.comment_post_ID === 101);
  assert.equal(kettle.comment_content, 'The kettle boils fast.');
  assert.equal(kettle.comment_author_email, ANNA);
  assert.equal(kettle.comment_meta.rating, 5);
  assert.equal(kettle.comment_approved, 1);
  assert.ok(synced.state.options.webwinkelkeur_last_synced, 'the plugin stored last_synced');
});

test('incremental sync after the first one is answered (last_synced in the feed\'s own ISO 8601 form)', async () => {
  const again = wp('sync');
  const last = again.state.requests.at(-1);
  assert.match(last.url, /last_synced=\d{4}-\d{2}-\d{2}T/, 'the plugin sends back the feed\'s modified value');
  assert.equal(last.status, 200, `the feed answers the incremental sync: ${JSON.stringify(again.answer)}`);
  assert.ok(again.answer.status === true || /^No reviews to sync since/.test(again.answer.message), again.answer.message);
  assert.equal(comments(again.state).length, 2, 'nothing duplicated');
});

test('an edit through the review link reaches the shop\'s copy on the next incremental sync', async () => {
  await writeReview(ANNA, `Quick delivery, edited, run ${RUN}.`, ['Boils fast, and quietly.', 'Soft towel.'], '4');
  await eventually('the edited product review in the feed', async () =>
    (await (await fetch(`${BASE}/api/1.0/product_reviews.xml?${auth()}&detailed=1`)).text()).includes('and quietly'));
  const synced = wp('sync');
  assert.equal(synced.answer.status, true, synced.answer.message);
  const kettle = comments(synced.state).filter((c) => c.comment_post_ID === 101);
  assert.equal(kettle.length, 1, 'updated, not added');
  assert.equal(kettle[0].comment_content, 'Boils fast, and quietly.');
  assert.equal(kettle[0].comment_meta.rating, 4);
});

test('a quarantined review (a phone number in the text) is synced unapproved', async () => {
  wp('order', order(5004, BOB, 'Bob', [102]));
  wp('complete', '5004');
  await writeReview(BOB, `Call me on 0612345678 about it, run ${RUN}.`, ['Call 0612345678 for towels.']);
  await eventually('Bob\'s product review in the detailed feed', async () =>
    (await (await fetch(`${BASE}/api/1.0/product_reviews.xml?${auth()}&detailed=1`)).text()).includes('for towels'));
  const synced = wp('sync');
  const bob = comments(synced.state).find((c) => c.comment_author_email === BOB);
  assert.ok(bob, 'Bob\'s review is synced');
  assert.equal(bob.comment_approved, 0, 'but not approved: it is not public');
});

test('every URL the detailed and plain feeds write that points at the suite opens', async () => {
  for (const query of ['', '&detailed=1']) {
    const feed = await (await fetch(`${BASE}/api/1.0/product_reviews.xml?${auth()}${query}`)).text();
    const urls = [...feed.matchAll(/<(review_url|product_url)[^>]*>([^<]+)</g)].map((m) => m[2].replace(/&amp;/g, '&'));
    assert.ok(urls.length > 0, `the feed has URLs: ${feed.slice(0, 500)}`);
    for (const url of urls.filter((u) => u.startsWith(BASE))) {
      const r = await fetch(url);
      assert.equal(r.status, 200, `${url} opens`);
    }
  }
});

test('the rich snippet the plugin prints in the footer is the shop\'s aggregate rating (while it has a public review)', async () => {
  const printed = wp('rich-snippet').printed;
  assert.ok(!printed.includes('console.error'), `no error printed: ${printed}`);
  assert.match(printed, /AggregateRating/);
});

test('a review the operator deletes is removed from the shop\'s site on the next sync', async () => {
  const dora = `dora-${RUN}@example.com`;
  wp('order', order(5005, dora, 'Dora', [101]));
  wp('complete', '5005');
  await writeReview(dora, `Nice shop, run ${RUN}, Dora.`, ['A kettle Dora likes.']);
  await eventually('Dora\'s product review in the feed', async () =>
    (await (await fetch(`${BASE}/api/1.0/product_reviews.xml?${auth()}&detailed=1`)).text()).includes('Dora likes'));
  assert.ok(comments(wp('sync').state).some((c) => c.comment_author_email === dora), 'synced first');
  const review = (await json(`/api/1.0/ratings.json?${auth()}&limit=100`)).body.ratings.find((r) => r.email === dora);
  // The operator's admin API, on ratings-service's own port (not routed by the gateway).
  const deleted = await fetch(`http://127.0.0.1:8083/admin/reviews/${review.id}`, {
    method: 'DELETE', headers: { Authorization: `Bearer ${process.env.OPERATOR_TOKEN}` } });
  assert.equal(deleted.status, 200, await deleted.text());
  await eventually('the deletion in the detailed feed', async () =>
    /<deleted>1<\/deleted>/.test(await (await fetch(`${BASE}/api/1.0/product_reviews.xml?${auth()}&detailed=1`)).text()));
  const synced = wp('sync');
  assert.equal(synced.answer.status, true, synced.answer.message);
  assert.ok(!comments(synced.state).some((c) => c.comment_author_email === dora), 'Dora\'s copy is deleted');
});

test('an erasure removes the shop\'s copies on the next sync, and a "sync all" does not bring them back', async () => {
  const erased = await json(`/api/1.0/customer_erasure.json?${auth()}`, { method: 'POST', body: new URLSearchParams({ email: ANNA }) });
  assert.equal(erased.body.status, 'success');
  await eventually('the erasure in the detailed feed', async () => {
    const feed = await (await fetch(`${BASE}/api/1.0/product_reviews.xml?${auth()}&detailed=1`)).text();
    return !feed.includes('and quietly');
  });
  const synced = wp('sync');
  assert.equal(synced.answer.status, true, synced.answer.message);
  assert.deepEqual(comments(synced.state).filter((c) => c.comment_post_ID === 101), [], 'Anna\'s kettle review is gone');
  assert.ok(!comments(synced.state).some((c) => c.comment_author_email === ANNA), 'nothing of Anna is left');
  const all = wp('sync', 'all');
  assert.ok(!comments(all.state).some((c) => /Anonymous/.test(c.comment_author) || c.comment_author_email === ANNA),
    `no anonymous copy is added: ${JSON.stringify(comments(all.state))}`);
});
