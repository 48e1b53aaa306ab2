import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, normalizeSettings, settingsKeys } from '../../server/src/lsp/settings';
import { startServer, PUSH_CAPS } from './harness';
import { fakeDeps, FAKE_NODES } from './fake';
import type { InventoryRequest } from '../../server/src/lsp/deps';

const EMPTY_SELECTOR = 'kind: DaemonSet\nmetadata:\n  name: a\nspec:\n  template:\n    spec:\n      nodeSelector: {}\n';

describe('settings', () => {
  test('defaults', () => {
    assert.deepEqual(normalizeSettings(undefined), {
      inventory: { file: '', source: 'auto', context: '', kubeconfig: '' },
      featureGates: {},
      insights: { enabled: true },
      hover: { maxNodes: 20 },
      trace: { server: 'off' },
    });
    assert.deepEqual(normalizeSettings({}), normalizeSettings(DEFAULT_SETTINGS));
  });

  test('the flattened keys, as contributes.configuration names them', () => {
    assert.deepEqual(settingsKeys(), [
      'kce.featureGates', 'kce.hover.maxNodes', 'kce.insights.enabled', 'kce.inventory.context', 'kce.inventory.file', 'kce.inventory.kubeconfig', 'kce.inventory.source', 'kce.trace.server',
    ]);
  });

  test('nested, section-wrapped and dotted spellings read the same', () => {
    const nested = normalizeSettings({ inventory: { source: 'file', file: 'nodes.yaml' }, hover: { maxNodes: 5 } });
    assert.deepEqual(normalizeSettings({ kce: { inventory: { source: 'file', file: 'nodes.yaml' }, hover: { maxNodes: 5 } } }), nested);
    assert.deepEqual(normalizeSettings({ 'kce.inventory.source': 'file', 'kce.inventory.file': 'nodes.yaml', 'kce.hover.maxNodes': 5 }), nested);
    assert.deepEqual(normalizeSettings({ 'inventory.source': 'file', 'inventory.file': 'nodes.yaml', 'hover.maxNodes': 5 }), nested);
  });

  test('wrong types and unknown enum values fall back to the defaults', () => {
    const s = normalizeSettings({ inventory: { source: 'galaxy', file: 3 }, insights: { enabled: 'yes' }, hover: { maxNodes: -1 }, trace: { server: 'loud' }, featureGates: { A: true, B: 'no' } });
    assert.deepEqual(s, { ...normalizeSettings({}), featureGates: { A: true } });
    assert.equal(normalizeSettings({ hover: { maxNodes: 7.9 } }).hover.maxNodes, 7);
    assert.equal(normalizeSettings({ hover: { maxNodes: Infinity } }).hover.maxNodes, 20);
  });
});

describe('settings over LSP', () => {
  test('pulled per resource with workspace/configuration; insights off changes the analysis', async () => {
    const h = await startServer({ deps: fakeDeps(), configuration: (uri) => (uri?.endsWith('off.yaml') ? { insights: { enabled: false } } : {}) });
    try {
      await h.open('file:///w/on.yaml', EMPTY_SELECTOR);
      await h.open('file:///w/off.yaml', EMPTY_SELECTOR);
      assert.deepEqual((await h.pull('file:///w/on.yaml')).items?.map((d) => d.code), ['kce.emptyNodeSelector']);
      assert.deepEqual((await h.pull('file:///w/off.yaml')).items, []);
      assert.ok(h.configRequests.some((r) => r.scopeUri === 'file:///w/off.yaml' && r.section === 'kce'));
    } finally {
      await h.dispose();
    }
  });

  test('initializationOptions for clients without workspace/configuration', async () => {
    const h = await startServer({ deps: fakeDeps(), capabilities: PUSH_CAPS, initializationOptions: { kce: { insights: { enabled: false } } } });
    try {
      await h.open('file:///w/a.yaml', EMPTY_SELECTOR, 1);
      assert.deepEqual(await h.waitDiagnostics('file:///w/a.yaml', 1), []);
      assert.equal(h.configRequests.length, 0);
    } finally {
      await h.dispose();
    }
  });

  test('didChangeConfiguration with pushed settings re-publishes and reloads the inventory', async () => {
    const requests: InventoryRequest[] = [];
    const deps = fakeDeps({ async loadInventory(req: InventoryRequest) { requests.push(req); return { source: req.source, nodes: FAKE_NODES }; } });
    const h = await startServer({ deps, capabilities: PUSH_CAPS, workspaceFolders: [{ uri: 'file:///ws', name: 'ws' }] });
    try {
      await h.open('file:///ws/a.yaml', EMPTY_SELECTOR, 1);
      assert.equal((await h.waitDiagnostics('file:///ws/a.yaml', 1)).length, 1);
      const before = h.published.length;
      await h.client.sendNotification('workspace/didChangeConfiguration', { settings: { kce: { insights: { enabled: false }, inventory: { source: 'file', file: 'nodes/n.yaml' } } } });
      const deadline = Date.now() + 3000;
      while (h.published.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(h.published[h.published.length - 1]!.diagnostics, []);
      const last = requests[requests.length - 1]!;
      assert.equal(last.source, 'file');
      assert.equal(last.file, '/ws/nodes/n.yaml');
      assert.deepEqual(last.workspaceFolders, ['/ws']);
      assert.equal(h.inventoryEvents[h.inventoryEvents.length - 1]!.source, 'file');
    } finally {
      await h.dispose();
    }
  });

  test('feature gates from settings reach the analysis context', async () => {
    let seen: boolean | undefined;
    const deps = fakeDeps({ analyzeText: (_t, ctx) => { seen = ctx.gates.TaintTolerationComparisonOperators; return { documents: [] }; } });
    const h = await startServer({ deps, configuration: () => ({ featureGates: { TaintTolerationComparisonOperators: true } }) });
    try {
      await h.open('file:///w/a.yaml', 'kind: Pod\n');
      await h.pull('file:///w/a.yaml');
      assert.equal(seen, true);
    } finally {
      await h.dispose();
    }
  });
});

describe('watched files', () => {
  test('a change to the nodes file in use reloads the inventory; other files do not', async () => {
    const deps = fakeDeps({ async loadInventory() { deps.loads++; return { source: 'file', detail: '/ws/nodes.yaml', nodes: FAKE_NODES }; } });
    const h = await startServer({ deps });
    try {
      await h.client.sendRequest('kce/inventory', {});
      const loads = deps.loads;
      await h.client.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: 'file:///ws/other.yaml', type: 2 }] });
      await h.client.sendRequest('kce/inventory', {});
      assert.equal(deps.loads, loads);
      await h.client.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: 'file:///ws/nodes.yaml', type: 2 }] });
      const deadline = Date.now() + 2000;
      while (deps.loads === loads && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      assert.equal(deps.loads, loads + 1);
    } finally {
      await h.dispose();
    }
  });
});
