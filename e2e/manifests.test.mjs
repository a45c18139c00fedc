// Every object deploy/k8s renders (the three overlays, the base alone and with each component; `kubectl kustomize`) validated against the published schemas of
// its API: Kubernetes (kubernetes-models, from the Kubernetes OpenAPI), Gateway API, Strimzi (kafka.strimzi.io/v1,
// from Strimzi 1.0's CRDs), CloudNativePG and the Prometheus operator, as the npm packages of kubernetes-models-ts
// publish them. An object whose API has no schema here fails the test. Runs without the suite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';

const ROOT = new URL('..', import.meta.url).pathname;

// apiVersion -> the module exporting its kinds; "v1" is the core group.
const MODULES = {
  v1: 'kubernetes-models/v1',
  'apps/v1': 'kubernetes-models/apps/v1',
  'autoscaling/v2': 'kubernetes-models/autoscaling/v2',
  'policy/v1': 'kubernetes-models/policy/v1',
  'networking.k8s.io/v1': 'kubernetes-models/networking.k8s.io/v1',
  'batch/v1': 'kubernetes-models/batch/v1',
  'rbac.authorization.k8s.io/v1': 'kubernetes-models/rbac.authorization.k8s.io/v1',
  'gateway.networking.k8s.io/v1': '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1',
  'kafka.strimzi.io/v1': '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1',
  'postgresql.cnpg.io/v1': '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
};

function renderDir(dir) {
  const out = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return parseAllDocuments(out).map((d) => d.toJS()).filter(Boolean);
}

const render = (overlay) => renderDir(`${ROOT}deploy/k8s/overlays/${overlay}`);
const K8S = `${ROOT}deploy/k8s`;
const COMPONENTS = readdirSync(`${K8S}/components`).sort();

// The base with the given components, as an installation's own overlay would pick them (kustomize wants relative paths).
function renderBaseWith(components) {
  const dir = mkdtempSync(join(tmpdir(), 'sr-kustomize-'));
  try {
    const path = (p) => relative(dir, `${K8S}/${p}`);
    writeFileSync(`${dir}/kustomization.yaml`, [
      'resources:', `  - ${path('base')}`,
      ...(components.length ? ['components:', ...components.map((c) => `  - ${path(`components/${c}`)}`)] : []),
    ].join('\n') + '\n');
    return renderDir(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The Barman Cloud Plugin's ObjectStore (barmancloud.cnpg.io/v1) has no published model package. Its
// .spec.configuration is, by the plugin's documentation, the in-tree barmanObjectStore of CloudNativePG's Cluster:
// it is checked with that schema, inside a minimal Cluster; the rest of its spec by hand.
const OBJECT_STORE_SPEC = new Set(['configuration', 'retentionPolicy', 'instanceSidecarConfiguration']);
async function objectStoreFailures(store) {
  const failures = Object.keys(store.spec ?? {}).filter((key) => !OBJECT_STORE_SPEC.has(key)).map((key) => `unknown spec.${key}`);
  if (store.spec?.retentionPolicy !== undefined && !/^[1-9][0-9]*[dwm]$/.test(store.spec.retentionPolicy)) {
    failures.push(`retentionPolicy ${store.spec.retentionPolicy}`);
  }
  if (!store.spec?.configuration?.destinationPath) failures.push('no configuration.destinationPath');
  const { Cluster } = await import(MODULES['postgresql.cnpg.io/v1']);
  try {
    new Cluster({ metadata: { name: 'schema-check' }, spec: { instances: 1, storage: { size: '1Gi' },
      backup: { barmanObjectStore: store.spec?.configuration } } }).validate();
  } catch (e) {
    failures.push(e.message);
  }
  return failures;
}

async function schemaFailures(objects) {
  const failures = [];
  for (const object of objects) {
    const what = `${object.apiVersion} ${object.kind} ${object.metadata?.name}`;
    if (object.apiVersion === 'barmancloud.cnpg.io/v1' && object.kind === 'ObjectStore') {
      failures.push(...(await objectStoreFailures(object)).map((failure) => `${what}: ${failure}`));
      continue;
    }
    const module = MODULES[object.apiVersion];
    if (!module) { failures.push(`${what}: no schema for this API`); continue; }
    const Model = (await import(module))[object.kind];
    if (!Model) { failures.push(`${what}: no schema for this kind`); continue; }
    try {
      new Model(object).validate();
    } catch (e) {
      failures.push(`${what}: ${e.message}`);
    }
  }
  return failures;
}

test('the base alone and the base with each component render, and every object is valid', async () => {
  assert.ok(COMPONENTS.length >= 8, `components: ${COMPONENTS}`);
  const base = renderBaseWith([]);
  assert.deepEqual(await schemaFailures(base), []);
  for (const component of COMPONENTS) {
    const objects = renderBaseWith([component]);
    assert.ok(objects.length > base.length || component.startsWith('external-'), `${component} adds objects or rules`);
    assert.deepEqual(await schemaFailures(objects), [], component);
  }
});

for (const overlay of ['dev', 'production', 'managed']) {
  test(`every object of the ${overlay} overlay is valid against its API's published schema`, async () => {
    const objects = render(overlay);
    assert.ok(objects.length > 40, `rendered ${objects.length} objects`);
    assert.deepEqual(await schemaFailures(objects), []);
  });
}

// A stopping pod (docs/operations.md "Rollouts"): preStop sleeps while the endpoints drop it, then the JVM gets SIGTERM
// and its graceful shutdown (quarkus.shutdown.timeout 20 s for requests in flight, then consumers and the outbox relay)
// ends before the kubelet's SIGKILL at terminationGracePeriodSeconds, which counts from the start of preStop.
test('every service pod sleeps in preStop and stops within its grace period', () => {
  for (const overlay of ['dev', 'production', 'managed']) {
    const deployments = render(overlay).filter((o) => o.kind === 'Deployment');
    assert.ok(deployments.length >= 5, `${overlay}: ${deployments.length} Deployments`);
    for (const d of deployments) {
      const what = `${overlay} ${d.metadata.name}`;
      const pod = d.spec.template.spec;
      const [sleep, seconds] = pod.containers[0].lifecycle?.preStop?.exec?.command ?? [];
      assert.equal(sleep, 'sleep', `${what}: preStop sleeps`);
      assert.ok(Number(seconds) >= 3 && Number(seconds) <= 15, `${what}: preStop ${seconds} s`);
      assert.ok(pod.terminationGracePeriodSeconds >= Number(seconds) + 20 + 10, `${what}: grace ${pod.terminationGracePeriodSeconds} s`);
    }
  }
});

test('the schemas reject a broken object (the check can fail)', async () => {
  const { KafkaUser } = await import(MODULES['kafka.strimzi.io/v1']);
  const broken = new KafkaUser({ metadata: { name: 'x' }, spec: { authentication: { type: 'password-please' } } });
  assert.throws(() => broken.validate());
  const { Deployment } = await import(MODULES['apps/v1']);
  assert.throws(() => new Deployment({ metadata: { name: 'x' }, spec: { replicas: 'two' } }).validate());
  const store = { apiVersion: 'barmancloud.cnpg.io/v1', kind: 'ObjectStore', metadata: { name: 'x' },
    spec: { retentionPolicy: '30 days', configuration: { destinationPath: 's3://b/x', wal: { compression: 'zip-please' } } } };
  assert.equal((await schemaFailures([store])).length, 2, 'a bad retention policy and a bad WAL compression');
});
