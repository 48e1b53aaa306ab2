// The sample cluster looks like a v1.35 cluster: every node that shows a condition (or is cordoned) carries the
// taints the control plane adds for it, with their effects, and none it would not add.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleClusterList, sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { CONTROLLER_TAINT_KEYS as CONTROLLER_KEYS, controllerTaints } from '../walkthrough/conditionTaints';

interface RawTaint { key: string; effect: string; timeAdded?: string }
interface RawNode {
  metadata: { name: string; labels: Record<string, string> };
  spec: { taints?: RawTaint[]; unschedulable?: boolean };
  status: { conditions: { type: string; status: string; reason: string; message: string }[] };
}
const raw = (sampleClusterList().items as (RawNode & { kind: string })[]).filter((o) => o.kind === 'Node');

/** The controller-owned taints a v1.35 control plane keeps on a node, as `key:effect`. */
function expectedControllerTaints(n: RawNode): string[] {
  return controllerTaints(n.status.conditions, n.spec.unschedulable === true);
}

describe('sample cluster: taints as a v1.35 cluster shows them', () => {
  for (const n of raw) {
    test(`${n.metadata.name}: the condition and cordon taints, and only those`, () => {
      const actual = (n.spec.taints ?? []).filter((t) => CONTROLLER_KEYS.has(t.key)).map((t) => `${t.key}:${t.effect}`);
      assert.deepEqual(actual.sort(), expectedControllerTaints(n));
      for (const t of n.spec.taints ?? []) {
        if (CONTROLLER_KEYS.has(t.key)) assert.ok(t.timeAdded, `${t.key}:${t.effect} is stamped with timeAdded`);
      }
    });
  }

  test('notready-b-2 is NotReady with both not-ready taints; cordoned-c-2 is cordoned with its taint', () => {
    const byName = new Map(raw.map((n) => [n.metadata.name, n]));
    assert.deepEqual(expectedControllerTaints(byName.get('notready-b-2')!),
      ['node.kubernetes.io/not-ready:NoExecute', 'node.kubernetes.io/not-ready:NoSchedule']);
    assert.deepEqual(expectedControllerTaints(byName.get('cordoned-c-2')!),
      ['node.kubernetes.io/unschedulable:NoSchedule']);
  });

  test('every node reports the kubelet\'s four conditions and the beta os/arch labels', () => {
    for (const n of raw) {
      const types = n.status.conditions.map((c) => c.type);
      assert.deepEqual(types, ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready']);
      assert.equal(n.metadata.labels['beta.kubernetes.io/os'], n.metadata.labels['kubernetes.io/os']);
      assert.equal(n.metadata.labels['beta.kubernetes.io/arch'], n.metadata.labels['kubernetes.io/arch']);
    }
  });

  test('the model keeps every taint, with its effect', () => {
    const nr = sampleClusterNodes().find((n) => n.name === 'notready-b-2')!;
    assert.deepEqual(nr.taints.map((t) => `${t.key}:${t.effect}`),
      ['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute']);
  });
});

describe('README', () => {
  test('the npm start sample is what kce simulate prints on the sample cluster', () => {
    const root = join(__dirname, '..', '..');
    const cli = join(root, 'dist', 'cli.js');
    assert.ok(existsSync(cli), 'dist/cli.js is built by npm test before the tests run');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const m = /`npm start` prints[^\n]*\n\n```\n([\s\S]*?)```/.exec(readme);
    assert.ok(m, 'README has the npm start sample');
    const r = spawnSync(process.execPath, [cli, 'simulate', 'examples/csi-node.yaml'], { cwd: root, encoding: 'utf8' });
    assert.ok(r.stdout.startsWith(m[1]!), `README block:\n${m[1]}\nprinted:\n${r.stdout}`);
  });
});
