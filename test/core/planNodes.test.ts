// The plan node by node: slow start, podsShouldBeOnNode edge cases, GetTargetNodeName, ClaimObject (daemon_controller_test.go).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { planSync, slowStartBatches, claimPod, podBelongsTo, comparePodsByCreationTimestampAndPhase, isPodAvailable, type Placement } from '../../server/src/core/plan';
import { getTargetNodeName } from '../../server/src/core/daemonPod';
import type { DaemonSet, Pod } from '../../server/src/core/types';
import { simpleDaemonSetLabel2, simpleDaemonSetLabel, newDaemonSet, newNode, addNodes, newPod, matchLabels, sync, expectSync } from './planFixtures';

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
