// The language server with the live cluster source (real deps, in process): watch events re-evaluate open
// documents and reach the client as kce/inventoryChanged; kce/listContexts; an untrusted workspace never connects.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { startServer, PULL_CAPS } from '../lsp/harness';
import type { Harness } from '../lsp/harness';
import type { ListContextsResult, PlanResult, SimulatePlacementResult } from '../../server/src/protocol';
import { AGENT_DS, TestApiServer, makeNode, startSeededCluster, tempDir, waitFor } from './apiServer';

const tmp = tempDir('kce-lsp-cluster-');
let api: TestApiServer;
let kubeconfig: string;
const URI = 'file:///work/ds.yaml';
const DS = AGENT_DS;

before(async () => {
  ({ api, kubeconfig } = await startSeededCluster(tmp.dir));
});

after(async () => {
  await api.stop();
  tmp.cleanup();
});

function settings(extra: Record<string, unknown> = {}) {
  return { settings: { kce: { inventory: { source: 'cluster', kubeconfig } } }, ...extra };
}

async function runsOn(h: Harness): Promise<string[]> {
  const r = (await h.client.sendRequest('kce/simulatePlacement', { uri: URI, documentIndex: 0 })) as SimulatePlacementResult;
  return r.nodes.filter((x) => x.shouldRun).map((x) => x.name);
}

describe('LSP with a live cluster', () => {
  test('live inventory, watch events re-evaluate open documents, listContexts, watch closed on shutdown', async () => {
    const h = await startServer({ deps: defaultDeps(), capabilities: PULL_CAPS, initializationOptions: settings({ trusted: true }) });
    try {
      await h.open(URI, DS);
      await waitFor(() => h.inventoryEvents.some((e) => e.status === 'cluster: test · 2 nodes · live'), 15_000, 'live inventory');
      assert.deepEqual(await runsOn(h), ['node-a']);
      const refreshes = h.refreshes.diagnostics;

      api.addNode(makeNode('node-c', { disk: 'ssd' }));
      await waitFor(() => h.inventoryEvents.some((e) => e.count === 3 && e.source === 'cluster'), 5000, 'pushed change');
      assert.deepEqual(await runsOn(h), ['node-a', 'node-c']);
      await waitFor(() => h.refreshes.diagnostics > refreshes, 3000, 'diagnostics refresh');

      // A burst of events: coalesced, not one notification each.
      const before = h.inventoryEvents.length;
      for (let i = 0; i < 50; i++) api.modifyNode('node-b', (n) => { n.metadata.labels!.rev = String(i); });
      await waitFor(() => h.session.nodes.find((n) => n.name === 'node-b')?.labels.rev === '49', 5000, 'burst applied');
      assert.ok(h.inventoryEvents.length - before < 10, `${h.inventoryEvents.length - before} notifications for 50 events`);

      const ctx = (await h.client.sendRequest('kce/listContexts', {})) as ListContextsResult;
      assert.deepEqual(ctx.contexts.map((c) => [c.name, c.namespace, c.current]), [['test', 'default', true]]);
      assert.ok(!JSON.stringify(ctx).includes(api.token));
      assert.ok(!h.logs.join('\n').includes(api.token));
      assert.equal(api.openWatches, 2, 'one watch of nodes, one of pods');
    } finally {
      await h.dispose();
    }
    await waitFor(() => api.openWatches === 0, 3000, 'watch closed at shutdown');
  });

  test('kce/plan on a live cluster starts from the DaemonSet\'s pods: a pod on a node that should not run it is deleted', async () => {
    const pod = (name: string, node: string, app = 'agent') => ({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name, namespace: 'default', labels: { app }, creationTimestamp: '2026-01-01T00:00:00Z' },
      spec: { nodeName: node },
      status: { phase: 'Running' },
    });
    api.pods.push(pod('agent-a', 'node-a'), pod('agent-b', 'node-b'), pod('web-a', 'node-a', 'web'));
    const h = await startServer({ deps: defaultDeps(), capabilities: PULL_CAPS, initializationOptions: settings({ trusted: true }) });
    try {
      await h.open(URI, DS);
      await waitFor(() => h.inventoryEvents.some((e) => e.source === 'cluster' && /live/.test(e.status ?? '')), 15_000, 'live inventory');
      const plan = (await h.client.sendRequest('kce/plan', { uri: URI, documentIndex: 0 })) as PlanResult;
      assert.ok(!plan.nodesNeedingDaemonPods.includes('node-a'), 'node-a already runs agent-a');
      assert.ok(!plan.nodesNeedingDaemonPods.includes('node-b'), 'node-b should not run the pod');
      assert.deepEqual(plan.podsToDelete.map((d) => [d.pod, d.node, d.code]), [['agent-b', 'node-b', 'NodeShouldNotRun']]);
      assert.match(plan.notes[0]!, /^2 existing pods of this DaemonSet on the cluster/);
      assert.ok(api.requests.some((r) => r.path === '/api/v1/namespaces/default/pods?labelSelector=app%3Dagent'));

      api.forbidden.add('pods');
      const refused = (await h.client.sendRequest('kce/plan', { uri: URI, documentIndex: 0 })) as PlanResult;
      assert.match(refused.notes[0]!, /^pods not listed: .*403 Forbidden/);
      assert.ok(refused.nodesNeedingDaemonPods.includes('node-a'), 'without pods: the first sync');
    } finally {
      api.forbidden.delete('pods');
      api.pods.length = 0;
      await h.dispose();
    }
  });

  test('an untrusted workspace: no kubeconfig read, no request to the server, the sample cluster with a reason', async () => {
    const requests = api.requests.length;
    const h = await startServer({ deps: defaultDeps(), capabilities: PULL_CAPS, initializationOptions: settings() });
    try {
      await h.open(URI, DS);
      await waitFor(() => h.inventoryEvents.length > 0, 5000, 'inventory');
      const inv = h.inventoryEvents[h.inventoryEvents.length - 1]!;
      assert.match(inv.error ?? '', /not trusted/);
      const ctx = (await h.client.sendRequest('kce/listContexts', {})) as ListContextsResult;
      assert.match(ctx.error ?? '', /not trusted/);
      assert.equal(ctx.contexts.length, 0);
      assert.equal(api.requests.length, requests);
    } finally {
      await h.dispose();
    }
  });

  test('a failing cluster: the sample cluster stands in and the error names the problem', async () => {
    api.forbidden.add('nodes');
    const h = await startServer({ deps: defaultDeps(), capabilities: PULL_CAPS, initializationOptions: settings({ trusted: true }) });
    try {
      await h.open(URI, DS);
      await waitFor(() => h.inventoryEvents.length > 0, 5000, 'inventory');
      const inv = h.inventoryEvents[h.inventoryEvents.length - 1]!;
      assert.match(inv.error ?? '', /403 Forbidden: not allowed to list nodes.*using the sample cluster/);
      assert.ok(inv.count > 0);
      // Recovers by itself once allowed: the watcher keeps retrying.
      api.forbidden.delete('nodes');
      await waitFor(() => h.inventoryEvents.some((e) => e.status?.endsWith('· live')), 5000, 'recovered');
    } finally {
      api.forbidden.delete('nodes');
      await h.dispose();
    }
  });
});
