import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  effectiveRollingUpdate,
  updatedDesiredNodeCounts,
  simulateRollout,
  surgeCount,
  unavailableCount,
  allowsSurge,
} from '../../server/src/core/rollout';
import type { DaemonSet, IntOrString } from '../../server/src/core/types';

function dsWith(type: string | undefined, ru?: { maxUnavailable?: IntOrString; maxSurge?: IntOrString }): DaemonSet {
  return { metadata: { name: 'x' }, spec: { updateStrategy: { ...(type ? { type } : {}), ...(ru ? { rollingUpdate: ru } : {}) } } };
}
// upstream newUpdateUnavailable / newUpdateSurge (update_test.go)
const unavailable = (v: IntOrString) => dsWith('RollingUpdate', { maxUnavailable: v });
const surge = (v: IntOrString) => dsWith('RollingUpdate', { maxUnavailable: 0, maxSurge: v });

// TestGetUnavailableNumbers (pkg/controller/daemon/update_test.go). Every upstream node there should
// run the pod, so desiredNumberScheduled is the node count. (`emptyNodes` is about the node->pods
// map that upstream mutates; it has no counterpart here.)
const unavailableNumbers: { name: string; ds: DaemonSet; nodes: number; maxSurge: number; maxUnavailable: number; desiredNumberScheduled: number }[] = [
  { name: 'No nodes', ds: unavailable(0), nodes: 0, maxSurge: 0, maxUnavailable: 0, desiredNumberScheduled: 0 },
  { name: 'Two nodes with ready pods', ds: unavailable(1), nodes: 2, maxSurge: 0, maxUnavailable: 1, desiredNumberScheduled: 2 },
  { name: 'Two nodes, one node without pods', ds: unavailable(0), nodes: 2, maxSurge: 0, maxUnavailable: 1, desiredNumberScheduled: 2 },
  { name: 'Two nodes, one node without pods, surge', ds: surge(0), nodes: 2, maxSurge: 0, maxUnavailable: 1, desiredNumberScheduled: 2 },
  { name: 'Two nodes with pods, MaxUnavailable in percents', ds: unavailable('50%'), nodes: 2, maxSurge: 0, maxUnavailable: 1, desiredNumberScheduled: 2 },
  { name: 'Two nodes with pods, MaxUnavailable in percents, surge', ds: surge('50%'), nodes: 2, maxSurge: 1, maxUnavailable: 0, desiredNumberScheduled: 2 },
  { name: 'Two nodes with pods, MaxUnavailable is 100%, surge', ds: surge('100%'), nodes: 2, maxSurge: 2, maxUnavailable: 0, desiredNumberScheduled: 2 },
  { name: 'Two nodes with pods, MaxUnavailable in percents, pod terminating', ds: unavailable('50%'), nodes: 3, maxSurge: 0, maxUnavailable: 2, desiredNumberScheduled: 3 },
];

describe('TestGetUnavailableNumbers (updatedDesiredNodeCounts)', () => {
  for (const c of unavailableNumbers) {
    test(c.name, () => {
      const r = updatedDesiredNodeCounts(c.ds, c.nodes);
      assert.ok(!('error' in r), JSON.stringify(r));
      assert.equal(r.maxSurge, c.maxSurge);
      assert.equal(r.maxUnavailable, c.maxUnavailable);
      assert.equal(r.desiredNumberScheduled, c.desiredNumberScheduled);
      // effectiveRollingUpdate agrees when the values are explicit
      const e = effectiveRollingUpdate(c.ds, c.nodes);
      assert.equal(e.maxSurge, c.maxSurge);
      assert.equal(e.maxUnavailable, c.maxUnavailable);
    });
  }
});

describe('SurgeCount / UnavailableCount', () => {
  test('both round up', () => {
    assert.deepEqual(surgeCount(dsWith('RollingUpdate', { maxUnavailable: 0, maxSurge: '10%' }), 15), { ok: true, value: 2 });
    assert.deepEqual(unavailableCount(dsWith('RollingUpdate', { maxUnavailable: '10%' }), 15), { ok: true, value: 2 });
  });
  test('OnDelete: both 0', () => {
    assert.deepEqual(surgeCount(dsWith('OnDelete', { maxSurge: 3 }), 10), { ok: true, value: 0 });
    assert.deepEqual(unavailableCount(dsWith('OnDelete', { maxUnavailable: 3 }), 10), { ok: true, value: 0 });
  });
  test('no rollingUpdate block: 0 (before defaulting)', () => {
    assert.deepEqual(unavailableCount(dsWith('RollingUpdate'), 10), { ok: true, value: 0 });
  });
  test('unset maxUnavailable inside rollingUpdate is an error before defaulting, unset surge is 0', () => {
    assert.deepEqual(unavailableCount(dsWith('RollingUpdate', { maxSurge: 1 }), 10), { ok: false, error: 'nil value for IntOrString' });
    assert.deepEqual(surgeCount(dsWith('RollingUpdate', { maxUnavailable: 1 }), 10), { ok: true, value: 0 });
  });
  test('AllowsSurge', () => {
    assert.equal(allowsSurge(surge(1)), true);
    assert.equal(allowsSurge(surge('1%')), true); // 1% of 1 rounds up to 1
    assert.equal(allowsSurge(surge(0)), false);
    assert.equal(allowsSurge(unavailable(1)), false);
    assert.equal(allowsSurge(surge('x%')), false);
  });
});

describe('effectiveRollingUpdate', () => {
  test('defaults: maxUnavailable 1, maxSurge 0 when unset', () => {
    const e = effectiveRollingUpdate({ spec: {} }, 12);
    assert.equal(e.strategy, 'RollingUpdate');
    assert.equal(e.maxUnavailable, 1);
    assert.equal(e.maxSurge, 0);
    assert.equal(e.detail.maxUnavailable, '1 (default)');
    assert.equal(e.detail.maxSurge, '0 (default)');
  });
  test('25% of 12 = 3', () => {
    const e = effectiveRollingUpdate(unavailable('25%'), 12);
    assert.equal(e.maxUnavailable, 3);
    assert.equal(e.detail.maxUnavailable, '25% of 12 = 3 (exact)');
  });
  test('25% of 10 rounds up to 3', () => {
    const e = effectiveRollingUpdate(unavailable('25%'), 10);
    assert.equal(e.maxUnavailable, 3);
    assert.equal(e.detail.maxUnavailable, '25% of 10 = 3 (2.5 rounded up)');
  });
  test('maxSurge percent rounds up too', () => {
    const e = effectiveRollingUpdate(surge('30%'), 7);
    assert.equal(e.maxSurge, 3);
    assert.equal(e.maxUnavailable, 0);
    assert.equal(e.detail.maxSurge, '30% of 7 = 3 (2.1 rounded up)');
  });
  test('both zero falls back to maxUnavailable 1', () => {
    const e = effectiveRollingUpdate(dsWith('RollingUpdate', { maxUnavailable: '0%', maxSurge: 0 }), 5);
    assert.equal(e.maxUnavailable, 1);
    assert.match(e.detail.maxUnavailable, /^0% of 5 = 0 \(exact\) → 1 /);
  });
  test('both zero with no nodes stays 0', () => {
    const e = effectiveRollingUpdate(dsWith('RollingUpdate', { maxUnavailable: 0, maxSurge: 0 }), 0);
    assert.equal(e.maxUnavailable, 0);
  });
  test('maxSurge set, maxUnavailable unset: defaulting sets maxUnavailable 1', () => {
    const e = effectiveRollingUpdate(dsWith('RollingUpdate', { maxSurge: 2 }), 4);
    assert.equal(e.maxUnavailable, 1);
    assert.equal(e.maxSurge, 2);
  });
  test('a bare numeric string is rejected like upstream', () => {
    const e = effectiveRollingUpdate(unavailable('1'), 4);
    assert.equal(e.error, 'invalid value for MaxUnavailable: invalid value for IntOrString: invalid type: string is not a percentage');
  });
  test('OnDelete', () => {
    const e = effectiveRollingUpdate(dsWith('OnDelete'), 4);
    assert.equal(e.strategy, 'OnDelete');
    assert.equal(e.maxSurge, 0);
    assert.equal(e.maxUnavailable, 0);
    assert.match(e.detail.maxUnavailable, /OnDelete/);
  });
});

const nodes = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `node-${String(i + from).padStart(3, '0')}`);
const counts = (r: ReturnType<typeof simulateRollout>) => r.rounds.map((x) => [x.create.length, x.delete.length]);

// Rolling update sequences from update_test.go, every new pod marked ready between syncs.
// Without surge upstream deletes in one sync and creates in the next; here that pair is one round.
describe('rolling update sequences (update_test.go)', () => {
  test('TestDaemonSetUpdatesPods', () => {
    // 5 nodes, maxUnavailable 2: delete/create 2, 2, then 1
    assert.deepEqual(counts(simulateRollout({ nodes: nodes(5), maxSurge: 0, maxUnavailable: 2 })), [[2, 2], [2, 2], [1, 1]]);
  });
  test('TestDaemonSetUpdatesPodsWithMaxSurge', () => {
    // 5 nodes, maxSurge 2: (create 2), (create 2, delete 2), (create 5%2, delete 2), (delete 5%2)
    assert.deepEqual(counts(simulateRollout({ nodes: nodes(5), maxSurge: 2, maxUnavailable: 0 })), [[2, 0], [2, 2], [1, 2], [0, 1]]);
  });
  test('TestDaemonSetUpdatesSaveOldHealthyPods (first update)', () => {
    assert.deepEqual(counts(simulateRollout({ nodes: nodes(20), maxSurge: 0, maxUnavailable: 10 })), [[10, 10], [10, 10]]);
  });
  test('TestDaemonSetUpdatesAllOldNotReadyPodsAndNewNotReadyPods (100 nodes, maxUnavailable 10)', () => {
    const r = simulateRollout({ nodes: nodes(100), maxSurge: 0, maxUnavailable: 10 });
    assert.equal(r.rounds.length, 10);
    assert.ok(r.rounds.every((x) => x.create.length === 10 && x.delete.length === 10));
  });
  test('TestDaemonSetUpdatesPodsNotMatchTainstWithMaxSurge', () => {
    // node-0 gets a NoSchedule taint the new template does not tolerate; maxSurge 1 over the other 4
    const r = simulateRollout({ nodes: ['node-1', 'node-2', 'node-3', 'node-4'], sunsetNodes: ['node-0'], maxSurge: 1, maxUnavailable: 0 });
    assert.deepEqual(counts(r), [[1, 1], [1, 1], [1, 1], [1, 1], [0, 1]]);
    assert.deepEqual(r.rounds[0], {
      create: ['node-1'],
      delete: ['node-0'],
      note: 'surge 1 new pod(s) beside the old ones (maxSurge 1); delete 1 old pod(s) on nodes that no longer should run it',
    });
  });
});

describe('simulateRollout', () => {
  test('order is by node name; a round names its nodes', () => {
    const r = simulateRollout({ nodes: ['c', 'a', 'b'], maxSurge: 0, maxUnavailable: 2 });
    assert.deepEqual(r.rounds.map((x) => x.delete), [['a', 'b'], ['c']]);
    assert.deepEqual(r.rounds.map((x) => x.create), [['a', 'b'], ['c']]);
    assert.match(r.rounds[0]?.note ?? '', /^delete 2 old pod\(s\) \(maxUnavailable 2\)/);
  });
  test('surge: the old pod goes the round after its new pod starts', () => {
    const r = simulateRollout({ nodes: ['a', 'b', 'c'], maxSurge: 1, maxUnavailable: 0 });
    assert.deepEqual(r.rounds.map((x) => [x.create, x.delete]), [
      [['a'], []],
      [['b'], ['a']],
      [['c'], ['b']],
      [[], ['c']],
    ]);
  });
  test('both zero: falls back to one at a time', () => {
    assert.deepEqual(counts(simulateRollout({ nodes: nodes(3), maxSurge: 0, maxUnavailable: 0 })), [[1, 1], [1, 1], [1, 1]]);
  });
  test('maxUnavailable above the node count: one round', () => {
    assert.deepEqual(counts(simulateRollout({ nodes: nodes(3), maxSurge: 0, maxUnavailable: 50 })), [[3, 3]]);
  });
  test('no nodes: no rounds', () => {
    assert.deepEqual(simulateRollout({ nodes: [], maxSurge: 0, maxUnavailable: 0 }), { rounds: [] });
  });
  test('OnDelete: no rounds', () => {
    assert.deepEqual(simulateRollout({ nodes: nodes(4), maxSurge: 0, maxUnavailable: 1, strategy: 'OnDelete' }), { rounds: [] });
  });
  test('without surge, a sunset node uses the unavailability budget and gets no new pod', () => {
    const r = simulateRollout({ nodes: ['b', 'c'], sunsetNodes: ['a'], maxSurge: 0, maxUnavailable: 2 });
    assert.deepEqual(r.rounds.map((x) => [x.create, x.delete]), [
      [['b'], ['a', 'b']],
      [['c'], ['c']],
    ]);
  });
  test('duplicate node names are counted once', () => {
    assert.deepEqual(counts(simulateRollout({ nodes: ['a', 'a', 'b'], maxSurge: 0, maxUnavailable: 1 })), [[1, 1], [1, 1]]);
  });
});
