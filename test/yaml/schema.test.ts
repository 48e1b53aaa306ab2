// The schema decoding uses: generated in the repository from go-types.tsv, the Go types of k8s.io/api and
// k8s.io/apimachinery v0.35.0 (server/src/yaml/schema/), so every v1.33–v1.35 field is known and nothing newer;
// and Go's integer sizes.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { decodeTyped } from '../../server/src/yaml/decode';
import { parseYamlText } from '../../server/src/yaml/parse';
import { KUBERNETES_TAG } from '../../server/src/core/k8sVersion';

const ROOT = join(__dirname, '..', '..');
const SCHEMA_DIR = join(ROOT, 'server/src/yaml/schema');
const decode = (yaml: string) => decodeTyped(parseYamlText(yaml).documents[0]!.value);

const DS = (spec: string) => `apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: x}\nspec:\n${spec}`;
const POD = (spec: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec:\n${spec}`;

type Compact = string | { o: Record<string, Compact> } | { a: Compact } | { m: Compact };
const subset = () => JSON.parse(readFileSync(join(SCHEMA_DIR, 'k8s-subset.json'), 'utf8')) as {
  source: string; roots: Record<string, string>; types: Record<string, { o: Record<string, Compact> }>;
};

// Every field k8s.io/api added between v0.34.0 and v0.35.0 to the types kce decodes (the difference of the two
// tags' types_swagger_doc_generated.go files of core/v1, apps/v1 and batch/v1; nothing was removed).
const ADDED_IN_V1_35: Record<string, string[]> = {
  NodeStatus: ['declaredFeatures'],
  PodCertificateProjection: ['userAnnotations'],
  PodSpec: ['workloadRef'],
  PodStatus: ['allocatedResources', 'resources'],
  WorkloadReference: ['name', 'podGroup', 'podGroupReplicaKey'],
};

describe('generated schema', () => {
  test('regenerating from the kept Go type table gives the committed file, at the pinned release', () => {
    const file = join(SCHEMA_DIR, 'k8s-subset.json');
    const before = readFileSync(file, 'utf8');
    const r = spawnSync(process.execPath, [join(SCHEMA_DIR, 'generate.mjs')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(readFileSync(file, 'utf8'), before);
    // k8s.io/api v0.X.Y is Kubernetes v1.X.Y
    const apiTag = KUBERNETES_TAG.replace(/^v1\./, 'v0.');
    assert.equal(JSON.parse(before).source, `k8s.io/api and k8s.io/apimachinery ${apiTag} Go types (go-types.tsv)`);
    const table = readFileSync(join(SCHEMA_DIR, 'go-types.tsv'), 'utf8');
    assert.match(table, new RegExp(`^@version\t${apiTag.replace(/\./g, '\\.')}$`, 'm'));
    assert.match(table, new RegExp(`k8s\\.io/api ${apiTag.replace(/\./g, '\\.')} \\(commit [0-9a-f]{40}\\)`));
    // The generator reads the table only: no package, no other file.
    const gen = readFileSync(join(SCHEMA_DIR, 'generate.mjs'), 'utf8');
    assert.deepEqual([...gen.matchAll(/from '([^']+)'/g)].map((m) => m[1]).sort(), ['./roots.mjs', 'node:fs', 'node:path', 'node:url']);
  });

  test('against the v1.34 models of @kubernetes/client-node, the table differs by exactly the v1.35 additions', () => {
    // An independent reading of the API: a field the Go extraction dropped or invented would show here.
    const req = createRequire(join(ROOT, 'package.json'));
    const models = join(req.resolve('@kubernetes/client-node/package.json'), '..', 'dist/gen/models');
    assert.match(readFileSync(join(models, 'V1PodSpec.js'), 'utf8'), /OpenAPI spec version: v1\.34\./);
    const added: Record<string, string[]> = {};
    const missing: string[] = [];
    for (const [name, t] of Object.entries(subset().types)) {
      const model = ['V1', 'CoreV1', ''].map((p) => join(models, `${p}${name}.js`)).find((f) => {
        try { return !!req(f); } catch { return false; }
      });
      const cls = model ? (Object.values(req(model) as object)[0] as { attributeTypeMap?: { baseName: string }[] }) : undefined;
      const theirs = new Set<string>((cls?.attributeTypeMap ?? []).map((a) => a.baseName));
      const ours = Object.keys(t.o);
      const extra = ours.filter((f) => !theirs.has(f));
      if (extra.length) added[name] = extra.sort();
      for (const f of theirs) if (!ours.includes(f)) missing.push(`${name}.${f}`);
    }
    // metav1.List has no model there (client-node never decodes a List).
    const { List, ...rest } = added;
    assert.deepEqual(List, ['apiVersion', 'items', 'kind', 'metadata']);
    assert.deepEqual(rest, ADDED_IN_V1_35);
    assert.deepEqual(missing, []);
  });

  for (const [name, yaml, field] of [
    ['valueFrom.fileKeyRef (1.34)', POD('  containers:\n  - name: c\n    image: i\n    env:\n    - name: A\n      valueFrom:\n        fileKeyRef: {path: a.env, volumeName: v, key: A, optional: false}\n'), 'fileKeyRef'],
    ['initContainers[].restartPolicyRules (1.34)', POD('  initContainers:\n  - name: i\n    image: i\n    restartPolicy: Never\n    restartPolicyRules:\n    - action: Restart\n      exitCodes: {operator: In, values: [42]}\n  containers:\n  - {name: c, image: i}\n'), 'restartPolicyRules'],
    ['hostnameOverride (1.34)', POD('  hostnameOverride: my-host\n  containers:\n  - {name: c, image: i}\n'), 'hostnameOverride'],
    ['lifecycle.stopSignal (1.33)', POD('  containers:\n  - name: c\n    image: i\n    lifecycle: {stopSignal: SIGUSR1}\n'), 'stopSignal'],
    ['workloadRef (1.35)', POD('  workloadRef: {name: w, podGroup: g}\n  containers:\n  - {name: c, image: i}\n'), 'workloadRef'],
    ['status.allocatedResources (1.35)', POD('  containers:\n  - {name: c, image: i}\nstatus:\n  allocatedResources: {cpu: 1}\n'), 'allocatedResources'],
  ] as const) {
    test(`${name} is a known field`, () => {
      const r = decode(yaml);
      assert.deepEqual(r.unknownFields, []);
      assert.deepEqual(r.errors, []);
      assert.ok(JSON.stringify(r.object).includes(field));
    });
  }

  // Fields of other releases: schedulingGroup replaced workloadRef in v1.36 (k8s.io/api v0.36.0); Container.args
  // was never a PodSpec field.
  for (const [name, yaml, field] of [
    ['schedulingGroup (v1.36, not v1.35)', POD('  schedulingGroup: {podGroupName: g}\n  containers:\n  - {name: c, image: i}\n'), 'spec.schedulingGroup'],
    ['spec.args (no release)', POD('  args: [a]\n  containers:\n  - {name: c, image: i}\n'), 'spec.args'],
  ] as const) {
    test(`${name} is still an unknown field`, () => {
      assert.deepEqual(decode(yaml).unknownFields, [field]);
    });
  }
});

describe('integers as kube-apiserver decodes them (issue 10 item 13)', () => {
  test('revisionHistoryLimit: 1e32 overflows int32', () => {
    const r = decode(DS('  revisionHistoryLimit: 1e32\n'));
    assert.deepEqual(r.errors.map((e) => [e.field, e.message]), [[
      'spec.revisionHistoryLimit',
      'json: cannot unmarshal number 1e+32 into Go struct field DaemonSetSpec.spec.revisionHistoryLimit of type int32',
    ]]);
  });

  test('maxUnavailable: 0x7fffffffffffffff overflows IntOrString\'s int32 (exact digits)', () => {
    const r = decode(DS('  updateStrategy:\n    rollingUpdate:\n      maxUnavailable: 0x7fffffffffffffff\n'));
    assert.deepEqual(r.errors.map((e) => e.message), ['json: cannot unmarshal number 9223372036854775807 into Go value of type int32']);
  });

  test('int64 fields hold 2^63-1 and not 2^63', () => {
    const ok = decode(POD('  activeDeadlineSeconds: 9223372036854775807\n  containers: [{name: c, image: i}]\n'));
    assert.deepEqual(ok.errors, []);
    const bad = decode(POD('  activeDeadlineSeconds: 9223372036854775808\n  containers: [{name: c, image: i}]\n'));
    assert.deepEqual(bad.errors.map((e) => e.message), [
      'json: cannot unmarshal number 9223372036854775808 into Go struct field PodSpec.spec.activeDeadlineSeconds of type int64',
    ]);
  });

  test('an int32 inside a list names its struct and the path without indexes', () => {
    const r = decode(POD('  containers:\n  - name: c\n    image: i\n    ports: [{containerPort: 3000000000}]\n'));
    assert.deepEqual(r.errors.map((e) => [e.field, e.message]), [[
      'spec.containers[0].ports[0].containerPort',
      'json: cannot unmarshal number 3000000000 into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32',
    ]]);
  });

  test('1e3 is the integer 1000 (go-yaml float, JSON 1000): accepted', () => {
    assert.deepEqual(decode(DS('  minReadySeconds: 1e3\n')).errors, []);
  });
});
