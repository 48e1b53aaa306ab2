// kce/inventory gives each node its capacity and load: allocatable as the inventory lists it, what the pods on it
// request (from the scheduler's per-node state), what is left, and the pod count; a node without allocatable gets
// no free figures (its capacity is unknown), never zeros.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import * as P from '../../server/src/protocol';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { ClusterNodeInfos } from '../../server/src/core/scheduler/nodeInfo';
import type { SchedNode, SchedPod } from '../../server/src/core/scheduler/types';
import { startServer } from './harness';
import { fakeDeps } from './fake';

describe('kce/inventory: capacity and load of each node', () => {
  test('the sample cluster with its pods: worker-a-1 nearly full, gpu-a-1 with its GPU taken', async () => {
    const h = await startServer({ deps: defaultDeps() });
    try {
      const inv = await h.client.sendRequest(P.inventory, {});
      const a1 = inv.nodes.find((n) => n.name === 'worker-a-1')!;
      assert.equal(a1.allocatable?.cpu, '3920m');
      assert.equal(a1.allocatable?.pods, '58');
      // report 500m + coredns 100m + postgres 2 + web 1 (kube-proxy requests nothing); five pods.
      assert.equal(a1.pods, 5);
      assert.equal(a1.requested?.cpu, '3600m');
      assert.equal(a1.requested?.memory, '10.07Gi');
      assert.equal(a1.requested?.pods, '5');
      assert.deepEqual([a1.free?.cpu, a1.free?.memory, a1.free?.pods], ['320m', '4.38Gi', '53']);
      const gpu = inv.nodes.find((n) => n.name === 'gpu-a-1')!;
      assert.equal(gpu.requested?.['nvidia.com/gpu'], '1');
      assert.equal(gpu.free?.['nvidia.com/gpu'], '0');
      assert.equal(inv.nodes.filter((n) => n.allocatable === undefined).length, 0);
      // `nodes: false`: the same summary without the node list (the extension's start asks only for that).
      const summary = await h.client.sendRequest(P.inventory, { nodes: false });
      assert.deepEqual(summary.nodes, []);
      const { nodes: _all, ...info } = inv;
      const { nodes: _none, ...same } = summary;
      assert.deepEqual(same, info);
      assert.equal(summary.count, 14);
    } finally {
      await h.dispose();
    }
  });

  test('a node without allocatable: its load is given, no allocatable and no free figures', async () => {
    const nodes: SchedNode[] = [
      { name: 'bare', labels: {}, taints: [], unschedulable: false, conditions: [] },
      { name: 'known', labels: {}, taints: [], unschedulable: false, conditions: [], allocatable: { cpu: '2', pods: '4' } },
    ];
    const state = new ClusterNodeInfos();
    for (const n of nodes) state.setNode(n);
    const pod = (name: string, node: string): SchedPod => ({
      metadata: { name, namespace: 'x', uid: name },
      spec: { nodeName: node, containers: [{ name: 'c', resources: { requests: { cpu: '250m' } } }] },
      status: { phase: 'Running' },
    });
    state.upsertPod(pod('p1', 'bare'));
    state.upsertPod(pod('p2', 'known'));
    const h = await startServer({
      deps: fakeDeps({ loadInventory: async () => ({ source: 'file', detail: '/x/nodes.yaml', nodes, scheduling: state }) }),
    });
    try {
      const inv = await h.client.sendRequest(P.inventory, {});
      const bare = inv.nodes.find((n) => n.name === 'bare')!;
      assert.equal(bare.allocatable, undefined);
      assert.equal(bare.free, undefined);
      assert.deepEqual([bare.pods, bare.requested?.cpu], [1, '250m']);
      const known = inv.nodes.find((n) => n.name === 'known')!;
      assert.deepEqual(known.allocatable, { cpu: '2', pods: '4' });
      assert.deepEqual(known.free, { cpu: '1750m', pods: '3' });
    } finally {
      await h.dispose();
    }
  });
});
