// Facts tests: what a note says about placement, decided by the engine on the sample cluster. Each test names the
// note it backs and checks that the note still says it, so a note and the simulation cannot drift apart again.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { compilePlacement } from '../../server/src/core/placement';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import type { DaemonSet, NodeInfo, NodePlacement, NodeSelectorTerm, PodSpec } from '../../server/src/core/types';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { withCondition } from './conditionTaints';
import { noteSays } from './noteSays';

const nodes = new Map(sampleClusterNodes().map((n) => [n.name, n]));
function sample(name: string): NodeInfo {
  const n = nodes.get(name);
  assert.ok(n, `sample node ${name}`);
  return n;
}

/** A DaemonSet with nothing of its own but `extra` in the pod spec (no tolerations unless given). */
function daemonSet(extra: Partial<PodSpec> = {}): DaemonSet {
  return {
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'kube-system' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: {
        metadata: { labels: { app: 'agent' } },
        spec: { containers: [{ name: 'a', image: 'agent:1' }], ...extra },
      },
    },
  } as DaemonSet;
}

/** A DaemonSet whose only constraint is required node affinity with these terms. */
function required(nodeSelectorTerms: NodeSelectorTerm[]): DaemonSet {
  const requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms };
  return daemonSet({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution } } });
}

function place(node: NodeInfo, ds = daemonSet()): NodePlacement {
  return compilePlacement(ds, DEFAULT_FEATURE_GATES).evaluate(node);
}

/** RUN / KEEP as the CLI prints them, and the untolerated taints named by the reasons. */
function outcome(p: NodePlacement): { run: boolean; keep: boolean; taints: string[]; codes: string[] } {
  return {
    run: p.shouldRun, keep: p.shouldContinueRunning,
    taints: p.reasons.filter((r) => r.taint).map((r) => `${r.taint!.key}:${r.taint!.effect}`),
    codes: [...new Set(p.reasons.map((r) => r.code))],
  };
}


describe('facts: ds-newpod-tolerations (automatic tolerations and their effects)', () => {
  test('ds-newpod-tolerations: a NotReady node gets no new daemon pod, a running one stays', () => {
    noteSays('ds-newpod-tolerations', /no new daemon pod is created/, /a daemon pod already running there stays/);
    const o = outcome(place(sample('notready-b-2')));
    assert.deepEqual([o.run, o.keep], [false, true]);
    assert.deepEqual(o.taints, ['node.kubernetes.io/not-ready:NoSchedule'], 'only the NoSchedule taint is untolerated');
    assert.deepEqual(o.codes, ['TaintNotTolerated']);
  });

  test('ds-newpod-tolerations: an unreachable node (Ready=Unknown) likewise, on unreachable:NoSchedule', () => {
    noteSays('ds-newpod-tolerations', /unreachable node \(`Ready=Unknown`\) works the same way/);
    const o = outcome(place(withCondition(sample('worker-b-1'), 'Ready', 'Unknown')));
    assert.deepEqual([o.run, o.keep], [false, true]);
    assert.deepEqual(o.taints, ['node.kubernetes.io/unreachable:NoSchedule']);
  });

  for (const type of ['MemoryPressure', 'DiskPressure', 'PIDPressure']) {
    test(`ds-newpod-tolerations: ${type}=True adds a NoSchedule taint every daemon pod tolerates: RUN ✓`, () => {
      noteSays('ds-newpod-tolerations', /cordon taint are `NoSchedule` only and are all tolerated/);
      const node = withCondition(sample('worker-c-1'), type, 'True');
      assert.equal(node.taints.length, 1, 'the node carries the pressure taint');
      const o = outcome(place(node));
      assert.deepEqual([o.run, o.keep, o.taints], [true, true, []]);
    });
  }

  test('ds-newpod-tolerations: network-unavailable keeps off pods without hostNetwork only', () => {
    noteSays('ds-newpod-tolerations', /`network-unavailable` taint keeps away only pods without `hostNetwork`/);
    const node = withCondition(sample('worker-a-1'), 'NetworkUnavailable', 'True');
    const plain = outcome(place(node));
    assert.deepEqual([plain.run, plain.keep], [false, true]);
    assert.deepEqual(plain.taints, ['node.kubernetes.io/network-unavailable:NoSchedule']);
    const host = outcome(place(node, daemonSet({ hostNetwork: true })));
    assert.deepEqual([host.run, host.keep, host.taints], [true, true, []]);
  });

  test('ds-newpod-tolerations: tolerating not-ready:NoSchedule itself starts a pod on a NotReady node', () => {
    noteSays('ds-newpod-tolerations', /tolerate `not-ready:NoSchedule` itself/,
      /`operator: Exists` with no key also does/);
    const toleration = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoSchedule' } as const;
    const own = daemonSet({ tolerations: [toleration] });
    assert.deepEqual([place(sample('notready-b-2'), own).shouldRun], [true]);
    const everything = daemonSet({ tolerations: [{ operator: 'Exists' }] });
    assert.deepEqual([place(sample('notready-b-2'), everything).shouldRun], [true]);
  });
});

describe('facts: desiredNumberScheduled leaves the NotReady node out (ds-newpod-tolerations, ds-status)', () => {
  test('ds-newpod-tolerations: kce rollout counts 7 desired nodes for the CSI example, not notready-b-2', () => {
    noteSays('ds-newpod-tolerations', /the node does not count in `desiredNumberScheduled`/);
    noteSays('ds-status', /`desiredNumberScheduled`: nodes where `shouldRun` is true/);
    const root = join(__dirname, '..', '..');
    const cli = join(root, 'dist', 'cli.js');
    assert.ok(existsSync(cli), 'dist/cli.js is built by npm test before the tests run');
    const run = (cmd: string) => {
      const args = [cli, cmd, '--format', 'json', 'examples/csi-node.yaml'];
      const out = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).stdout;
      return JSON.parse(out) as { daemonSets: unknown[] };
    };
    const rollout = run('rollout').daemonSets[0] as { desiredNumberScheduled: number; rounds: { create: string[] }[] };
    const sim = run('simulate').daemonSets[0] as { nodes: { name: string; shouldRun: boolean }[] };
    const desired = sim.nodes.filter((n) => n.shouldRun).map((n) => n.name);
    assert.equal(rollout.desiredNumberScheduled, desired.length);
    assert.ok(!desired.includes('notready-b-2'));
    assert.ok(!rollout.rounds.some((r) => r.create.includes('notready-b-2')), 'no new pod is rolled out there');
  });
});

describe('facts: cordon (sched-nodeunschedulable, ds-newpod-tolerations)', () => {
  test('sched-nodeunschedulable: the cordoned node gets a daemon pod (automatic unschedulable toleration)', () => {
    noteSays('sched-nodeunschedulable', /a cordoned node keeps its daemon pods and gets new ones/);
    const node = sample('cordoned-c-2');
    assert.ok(node.unschedulable);
    const o = outcome(place(node));
    assert.deepEqual([o.run, o.keep, o.taints], [true, true, []]);
  });
});

describe('facts: taint effects (reason-taint-not-tolerated, ds-pods-should-be-on-node)', () => {
  test('reason-taint-not-tolerated: NoSchedule keeps a running pod, NoExecute removes it', () => {
    noteSays('reason-taint-not-tolerated', /`NoSchedule` taint leaves an existing pod alone/,
      /`NoExecute` taint removes it/);
    const cp = outcome(place(sample('cp-1')));
    assert.deepEqual([cp.run, cp.keep, cp.taints], [false, true, ['node-role.kubernetes.io/control-plane:NoSchedule']]);
    const infra = outcome(place(sample('infra-c-1')));
    assert.deepEqual([infra.run, infra.keep, infra.taints], [false, false, ['dedicated:NoExecute']]);
  });

  test('reason-taint-not-tolerated: PreferNoSchedule taints are ignored', () => {
    noteSays('reason-taint-not-tolerated', /`PreferNoSchedule` taints are ignored/);
    const soft: NodeInfo = { ...sample('worker-a-1'), taints: [{ key: 'soft', effect: 'PreferNoSchedule' }] };
    assert.deepEqual([place(soft).shouldRun, place(soft).shouldContinueRunning], [true, true]);
  });

  test('insight-toleration-prefer-no-schedule-only: a PreferNoSchedule toleration does not open a GPU node', () => {
    noteSays('insight-toleration-prefer-no-schedule-only', /never changes placement/);
    const ds = daemonSet({ tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'PreferNoSchedule' }] });
    assert.deepEqual([place(sample('gpu-a-1'), ds).shouldRun, place(sample('gpu-a-1')).shouldRun], [false, false]);
  });

  test('insight-blanket-toleration: Exists without a key runs on every node, NoExecute no longer evicts', () => {
    noteSays('insight-blanket-toleration', /`NoExecute` no longer evicts it/);
    const ds = daemonSet({ tolerations: [{ operator: 'Exists' }] });
    for (const n of nodes.values()) assert.deepEqual([n.name, place(n, ds).shouldRun], [n.name, true]);
  });
});

describe('facts: selectors, affinity and nodeName (reason-*, insight-*)', () => {
  test('reason-node-name-mismatch: spec.nodeName pins the pod; every other node gets false, false', () => {
    noteSays('reason-node-name-mismatch', /returns `false, false` for all other nodes/);
    const ds = daemonSet({ nodeName: 'worker-a-1' });
    assert.deepEqual([place(sample('worker-a-1'), ds).shouldRun], [true]);
    const o = outcome(place(sample('worker-b-1'), ds));
    assert.deepEqual([o.run, o.keep, o.codes], [false, false, ['NodeNameMismatch']]);
  });

  test('reason-node-selector-mismatch: a missing or different label fails the node, and a running pod goes too', () => {
    noteSays('reason-node-selector-mismatch', /a running one is removed on the next sync/);
    const ds = daemonSet({ nodeSelector: { disktype: 'ssd' } });
    assert.deepEqual([place(sample('worker-a-1'), ds).shouldRun], [true]);
    for (const name of ['worker-b-1', 'worker-c-1']) {
      const o = outcome(place(sample(name), ds));
      assert.deepEqual([name, o.run, o.keep, o.codes], [name, false, false, ['NodeSelectorMismatch']]);
    }
  });

  test('reason-node-affinity-mismatch: required affinity applies to running pods too', () => {
    noteSays('reason-node-affinity-mismatch', /when a node stops matching, its daemon pod is deleted/);
    const ds = required([{ matchExpressions: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }] }]);
    assert.deepEqual([place(sample('arm-a-1'), ds).shouldRun], [true]);
    const o = outcome(place(sample('worker-a-1'), ds));
    assert.deepEqual([o.run, o.keep, o.codes], [false, false, ['NodeAffinityMismatch']]);
  });

  test('insight-empty-term: an empty term matches no node', () => {
    noteSays('insight-empty-term', /An empty term does not mean "any node"/);
    const ds = required([{}]);
    for (const n of nodes.values()) assert.deepEqual([n.name, place(n, ds).shouldRun], [n.name, false]);
  });

  test('insight-gt-lt-not-integer: a Gt value that is not an integer makes the term match no node', () => {
    noteSays('insight-gt-lt-not-integer', /the term matches no node/);
    const ds = required([{ matchExpressions: [
      { key: 'kubernetes.io/hostname', operator: 'Exists' }, { key: 'cores', operator: 'Gt', values: ['four'] }] }]);
    const workers: NodeInfo = { ...sample('worker-a-1'), labels: { ...sample('worker-a-1').labels, cores: '8' } };
    assert.deepEqual([place(workers, ds).shouldRun], [false]);
  });

  test('insight-preferred-affinity-ignored: preferred terms change nothing', () => {
    noteSays('insight-preferred-affinity-ignored', /checks only required affinity/);
    const ds = daemonSet({ affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [
      { weight: 100, preference: { matchExpressions: [{ key: 'disktype', operator: 'In', values: ['ssd'] }] } }] } } });
    for (const n of nodes.values()) {
      assert.deepEqual([n.name, place(n, ds).shouldRun, place(n, ds).shouldContinueRunning],
        [n.name, place(n).shouldRun, place(n).shouldContinueRunning]);
    }
  });
});
