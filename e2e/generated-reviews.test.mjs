// What the review form accepts is stored (issue 40): generated names and comments go through the real review form
// and the real pipeline (embed-service, Kafka, ratings-service), and every review the form answers 200 to must turn
// up in the shop's ratings.json (held for moderation counts) while none of them becomes a reviews.submitted dead
// letter. The inputs come from a seeded generator of what breaks text handling: control characters, NEL and line
// separators, noncharacters, lone surrogates (sent as a browser sends them), combining marks, emoji, right-to-left
// overrides, markup, blank values and lengths at the limits. The seed is printed, so a failure can be replayed with
// GENERATED_REVIEWS_SEED=<seed>.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { eventually, json, linkInMail } from './lib.mjs';

const BASE = process.env.BASE_URL;
const PARTNER_TOKEN = process.env.PARTNER_TOKEN;
const RUN = crypto.randomBytes(4).toString('hex');
const SEED = Number(process.env.GENERATED_REVIEWS_SEED ?? crypto.randomInt(1, 2 ** 31));
const CASES = 24;

let shop;
const auth = () => `id=${shop.id}&code=${shop.code}`;

/** mulberry32: a small seeded generator, so a failing run can be repeated exactly. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Text a person may well type or paste, and text that breaks handling. Whatever the form answers 200 to must be stored,
// whatever it refuses gets a 400; a case draws from the first list alone in six cases out of ten.
const KIND = ['Jan', 'Zoë', 'Åsa Øberg', 'José', 'Mañana', '日本語のレビュー', 'Отлично', 'مرحبا', 'שלום', '😀', '👍🏽', '👩‍👩‍👧',
  'e\u0301', '\u200B', '\u200D', '<script>alert(1)</script>', '"\'&<>', '{{7*7}}', '${x}', '=SUM(A1)', 'DROP TABLE review;--',
  '%00', '\\u0000', '   ', 'ok', '🏳️‍🌈', 'ﷺ', 'Ǆ', 'İstanbul', 'ß'];
const HOSTILE = ['\u202Egnirts', '\u0000', '\u0007', '\u001F', '\u007F', '\u0085', '\u2028', '\u2029', '\uFFFE', '\uFFFF',
  '\uD800', '\uDFFF', '\t', '\n', '\r\n'];

function text(next, maxPieces, pieces) {
  const count = Math.floor(next() * (maxPieces + 1));
  let value = '';
  for (let i = 0; i < count; i++) value += pieces[Math.floor(next() * pieces.length)] + (next() < 0.5 ? ' ' : '');
  return value;
}

/** One generated review: a name and a comment, now and then at a length limit (100 and 5,000) or one over it. */
function generated(next) {
  const pieces = next() < 0.6 ? KIND : KIND.concat(HOSTILE);
  let name = text(next, 4, pieces) || 'Reviewer';
  let comment = text(next, 6, pieces);
  const roll = next();
  if (roll < 0.1) name = 'N'.repeat(100);
  else if (roll < 0.2) name = 'N'.repeat(101);
  else if (roll < 0.3) comment = 'c'.repeat(5000);
  else if (roll < 0.4) comment = 'c'.repeat(5001);
  else if (roll < 0.5) name = `Reviewer ${Math.floor(next() * 1000)}`;
  return { name, comment };
}

function deadLettersNaming(marker) {
  const database = (process.env.SR_DB_PREFIX ?? '') + 'ratings';
  return Number(execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', database, '-At', '-v', 'ON_ERROR_STOP=1', '-c',
    `select count(*) from dead_letter where position(convert_to('${marker}', 'UTF8') in payload) > 0`], { encoding: 'utf8' }).trim());
}

/** The hidden field that carries the link (name and value), read from the form's HTML. */
function linkField(html) {
  const found = html.match(/<input type="hidden" name="([^"]+)" value="([^"]*)">/);
  assert.ok(found, 'the review form carries its link in a hidden field');
  return [found[1], found[2].replace(/&amp;/g, '&')];
}

before(async () => {
  assert.ok(BASE && PARTNER_TOKEN, 'suite.env variables are set');
  const created = await json(`/partner_api/create?token=${PARTNER_TOKEN}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: `generated-${RUN}`, source: 'demo-partner', shop_url: `http://generated-${RUN}.test`, name: 'Generated Shop', language: 'en' }),
  });
  assert.equal(created.status, 200);
  shop = { id: created.body.data.webshop_id, code: created.body.data.code };
  await eventually('the webshop known to invitations and ratings', async () =>
    (await json(`/api/1.0/invitations.json?${auth()}`)).status === 200 && (await json(`/api/1.0/ratings.json?${auth()}`)).status === 200);
});

test(`every generated review the form accepts is stored, none is dead-lettered (seed ${SEED})`, async () => {
  console.log(`generated reviews: seed ${SEED} (GENERATED_REVIEWS_SEED=${SEED} repeats this run)`);
  const next = random(SEED);
  const cases = Array.from({ length: CASES }, (_, i) => ({ order: `GEN-${RUN}-${i}`, email: `gen-${RUN}-${i}@example.com`, ...generated(next) }));
  for (const c of cases) {
    const added = await json(`/api/1.0/invitations.json?${auth()}`, {
      method: 'POST', body: new URLSearchParams({ email: c.email, order: c.order, delay: '0', customer_name: 'Gen', language: 'en' }),
    });
    assert.equal(added.body.message, 'Invitation successfully added to queue!', JSON.stringify(added.body));
  }
  await Promise.all(cases.map(async (c) => { c.link = await linkInMail(c.email, '/embed/review?ref='); }));

  for (const c of cases) {
    const [field, value] = linkField(await (await fetch(c.link)).text());
    const form = new URLSearchParams({ [field]: value, rating: '4', shippingtime: '5', customerservice: '4', pricequality: '3', aftersale: '4', comment: c.comment, name: c.name });
    // The form allows 10 posts per client and webshop at once, one more every 6 s: a refusal for that is retried.
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await fetch(`${BASE}/embed/review`, {
        method: 'POST', body: form, redirect: 'manual',
        headers: { Origin: BASE, Referer: c.link, 'Sec-Fetch-Site': 'same-origin' },
      });
      c.status = answer.status;
      if (c.status !== 429) break;
      await new Promise((r) => setTimeout(r, 6500));
    }
    assert.ok(c.status < 500, `no 5xx for ${JSON.stringify({ name: c.name, comment: c.comment.slice(0, 80) })}: ${c.status}`);
  }
  const accepted = cases.filter((c) => c.status === 200);
  console.log(`generated reviews: ${accepted.length} of ${CASES} accepted by the form, ${CASES - accepted.length} refused with 400`);
  assert.ok(accepted.length > 0, 'some generated reviews are acceptable');

  const orders = new Set(accepted.map((c) => c.order));
  await eventually(`all ${accepted.length} accepted reviews in ratings.json`, async () => {
    const listed = await json(`/api/1.0/ratings.json?${auth()}&limit=100`);
    const stored = new Set((listed.body.ratings ?? []).map((r) => r.order_number));
    return [...orders].every((order) => stored.has(order));
  }, 120000);
  assert.equal(deadLettersNaming(`GEN-${RUN}`), 0, 'no accepted or refused review became a reviews.submitted dead letter');
});
