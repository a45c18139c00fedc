// Browser checks of embed-service in Debian's Chromium, driven by playwright-core. Run by BrowserTest (JUnit):
//   node run.mjs <scenario>     env SERVICE_BASE=http://localhost:<port>  SHOPS=<json>  ORDERS=<json>
// The host pages are served by this script on 127.0.0.1 (another origin than the service: real CORS).
// Prints one JSON line {"checks":[{name, ok, detail}]} on stdout; JUnit asserts every check.
import http from 'node:http';
import zlib from 'node:zlib';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const BASE = process.env.SERVICE_BASE;
const SHOPS = JSON.parse(process.env.SHOPS || '{}');
const ORDERS = JSON.parse(process.env.ORDERS || '{}');
const scenario = process.argv[2];
const checks = [];
const check = (name, ok, detail = '') => checks.push({ name, ok: !!ok, detail: typeof detail === 'string' ? detail : JSON.stringify(detail) });

const pages = new Map();
const server = http.createServer((req, res) => {
  const body = pages.get(req.url.split('?')[0]);
  res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(body || '');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const HOST = `http://127.0.0.1:${server.address().port}`;
let pageCount = 0;
// Screenshots for a person to look at: embed-service/target/browser-screenshots/<scenario>-<name>.png
const SHOTS = new URL('../../../target/browser-screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
const shot = (page, name) => page.screenshot({ path: `${SHOTS}${scenario}-${name.replace(/[^a-z0-9-]+/gi, '-')}.png` });

/** A shop page with the loader snippet of spec 4.12 (and the page variables set before it). */
function shopPage(shopId, { vars = {}, body = '', lang = 'en', path } = {}) {
  const assigns = Object.entries(vars).map(([k, v]) => `var ${k} = ${JSON.stringify(v)};`).join('\n');
  const url = path || `/page${++pageCount}`;
  pages.set(url, `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>Test shop</title><link rel="icon" href="data:,"></head>
<body><main><h1>Test shop</h1><p>Content of the shop page.</p>
<p><a href="#" class="servicePopup">Our reviews</a> <a href="#" class="serviceReviews">Read the reviews</a> <a href="#" class="serviceAddReview">Write a review</a></p>${body}</main>
<script>${assigns}
(function (d, id) {
  var w = 600000, c = Math.floor((Date.now() + Math.sin(id) * w) / w);
  var s = d.createElement('script'); s.async = true;
  s.src = '${BASE}/sidebar.js?id=' + id + '&c=' + c;
  var f = d.getElementsByTagName('script')[0]; f.parentNode.insertBefore(s, f);
})(document, ${shopId});
</script></body></html>`);
  return HOST + url;
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run'],
});

/** Opens a page in a fresh context; collects console errors, page errors and layout shifts. */
async function open(url, { width = 1280, height = 800, locale = 'en-US', wait = true } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, locale });
  await context.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) { if (!e.hadRecentInput) { window.__cls += e.value; } }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') { errors.push(m.text()); } });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url, { waitUntil: 'load' });
  if (wait) { await page.waitForFunction(() => document.getElementById('service-sidebar'), null, { timeout: 10000 }); }
  return { page, errors, context };
}

const state = (page) => page.evaluate(() => {
  const host = document.getElementById('service-sidebar');
  if (!host) { return null; }
  const root = host.shadowRoot;
  const box = (sel) => {
    const e = root.querySelector(sel);
    if (!e) { return null; }
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, visible: s.display !== 'none' && r.width > 0,
      bg: s.backgroundColor, position: s.position, text: e.textContent, label: e.getAttribute('aria-label') };
  };
  return { data: { ...host.dataset }, tab: box('.tab'), bar: box('.bar'), mtab: box('.mtab'), tip: box('.tip'),
    dialog: root.querySelector('[role=dialog]') ? root.querySelector('[role=dialog]').dataset.kind : null,
    dialogText: root.querySelector('[role=dialog]') ? root.querySelector('[role=dialog]').textContent : '' };
});

async function axe(page, name) {
  await shot(page, name);
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(`${name}: axe-core finds no serious or critical violations`, bad.length === 0,
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('; '));
}

/** axe-core on a page whose Content-Security-Policy admits only its own scripts: evaluated through DevTools. */
async function axeUnderPolicy(page, name) {
  await shot(page, name);
  await page.evaluate(AXE);
  const result = await page.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(`${name}: axe-core finds no serious or critical violations`, bad.length === 0,
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('; '));
}

async function settle(page) {
  await page.waitForTimeout(300);
}

async function sidebar() {
  const shop = SHOPS.main;
  // defaults and the loader snippet
  let { page, errors, context } = await open(shopPage(shop.id));
  const loader = await page.evaluate(() => ({ first: document.scripts[0].src, async: document.scripts[0].async }));
  check('loader inserts sidebar.js async before the first script', /\/sidebar\.js\?id=\d+&c=\d+$/.test(loader.first) && loader.async, loader);
  let s = await state(page);
  check('default: sidebar on the left', s.data.position === 'left' && s.tab.visible && Math.round(s.tab.left) === 0, s);
  check('default: 300 px from the top', Math.round(s.tab.top) === 300, s.tab);
  check('default: dark theme', s.data.theme === 'dark' && s.tab.bg === 'rgb(31, 41, 51)', s.tab);
  check('default: the webshop main language (nl)', s.data.lang === 'nl' && /Reviews van/.test(s.tab.label), s.tab);
  check('default: fixed position only', s.tab.position === 'fixed', s.tab);
  await page.locator('.servicePopup').hover();
  s = await state(page);
  check('tooltip on hover shows rating, review count and badges', s.tip && /4\.3/.test(s.tip.text) && /12 reviews/.test(s.tip.text)
    && /Goedgekeurde webshop/.test(s.tip.text) && /Geverifieerde reviews/.test(s.tip.text), s.tip);
  await page.mouse.move(1, 1);
  s = await state(page);
  check('tooltip hides when the pointer leaves', !s.tip, s.tip);
  for (const [cls, kind] of [['servicePopup', 'popup'], ['serviceReviews', 'reviews'], ['serviceAddReview', 'add']]) {
    await page.locator('.' + cls).click();
    s = await state(page);
    check(`click on ${cls} opens the ${kind} pop-up`, s.dialog === kind, s.dialog);
    if (kind === 'reviews') { check('reviews pop-up lists the latest review', /Anna Shown/.test(s.dialogText) && /Fast delivery/.test(s.dialogText), s.dialogText); }
    if (kind === 'popup') {
      check('sidebar pop-up shows key points and webshop details', /Levertijd: 4\.1/.test(s.dialogText) && /Damrak 1/.test(s.dialogText), s.dialogText);
      await axe(page, 'page with the sidebar pop-up open');
      // focus trap: tabbing many times keeps the focus inside the dialog
      for (let i = 0; i < 12; i++) { await page.keyboard.press('Tab'); }
      const inside = await page.evaluate(() => !!document.getElementById('service-sidebar').shadowRoot.activeElement?.closest('[role=dialog]'));
      check('Tab keeps the focus inside the pop-up', inside);
    }
    await page.keyboard.press('Escape');
    s = await state(page);
    check(`Escape closes the ${kind} pop-up`, s.dialog === null, s.dialog);
  }
  await page.locator('.serviceReviews').focus();
  await page.keyboard.press('Enter');
  s = await state(page);
  check('keyboard: Enter on a marked link opens the pop-up', s.dialog === 'reviews', s.dialog);
  await page.keyboard.press('Escape');
  const refocused = await page.evaluate(() => document.activeElement && document.activeElement.classList.contains('serviceReviews'));
  check('closing gives the focus back to the link', refocused);
  await page.locator('.tab').click();
  s = await state(page);
  check('click on the sidebar tab opens the pop-up', s.dialog === 'popup', s.dialog);
  await page.keyboard.press('Escape');
  await settle(page);
  const cls = await page.evaluate(() => window.__cls);
  check('cumulative layout shift is 0', cls === 0, cls);
  check('no console errors on the default page', errors.length === 0, errors);
  await context.close();

  // page variables (desktop)
  ({ page, errors, context } = await open(shopPage(shop.id, { vars: { _service_sidebar_position: 'right', _service_sidebar_top: '20%', _service_sidebar_theme: 'light' } })));
  s = await state(page);
  check('_service_sidebar_position right puts the sidebar on the right', s.data.position === 'right' && Math.round(s.tab.right) === 1280, s.tab);
  check('_service_sidebar_top 20% is a percentage of the viewport', Math.round(s.tab.top) === 160, s.tab);
  check('_service_sidebar_theme light', s.data.theme === 'light' && s.tab.bg === 'rgb(255, 255, 255)', s.tab);
  check('no console errors with variables set', errors.length === 0, errors);
  await context.close();

  // the owner's stored settings where the page sets nothing; a page variable still wins (spec 4.12)
  ({ page, errors, context } = await open(shopPage(SHOPS.styled.id)));
  s = await state(page);
  check('stored settings: right, light, 25% from the top', s.data.position === 'right' && Math.round(s.tab.right) === 1280
    && s.data.theme === 'light' && Math.round(s.tab.top) === 200, s);
  await context.close();
  ({ page, errors, context } = await open(shopPage(SHOPS.styled.id, { vars: { _service_sidebar_position: 'left' } })));
  s = await state(page);
  check('a page variable overrides the stored setting', s.data.position === 'left' && Math.round(s.tab.left) === 0
    && s.data.theme === 'light', s);
  await context.close();

  ({ page, errors, context } = await open(shopPage(shop.id, { vars: { _service_sidebar_top: '120' } })));
  s = await state(page);
  check('_service_sidebar_top as bare pixels', Math.round(s.tab.top) === 120, s.tab);
  await context.close();

  ({ page, errors, context } = await open(shopPage(shop.id, { vars: { _service_sidebar: false } })));
  s = await state(page);
  check('_service_sidebar false shows no sidebar', !s.tab && !s.bar && !s.mtab, s);
  await page.locator('.servicePopup').click();
  s = await state(page);
  check('pop-up classes still work with the sidebar off', s.dialog === 'popup', s.dialog);
  await context.close();

  ({ page, errors, context } = await open(shopPage(shop.id, { vars: { _service_tooltip: 'false' } })));
  await page.locator('.servicePopup').hover();
  s = await state(page);
  check('_service_tooltip false: hover shows no tooltip', !s.tip, s.tip);
  await page.locator('.serviceAddReview').click();
  s = await state(page);
  check('_service_tooltip false: click still opens the add-review pop-up', s.dialog === 'add', s.dialog);
  await context.close();

  // mobile modes
  const W = 375, H = 667;
  const mobileCases = {
    top_bar: (m) => m.bar && m.bar.visible && Math.round(m.bar.top) === 0 && Math.round(m.bar.width) === W,
    top: (m) => m.mtab && Math.round(m.mtab.top) === 0 && Math.round(m.mtab.left) === 8,
    top_left: (m) => m.mtab && Math.round(m.mtab.top) === 0 && Math.round(m.mtab.left) === 8,
    top_right: (m) => m.mtab && Math.round(m.mtab.top) === 0 && Math.round(m.mtab.right) === W - 8,
    top_manual: (m) => m.mtab && Math.round(m.mtab.top) === 0,
    bottom: (m) => m.mtab && Math.round(m.mtab.bottom) === H && Math.round(m.mtab.left) === 8,
    bottom_left: (m) => m.mtab && Math.round(m.mtab.bottom) === H && Math.round(m.mtab.left) === 8,
    bottom_right: (m) => m.mtab && Math.round(m.mtab.bottom) === H && Math.round(m.mtab.right) === W - 8,
    bottom_manual: (m) => m.mtab && Math.round(m.mtab.bottom) === H,
    none: (m) => !m.bar && !m.mtab,
  };
  for (const [mode, ok] of Object.entries(mobileCases)) {
    ({ page, errors, context } = await open(shopPage(shop.id, { vars: { _service_mobile: mode } }), { width: W, height: H }));
    s = await state(page);
    check(`_service_mobile ${mode} places the mobile sidebar`, ok(s) && s.data.mobile === mode && (!s.tab || !s.tab.visible), s);
    await context.close();
  }
  ({ page, context } = await open(shopPage(shop.id), { width: W, height: H }));
  s = await state(page);
  check('_service_mobile default is top_bar', s.data.mobile === 'top_bar' && s.bar && s.bar.visible, s.data);
  await context.close();
  for (const [tab, test] of [['center', (m) => Math.abs((m.left + m.right) / 2 - W / 2) < 1], ['right', (m) => Math.round(m.right) === W - 8]]) {
    ({ page, context } = await open(shopPage(shop.id, { vars: { _service_mobile: 'bottom', _service_mobile_tab: tab } }), { width: W, height: H }));
    s = await state(page);
    check(`_service_mobile_tab ${tab} positions the mobile tab`, s.mtab && test(s.mtab), s.mtab);
    await context.close();
  }
  ({ page, context } = await open(shopPage(shop.id, { vars: { _service_mobile: 'top_manual' } }), { width: W, height: H }));
  await page.evaluate(() => document.documentElement.style.setProperty('--service-mobile-offset', '64px'));
  s = await state(page);
  check('top_manual follows --service-mobile-offset of the shop', s.mtab && Math.round(s.mtab.top) === 64, s.mtab);
  await context.close();
  ({ page, context } = await open(shopPage(shop.id, { vars: { _service_mobile: 'top_bar', _service_mobile_tab: 'right' } }), { width: W, height: H }));
  s = await state(page);
  check('_service_mobile_tab is ignored with top_bar', s.bar && Math.round(s.bar.width) === W && s.data.mobileTab === '', s);
  await page.locator('.bar').click();
  s = await state(page);
  check('the mobile bar opens the pop-up', s.dialog === 'popup', s.dialog);
  await context.close();

  // languages
  const langs = SHOPS.multi;
  const languageCases = [
    ['ISO-639-3 code deu', { vars: { _service_language: 'deu' } }, {}, 'de'],
    ['url detection', { vars: { _service_language: 'url' }, path: '/fr/checkout' }, {}, 'fr'],
    ['html detection', { vars: { _service_language: 'html' }, lang: 'es-ES' }, {}, 'es'],
    ['browser detection', { vars: { _service_language: 'browser' } }, { locale: 'it-IT' }, 'it'],
    ['no variable: the webshop default', {}, {}, 'nl'],
  ];
  for (const [name, opts, ctx, want] of languageCases) {
    ({ page, errors, context } = await open(shopPage(langs.id, opts), ctx));
    s = await state(page);
    check(`_service_language ${name} → ${want}`, s.data.lang === want, s.data);
    await context.close();
  }
  ({ page, context } = await open(shopPage(shop.id, { vars: { _service_language: 'ita' } })));
  s = await state(page);
  check('_service_language of a language the webshop has not enabled falls back to its default', s.data.lang === 'nl', s.data);
  await context.close();
}

async function consent() {
  const shop = SHOPS.main;
  const orderJson = (order, extra = '') => `<script type="application/json" id="service_order_completed">{"webshopId": ${shop.id}, "orderNumber": "${order}", ${extra} "firstName": "Jan"}</script>`;
  // written review
  let { page, errors, context } = await open(shopPage(shop.id, { body: orderJson(ORDERS.review, '"email": "jan@example.com", "inviteDelay": 7,') }));
  await page.waitForSelector('[role=dialog][data-kind=consent]', { timeout: 10000 });
  let s = await state(page);
  check('order-data element opens the consent pop-up', s.dialog === 'consent', s.dialog);
  await axe(page, 'page with the consent pop-up open');
  const dlg = page.locator('[role=dialog]');
  await dlg.getByLabel('Totaaloordeel').selectOption('5');
  for (const label of ['Levertijd', 'Klantenservice', 'Prijs/kwaliteit', 'Service na aankoop']) { await dlg.getByLabel(label).selectOption('4'); }
  await dlg.getByLabel('Jouw review').fill(ORDERS.reviewText);
  check('the first name from the order data is filled in', (await dlg.getByLabel('Je naam').inputValue()) === 'Jan');
  await dlg.getByRole('button', { name: 'Review versturen' }).click();
  await page.waitForSelector('.done', { timeout: 10000 });
  s = await state(page);
  check('sending the review shows the thanks', /Bedankt voor je review/.test(s.dialogText), s.dialogText);
  await page.keyboard.press('Escape');
  await settle(page);
  const consentCls = await page.evaluate(() => window.__cls);
  check('cumulative layout shift is 0 with the consent pop-up', consentCls === 0, consentCls);
  check('no console errors in the consent flow', errors.length === 0, errors);
  await context.close();

  // ask me later
  ({ page, errors, context } = await open(shopPage(shop.id, { body: orderJson(ORDERS.later) })));
  await page.waitForSelector('[role=dialog][data-kind=consent]', { timeout: 10000 });
  await page.locator('[role=dialog]').getByRole('button', { name: 'Vraag het me later' }).click();
  await page.waitForSelector('.done', { timeout: 10000 });
  s = await state(page);
  check('ask me later shows its thanks', /later/.test(s.dialogText), s.dialogText);
  check('no console errors for ask me later', errors.length === 0, errors);
  await context.close();

  // closing records nothing; incomplete review is refused in the browser
  ({ page, errors, context } = await open(shopPage(shop.id, { body: orderJson(ORDERS.closed) })));
  await page.waitForSelector('[role=dialog][data-kind=consent]', { timeout: 10000 });
  await page.locator('[role=dialog]').getByRole('button', { name: 'Review versturen' }).click();
  s = await state(page);
  check('an incomplete review is not sent and says why', /Geef elke beoordeling/.test(s.dialogText), s.dialogText);
  await page.keyboard.press('Escape');
  s = await state(page);
  check('Escape closes the consent pop-up without a choice', s.dialog === null);
  await context.close();

  // malformed JSON and another shop's order data are ignored quietly
  ({ page, errors, context } = await open(shopPage(shop.id, { body: '<script type="application/json" id="service_order_completed">{"webshopId": oops</script>' })));
  await settle(page);
  s = await state(page);
  check('malformed order data opens nothing and logs no error', s.dialog === null && errors.length === 0, { dialog: s.dialog, errors });
  await context.close();
  ({ page, errors, context } = await open(shopPage(shop.id, { body: '<script type="application/json" id="service_order_completed">{"webshopId": 1, "orderNumber": "Z"}</script>' })));
  await settle(page);
  s = await state(page);
  check('order data of another webshop opens nothing', s.dialog === null && errors.length === 0, { dialog: s.dialog, errors });
  await context.close();

  // The elements the shops' plugins print, byte for byte: WooCommerce's (brand id, `id =`, webshopId a string, json_encode
  // with JSON_HEX_QUOT|TAG|AMP|APOS, a signature this shop cannot check: it has no copy of its API code, so as before)
  const woo = `<script type="application/json" id ="webwinkelkeur_order_completed">{"webshopId":"${shop.id}","orderNumber":"${ORDERS.brand}","email":"jan+test@example.com","firstName":"Zo\\u00eb \\u0027Jan\\u0027 \\u0022J\\u0022 \\u003Cb\\u003E\\u0026~ x\\/y","inviteDelay":7,"signature":"d6c84f272f90f6dd90e3a6386a2ee2ceb2afcc14beb9c27b44404718c6f298cfe49ece8d098bb4e758df2c96c8381a36956cb2857e2ad20ed9cd4068aeecc5a4"}</script>`;
  ({ page, errors, context } = await open(shopPage(shop.id, { body: woo })));
  await page.waitForSelector('[role=dialog][data-kind=consent]', { timeout: 10000 });
  check('the WooCommerce plugin\'s element (webwinkelkeur_order_completed) opens the consent pop-up', true);
  check('its first name is decoded from the JSON escapes', (await page.locator('[role=dialog]').getByLabel('Je naam').inputValue()) === 'Zoë \'Jan\' "J" <b>&~ x/y');
  check('its e-mail address is taken from the order data (no e-mail field)', (await page.locator('[role=dialog] input[type=email]').count()) === 0);
  const sent = page.waitForRequest((r) => r.url().endsWith('/consent') && r.method() === 'POST');
  await page.locator('[role=dialog]').getByRole('button', { name: 'Vraag het me later' }).click();
  const body = JSON.parse((await sent).postData());
  await page.waitForSelector('.done', { timeout: 10000 });
  check('the plugin\'s signature and signed fields are passed on unchanged', body.signature === 'd6c84f272f90f6dd90e3a6386a2ee2ceb2afcc14beb9c27b44404718c6f298cfe49ece8d098bb4e758df2c96c8381a36956cb2857e2ad20ed9cd4068aeecc5a4'
    && JSON.stringify(Object.keys(body.order_data)) === '["webshopId","orderNumber","email","firstName","inviteDelay"]'
    && body.order_data.webshopId === String(shop.id) && body.order_data.inviteDelay === 7 && body.invite_delay === 7
    && body.order_number === ORDERS.brand && body.email === 'jan+test@example.com', body);
  check('no console errors with the WooCommerce element', errors.length === 0, errors);
  await context.close();

  // PrestaShop's (trustprofile brand): a script element without a type, the order number a JSON number
  ({ page, errors, context } = await open(shopPage(shop.id, { body: `<script id="trustprofile_order_completed">
    {"webshopId":"${shop.id}","orderNumber":${ORDERS.numeric},"email":"piet@example.com","firstName":"Piet","inviteDelay":3}
</script>` })));
  await page.waitForSelector('[role=dialog][data-kind=consent]', { timeout: 10000 });
  await page.locator('[role=dialog]').getByRole('button', { name: 'Vraag het me later' }).click();
  await page.waitForSelector('.done', { timeout: 10000 });
  check('PrestaShop\'s untyped trustprofile_order_completed element with a numeric order number is recorded', true);
  await context.close();

  // Magento's: untyped and HTML-escaped (escapeHtml) inside the element
  ({ page, errors, context } = await open(shopPage(shop.id, { body: `<script id="webwinkelkeur_order_completed">
        {&quot;webshopId&quot;:&quot;${shop.id}&quot;,&quot;orderNumber&quot;:&quot;000000123&quot;,&quot;email&quot;:&quot;m@example.com&quot;,&quot;firstName&quot;:&quot;Mia &amp; Co&quot;,&quot;inviteDelay&quot;:&quot;2&quot;}
    </script>` })));
  await page.waitForSelector('[role=dialog][data-kind=consent]', { timeout: 10000 });
  check('Magento\'s HTML-escaped element opens the pop-up with the decoded first name',
    (await page.locator('[role=dialog]').getByLabel('Je naam').inputValue()) === 'Mia & Co');
  await context.close();

  // add-review pop-up sends a form review
  ({ page, errors, context } = await open(shopPage(shop.id)));
  await page.locator('.serviceAddReview').click();
  const add = page.locator('[role=dialog]');
  await add.getByLabel('Totaaloordeel').selectOption('3');
  for (const label of ['Levertijd', 'Klantenservice', 'Prijs/kwaliteit', 'Service na aankoop']) { await add.getByLabel(label).selectOption('3'); }
  await add.getByLabel('Jouw review').fill(ORDERS.formText);
  await add.getByLabel('Je naam').fill('Fleur');
  await add.getByLabel('Je e-mailadres').fill('fleur@example.com');
  await add.getByRole('button', { name: 'Review versturen' }).click();
  await page.waitForSelector('.done', { timeout: 10000 });
  check('the add-review pop-up sends the review', true);
  check('no console errors in the add-review flow', errors.length === 0, errors);
  await context.close();
}

async function widgets() {
  const shop = SHOPS.main;
  const layouts = ['new_default', 'new_badges', 'new_button-text', 'new_button-stars', 'new_button_logo', 'new_button_logo-score', 'new_button_logo-sm', 'new_balloon'];
  for (const layout of layouts) {
    for (const theme of ['light', 'dark']) {
      const q = new URLSearchParams({ id: shop.id, layout, theme, color: '#0b5cad', show: 'yes', view: layout === 'new_default' && theme === 'dark' ? 'list' : 'slider',
        amount: '3', width: 'manual', width_amount: '300px', height: '250', interval: '4000', language: 'eng' });
      const url = `/w-${layout}-${theme}`;
      pages.set(url, `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Widget host</title><link rel="icon" href="data:,"></head><body><main>
<iframe title="Reviews" src="${BASE}/webshops/widget_html?${q}" width="300" height="250" style="border:0"></iframe></main></body></html>`);
      const { page, errors, context } = await open(HOST + url, { wait: false });
      const frame = page.frameLocator('iframe');
      const root = frame.locator('.widget');
      await root.waitFor({ timeout: 10000 });
      const info = await root.evaluate((e) => ({ layout: e.dataset.layout, theme: e.dataset.theme, text: e.textContent, w: e.getBoundingClientRect().width, h: e.getBoundingClientRect().height }));
      check(`widget ${layout} ${theme} renders`, info.layout === layout && info.theme === theme && info.w > 0 && info.h > 0 && /4\.3|8\.6/.test(info.text), info);
      check(`widget ${layout} ${theme}: no console errors`, errors.length === 0, errors);
      await shot(page, `widget-${layout}-${theme}`);
      if (layout === 'new_default') {
        const f = page.frames().find((x) => x.url().includes('widget_html'));
        // Evaluated through the DevTools protocol: the widget's Content-Security-Policy admits only its own scripts.
        await f.evaluate(AXE);
        const result = await f.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
        const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        check(`widget ${layout} ${theme}: axe-core finds no serious or critical violations`, bad.length === 0, bad.map((v) => v.id + ': ' + v.nodes.map((n) => n.html).join(' | ')).join('; '));
        check(`widget ${layout} ${theme}: shows the latest review escaped`, /Anna Shown/.test(info.text), info.text);
      }
      await context.close();
    }
  }
}

async function size() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.get(`${BASE}/sidebar.js?id=${SHOPS.multi.id}&c=1`, { headers: { 'Accept-Encoding': 'gzip' } });
  const body = await response.body();
  const gz = zlib.gzipSync(body).length;
  check('sidebar.js is at most 10 KB gzipped', gz <= 10240, `${gz} bytes gzipped, ${body.length} plain`);
  await context.close();
}

async function transparency() {
  const shop = SHOPS.multi;
  // embed-service's tests have no gateway: the browser's request for ratings-service's figures is answered here
  // (Playwright routing, after the page's Content-Security-Policy has allowed it).
  const figures = { status: 'success', message: 'Transparency figures.', webshop_id: shop.id, period: { from: '2025-11-25', to: '2026-11-25' },
    collected: [{ method: 'invitation', verified: 10, unverified: 0 }, { method: 'popup', verified: 3, unverified: 1 }, { method: 'form', verified: 0, unverified: 4 }],
    moderation: { published: 15, quarantined: 1, held: 0, deleted: 2, quarantine_reasons: [{ reason: 'Personal data <b>in</b> the text', count: 1 }] },
    responses: { reviews: 18, replied: 6, rate: 0.33 } };
  for (const [lang, heading] of [['nl', /Zo worden reviews van Multi Shop verzameld en gecontroleerd/], ['de', /So werden Bewertungen von Multi Shop gesammelt und geprüft/]]) {
    const { page, errors, context } = await open('about:blank', { wait: false });
    const asked = [];
    await context.route('**/api/1.0/transparency.json*', (route) => {
      asked.push(route.request().url());
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(figures) });
    });
    await page.goto(`${BASE}/shop/${shop.id}/transparency?lang=${lang}`, { waitUntil: 'load' });
    await page.waitForSelector('#tr-figures:not([hidden])', { timeout: 10000 });
    const info = await page.evaluate(() => ({ lang: document.documentElement.lang, h1: document.querySelector('h1').textContent,
      text: document.body.innerText,
      invitation: document.querySelector('[data-figure="collected.invitation.verified"]').textContent,
      formUnverified: document.querySelector('[data-figure="collected.form.unverified"]').textContent,
      deleted: document.querySelector('[data-figure="moderation.deleted"]').textContent,
      rate: document.querySelector('[data-figure="responses.rate"]').textContent,
      reasons: document.getElementById('tr-reasons').innerHTML, status: document.getElementById('tr-status').textContent }));
    check(`transparency ${lang}: rendered in the page's language`, info.lang === lang && heading.test(info.h1), info.h1);
    check(`transparency ${lang}: the figures appear`, info.invitation === '10' && info.formUnverified === '4' && info.deleted === '2'
      && /^33\s?%$/.test(info.rate) && info.status === '', info);
    check(`transparency ${lang}: a quarantine reason is shown as text`, /Personal data &lt;b&gt;in&lt;\/b&gt; the text: 1/.test(info.reasons), info.reasons);
    check(`transparency ${lang}: figures asked same-origin for the shop`, asked.length === 1 && asked[0] === `${BASE}/api/1.0/transparency.json?id=${shop.id}`, asked);
    check(`transparency ${lang}: no console errors (the policy lets the script and its request through)`, errors.length === 0, errors);
    await axeUnderPolicy(page, `transparency-${lang}`);
    await context.close();
  }
  // ratings-service answers an error envelope: the page says the figures cannot be shown
  const { page, errors, context } = await open('about:blank', { wait: false });
  await context.route('**/api/1.0/transparency.json*', (route) => route.fulfill({ status: 404, contentType: 'application/json',
    body: JSON.stringify({ status: 'error', message: 'Unknown webshop.' }) }));
  await page.goto(`${BASE}/shop/${shop.id}/transparency?lang=en`, { waitUntil: 'load' });
  await page.waitForFunction(() => /cannot be shown/.test(document.getElementById('tr-status').textContent), null, { timeout: 10000 });
  const hidden = await page.evaluate(() => document.getElementById('tr-figures').hidden);
  check('transparency: without figures the page says so and shows no empty tables', hidden, hidden);
  await shot(page, 'transparency-unavailable');
  await context.close();
}

async function report() {
  const shop = SHOPS.main;
  // embed-service's tests have no gateway: the form's POST to ratings-service is answered here as ratings-service
  // answers a form post (303 to the report page's thanks), after the page's Content-Security-Policy allowed it.
  const { page, errors, context } = await open('about:blank', { wait: false });
  const posted = [];
  await context.route('**/api/1.0/review_reports.json', (route) => {
    posted.push({ method: route.request().method(), type: route.request().headers()['content-type'], body: route.request().postData() });
    const form = new URLSearchParams(route.request().postData());
    route.fulfill({ status: 303, headers: { Location: `/shop/${form.get('webshop_id')}/reviews/${form.get('review_id')}/report?lang=${form.get('lang')}&sent=1` } });
  });
  await page.goto(`${BASE}/shop/${shop.id}/en`, { waitUntil: 'load' });
  await axeUnderPolicy(page, 'public-page-with-report-links');
  const link = page.locator('a.report').first();
  check('report: every review of the public page has a report link naming its reviewer',
    /^Report – Anna Shown$/.test((await link.textContent()).trim()), await link.textContent());
  await link.focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('form[action="/api/1.0/review_reports.json"]', { timeout: 10000 });
  await axeUnderPolicy(page, 'report-page');
  // keyboard only: Tab to the first reason, arrow to "illegal", Tab to the text, then to the button
  await page.locator('input[name=reason][value=spam]').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Names <b>a person</b> & more');
  await page.keyboard.press('Tab');
  await Promise.all([page.waitForURL(/sent=1/, { timeout: 10000 }), page.keyboard.press('Enter')]);
  const thanks = await page.evaluate(() => document.querySelector('[role=status]') && document.querySelector('[role=status]').textContent);
  check('report: the form posted the chosen reason and text as a form', posted.length === 1 && posted[0].method === 'POST'
    && /application\/x-www-form-urlencoded/.test(posted[0].type) && new URLSearchParams(posted[0].body).get('reason') === 'illegal'
    && new URLSearchParams(posted[0].body).get('text') === 'Names <b>a person</b> & more', posted);
  check('report: the thanks are shown after the redirect', thanks === 'Thank you. The moderators will look at this review.', thanks);
  check('report: no console errors (the policy lets the form post)', errors.length === 0, errors);
  await axeUnderPolicy(page, 'report-thanks');
  await context.close();
}

/**
 * Product stars: the shop includes stars.html in its product page on its server (no JavaScript); the page's JSON-LD
 * is parsed as a search engine would, and the product-reviews widget is framed.
 */
async function product() {
  const shop = SHOPS.main;
  const fragment = await (await fetch(`${BASE}/product/${shop.id}/stars.html?sku=${encodeURIComponent(ORDERS.sku)}`)).text();
  pages.set('/product', `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Steel kettle</title><link rel="icon" href="data:,"></head>
<body><main><h1>Steel kettle</h1><p>Our best kettle.</p>${fragment}</main></body></html>`);
  const { page, errors, context } = await open(HOST + '/product', { wait: false });
  const blocks = await page.evaluate(() => [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent));
  check('product: the page holds one JSON-LD block', blocks.length === 1, blocks);
  let ld = {};
  try { ld = JSON.parse(blocks[0]); } catch (e) { check('product: the JSON-LD parses', false, String(e)); }
  const rating = ld.aggregateRating || {};
  const reviews = Array.isArray(ld.review) ? ld.review : [];
  check('product: JSON-LD is a schema.org Product with its name', ld['@context'] === 'https://schema.org' && ld['@type'] === 'Product'
    && ld.name === 'Steel kettle' && ld.sku === ORDERS.sku, ld);
  check('product: aggregateRating has ratingValue, ratingCount, reviewCount, bestRating and worstRating',
    rating['@type'] === 'AggregateRating' && rating.ratingValue === 3.5 && rating.ratingCount === 2 && rating.reviewCount === 1
    && rating.bestRating === 5 && rating.worstRating === 1, rating);
  check('product: every review has an author, a date, a reviewRating and a body', reviews.length === 1 && reviews.every((r) =>
    r['@type'] === 'Review' && r.author && r.author['@type'] === 'Person' && r.author.name === 'Anna'
    && /^\d{4}-\d{2}-\d{2}$/.test(r.datePublished) && r.reviewRating && r.reviewRating.ratingValue === 5
    && r.reviewRating.bestRating === 5 && r.reviewRating.worstRating === 1 && r.reviewBody === 'Boils fast <b>really</b>'), reviews);
  check('product: no rating of the shop itself (no Organization or LocalBusiness)', !/Organization|LocalBusiness/.test(blocks.join('')), blocks);
  const shown = await page.evaluate(() => document.querySelector('.shopreviews-product').innerText);
  check('product: the verified buyer label and the escaped text are shown', /Verified buyer/.test(shown) && /Boils fast <b>really<\/b>/.test(shown), shown);
  check('product: no console errors', errors.length === 0, errors);
  await axe(page, 'product-page-with-stars');
  await context.close();

  pages.set('/product-widget', `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Widget host</title><link rel="icon" href="data:,"></head><body><main>
<iframe title="Product reviews" src="${BASE}/product/${shop.id}/widget.html?sku=${encodeURIComponent(ORDERS.sku)}" width="400" height="300" style="border:0"></iframe></main></body></html>`);
  const w = await open(HOST + '/product-widget', { wait: false });
  await w.page.frameLocator('iframe').locator('.shopreviews-product').waitFor({ timeout: 10000 });
  const frame = w.page.frames().find((x) => x.url().includes('/widget.html'));
  const text = await frame.evaluate(() => document.body.innerText);
  check('product widget renders the stars and the verified buyer label', /Verified buyer/.test(text) && /Anna/.test(text), text);
  check('product widget: no console errors (CSP)', w.errors.length === 0, w.errors);
  await shot(w.page, 'product-widget');
  await frame.evaluate(AXE);
  const result = await frame.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check('product widget: axe-core finds no serious or critical violations', bad.length === 0, bad.map((v) => v.id + ': ' + v.nodes.map((n) => n.html).join(' | ')).join('; '));
  await w.context.close();
}

/** An imported review (ORDERS.source, ORDERS.name): sidebar.js and the balloon widget label it as text, never verified. */
async function imported() {
  const shop = SHOPS.main;
  const label = (prefix) => prefix + ' ' + ORDERS.source;
  let { page, errors, context } = await open(shopPage(shop.id));
  await page.locator('.serviceReviews').click();
  const s = await state(page);
  check('sidebar.js labels the imported review in the shop\'s language', s.dialog === 'reviews' && s.dialogText.includes(ORDERS.name)
    && s.dialogText.includes(label('Geïmporteerd van')), s.dialogText);
  check('sidebar.js never calls the imported review verified', !/Geverifieerde klant/.test(s.dialogText), s.dialogText);
  const markup = await page.evaluate(() => !!document.getElementById('service-sidebar').shadowRoot.querySelector('[role=dialog] i'));
  check('sidebar.js writes the source as text, not markup', !markup);
  await axe(page, 'page with an imported review in the reviews pop-up');
  check('imported: no console errors on the shop page', errors.length === 0, errors);
  await context.close();

  const q = new URLSearchParams({ id: shop.id, layout: 'new_balloon', theme: 'light', color: '#0b5cad', width: 'manual', width_amount: '300px',
    height: '250', language: 'eng' });
  pages.set('/w-imported-balloon', `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Widget host</title><link rel="icon" href="data:,"></head><body><main>
<iframe title="Reviews" src="${BASE}/webshops/widget_html?${q}" width="300" height="250" style="border:0"></iframe></main></body></html>`);
  ({ page, errors, context } = await open(HOST + '/w-imported-balloon', { wait: false }));
  await page.frameLocator('iframe').locator('.widget').waitFor({ timeout: 10000 });
  const f = page.frames().find((x) => x.url().includes('widget_html'));
  const text = await f.evaluate(() => document.querySelector('.widget').innerText);
  check('balloon widget labels the imported review', text.includes(label('Imported from')) && !/Verified customer/.test(text), text);
  const link = f.locator('a.report');
  const name = await link.evaluate((a) => a.textContent);
  check('balloon widget has the review\'s report link, named with the reviewer', (await link.count()) === 1 && name === 'Report – ' + ORDERS.name, name);
  await shot(page, 'widget-new_balloon-imported');
  await f.evaluate(AXE);
  const result = await f.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check('balloon widget with the report link: axe-core finds no serious or critical violations', bad.length === 0,
    bad.map((v) => v.id + ': ' + v.nodes.map((n) => n.html).join(' | ')).join('; '));
  check('balloon widget: no console errors', errors.length === 0, errors);
  await context.close();
}

/**
 * Signed order data: the element exactly as the WooCommerce plugin prints it (ORDERS.element, signed by the test with
 * the shop's API code) binds the pop-up's review to the order; the same element with one field changed is refused.
 */
async function signed() {
  const shop = SHOPS.main;
  const write = async (element, text) => {
    const { page, errors, context } = await open(shopPage(shop.id, { body: element }));
    await page.waitForSelector('[role=dialog][data-kind=consent]', { timeout: 10000 });
    const dlg = page.locator('[role=dialog]');
    await dlg.getByLabel('Totaaloordeel').selectOption('5');
    for (const label of ['Levertijd', 'Klantenservice', 'Prijs/kwaliteit', 'Service na aankoop']) { await dlg.getByLabel(label).selectOption('5'); }
    await dlg.getByLabel('Jouw review').fill(text);
    const answered = page.waitForResponse((r) => r.url().endsWith('/consent') && r.request().method() === 'POST');
    await dlg.getByRole('button', { name: 'Review versturen' }).click();
    const response = await answered;
    return { page, errors, context, status: response.status(), json: await response.json() };
  };
  let r = await write(ORDERS.element, ORDERS.reviewText);
  await r.page.waitForSelector('.done', { timeout: 10000 });
  check('signed: the plugin\'s signed element is accepted', r.status === 200 && r.json.status === 'success', r.json);
  await axe(r.page, 'signed-consent-thanks');
  check('signed: no console errors', r.errors.length === 0, r.errors);
  await r.context.close();

  r = await write(ORDERS.tampered, ORDERS.tamperedText);
  await r.page.waitForFunction(() => /Er ging iets mis/.test(document.getElementById('service-sidebar').shadowRoot.querySelector('[role=alert]').textContent), null, { timeout: 10000 });
  check('signed: a changed field is refused with a clear message', r.status === 403 && r.json.message === 'The order data\'s signature is not valid.', r.json);
  await shot(r.page, 'signed-consent-refused');
  await r.context.close();
}

/** One review's page (ORDERS.review shown, ORDERS.held not public): JSON-LD as a search engine reads it, axe, screenshots. */
async function reviewPage() {
  const shop = SHOPS.main;
  let { page, errors, context } = await open(`${BASE}/shop/${shop.id}/reviews/${ORDERS.review}`, { wait: false });
  const blocks = await page.evaluate(() => [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent));
  let ld = {};
  try { ld = JSON.parse(blocks[0]); } catch (e) { check('review page: the JSON-LD parses', false, String(e)); }
  check('review page: one schema.org Review of the shop as Organization, with rating, author and date', blocks.length === 1
    && ld['@type'] === 'Review' && ld.itemReviewed && ld.itemReviewed['@type'] === 'Organization' && ld.itemReviewed.name === shop.name
    && ld.reviewRating.ratingValue === 5 && ld.reviewRating.bestRating === 5 && ld.author.name === 'Anna Shown'
    && /^\d{4}-\d{2}-\d{2}$/.test(ld.datePublished), ld);
  const head = await page.evaluate(() => ({ canonical: document.querySelector('link[rel=canonical]') && document.querySelector('link[rel=canonical]').href,
    robots: document.querySelector('meta[name=robots]') ? document.querySelector('meta[name=robots]').content : null, lang: document.documentElement.lang }));
  check('review page: canonical link, indexable, in the shop\'s language', head.canonical.endsWith(`/shop/${shop.id}/reviews/${ORDERS.review}`)
    && head.robots === null && head.lang === 'nl', head);
  check('review page: no console errors under its policy', errors.length === 0, errors);
  await axeUnderPolicy(page, 'review-page');
  await context.close();

  ({ page, errors, context } = await open(`${BASE}/shop/${shop.id}/reviews/${ORDERS.held}?lang=en`, { wait: false }));
  const robots = await page.evaluate(() => document.querySelector('meta[name=robots]') && document.querySelector('meta[name=robots]').content);
  check('review page of a review that is not public: noindex and the notice', robots === 'noindex'
    && (await page.evaluate(() => document.body.innerText)).includes('This review is not shown.'), robots);
  await axeUnderPolicy(page, 'review-page-not-shown');
  await context.close();
}

try {
  if (scenario === 'product') { await product(); }
  else if (scenario === 'sidebar') { await sidebar(); }
  else if (scenario === 'consent') { await consent(); }
  else if (scenario === 'widgets') { await widgets(); }
  else if (scenario === 'size') { await size(); }
  else if (scenario === 'transparency') { await transparency(); }
  else if (scenario === 'report') { await report(); }
  else if (scenario === 'imported') { await imported(); }
  else if (scenario === 'signed') { await signed(); }
  else if (scenario === 'reviewpage') { await reviewPage(); }
  else { check('known scenario ' + scenario, false); }
} catch (e) {
  check(`scenario ${scenario} ran to the end`, false, e && e.stack ? e.stack : String(e));
} finally {
  await browser.close();
  server.close();
}
process.stdout.write(JSON.stringify({ checks }) + '\n');
