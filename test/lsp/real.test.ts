// The in-process server with the product's real analysis, inventory and core (not fakes).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as P from '../../server/src/protocol';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { startServer } from './harness';

const ROOT = resolve(__dirname, '../..');
const EXAMPLE = join(ROOT, 'examples/node-exporter.yaml');

describe('real deps', () => {
  test('sample cluster, placement, plan in slow-start batches and rollout rounds', async () => {
    const h = await startServer({ deps: defaultDeps() });
    try {
      const uri = pathToFileURL(EXAMPLE).href;
      await h.open(uri, readFileSync(EXAMPLE, 'utf8'));
      const placement = await h.client.sendRequest(P.simulatePlacement, { uri, documentIndex: 0 });
      assert.ok(placement);
      assert.equal(placement.inventory.source, 'sample');
      assert.equal(placement.summary.nodes, 14);
      const plan = await h.client.sendRequest(P.plan, { uri, documentIndex: 0 });
      assert.ok(plan);
      assert.equal(plan.nodesNeedingDaemonPods.length, placement.summary.shouldRun);
      // Slow start: 1, 2, 4, ... and the batches cover exactly the nodes to create.
      assert.deepEqual(plan.batches.slice(0, 3), [1, 2, 4]);
      assert.equal(plan.batches.reduce((s, b) => s + b, 0), plan.nodesNeedingDaemonPods.length);
      const rollout = await h.client.sendRequest(P.rollout, { uri, documentIndex: 0, maxUnavailable: 2, maxSurge: 0 });
      assert.ok(rollout);
      assert.equal(rollout.maxUnavailable, 2);
      assert.ok(rollout.rounds.length >= Math.ceil(placement.summary.shouldRun / 2));
      assert.ok(rollout.rounds.every((r) => r.delete.length <= 2));
      assert.deepEqual(rollout.rounds.flatMap((r) => r.create).sort(), placement.nodes.filter((r) => r.shouldRun).map((r) => r.name).sort());
    } finally {
      await h.dispose();
    }
  });

  test('kce/plan starts from the pods that came with the nodes: the sample cluster\'s, a nodes file\'s; not from a pods file', async () => {
    const proxy = readFileSync(join(ROOT, 'test/fixtures/kube-proxy-daemonset.yaml'), 'utf8');
    const file = join(ROOT, 'examples/sample-cluster.yaml');
    const cases = [
      { inventory: { source: 'sample' }, note: '13 existing pods of this DaemonSet in the sample cluster', create: 0 },
      { inventory: { source: 'file', file }, note: '13 existing pods of this DaemonSet in sample-cluster.yaml', create: 0 },
      // A pods file replaces the nodes file's pods, read for the scheduler only: no pod is known whole.
      { inventory: { source: 'file', file, podsFile: file }, note: 'no pods known: the first sync of a new DaemonSet', create: 13 },
    ];
    for (const c of cases) {
      const h = await startServer({ deps: defaultDeps(), configuration: () => ({ inventory: c.inventory }) });
      try {
        const uri = 'file:///w/kube-proxy.yaml';
        await h.open(uri, proxy);
        const plan = await h.client.sendRequest(P.plan, { uri, documentIndex: 0 });
        assert.equal(plan?.notes[0], c.note, JSON.stringify(c.inventory));
        assert.equal(plan?.nodesNeedingDaemonPods.length, c.create, JSON.stringify(c.inventory));
      } finally {
        await h.dispose();
      }
    }
  });
});
