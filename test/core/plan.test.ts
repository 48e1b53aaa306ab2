import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  planSync,
  slowStartBatches,
  getNodesToDaemonPods,
  claimPod,
  podBelongsTo,
  comparePodsByCreationTimestampAndPhase,
  isPodAvailable,
  type Placement,
} from '../../server/src/core/plan';
import { getTargetNodeName } from '../../server/src/core/daemonPod';
import type { DaemonSet, NodeInfo, Pod } from '../../server/src/core/types';

// Fixtures after daemon_controller_test.go: simpleDaemonSetLabel, simpleNodeLabel, newDaemonSet, newPod, addPods.
const simpleDaemonSetLabel = { name: 'simple-daemon', type: 'production' };
const simpleDaemonSetLabel2 = { name: 'simple-daemon', type: 'test' };
const simpleNodeLabel = { color: 'blue', speed: 'fast' };
const simpleNodeLabel2 = { color: 'red', speed: 'fast' };

function newDaemonSet(name: string, extra: { nodeSelector?: Record<string, string>; nodeName?: string } = {}): DaemonSet {
  return {
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    spec: {
      updateStrategy: { type: 'OnDelete' },
      selector: { matchLabels: simpleDaemonSetLabel },
      template: { metadata: { labels: simpleDaemonSetLabel }, spec: { containers: [{ image: 'foo/bar' }], ...extra } },
    },
  };
}
const updateStrategies = [{ type: 'OnDelete' }, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } }];

function newNode(name: string, labels: Record<string, string> = {}): NodeInfo {
  return { name, labels, taints: [], unschedulable: false, conditions: [{ type: 'Ready', status: 'True' }] };
}
function addNodes(start: number, n: number, labels?: Record<string, string>): NodeInfo[] {
  return Array.from({ length: n }, (_, i) => newNode(`node-${start + i}`, labels));
}

let seq = 0;
function newPod(prefix: string, nodeName: string, labels: Record<string, string>, ds?: DaemonSet, extra: Partial<Pod> = {}): Pod {
  seq++;
  return {
    metadata: {
      name: `${prefix}${String(seq).padStart(5, '0')}`,
      namespace: 'default',
      labels,
      ...(ds ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds.metadata?.name, uid: ds.metadata?.uid, controller: true }] } : {}),
      ...extra.metadata,
    },
    spec: { ...(nodeName ? { nodeName } : {}), ...extra.spec },
    status: extra.status ?? {},
  };
}
function addPods(nodeName: string, labels: Record<string, string>, ds: DaemonSet, n: number, extra: Partial<Pod> = {}): Pod[] {
  return Array.from({ length: n }, () => newPod(`${nodeName}-`, nodeName, labels, ds, extra));
}
function addFailedPods(nodeName: string, labels: Record<string, string>, ds: DaemonSet, n: number): Pod[] {
  return addPods(nodeName, labels, ds, n, { status: { phase: 'Failed' } });
}

function matchLabels(sel: Record<string, string> | undefined) {
  return (labels: Record<string, string>) => Object.entries(sel ?? {}).every(([k, v]) => labels[k] === v);
}

/** A stand-in for placement: template nodeName and nodeSelector only (taints are tested through explicit callbacks). */
function simplePlacement(ds: DaemonSet) {
  return (node: NodeInfo): Placement => {
    const spec = ds.spec?.template?.spec;
    if (spec?.nodeName && spec.nodeName !== node.name) return { shouldRun: false, shouldContinueRunning: false };
    const ok = matchLabels(spec?.nodeSelector)(node.labels);
    return { shouldRun: ok, shouldContinueRunning: ok };
  };
}

/** What syncDaemonSet's manage() would do: claim pods, then plan. */
function sync(ds: DaemonSet, nodes: NodeInfo[], pods: Pod[], opts: { shouldRunOn?: (n: NodeInfo) => Placement; backoffNodes?: string[]; hash?: string } = {}) {
  const claimed = pods.filter((p) => podBelongsTo(ds, p, matchLabels(ds.spec?.selector?.matchLabels)));
  return planSync({ ds, nodes, pods: claimed, shouldRunOn: opts.shouldRunOn ?? simplePlacement(ds), backoffNodes: opts.backoffNodes, hash: opts.hash });
}
function expectSync(plan: ReturnType<typeof planSync>, creates: number, deletes: number) {
  assert.equal(plan.nodesNeedingDaemonPods.length, creates, `creates: ${JSON.stringify(plan.nodesNeedingDaemonPods)}`);
  assert.equal(plan.podsToDelete.length, deletes, `deletes: ${JSON.stringify(plan.podsToDelete)}`);
}

describe('manage (daemon_controller_test.go)', () => {
  for (const strategy of updateStrategies) {
    const withStrategy = (ds: DaemonSet): DaemonSet => ({ ...ds, spec: { ...ds.spec, updateStrategy: strategy } });
    describe(strategy.type, () => {
      test('TestSimpleDaemonSetLaunchesPods', () => {
        const plan = sync(withStrategy(newDaemonSet('foo')), addNodes(0, 5), []);
        expectSync(plan, 5, 0);
        assert.deepEqual(plan.batches, [1, 2, 2]);
      });
      test('TestNoNodesDoesNothing', () => {
        expectSync(sync(withStrategy(newDaemonSet('foo')), [], []), 0, 0);
      });
      test('TestOneNodeDaemonLaunchesPod', () => {
        expectSync(sync(withStrategy(newDaemonSet('foo')), [newNode('only-node')], []), 1, 0);
      });
      test('TestNotReadyNodeDaemonDoesLaunchPod', () => {
        const node = { ...newNode('not-ready'), conditions: [{ type: 'Ready', status: 'False' }] };
        expectSync(sync(withStrategy(newDaemonSet('foo')), [node], []), 1, 0);
      });
      test('TestDealsWithExistingPods', () => {
        const ds = withStrategy(newDaemonSet('foo'));
        const pods = [
          ...addPods('node-1', simpleDaemonSetLabel, ds, 1),
          ...addPods('node-2', simpleDaemonSetLabel, ds, 2),
          ...addPods('node-3', simpleDaemonSetLabel, ds, 5),
          ...addPods('node-4', simpleDaemonSetLabel2, ds, 2),
        ];
        const plan = sync(ds, addNodes(0, 5), pods);
        expectSync(plan, 2, 5);
        assert.deepEqual(plan.nodesNeedingDaemonPods, ['node-0', 'node-4']);
        assert.ok(plan.podsToDelete.every((p) => p.code === 'Duplicate'));
      });
      test('TestSelectorDaemonLaunchesPods', () => {
        const ds = withStrategy(newDaemonSet('foo', { nodeSelector: simpleNodeLabel }));
        expectSync(sync(ds, [...addNodes(0, 4), ...addNodes(4, 3, simpleNodeLabel)], []), 3, 0);
      });
      test('TestSelectorDaemonDeletesUnselectedPods', () => {
        const ds = withStrategy(newDaemonSet('foo', { nodeSelector: simpleNodeLabel }));
        const pods = [
          ...addPods('node-0', simpleDaemonSetLabel2, ds, 2),
          ...addPods('node-1', simpleDaemonSetLabel, ds, 3),
          ...addPods('node-1', simpleDaemonSetLabel2, ds, 1),
          ...addPods('node-4', simpleDaemonSetLabel, ds, 1),
        ];
        const plan = sync(ds, [...addNodes(0, 5), ...addNodes(5, 5, simpleNodeLabel)], pods);
        expectSync(plan, 5, 4);
        assert.ok(plan.podsToDelete.every((p) => p.code === 'NodeShouldNotRun'));
      });
      test('TestSelectorDaemonDealsWithExistingPods', () => {
        const ds = withStrategy(newDaemonSet('foo', { nodeSelector: simpleNodeLabel }));
        const pods = [
          ...addPods('node-0', simpleDaemonSetLabel, ds, 1),
          ...addPods('node-1', simpleDaemonSetLabel, ds, 3),
          ...addPods('node-1', simpleDaemonSetLabel2, ds, 2),
          ...addPods('node-2', simpleDaemonSetLabel, ds, 4),
          ...addPods('node-6', simpleDaemonSetLabel, ds, 13),
          ...addPods('node-7', simpleDaemonSetLabel2, ds, 4),
          ...addPods('node-9', simpleDaemonSetLabel, ds, 1),
          ...addPods('node-9', simpleDaemonSetLabel2, ds, 1),
        ];
        expectSync(sync(ds, [...addNodes(0, 5), ...addNodes(5, 5, simpleNodeLabel)], pods), 3, 20);
      });
      test('TestBadSelectorDaemonDoesNothing', () => {
        const ds = withStrategy(newDaemonSet('foo', { nodeSelector: simpleNodeLabel2 }));
        expectSync(sync(ds, [...addNodes(0, 4), ...addNodes(4, 3, simpleNodeLabel)], []), 0, 0);
      });
      test('TestNameDaemonSetLaunchesPods', () => {
        expectSync(sync(withStrategy(newDaemonSet('foo', { nodeName: 'node-0' })), addNodes(0, 5), []), 1, 0);
      });
      test('TestBadNameDaemonSetDoesNothing', () => {
        expectSync(sync(withStrategy(newDaemonSet('foo', { nodeName: 'node-10' })), addNodes(0, 5), []), 0, 0);
      });
      test('TestPodIsNotDeletedByDaemonsetWithEmptyLabelSelector', () => {
        const ds = withStrategy(newDaemonSet('foo', { nodeSelector: { foo: 'bar' } }));
        ds.spec = { ...ds.spec, selector: {} };
        const orphan: Pod = { metadata: { name: 'p', namespace: 'default', labels: { bang: 'boom' } }, spec: { nodeName: 'node1' } };
        const plan = planSync({ ds, nodes: [newNode('node1')], pods: [orphan], shouldRunOn: simplePlacement(ds) });
        expectSync(plan, 0, 0);
        assert.match(plan.blocked ?? '', /SelectingAll/);
      });
      test('TestDontDoAnythingIfBeingDeleted', () => {
        const ds = withStrategy(newDaemonSet('foo'));
        ds.metadata = { ...ds.metadata, deletionTimestamp: '2024-01-01T00:00:00Z' };
        const plan = planSync({ ds, nodes: [newNode('not-too-much-mem')], pods: [], shouldRunOn: () => ({ shouldRun: true, shouldContinueRunning: true }) });
        expectSync(plan, 0, 0);
        assert.match(plan.blocked ?? '', /being deleted/);
      });
      test('TestDeleteUnscheduledPodForNotExistingNode', () => {
        const ds = withStrategy(newDaemonSet('foo'));
        const podScheduledUsingAffinity = newPod('pod1-node-3', '', simpleDaemonSetLabel, ds, {
          spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-2'] }] }] } } } },
        });
        const pods = [...addPods('node-0', simpleDaemonSetLabel, ds, 1), ...addPods('node-1', simpleDaemonSetLabel, ds, 1), podScheduledUsingAffinity];
        const plan = sync(ds, addNodes(0, 1), pods);
        expectSync(plan, 0, 1);
        assert.equal(plan.podsToDelete[0]?.code, 'NodeGone');
        assert.equal(plan.podsToDelete[0]?.pod, podScheduledUsingAffinity.metadata?.name);
        // the scheduled pod on the missing node-1 is left to the pod garbage collector
        assert.ok(plan.held.some((h) => h.node === 'node-1' && /garbage collector/.test(h.reason)));
      });
    });
  }
});

// TestDaemonKillFailedPods: the newest upstream table (the older "2 failed pods (kill 2)" case was
// dropped once the per-node backoff started limiting failed-pod deletions to one per sync).
const killFailed = [
  { numFailedPods: 0, numNormalPods: 1, expectedCreates: 0, expectedDeletes: 0, test: 'normal (do nothing)' },
  { numFailedPods: 0, numNormalPods: 0, expectedCreates: 1, expectedDeletes: 0, test: 'no pods (create 1)' },
  { numFailedPods: 1, numNormalPods: 0, expectedCreates: 0, expectedDeletes: 1, test: '1 failed pod (kill 1), 0 normal pod (create 0; will create in the next sync)' },
  { numFailedPods: 1, numNormalPods: 3, expectedCreates: 0, expectedDeletes: 3, test: '1 failed pod (kill 1), 3 normal pods (kill 2)' },
];

describe('TestDaemonKillFailedPods', () => {
  for (const c of killFailed) {
    for (const strategy of updateStrategies) {
      test(`${c.test} [${strategy.type}]`, () => {
        const ds = { ...newDaemonSet('foo'), spec: { ...newDaemonSet('foo').spec, updateStrategy: strategy } };
        const pods = [...addFailedPods('node-0', simpleDaemonSetLabel, ds, c.numFailedPods), ...addPods('node-0', simpleDaemonSetLabel, ds, c.numNormalPods)];
        expectSync(sync(ds, addNodes(0, 1), pods), c.expectedCreates, c.expectedDeletes);
      });
    }
  }
  test('2 failed pods, 1 normal pod: the backoff lets one failed pod go per sync', () => {
    const ds = newDaemonSet('foo');
    const pods = [...addFailedPods('node-0', simpleDaemonSetLabel, ds, 2), ...addPods('node-0', simpleDaemonSetLabel, ds, 1)];
    const plan = sync(ds, addNodes(0, 1), pods);
    expectSync(plan, 0, 1);
    assert.equal(plan.podsToDelete[0]?.code, 'Failed');
    assert.equal(plan.held.filter((h) => /backing off/.test(h.reason)).length, 1);
  });
});

describe('TestDaemonKillFailedPodsBackoff', () => {
  for (const strategy of updateStrategies) {
    test(strategy.type, () => {
      const ds = { ...newDaemonSet('foo'), spec: { ...newDaemonSet('foo').spec, updateStrategy: strategy } };
      const pods = addFailedPods('node-0', simpleDaemonSetLabel, ds, 1);
      // First sync deletes the pod and starts the backoff.
      expectSync(sync(ds, addNodes(0, 1), pods), 0, 1);
      // While the node is backing off the failed pod stays.
      const second = sync(ds, addNodes(0, 1), pods, { backoffNodes: ['node-0'] });
      expectSync(second, 0, 0);
      assert.equal(second.held.filter((h) => /backing off/.test(h.reason)).length, 1);
    });
  }
});

describe('TestGetNodesToDaemonPods', () => {
  const ds = newDaemonSet('foo');
  const ds2 = newDaemonSet('foo2');
  const now = '2024-01-01T00:00:00Z';
  const wanted = () => [
    newPod('matching-owned-0-', 'node-0', simpleDaemonSetLabel, ds),
    newPod('matching-orphan-0-', 'node-0', simpleDaemonSetLabel),
    newPod('matching-owned-1-', 'node-1', simpleDaemonSetLabel, ds),
    newPod('matching-orphan-1-', 'node-1', simpleDaemonSetLabel),
    newPod('matching-owned-succeeded-pod-0-', 'node-0', simpleDaemonSetLabel, ds, { status: { phase: 'Succeeded' } }),
    newPod('matching-owned-failed-pod-1-', 'node-1', simpleDaemonSetLabel, ds, { status: { phase: 'Failed' } }),
  ];
  const deletedTerminal = () => [
    newPod('matching-owned-succeeded-deleted-pod-0-', 'node-0', simpleDaemonSetLabel, ds, { metadata: { deletionTimestamp: now }, status: { phase: 'Succeeded' } }),
    newPod('matching-owned-failed-deleted-pod-1-', 'node-1', simpleDaemonSetLabel, ds, { metadata: { deletionTimestamp: now }, status: { phase: 'Failed' } }),
  ];
  const notClaimed = () => [
    newPod('non-matching-owned-0-', 'node-0', simpleDaemonSetLabel2, ds),
    newPod('non-matching-orphan-1-', 'node-1', simpleDaemonSetLabel2),
    newPod('matching-owned-by-other-0-', 'node-0', simpleDaemonSetLabel, ds2),
  ];
  const cases = [
    { name: 'exclude deleted terminal pods', includeDeletedTerminal: false },
    { name: 'include deleted terminal pods', includeDeletedTerminal: true },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const want = wanted();
      const terminal = deletedTerminal();
      const all = [...want, ...terminal, ...notClaimed()];
      const claimed = all.filter((p) => podBelongsTo(ds, p, matchLabels(simpleDaemonSetLabel)));
      const { byNode } = getNodesToDaemonPods(claimed, c.includeDeletedTerminal);
      const got = new Set<string>();
      for (const [node, pods] of byNode) {
        for (const p of pods) {
          assert.equal(p.spec?.nodeName, node);
          got.add(p.metadata?.name ?? '');
        }
      }
      // upstream's "include" case lists one of the two deleted terminal pods as wanted; both qualify
      const expected = [...want, ...(c.includeDeletedTerminal ? terminal : [])].map((p) => p.metadata?.name ?? '');
      assert.deepEqual([...got].sort(), expected.sort());
    });
  }
});

describe('slow start (syncNodes)', () => {
  const cases: { name: string; count: number; batches: number[] }[] = [
    { name: 'none', count: 0, batches: [] },
    { name: '1 node', count: 1, batches: [1] },
    { name: '3 nodes', count: 3, batches: [1, 2] },
    { name: '7 nodes', count: 7, batches: [1, 2, 4] },
    { name: '8 nodes: the last batch is what remains', count: 8, batches: [1, 2, 4, 1] },
    { name: '100 nodes (TestSimpleDaemonSetPodCreateErrors scale)', count: 100, batches: [1, 2, 4, 8, 16, 32, 37] },
    { name: '250 nodes: exactly BurstReplicas', count: 250, batches: [1, 2, 4, 8, 16, 32, 64, 123] },
    { name: '600 nodes: bounded by BurstReplicas', count: 600, batches: [1, 2, 4, 8, 16, 32, 64, 123] },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const b = slowStartBatches(c.count);
      assert.deepEqual(b, c.batches);
      assert.equal(b.reduce((a, x) => a + x, 0), Math.min(c.count, 250));
    });
  }
  test('a smaller burst bound', () => {
    assert.deepEqual(slowStartBatches(20, 10), [1, 2, 4, 3]);
  });
  test('plan: 600 nodes create 250 now, 350 later; deletions are not slow-started', () => {
    const ds = newDaemonSet('foo');
    const nodes = addNodes(0, 600);
    const plan = planSync({ ds, nodes, pods: [], shouldRunOn: () => ({ shouldRun: true, shouldContinueRunning: true }) });
    assert.equal(plan.nodesNeedingDaemonPods.length, 600);
    assert.deepEqual(plan.batches, [1, 2, 4, 8, 16, 32, 64, 123]);
    assert.equal(plan.deferredCreates.length, 350);
    assert.equal(plan.deferredCreates[0], 'node-250');
    const evict = planSync({
      ds,
      nodes: addNodes(0, 300),
      pods: addNodes(0, 300).map((n) => newPod('p-', n.name, simpleDaemonSetLabel, ds)),
      shouldRunOn: () => ({ shouldRun: false, shouldContinueRunning: false }),
    });
    assert.equal(evict.podsToDelete.length, 300);
    assert.equal(evict.deletesThisSync, 250);
    assert.deepEqual(evict.batches, []);
  });
});

describe('podsShouldBeOnNode edge cases', () => {
  const ds = newDaemonSet('foo');
  const run = (pods: Pod[], placement: Placement, extra: Partial<Parameters<typeof planSync>[0]> = {}) =>
    planSync({ ds, nodes: [newNode('n')], pods, shouldRunOn: () => placement, ...extra });

  test('duplicates: keeps the scheduled one first, then the oldest, then by name', () => {
    const older = newPod('b-', 'n', simpleDaemonSetLabel, ds, { metadata: { creationTimestamp: '2024-01-01T00:00:00Z' } });
    const newer = newPod('a-', 'n', simpleDaemonSetLabel, ds, { metadata: { creationTimestamp: '2024-02-01T00:00:00Z' } });
    const sameTimeByName = newPod('c-', 'n', simpleDaemonSetLabel, ds, { metadata: { creationTimestamp: '2024-01-01T00:00:00Z' } });
    const plan = run([newer, sameTimeByName, older], { shouldRun: true, shouldContinueRunning: true });
    assert.deepEqual(plan.podsToDelete.map((p) => p.pod).sort(), [newer.metadata?.name, sameTimeByName.metadata?.name].sort());
    assert.match(plan.podsToDelete[0]?.reason ?? '', new RegExp(`keeps ${older.metadata?.name}`));
  });
  test('comparator: scheduled before unscheduled', () => {
    const scheduled = newPod('z-', 'n', {}, undefined, { metadata: { creationTimestamp: '2025-01-01T00:00:00Z' } });
    const pending = newPod('a-', '', {}, undefined, { metadata: { creationTimestamp: '2020-01-01T00:00:00Z' } });
    assert.equal(comparePodsByCreationTimestampAndPhase(scheduled, pending), -1);
    assert.equal(comparePodsByCreationTimestampAndPhase(pending, scheduled), 1);
  });
  test('succeeded pod is deleted', () => {
    const plan = run([newPod('s-', 'n', simpleDaemonSetLabel, ds, { status: { phase: 'Succeeded' } })], { shouldRun: true, shouldContinueRunning: true });
    assert.equal(plan.podsToDelete[0]?.code, 'Succeeded');
    assert.equal(plan.nodesNeedingDaemonPods.length, 0);
  });
  test('a terminating pod is not counted, not deleted again, and blocks creation this sync', () => {
    const plan = run([newPod('t-', 'n', simpleDaemonSetLabel, ds, { metadata: { deletionTimestamp: '2024-01-01T00:00:00Z' } })], { shouldRun: true, shouldContinueRunning: true });
    expectSync(plan, 0, 0);
    assert.ok(plan.held.some((h) => /being deleted/.test(h.reason)));
  });
  test('a terminating pod next to a running one is not a duplicate', () => {
    const plan = run(
      [newPod('t-', 'n', simpleDaemonSetLabel, ds, { metadata: { deletionTimestamp: '2024-01-01T00:00:00Z' } }), newPod('r-', 'n', simpleDaemonSetLabel, ds)],
      { shouldRun: true, shouldContinueRunning: true },
    );
    expectSync(plan, 0, 0);
  });
  test('NoExecute-like (shouldContinueRunning false): every live pod on the node goes', () => {
    const plan = run(
      [newPod('a-', 'n', simpleDaemonSetLabel, ds), newPod('b-', 'n', simpleDaemonSetLabel, ds, { metadata: { deletionTimestamp: '2024-01-01T00:00:00Z' } })],
      { shouldRun: false, shouldContinueRunning: false },
    );
    expectSync(plan, 0, 1);
    assert.equal(plan.podsToDelete[0]?.code, 'NodeShouldNotRun');
  });
  test('NoSchedule-like (shouldRun false, shouldContinueRunning true): the running pod stays, none is created', () => {
    expectSync(run([newPod('a-', 'n', simpleDaemonSetLabel, ds)], { shouldRun: false, shouldContinueRunning: true }), 0, 0);
    expectSync(run([], { shouldRun: false, shouldContinueRunning: true }), 0, 0);
  });
  test('pods without a target node are ignored', () => {
    const plan = run([newPod('x-', '', simpleDaemonSetLabel, ds)], { shouldRun: true, shouldContinueRunning: true });
    expectSync(plan, 1, 0);
    assert.equal(plan.ignored.length, 1);
  });

  const surgeDs: DaemonSet = { ...ds, spec: { ...ds.spec, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } } } };
  const ready = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2024-01-01T00:00:00Z' }] };
  const notReady = { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] };
  const withHash = (h: string) => ({ ...simpleDaemonSetLabel, 'controller-revision-hash': h });
  test('surge: an available new pod replaces the old one', () => {
    const old = newPod('old-', 'n', withHash('h1'), ds, { status: ready, metadata: { creationTimestamp: '2024-01-01T00:00:00Z' } });
    const neu = newPod('new-', 'n', withHash('h2'), ds, { status: ready, metadata: { creationTimestamp: '2024-01-02T00:00:00Z' } });
    const plan = run([old, neu], { shouldRun: true, shouldContinueRunning: true }, { ds: surgeDs, hash: 'h2' });
    expectSync(plan, 0, 1);
    assert.equal(plan.podsToDelete[0]?.pod, old.metadata?.name);
    assert.equal(plan.podsToDelete[0]?.code, 'SurgeReplaced');
  });
  test('surge: both kept while the new pod is not ready and the old one is', () => {
    const old = newPod('old-', 'n', withHash('h1'), ds, { status: ready });
    const neu = newPod('new-', 'n', withHash('h2'), ds, { status: notReady });
    expectSync(run([old, neu], { shouldRun: true, shouldContinueRunning: true }, { ds: surgeDs, hash: 'h2' }), 0, 0);
  });
  test('surge: minReadySeconds holds the old pod until the new one is available', () => {
    const minReady: DaemonSet = { ...surgeDs, spec: { ...surgeDs.spec, minReadySeconds: 60 } };
    const old = newPod('old-', 'n', withHash('h1'), ds, { status: ready });
    const neu = newPod('new-', 'n', withHash('h2'), ds, { status: ready });
    const t0 = Date.parse('2024-01-01T00:00:30Z');
    expectSync(run([old, neu], { shouldRun: true, shouldContinueRunning: true }, { ds: minReady, hash: 'h2', now: t0 }), 0, 0);
    expectSync(run([old, neu], { shouldRun: true, shouldContinueRunning: true }, { ds: minReady, hash: 'h2', now: t0 + 60_000 }), 0, 1);
  });
  test('surge: a node whose only pod is terminating gets a new pod', () => {
    const t = newPod('t-', 'n', withHash('h1'), ds, { metadata: { deletionTimestamp: '2024-01-01T00:00:00Z' } });
    expectSync(run([t], { shouldRun: true, shouldContinueRunning: true }, { ds: surgeDs, hash: 'h2' }), 1, 0);
  });
  test('isPodAvailable', () => {
    const p: Pod = { status: ready };
    assert.equal(isPodAvailable(p, 0), true);
    assert.equal(isPodAvailable(p, 10, Date.parse('2024-01-01T00:00:05Z')), false);
    assert.equal(isPodAvailable({ status: notReady }, 0), false);
  });
});

describe('GetTargetNodeName', () => {
  const affinity = (matchFields: { key: string; operator: string; values?: string[] }[]) => ({
    spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields }] } } } },
    metadata: { name: 'p', namespace: 'ns' },
  });
  test('spec.nodeName wins', () => {
    assert.deepEqual(getTargetNodeName({ spec: { nodeName: 'a' } }), { nodeName: 'a' });
  });
  test('node-name field affinity', () => {
    assert.deepEqual(getTargetNodeName(affinity([{ key: 'metadata.name', operator: 'In', values: ['b'] }])), { nodeName: 'b' });
  });
  test('more than one value is an error', () => {
    const r = getTargetNodeName(affinity([{ key: 'metadata.name', operator: 'In', values: ['b', 'c'] }]));
    assert.deepEqual(r, { error: "the matchFields value of 'metadata.name' is not unique for pod ns/p" });
  });
  test('NotIn or another key does not name a node', () => {
    assert.equal(getTargetNodeName(affinity([{ key: 'metadata.name', operator: 'NotIn', values: ['b'] }])).nodeName, undefined);
    assert.equal(getTargetNodeName(affinity([{ key: 'kubernetes.io/hostname', operator: 'In', values: ['b'] }])).nodeName, undefined);
  });
  test('no affinity, no terms', () => {
    assert.deepEqual(getTargetNodeName({ metadata: { name: 'p', namespace: 'ns' } }), {
      error: 'no spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution for pod ns/p',
    });
    assert.match(
      (() => {
        const r = getTargetNodeName({ metadata: { name: 'p' }, spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } } } });
        return r.error ?? '';
      })(),
      /^no nodeSelectorTerms/,
    );
  });
});

describe('claimPod / podBelongsTo (ClaimObject)', () => {
  const ds = newDaemonSet('foo');
  const sel = matchLabels(simpleDaemonSetLabel);
  test('owned and matching: keep', () => {
    assert.equal(claimPod(ds, newPod('a-', 'n', simpleDaemonSetLabel, ds), sel).action, 'keep');
  });
  test('owned but not matching: released, not ours', () => {
    const r = claimPod(ds, newPod('a-', 'n', simpleDaemonSetLabel2, ds), sel);
    assert.equal(r.action, 'release');
    assert.equal(r.claimed, false);
  });
  test('owned by another DaemonSet: ignored even if labels match', () => {
    assert.equal(podBelongsTo(ds, newPod('a-', 'n', simpleDaemonSetLabel, newDaemonSet('other')), sel), false);
  });
  test('same name, different uid: not ours', () => {
    const impostor = { ...ds, metadata: { ...ds.metadata, uid: 'another-uid' } };
    assert.equal(podBelongsTo(impostor, newPod('a-', 'n', simpleDaemonSetLabel, ds), sel), false);
  });
  test('without uids the reference is matched by kind and name', () => {
    const noUid: DaemonSet = { ...ds, metadata: { name: 'foo', namespace: 'default' } };
    const pod: Pod = { metadata: { name: 'p', labels: simpleDaemonSetLabel, ownerReferences: [{ kind: 'DaemonSet', name: 'foo', controller: true }] } };
    assert.equal(podBelongsTo(noUid, pod, sel), true);
    const rs: Pod = { metadata: { name: 'p', labels: simpleDaemonSetLabel, ownerReferences: [{ kind: 'ReplicaSet', name: 'foo', controller: true }] } };
    assert.equal(podBelongsTo(noUid, rs, sel), false);
  });
  test('orphan matching: adopted; orphan not matching, deleting, or in another namespace: not', () => {
    assert.equal(claimPod(ds, newPod('a-', 'n', simpleDaemonSetLabel), sel).action, 'adopt');
    assert.equal(podBelongsTo(ds, newPod('a-', 'n', simpleDaemonSetLabel2), sel), false);
    assert.equal(podBelongsTo(ds, newPod('a-', 'n', simpleDaemonSetLabel, undefined, { metadata: { deletionTimestamp: '2024-01-01T00:00:00Z' } }), sel), false);
    assert.equal(podBelongsTo(ds, newPod('a-', 'n', simpleDaemonSetLabel, undefined, { metadata: { namespace: 'other' } }), sel), false);
  });
  test('a DaemonSet being deleted keeps what it owns but adopts nothing', () => {
    const deleting = { ...ds, metadata: { ...ds.metadata, deletionTimestamp: '2024-01-01T00:00:00Z' } };
    assert.equal(podBelongsTo(deleting, newPod('a-', 'n', simpleDaemonSetLabel, ds), sel), true);
    assert.equal(podBelongsTo(deleting, newPod('a-', 'n', simpleDaemonSetLabel), sel), false);
  });
  test('non-controller owner references do not count as a controller', () => {
    const pod: Pod = { metadata: { name: 'p', labels: simpleDaemonSetLabel, ownerReferences: [{ kind: 'DaemonSet', name: 'other', uid: 'x' }] } };
    assert.equal(claimPod(ds, pod, sel).action, 'adopt');
  });
});
