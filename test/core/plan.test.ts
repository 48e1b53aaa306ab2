// The controller sync plan: manage, failed pods and their backoff, the node → pods mapping (daemon_controller_test.go).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { planSync, getNodesToDaemonPods, podBelongsTo } from '../../server/src/core/plan';
import type { DaemonSet, Pod } from '../../server/src/core/types';
import { simpleDaemonSetLabel2, simpleDaemonSetLabel, simpleNodeLabel2, simpleNodeLabel, updateStrategies, newDaemonSet, newNode, addNodes, newPod, addPods, addFailedPods, matchLabels, simplePlacement, sync, expectSync } from './planFixtures';

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
