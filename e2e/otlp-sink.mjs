// A local OTLP/HTTP trace receiver for the end-to-end run: deploy/local/e2e starts it before the suite and points
// the services' OTEL_EXPORTER_OTLP_ENDPOINT at it; it appends every exported span to a JSON-lines file that
// trace.test.mjs reads. Decodes only the fields it keeps straight from the protobuf wire format (trace.proto:
// ExportTraceServiceRequest > ResourceSpans > ScopeSpans > Span), so it needs no package.
//   node e2e/otlp-sink.mjs <port> <spans.jsonl>
import { createServer } from 'node:http';
import { appendFileSync } from 'node:fs';

const [port, file] = process.argv.slice(2);

function* fields(buf) {
  let at = 0;
  const varint = () => {
    let value = 0n; let shift = 0n;
    for (;;) {
      const b = buf[at++];
      value |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return value;
      shift += 7n;
    }
  };
  while (at < buf.length) {
    const tag = Number(varint());
    const field = tag >>> 3; const wire = tag & 7;
    if (wire === 0) yield { field, value: Number(varint()) };
    else if (wire === 1) { at += 8; } else if (wire === 5) { at += 4; } else if (wire === 2) {
      const length = Number(varint());
      yield { field, bytes: buf.subarray(at, at + length) };
      at += length;
    } else throw new Error(`wire type ${wire}`);
  }
}

const only = (buf, n) => [...fields(buf)].filter((f) => f.field === n && f.bytes).map((f) => f.bytes);

function serviceName(resource) {
  for (const kv of only(resource, 1)) {
    const key = only(kv, 1)[0]?.toString('utf8');
    const any = only(kv, 2)[0];
    if (key === 'service.name' && any) return only(any, 1)[0]?.toString('utf8') ?? '';
  }
  return '';
}

function spans(request) {
  const out = [];
  for (const rs of only(request, 1)) {
    const service = serviceName(only(rs, 1)[0] ?? Buffer.alloc(0));
    for (const scope of only(rs, 2)) {
      for (const span of only(scope, 2)) {
        const s = { service, traceId: '', spanId: '', parentSpanId: '', name: '', kind: 0 };
        for (const f of fields(span)) {
          if (f.field === 1 && f.bytes) s.traceId = f.bytes.toString('hex');
          else if (f.field === 2 && f.bytes) s.spanId = f.bytes.toString('hex');
          else if (f.field === 4 && f.bytes) s.parentSpanId = f.bytes.toString('hex');
          else if (f.field === 5 && f.bytes) s.name = f.bytes.toString('utf8');
          else if (f.field === 6 && f.value !== undefined) s.kind = f.value;
        }
        out.push(s);
      }
    }
  }
  return out;
}

createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    try {
      const received = req.url === '/v1/traces' ? spans(Buffer.concat(chunks)) : [];
      if (received.length) appendFileSync(file, received.map((s) => JSON.stringify(s)).join('\n') + '\n');
      res.writeHead(200, { 'Content-Type': 'application/x-protobuf' }).end();
    } catch (e) {
      res.writeHead(400).end();
    }
  });
}).listen(Number(port), '127.0.0.1');
