// Every object deploy/k8s renders (both overlays, `kubectl kustomize`) validated against the published schemas of
// its API: Kubernetes (kubernetes-models, from the Kubernetes OpenAPI), Gateway API, Strimzi (kafka.strimzi.io/v1,
// from Strimzi 1.0's CRDs), CloudNativePG and the Prometheus operator, as the npm packages of kubernetes-models-ts
// publish them. An object whose API has no schema here fails the test. Runs without the suite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
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

function render(overlay) {
  const out = execFileSync('kubectl', ['kustomize', `${ROOT}deploy/k8s/overlays/${overlay}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return parseAllDocuments(out).map((d) => d.toJS()).filter(Boolean);
}

for (const overlay of ['dev', 'production']) {
  test(`every object of the ${overlay} overlay is valid against its API's published schema`, async () => {
    const objects = render(overlay);
    assert.ok(objects.length > 50, `rendered ${objects.length} objects`);
    const failures = [];
    for (const object of objects) {
      const what = `${object.apiVersion} ${object.kind} ${object.metadata?.name}`;
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
    assert.deepEqual(failures, []);
  });
}

test('the schemas reject a broken object (the check can fail)', async () => {
  const { KafkaUser } = await import(MODULES['kafka.strimzi.io/v1']);
  const broken = new KafkaUser({ metadata: { name: 'x' }, spec: { authentication: { type: 'password-please' } } });
  assert.throws(() => broken.validate());
  const { Deployment } = await import(MODULES['apps/v1']);
  assert.throws(() => new Deployment({ metadata: { name: 'x' }, spec: { replicas: 'two' } }).validate());
});
