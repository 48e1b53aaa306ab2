// The schema decoding uses: generated in the repository from the pinned @kubernetes/client-node models
// (server/src/yaml/schema/generate.mjs), with the v1.33–v1.35 fields known, and Go's integer sizes.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { decodeTyped } from '../../server/src/yaml/decode';
import { parseYamlText } from '../../server/src/yaml/parse';

const ROOT = join(__dirname, '..', '..');
const decode = (yaml: string) => decodeTyped(parseYamlText(yaml).documents[0]!.value);

const DS = (spec: string) => `apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: x}\nspec:\n${spec}`;
const POD = (spec: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec:\n${spec}`;

describe('generated schema', () => {
  test('regenerating from the pinned package gives the committed file, and names its source version', () => {
    const file = join(ROOT, 'server/src/yaml/schema/k8s-subset.json');
    const before = readFileSync(file, 'utf8');
    const r = spawnSync(process.execPath, [join(ROOT, 'server/src/yaml/schema/generate.mjs')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(readFileSync(file, 'utf8'), before);
    const pinned = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).dependencies['@kubernetes/client-node'];
    assert.match(JSON.parse(before).source, new RegExp(`^@kubernetes/client-node ${pinned.replace(/\./g, '\\.')} `));
    assert.doesNotMatch(readFileSync(join(ROOT, 'server/src/yaml/schema/generate.mjs'), 'utf8'), /\.\.\/shared|k8s-schema/);
  });

  for (const [name, yaml, field] of [
    ['valueFrom.fileKeyRef (1.34)', POD('  containers:\n  - name: c\n    image: i\n    env:\n    - name: A\n      valueFrom:\n        fileKeyRef: {path: a.env, volumeName: v, key: A, optional: false}\n'), 'fileKeyRef'],
    ['initContainers[].restartPolicyRules (1.34)', POD('  initContainers:\n  - name: i\n    image: i\n    restartPolicy: Never\n    restartPolicyRules:\n    - action: Restart\n      exitCodes: {operator: In, values: [42]}\n  containers:\n  - {name: c, image: i}\n'), 'restartPolicyRules'],
    ['hostnameOverride (1.34)', POD('  hostnameOverride: my-host\n  containers:\n  - {name: c, image: i}\n'), 'hostnameOverride'],
    ['lifecycle.stopSignal (1.33)', POD('  containers:\n  - name: c\n    image: i\n    lifecycle: {stopSignal: SIGUSR1}\n'), 'stopSignal'],
    ['workloadRef (1.35)', POD('  workloadRef: {name: w, podGroup: g}\n  containers:\n  - {name: c, image: i}\n'), 'workloadRef'],
  ] as const) {
    test(`${name} is a known field`, () => {
      const r = decode(yaml);
      assert.deepEqual(r.unknownFields, []);
      assert.deepEqual(r.errors, []);
      assert.ok(JSON.stringify(r.object).includes(field));
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
