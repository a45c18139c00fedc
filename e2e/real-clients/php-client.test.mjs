// The platform's public PHP client library (webwinkelkeur/client), its own code unchanged but for the suite's
// addresses, against the local suite with Debian's Guzzle: invite, list sent invitations (it pages with limit and
// offset and reads total), ratings, summary, webshop and the rich snippet; a PHP notice or warning (a field it reads
// that we do not send) fails the step like an error does.
// Run by e2e/real-clients/run --php-client <checkout> (not in CI: the library's files are not in this repository).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { eventually, json } from '../lib.mjs';

const BASE = process.env.BASE_URL;
const PARTNER_TOKEN = process.env.PARTNER_TOKEN;
const LIBRARY = process.env.PHP_CLIENT_DIR;
const RUN = crypto.randomBytes(4).toString('hex');
let shop;

/** One call of the library (php-client/client.php); its answer, checked for PHP errors and warnings. */
function library(command, argument) {
  const args = [new URL('./php-client/client.php', import.meta.url).pathname, LIBRARY, BASE, String(shop.id), shop.code, command];
  if (argument !== undefined) args.push(JSON.stringify(argument));
  const out = JSON.parse(execFileSync('php', args, { encoding: 'utf8' }));
  assert.equal(out.fatal, undefined, `no PHP error in ${command}: ${out.fatal}`);
  assert.equal(out.error, undefined, `the library reports no error in ${command}: ${out.error}`);
  assert.deepEqual(out.warnings, [], `no PHP warning in ${command}`);
  return out.result;
}

before(async (t) => {
  assert.ok(BASE && PARTNER_TOKEN, 'suite.env variables are set');
  assert.ok(LIBRARY, 'PHP_CLIENT_DIR names the library checkout');
  const created = await json(`/partner_api/create?token=${PARTNER_TOKEN}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: `lib-${RUN}`, source: 'demo-partner', shop_url: `https://lib-${RUN}.test`, name: 'Lib Shop', language: 'nl' }),
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  shop = { id: created.body.data.webshop_id, code: created.body.data.code };
  await eventually('the webshop known to every service', async () =>
    (await json(`/api/1.0/invitations.json?id=${shop.id}&code=${shop.code}`)).body.status === 'success'
    && (await json(`/api/1.0/ratings.json?id=${shop.id}&code=${shop.code}`)).body.status === 'success'
    && (await json(`/api/1.0/webshop.json?id=${shop.id}&code=${shop.code}`)).body.status === 'success');
});

test('twelve invitations as the library sends them (3-letter language, phone numbers, delay), then all twelve listed', async () => {
  for (let i = 0; i < 12; i++) {
    assert.equal(library('invite', {
      email: `lib-${i}-${RUN}@example.com`, order: `L-${i}`, delay: 2, name: `Lib ${i}`, language: i % 2 ? 'nld' : 'eng',
      phones: ['+31 6 1234 5678', '020-1234567'], total: '19.95', max: 0,
    }), 'sent');
  }
  const listed = library('invitations');
  assert.equal(listed.length, 12, `the library pages through all invitations: ${JSON.stringify(listed)}`);
  assert.deepEqual(new Set(listed.map((i) => i.order)), new Set(Array.from({ length: 12 }, (_, i) => `L-${i}`)));
});

test('max_invitations_per_email as the library sends it keeps a second invitation out', async () => {
  library('invite', { email: `lib-0-${RUN}@example.com`, order: 'L-again', delay: 1, name: 'Lib 0', language: 'eng', phones: [], total: '1', max: 1 });
  assert.ok(!library('invitations').some((i) => i.order === 'L-again'), 'no second invitation for that address');
});

test('ratings, summary and webshop read as the library reads them', async () => {
  assert.deepEqual(library('ratings'), []);
  assert.equal(library('summary').amount, 0);
  const webshop = library('webshop');
  assert.equal(webshop.name, 'Lib Shop');
  assert.ok(webshop.languages.includes('nl'));
});

test('the rich snippet at the library\'s own address answers result ok', async () => {
  assert.equal(typeof library('rich-snippet'), 'string');
});
