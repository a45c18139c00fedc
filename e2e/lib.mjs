// Helpers shared by the end-to-end tests (node's test runner, run by deploy/local/e2e with suite.env).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';

const BASE = process.env.BASE_URL;

/** `promise`, or a failure naming `what` once it has not settled within `ms` (a call that never answers). */
export async function within(what, ms, promise) {
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms); });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls until fn answers a truthy value, or fails after timeoutMs with the last answer; a hanging fn ends at the deadline. */
export async function eventually(what, fn, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await within(what, Math.max(1, deadline - Date.now()), fn());
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.fail(`${what} did not happen in ${timeoutMs} ms (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
}

/** The gateway's access log lines (of its last MB: a suite that ran benchmarks has a large one) that contain `needle`. */
export function gatewayLogLines(needle) {
  const fd = fs.openSync(`${process.env.E2E_LOG_DIR}/gateway-access.log`, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(1 << 20, size));
    fs.readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString('utf8').split('\n').filter((line) => line.includes(needle));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Submits the page's (first) form as a person would and answers the POST's response once the page it leads to has
 * replaced the form: closing a page while that navigation commits can hang in Chromium for good
 * (microsoft/playwright#41900), which is what stalled the operator tests' setup.
 */
export async function submitForm(page, urlPart) {
  const [posted] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(urlPart) && r.request().method() === 'POST'),
    page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame()),
    page.locator('button[type=submit]').first().click(),
  ]);
  await page.waitForLoadState('load');
  return posted;
}

/** A JSON call through the gateway; a service that does not answer within 30 s fails the test instead of stalling it. */
export async function json(path, init) {
  const response = await fetch(BASE + path, { signal: AbortSignal.timeout(30000), ...init });
  return { status: response.status, body: await response.json() };
}

/** Decodes the quoted-printable parts of a MIME text only: a 7bit part's `ref=E3...` must stay as it is. */
export function decodeQuotedPrintable(mime) {
  return mime.split(/(?=\r?\n--)/).map((part) => {
    const blank = part.search(/\r?\n\r?\n/);
    const headers = blank < 0 ? '' : part.slice(0, blank);
    if (!/^Content-Transfer-Encoding:\s*quoted-printable/im.test(headers)) return part;
    const body = part.slice(blank).replace(/=\r?\n/g, '');
    const bytes = [];
    for (let i = 0; i < body.length; i++) {
      if (body[i] === '=' && /^[0-9A-F]{2}$/.test(body.slice(i + 1, i + 3))) { bytes.push(parseInt(body.slice(i + 1, i + 3), 16)); i += 2; }
      else bytes.push(...Buffer.from(body[i], 'utf8'));
    }
    return headers + Buffer.from(bytes).toString('utf8');
  }).join('');
}

/** Chromium of Debian, headless, without the background traffic a test does not want. */
export async function launchChromium(extraArgs = []) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: '/usr/bin/chromium', headless: true, timeout: 60000,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', ...extraArgs],
  });
}

/**
 * A local HTTP server answering each request with `respond(req, body)` (default: 200 "ok") and keeping every request
 * in `received` as { topic, headers, body }. `close()` also drops kept-alive connections, so the test process can end.
 */
export async function startServer(respond = (req, body, res) => res.writeHead(200).end('ok')) {
  const received = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({ topic: req.headers['x-topic'], headers: req.headers, body });
      respond(req, body, res);
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const port = server.address().port;
  return {
    received, port, url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise((r) => { server.close(r); server.closeAllConnections(); }),
  };
}

/** axe-core in the page through DevTools (the pages' CSP admits only their own scripts): no violations. */
export async function assertAccessible(page, what) {
  await page.evaluate(AXE_SOURCE());
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  assert.deepEqual(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), [],
    `${what} has no axe-core violations`);
}

let axeSource;
function AXE_SOURCE() {
  axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** The messages GreenMail holds for `email`, oldest first. */
export async function mails(email) {
  const r = await fetch(`${process.env.MAIL_URL}/api/user/${encodeURIComponent(email)}/messages/`, { signal: AbortSignal.timeout(15000) });
  return r.status === 200 ? r.json() : [];
}

/** The first link to `path` in the newest mail to `email` that has one. */
export async function linkInMail(email, path) {
  return eventually(`a mail to ${email} with a link to ${path}`, async () => {
    for (const mail of (await mails(email)).reverse()) {
      const text = decodeQuotedPrintable(mail.mimeMessage);
      const found = text.match(new RegExp(`https?://[^\\s"'<>]+${path.replace(/[/?.]/g, '\\$&')}[^\\s"'<>]*`));
      if (found) return found[0].replace(/&amp;/g, '&');
    }
    return null;
  }, 90000);
}
