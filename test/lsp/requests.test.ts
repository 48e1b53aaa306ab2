import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeLens } from 'vscode-languageserver/node';
import * as P from '../../server/src/protocol';
import { applyNodeEvent } from '../../server/src/analysis/nodeEvent';
import { startServer } from './harness';
import { fakeDeps, FAKE_NODES } from './fake';

const TWO = `# leading comment
kind: DaemonSet
metadata:
  name: agent
spec: {}
---
kind: DaemonSet
metadata:
  name: cp-agent
spec:
  template:
    spec:
      tolerations:
        - key: node-role.kubernetes.io/control-plane
---
kind: ConfigMap
metadata:
  name: cm
`;

describe('code lens', () => {
  test('one lens per DaemonSet, on its first content line, opening the simulation', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      await h.open('file:///w/two.yaml', TWO);
      const lenses = (await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri: 'file:///w/two.yaml' } })) as CodeLens[];
      assert.deepEqual(lenses.map((l) => [l.range.start.line, l.command?.title, l.command?.command, l.command?.arguments]), [
        [1, 'runs on 2 of 3 nodes · 1 skipped', 'kce.simulatePlacement', ['file:///w/two.yaml', 0]],
        [6, 'runs on 3 of 3 nodes · 0 skipped', 'kce.simulatePlacement', ['file:///w/two.yaml', 1]],
      ]);
    } finally {
      await h.dispose();
    }
  });
});

describe('custom requests', () => {
  test('kce/simulatePlacement: nodes with reasons, reason ranges as LSP ranges', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      await h.open('file:///w/two.yaml', TWO);
      const r = await h.client.sendRequest(P.simulatePlacement, { uri: 'file:///w/two.yaml', documentIndex: 0 });
      assert.ok(r);
      assert.equal(r.name, 'agent');
      assert.deepEqual(r.summary, { nodes: 3, shouldRun: 2, shouldContinueRunning: 3 });
      assert.deepEqual(r.inventory, {
        source: 'sample', detail: 'fake sample', count: 3, label: 'sample cluster',
        requested: { source: 'auto', label: 'auto (workspace nodes file, else sample cluster)' }, inUse: { source: 'sample', label: 'sample cluster' },
      });
      const cp = r.nodes.find((x) => x.name === 'cp-1')!;
      assert.equal(cp.shouldRun, false);
      assert.equal(cp.reasons[0]!.code, 'TaintNotTolerated');
      assert.deepEqual(cp.reasons[0]!.taint, { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' });
      // spec.template.spec.tolerations is not written: the nearest written ancestor (`spec`) is the range.
      assert.deepEqual(cp.reasons[0]!.range, { start: { line: 4, character: 0 }, end: { line: 4, character: 4 } });
      assert.deepEqual(r.range.start, { line: 0, character: 0 });
      assert.equal(await h.client.sendRequest(P.simulatePlacement, { uri: 'file:///w/two.yaml', documentIndex: 2 }), null);
      assert.equal(await h.client.sendRequest(P.simulatePlacement, { uri: 'file:///w/closed.yaml', documentIndex: 0 }), null);
    } finally {
      await h.dispose();
    }
  });

  test('kce/inventory', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const r = await h.client.sendRequest(P.inventory, {});
      assert.equal(r.source, 'sample');
      assert.equal(r.count, 3);
      assert.deepEqual(r.nodes.map((n) => n.name), ['cp-1', 'worker-1', 'worker-2']);
      assert.deepEqual(r.nodes[0]!.taints, [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }]);
    } finally {
      await h.dispose();
    }
  });

  test('kce/nodeEvent: tainting a worker moves it off, with the placement diff and the controller actions', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      await h.open('file:///w/two.yaml', TWO);
      const r = await h.client.sendRequest(P.nodeEvent, { uri: 'file:///w/two.yaml', documentIndex: 0, event: { type: 'addTaint', node: 'worker-2', taint: { key: 'gpu', effect: 'NoSchedule' } } });
      assert.ok(r);
      assert.deepEqual(r.changes.map((c) => [c.name, c.before?.shouldRun, c.after?.shouldRun]), [['worker-2', true, false]]);
      // The fake keeps NoSchedule pods running (shouldContinueRunning), so nothing is deleted.
      assert.deepEqual(r.actions, { create: [], delete: [] });
      const added = await h.client.sendRequest(P.nodeEvent, { uri: 'file:///w/two.yaml', documentIndex: 0, event: { type: 'addNode', node: { name: 'worker-3', labels: {}, taints: [], unschedulable: false, conditions: [] } } });
      assert.deepEqual(added?.actions, { create: ['worker-3'], delete: [] });
      assert.deepEqual(added?.changes.map((c) => [c.name, c.before, c.after?.shouldRun]), [['worker-3', undefined, true]]);
      assert.equal(h.session.nodes.length, 3, 'the inventory itself is not changed');
    } finally {
      await h.dispose();
    }
  });

  test('kce/plan and kce/rollout answer from the shared simulations (analysis/results.ts) of the analysed DaemonSet', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      await h.open('file:///w/two.yaml', TWO);
      // The plan places the decoded DaemonSet with the core: no toleration, so not on the control-plane node.
      const plan = await h.client.sendRequest(P.plan, { uri: 'file:///w/two.yaml', documentIndex: 0 });
      assert.deepEqual(plan?.nodesNeedingDaemonPods, ['worker-1', 'worker-2']);
      assert.deepEqual(plan?.batches, [1, 1]);
      assert.equal(plan?.documentIndex, 0);
      // The rollout starts from the document's placement (the fake's: the same two workers).
      const rollout = await h.client.sendRequest(P.rollout, { uri: 'file:///w/two.yaml', documentIndex: 0 });
      assert.deepEqual(rollout?.rounds.flatMap((r) => r.create).sort(), ['worker-1', 'worker-2']);
      assert.equal(rollout?.desiredNumberScheduled, 2);
      assert.equal(await h.client.sendRequest(P.plan, { uri: 'file:///w/two.yaml', documentIndex: 5 }), null);
    } finally {
      await h.dispose();
    }
  });
});

describe('applyNodeEvent', () => {
  const cases: { name: string; event: P.NodeEvent; check: (n: typeof FAKE_NODES) => void }[] = [
    { name: 'removeNode', event: { type: 'removeNode', node: 'cp-1' }, check: (n) => assert.deepEqual(n.map((x) => x.name), ['worker-1', 'worker-2']) },
    { name: 'removeTaint', event: { type: 'removeTaint', node: 'cp-1', taint: { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' } }, check: (n) => assert.deepEqual(n[0]!.taints, []) },
    { name: 'setLabel', event: { type: 'setLabel', node: 'worker-2', key: 'disktype', value: 'hdd' }, check: (n) => assert.equal(n[2]!.labels.disktype, 'hdd') },
    { name: 'removeLabel', event: { type: 'removeLabel', node: 'worker-1', key: 'disktype' }, check: (n) => assert.equal(n[1]!.labels.disktype, undefined) },
    { name: 'cordon', event: { type: 'cordon', node: 'worker-1' }, check: (n) => assert.equal(n[1]!.unschedulable, true) },
    { name: 'addTaint replaces the same key and effect', event: { type: 'addTaint', node: 'cp-1', taint: { key: 'node-role.kubernetes.io/control-plane', value: 'x', effect: 'NoSchedule' } }, check: (n) => assert.deepEqual(n[0]!.taints, [{ key: 'node-role.kubernetes.io/control-plane', value: 'x', effect: 'NoSchedule' }]) },
    { name: 'unknown node: no change', event: { type: 'cordon', node: 'ghost' }, check: (n) => assert.deepEqual(n, FAKE_NODES) },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const snapshot = JSON.stringify(FAKE_NODES);
      c.check(applyNodeEvent(FAKE_NODES, c.event));
      assert.equal(JSON.stringify(FAKE_NODES), snapshot, 'input untouched');
    });
  }
});
