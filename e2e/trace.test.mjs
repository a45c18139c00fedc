// One W3C trace from the gateway through a service, Kafka and the services that consume its event: the suite's
// services export their spans to the local OTLP receiver deploy/local/e2e started (e2e/otlp-sink.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { eventually, gatewayLogLines, json } from './lib.mjs';

const { PARTNER_TOKEN, E2E_SPANS_FILE, E2E_LOG_DIR } = process.env;
const SERVER = 2; const PRODUCER = 4; const CONSUMER = 5;

const spans = () => (fs.existsSync(E2E_SPANS_FILE) ? fs.readFileSync(E2E_SPANS_FILE, 'utf8') : '')
  .split('\n').filter(Boolean).map((line) => JSON.parse(line));

test('a webshop created through the gateway is one trace from partner-service over Kafka into every replica',
  { skip: !E2E_SPANS_FILE && 'the suite was started without the e2e OTLP receiver (deploy/local/e2e starts it when it starts the suite)' },
  async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const id = `trace-${Date.now()}`;
    const created = await json(`/partner_api/create?token=${PARTNER_TOKEN}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', traceparent: `00-${traceId}-${callerSpan}-01` },
      body: JSON.stringify({ id, source: 'demo-partner', shop_url: `http://${id}.test`, name: 'Traced shop', language: 'en' }),
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));

    const consumers = ['invitations-service', 'ratings-service', 'webhooks-service', 'embed-service'];
    // Each service exports on its own schedule: a consumer's span can reach the receiver before the relay's.
    const trace = await eventually('the trace reaches every consumer of webshops and the relay exported its span', () => {
      const mine = spans().filter((s) => s.traceId === traceId);
      const relayed = mine.some((s) => s.kind === PRODUCER && s.name === 'publish webshops');
      return relayed && consumers.every((c) => mine.some((s) => s.service === c && s.kind === CONSUMER)) && mine;
    }, 30000);
    const served = trace.find((s) => s.kind === SERVER && s.service === 'partner-service');
    assert.ok(served, 'partner-service continued the request\'s trace');
    assert.equal(served.parentSpanId, callerSpan, 'its server span is the caller\'s child (the gateway passed traceparent on)');
    const published = trace.find((s) => s.kind === PRODUCER && s.name === 'publish webshops');
    assert.equal(published?.parentSpanId, served.spanId, 'the snapshot left through the outbox under the request\'s span');
    for (const consumer of consumers) {
      const consumed = trace.find((s) => s.kind === CONSUMER && s.service === consumer);
      assert.equal(consumed.parentSpanId, published.spanId, `${consumer} consumed the record the relay published`);
    }
  });

test('the gateway starts a trace for a request without one and names it in its access log',
  { skip: !E2E_LOG_DIR && 'no log directory' }, async () => {
    const lines = () => gatewayLogLines('"GET /api/1.0/ratings.json');
    const before = lines().length;
    const response = await fetch(`${process.env.BASE_URL}/api/1.0/ratings.json?id=0&code=nothing-${Date.now()}`);
    await response.arrayBuffer();
    // the gateway writes its access log at least once a second (buffer=64k flush=1s)
    const line = await eventually('the request in the access log', () => { const all = lines(); return all.length > before && all.at(-1); }, 10000);
    assert.match(line, / trace=[0-9a-f]{32} cache=-$/);
  });
