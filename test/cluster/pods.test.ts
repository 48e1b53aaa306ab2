// The live cluster's pods (all namespaces, list + watch) against the test API server: each pod event updates the
// scheduler's per-node usage in place, a relist neither loses nor double counts, only what the filters read is
// kept, a 403 on pods leaves the nodes in use with "pods unknown" (and says so over LSP), and no verb but GET is used.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClusterInventory } from '../../server/src/cluster/cluster';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { startServer, PULL_CAPS } from '../lsp/harness';
import { AGENT_DS, TestApiServer, kubeconfigText, makeNode, makePki, tempDir, waitFor } from './apiServer';

const tmp = tempDir('kce-pods-');
let api: TestApiServer;
let kubeconfig: string;
const opened: ClusterInventory[] = [];

function pod(name: string, node: string | undefined, cpu: string, extra: { hostPort?: number; phase?: string } = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'shop',
      uid: `uid-${name}`,
      labels: { app: name },
      annotations: { big: 'x'.repeat(200) },
    },
    spec: {
      ...(node ? { nodeName: node } : {}),
      containers: [
        {
          name: 'c',
          image: 'registry.example/app:1',
          env: [{ name: 'A', value: 'b' }],
          resources: { requests: { cpu, memory: '64Mi' }, limits: { memory: '64Mi' } },
          ports: [
            { containerPort: 8080 },
            ...(extra.hostPort ? [{ containerPort: 9100, hostPort: extra.hostPort }] : []),
          ],
        },
      ],
      volumes: [{ name: 'v', emptyDir: {} }],
    },
    status: { phase: extra.phase ?? 'Running', conditions: [{ type: 'Ready', status: 'True' }], podIP: '10.0.0.9' },
  };
}

function withAllocatable(name: string) {
  const n = makeNode(name);
  n.status!.allocatable = { cpu: '2', memory: '4Gi', pods: '10' };
  return n;
}

function open(): ClusterInventory {
  const inv = ClusterInventory.open({
    trusted: true,
    kubeconfig,
    timeoutMs: 2000,
    watch: { backoffInitialMs: 20, backoffMaxMs: 100, pageSize: 2, watchTimeoutSeconds: 30 },
  });
  opened.push(inv);
  return inv;
}

const milli = (inv: ClusterInventory, node: string) => inv.scheduling.get(node)?.requested.milliCPU;

before(async () => {
  api = await new TestApiServer(makePki()).start();
  api.seed([withAllocatable('node-a'), withAllocatable('node-b')]);
  // Five pods before any watch (listed over three pages of two), one of them finished, one not yet bound.
  api.pods.push(
    pod('a1', 'node-a', '500m'),
    pod('a2', 'node-a', '250m', { hostPort: 9100 }),
    pod('b1', 'node-b', '1'),
    pod('done', 'node-b', '2', { phase: 'Succeeded' }),
    pod('pending', undefined, '1'),
  );
  kubeconfig = join(tmp.dir, 'kubeconfig');
  writeFileSync(
    kubeconfig,
    kubeconfigText([{ name: 'test', server: api.url, token: api.token, ca: api.pki.caCert }], 'test'),
  );
});

after(async () => {
  for (const inv of opened) await inv.close();
  await api.stop();
  tmp.cleanup();
});

describe('live pods', () => {
  test('the first list fills per-node usage; pod events add, change and remove it in place', async () => {
    const inv = open();
    await inv.ready;
    const state = inv.scheduling;
    assert.equal(milli(inv, 'node-a'), 750);
    assert.equal(milli(inv, 'node-b'), 1000, 'the Succeeded pod does not count');
    assert.deepEqual([...(inv.scheduling.get('node-a')!.usedPorts.get('0.0.0.0') ?? [])], ['TCP/9100']);
    assert.equal(inv.status().pods, 5);
    assert.ok(
      api.requests.some((r) => r.path.startsWith('/api/v1/pods?limit=2&continue=')),
      'listed in pages',
    );

    // What is kept is what the filters read: no image, env, volumes, annotations or pod IP.
    const kept = inv.scheduling.get('node-a')!.pods.find((p) => p.pod.metadata?.name === 'a2')!.pod;
    assert.deepEqual(kept.spec?.containers, [
      {
        name: 'c',
        resources: { requests: { cpu: '250m', memory: '64Mi' } },
        ports: [{ containerPort: 9100, hostPort: 9100 }],
      },
    ]);
    assert.deepEqual(Object.keys(kept.metadata!).sort(), ['labels', 'name', 'namespace', 'uid']);
    assert.deepEqual(kept.status, { phase: 'Running' });

    api.addPod(pod('a3', 'node-a', '1'));
    await waitFor(() => milli(inv, 'node-a') === 1750, 3000, 'pod added');
    api.addPod(pod('a3', 'node-a', '100m'));
    await waitFor(() => milli(inv, 'node-a') === 850, 3000, 'pod changed');
    api.deletePod('shop', 'a2');
    await waitFor(() => milli(inv, 'node-a') === 600, 3000, 'pod deleted');
    assert.equal(inv.scheduling.get('node-a')!.usedPorts.size, 0, 'its host port is free again');
    api.addPod(pod('pending', 'node-b', '1'));
    await waitFor(() => milli(inv, 'node-b') === 2000, 3000, 'pod bound');
    api.addPod(pod('b1', 'node-b', '1', { phase: 'Failed' }));
    await waitFor(() => milli(inv, 'node-b') === 1000, 3000, 'pod finished');
    assert.equal(inv.scheduling, state, 'the same state, updated in place');
    api.deletePod('shop', 'a3');
    api.addPod(pod('b1', 'node-b', '1'));
    await waitFor(() => milli(inv, 'node-a') === 500 && milli(inv, 'node-b') === 2000, 3000, 'restored');
  });

  test('a pod on a node not yet known counts once the node arrives; a relist after 410 does not double count', async () => {
    const inv = open();
    await inv.ready;
    api.addPod(pod('c1', 'node-c', '300m'));
    await waitFor(() => inv.scheduling.podCount() === 4, 3000, 'pod held for an unknown node');
    api.addNode(withAllocatable('node-c'));
    await waitFor(() => milli(inv, 'node-c') === 300, 3000, 'node arrived with its pod');
    const lists = inv.podStats!.lists;
    api.compact();
    api.dropWatches();
    await waitFor(() => inv.podStats!.lists > lists, 5000, 'relisted');
    await waitFor(() => inv.status().state === 'live', 3000, 'live again');
    assert.deepEqual([milli(inv, 'node-a'), milli(inv, 'node-b'), milli(inv, 'node-c')], [500, 2000, 300]);
    api.deletePod('shop', 'c1');
    api.deleteNode('node-c');
    await waitFor(() => !inv.scheduling.get('node-c') && inv.scheduling.podCount() === 3, 3000, 'cleaned up');
  });

  test('only GET: list and watch, nothing written', () => {
    assert.ok(api.requests.length > 0);
    assert.deepEqual([...new Set(api.requests.map((r) => r.method))], ['GET']);
    assert.ok(api.count('watch', 'pods') > 0);
  });

  test('403 on pods: the nodes stay in use, the pods are unknown, and it recovers', async () => {
    api.forbidden.add('pods');
    try {
      const inv = open();
      await inv.ready;
      const s = inv.status();
      assert.equal(s.state, 'live');
      assert.equal(s.count, 2);
      assert.match(s.text, /^cluster: test · 2 nodes · live · pods unknown \(403 Forbidden: not allowed to list pods/);
      assert.equal(s.podsErrorKind, 'forbidden');
      assert.equal(inv.scheduling.podCount(), 0);
      assert.equal(milli(inv, 'node-a'), 0);
      api.forbidden.delete('pods');
      await waitFor(() => milli(inv, 'node-a') === 500, 5000, 'pods after the 403 is lifted');
      assert.equal(inv.status().podsError, undefined);
    } finally {
      api.forbidden.delete('pods');
    }
  });

  test('over LSP: the analyses get the live state; a 403 on pods is a warning (showMessage + logMessage)', async () => {
    api.forbidden.add('pods');
    const h = await startServer({
      deps: defaultDeps(),
      capabilities: PULL_CAPS,
      initializationOptions: { trusted: true, settings: { kce: { inventory: { source: 'cluster', kubeconfig } } } },
    });
    try {
      await h.open('file:///w/ds.yaml', AGENT_DS);
      await waitFor(() => h.shown.some((m) => /pods unknown/.test(m.message)), 10_000, 'pods-unknown warning');
      const warning = h.shown.find((m) => /pods unknown/.test(m.message))!;
      assert.equal(warning.type, 2);
      assert.match(warning.message, /403 Forbidden/);
      assert.ok(h.logs.some((l) => /pods unknown/.test(l)));
      assert.ok(!h.logs.join('\n').includes(api.token));
      const state = h.session.scheduling!;
      assert.ok(state.get('node-a'), 'the session holds the live per-node state');
      assert.equal(state.podCount(), 0);
      api.forbidden.delete('pods');
      await waitFor(() => h.session.scheduling?.get('node-a')?.requested.milliCPU === 500, 10_000, 'pods arrive');
      assert.equal(h.session.scheduling, state, 'updated in place, not rebuilt');
      await waitFor(() => h.logs.some((l) => /readable again/.test(l)), 5000, 'recovery logged');
      const shownBefore = h.shown.length;
      api.addPod(pod('a9', 'node-a', '1'));
      await waitFor(() => h.session.scheduling?.get('node-a')?.requested.milliCPU === 1500, 5000, 'event applied');
      assert.equal(h.shown.length, shownBefore, 'no message for an ordinary pod event');
      api.deletePod('shop', 'a9');
    } finally {
      api.forbidden.delete('pods');
      await h.dispose();
    }
  });
});
