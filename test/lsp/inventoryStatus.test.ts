// The inventory truth every client gets: requested vs in use, the fallback reason in kce/inventory, in
// window/showMessage (once per change of problem) and window/logMessage, in hovers and in insight messages.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { InventoryAnnouncer, describeInventory, requestedRef } from '../../server/src/lsp/inventoryStatus';
import { startServer, PULL_CAPS, PUSH_CAPS } from './harness';
import type { Harness } from './harness';
import type { InventoryInfo, InventoryResult } from '../../server/src/protocol';
import { AGENT_DS, TestApiServer, kubeconfigText, startSeededCluster, tempDir, waitFor } from '../cluster/apiServer';

const tmp = tempDir('kce-lsp-inventory-');
let api: TestApiServer;
let kubeconfig: string;
let deadKubeconfig: string;
const URI = 'file:///work/ds.yaml';
const DS = AGENT_DS;

before(async () => {
  ({ api, kubeconfig } = await startSeededCluster(tmp.dir));
  // Port 1 on loopback: nothing listens, the connection is refused at once.
  deadKubeconfig = join(tmp.dir, 'dead-kubeconfig');
  writeFileSync(deadKubeconfig, kubeconfigText([{ name: 'test', server: 'https://127.0.0.1:1', token: 'x', ca: api.pki.caCert }], 'test'));
});

after(async () => {
  await api.stop();
  tmp.cleanup();
});

function clusterInit(file: string, trusted: boolean) {
  return { settings: { kce: { inventory: { source: 'cluster', kubeconfig: file } } }, ...(trusted ? { trusted: true } : {}) };
}

async function hoverOnKind(h: Harness): Promise<string> {
  const r = (await h.client.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: { line: 1, character: 2 } })) as { contents: { value: string } } | null;
  return r?.contents.value ?? '';
}

describe('inventory truth, unit', () => {
  test('requested and in use differ: the label names the one in use and why', () => {
    const requested = requestedRef('cluster', undefined, 'test');
    const info = describeInventory(requested, {
      source: 'sample', detail: 'sample cluster', nodes: [], error: 'cannot reach the API server; using the sample cluster',
      problem: { kind: 'unreachable', message: 'cannot reach the API server' },
    });
    assert.deepEqual(info.requested, { source: 'cluster', detail: 'test', label: 'cluster test' });
    assert.deepEqual(info.inUse, { source: 'sample', label: 'sample cluster' });
    assert.deepEqual(info.problem, { kind: 'unreachable', summary: 'cluster test unreachable', message: 'cannot reach the API server' });
    assert.equal(info.label, 'sample cluster (cluster test unreachable)');
  });

  test('announcer: one shown message per change of problem, a log line per change of state', () => {
    const a = new InventoryAnnouncer();
    const base: InventoryInfo = { source: 'sample', count: 14, requested: requestedRef('cluster', undefined, 'test'), inUse: { source: 'sample', label: 'sample cluster' } };
    const down = { ...base, problem: { kind: 'unreachable' as const, summary: 'cluster test unreachable', message: 'ECONNREFUSED' } };
    const first = a.next(down);
    assert.equal(first.show?.type, 2);
    assert.match(first.show!.message, /cluster test unreachable: using the sample cluster \(14 nodes\) instead of cluster test\. ECONNREFUSED/);
    assert.ok(first.log);
    assert.deepEqual(a.next(down), {}, 'the same problem again (a retry) says nothing');
    const retryOther = a.next({ ...down, problem: { ...down.problem, message: 'ETIMEDOUT' } });
    assert.equal(retryOther.show, undefined, 'same kind of problem, other wording: logged, not shown');
    assert.match(retryOther.log ?? '', /ETIMEDOUT/);
    const forbidden = a.next({ ...down, problem: { kind: 'forbidden', summary: 'cluster test: not allowed to list nodes', message: '403' } });
    assert.match(forbidden.show?.message ?? '', /not allowed to list nodes/);
    const back = a.next({ ...base, source: 'cluster', count: 2, inUse: { source: 'cluster', detail: 'test', label: 'cluster test' } });
    assert.equal(back.show?.type, 3);
    assert.match(back.show!.message, /back to cluster test \(2 nodes\)/);
  });
});

describe('inventory truth over LSP (real deps)', () => {
  test('cluster unreachable: kce/inventory, one showMessage, a log line, hover and insight name the sample and why', async () => {
    const h = await startServer({ deps: defaultDeps(), capabilities: PUSH_CAPS, initializationOptions: clusterInit(deadKubeconfig, true) });
    try {
      await h.open(URI, DS);
      const diags = await h.waitDiagnostics(URI, 1, 15_000);
      const inv = (await h.client.sendRequest('kce/inventory', {})) as InventoryResult;
      assert.equal(inv.source, 'sample');
      assert.deepEqual(inv.requested, { source: 'cluster', label: 'cluster test' });
      assert.deepEqual(inv.inUse, { source: 'sample', label: 'sample cluster' });
      assert.equal(inv.problem?.kind, 'unreachable');
      assert.match(inv.problem?.message ?? '', /ECONNREFUSED|connection refused/);
      assert.equal(inv.label, 'sample cluster (cluster test unreachable)');
      assert.equal(h.inventoryEvents[h.inventoryEvents.length - 1]!.label, inv.label);

      await waitFor(() => h.shown.length > 0, 3000, 'showMessage');
      assert.equal(h.shown.length, 1);
      assert.equal(h.shown[0]!.type, 2);
      assert.match(h.shown[0]!.message, /cluster test unreachable: using the sample cluster \(14 nodes\) instead of cluster/);
      assert.ok(h.logs.some((l) => /requested cluster .*in use sample cluster \(14 nodes\).*unreachable/.test(l)), h.logs.join('\n'));

      assert.match(await hoverOnKind(h), /_\(sample cluster \(cluster test unreachable\), 14 nodes\)_/);
      const sel = diags.find((d) => d.code === 'kce.selectorMatchesNoNode');
      assert.match(String(sel?.message ?? ''), /in the sample cluster \(cluster test unreachable\)/);

      // A reload that fails the same way (a retry) shows nothing more.
      await h.client.sendNotification('workspace/didChangeConfiguration', { settings: { kce: { inventory: { source: 'cluster', kubeconfig: deadKubeconfig } } } });
      const events = h.inventoryEvents.length;
      await waitFor(() => h.inventoryEvents.length > events, 5000, 'reloaded');
      assert.equal(h.shown.length, 1);
    } finally {
      await h.dispose();
    }
  });

  test('403 on nodes: the problem is forbidden; shown once while the watcher retries; recovery is said', async () => {
    api.forbidden.add('nodes');
    const h = await startServer({ deps: defaultDeps(), capabilities: PULL_CAPS, initializationOptions: clusterInit(kubeconfig, true) });
    try {
      await h.open(URI, DS);
      await waitFor(() => h.inventoryEvents.some((e) => e.problem?.kind === 'forbidden'), 15_000, 'forbidden');
      const inv = h.inventoryEvents[h.inventoryEvents.length - 1]!;
      assert.equal(inv.label, 'sample cluster (cluster test: not allowed to list nodes)');
      const listsBefore = api.requests.filter((r) => r.path.startsWith('/api/v1/nodes')).length;
      await waitFor(() => api.requests.filter((r) => r.path.startsWith('/api/v1/nodes')).length >= listsBefore + 1, 5000, 'a retry');
      assert.equal(h.shown.filter((m) => /not allowed/.test(m.message)).length, 1);
      api.forbidden.delete('nodes');
      await waitFor(() => h.inventoryEvents.some((e) => e.source === 'cluster' && !e.problem), 5000, 'recovered');
      const live = h.inventoryEvents[h.inventoryEvents.length - 1]!;
      assert.deepEqual(live.inUse, { source: 'cluster', detail: 'test', label: 'cluster test' });
      assert.equal(live.label, 'cluster test');
      await waitFor(() => h.shown.some((m) => m.type === 3 && /back to cluster test \(2 nodes\)/.test(m.message)), 3000, 'recovery message');
      assert.match(await hoverOnKind(h), /_\(cluster test, 2 nodes\)_/);
    } finally {
      api.forbidden.delete('nodes');
      await h.dispose();
    }
  });

  test('untrusted workspace and a missing nodes file: each its kind; inventoryMessages: false silences showMessage only', async () => {
    const h = await startServer({ deps: defaultDeps(), capabilities: PULL_CAPS, initializationOptions: clusterInit(kubeconfig, false) });
    try {
      await waitFor(() => h.inventoryEvents.length > 0, 15_000, 'inventory');
      assert.equal(h.inventoryEvents[h.inventoryEvents.length - 1]!.problem?.kind, 'untrusted');
      assert.equal(h.inventoryEvents[h.inventoryEvents.length - 1]!.label, 'sample cluster (workspace not trusted)');
      await waitFor(() => h.shown.length === 1, 3000, 'showMessage');
      assert.match(h.shown[0]!.message, /workspace not trusted/);
    } finally {
      await h.dispose();
    }
    const missing = join(tmp.dir, 'no-such-nodes.yaml');
    const quiet = await startServer({
      deps: defaultDeps(), capabilities: PULL_CAPS,
      initializationOptions: { inventoryMessages: false, kce: { inventory: { source: 'file', file: missing } } },
    });
    try {
      await waitFor(() => quiet.inventoryEvents.length > 0, 15_000, 'inventory');
      const inv = quiet.inventoryEvents[quiet.inventoryEvents.length - 1]!;
      assert.equal(inv.problem?.kind, 'fileUnreadable');
      assert.equal(inv.label, 'sample cluster (cannot read no-such-nodes.yaml)');
      assert.deepEqual(inv.requested, { source: 'file', detail: missing, label: 'no-such-nodes.yaml' });
      await waitFor(() => quiet.logs.some((l) => /fileUnreadable/.test(l)), 3000, 'log line');
      assert.equal(quiet.shown.length, 0);
    } finally {
      await quiet.dispose();
    }
  });
});
