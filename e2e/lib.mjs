// Helpers shared by the end-to-end tests (node's test runner, run by deploy/local/e2e with suite.env).
import assert from 'node:assert/strict';

const BASE = process.env.BASE_URL;

/** Polls until fn answers a truthy value, or fails after timeoutMs with the last answer. */
export async function eventually(what, fn, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.fail(`${what} did not happen in ${timeoutMs} ms (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
}

export async function json(path, init) {
  const response = await fetch(BASE + path, init);
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
