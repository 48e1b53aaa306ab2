import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, normalizeSettings, settingsFromInitOptions, settingsKeys, trustedFromInitOptions } from '../../server/src/lsp/settings';
import { analyzeText } from '../../server/src/analysis/index';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { startServer, PUSH_CAPS } from './harness';
import { fakeDeps, FAKE_NODES } from './fake';
import type { InventoryRequest } from '../../server/src/lsp/deps';

/** Settings as plain JSON (the normaliser builds null-prototype objects). */
function plain(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v));
}

const EMPTY_SELECTOR = 'kind: DaemonSet\nmetadata:\n  name: a\nspec:\n  template:\n    spec:\n      nodeSelector: {}\n';

describe('settings', () => {
  test('defaults', () => {
    assert.deepEqual(plain(normalizeSettings(undefined)), {
      inventory: { file: '', podsFile: '', source: 'auto', context: '', kubeconfig: '' },
      featureGates: {},
      insights: { enabled: true },
      hover: { maxNodes: 20 },
      limits: {
        documentAnalysisMs: 2000, maxTextLength: 8 * 1024 * 1024, maxDocuments: 25_000, maxDocumentLength: 4 * 1024 * 1024,
        maxSyntaxErrors: 100, maxDocumentNodes: 100_000,
      },
      trace: { server: 'off' },
    });
    assert.deepEqual(plain(normalizeSettings({})), plain(normalizeSettings(DEFAULT_SETTINGS)));
  });

  test('the flattened keys, as contributes.configuration names them', () => {
    assert.deepEqual(settingsKeys(), [
      'kce.featureGates', 'kce.hover.maxNodes', 'kce.insights.enabled', 'kce.inventory.context', 'kce.inventory.file',
      'kce.inventory.kubeconfig', 'kce.inventory.podsFile', 'kce.inventory.source', 'kce.limits.documentAnalysisMs',
      'kce.limits.maxDocumentLength', 'kce.limits.maxDocumentNodes', 'kce.limits.maxDocuments', 'kce.limits.maxSyntaxErrors',
      'kce.limits.maxTextLength',
      'kce.trace.server',
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
    assert.deepEqual(plain(s), { ...(plain(normalizeSettings({})) as object), featureGates: { A: true } });
    assert.equal(normalizeSettings({ hover: { maxNodes: 7.9 } }).hover.maxNodes, 7);
    assert.equal(normalizeSettings({ hover: { maxNodes: Infinity } }).hover.maxNodes, 20);
  });
});

describe('settings from a hostile workspace', () => {
  // Repro of issue 10 item 3: dotted keys through __proto__ used to set properties on Object.prototype.
  const HOSTILE: Record<string, unknown>[] = [
    { 'kce.extra': { '__proto__.pwned': 'yes' } },
    { kce: { '__proto__.pwned': 'yes', 'constructor.prototype.pwned': 'yes', 'inventory.__proto__.pwned': 'yes' } },
    JSON.parse('{"kce": {"__proto__": {"pwned": "yes"}, "featureGates": {"__proto__": true, "constructor": true, "prototype": true}}}') as Record<string, unknown>,
    { 'prototype.pwned': 'yes', 'inventory.constructor': { pwned: 'yes' } },
  ];
  for (const [i, raw] of HOSTILE.entries()) {
    test(`hostile settings #${i} reach no prototype and no setting`, () => {
      const s = normalizeSettings(raw);
      assert.equal(({} as Record<string, unknown>).pwned, undefined);
      assert.equal(Object.getPrototypeOf(s.featureGates), null);
      assert.deepEqual(Object.keys(s.featureGates), []);
      assert.deepEqual(plain(s), plain(normalizeSettings({})));
    });
  }

  test('a nodeSelector on a polluted key does not match nodes that lack the label', () => {
    normalizeSettings({ 'kce.extra': { '__proto__.pwned': 'yes' } });
    const text = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: a\nspec:\n  selector:\n    matchLabels: {app: a}\n' +
      '  template:\n    metadata:\n      labels: {app: a}\n    spec:\n      nodeSelector: {pwned: "yes"}\n      containers: [{name: c, image: i}]\n';
    const a = analyzeText(text, { nodes: FAKE_NODES, gates: { ...DEFAULT_FEATURE_GATES }, insights: true, inventoryLabel: 'test nodes' });
    assert.equal(a.documents[0]!.placement!.shouldRun, 0);
    assert.ok(a.documents[0]!.problems.some((p) => p.code === 'kce.selectorMatchesNoNode'));
  });

  test('trusted only from a real boolean true the client sends', () => {
    assert.equal(trustedFromInitOptions({ trusted: true }), true);
    for (const init of [undefined, null, true, { trusted: 'true' }, { trusted: 1 }, { kce: { trusted: true } }, { '__proto__.trusted': true },
      JSON.parse('{"__proto__": {"trusted": true}}'), Object.create({ trusted: true })]) {
      assert.equal(trustedFromInitOptions(init), false, JSON.stringify(init));
    }
    settingsFromInitOptions({ '__proto__.trusted': true });
    assert.equal(({} as Record<string, unknown>).trusted, undefined);
  });

  test('initializationOptions with __proto__.trusted: the server stays untrusted', async () => {
    const h = await startServer({ deps: fakeDeps(), capabilities: PUSH_CAPS, initializationOptions: { '__proto__.trusted': true, kce: { '__proto__.trusted': true } } });
    try {
      assert.equal(h.session.trusted, false);
      assert.equal(({} as Record<string, unknown>).trusted, undefined);
    } finally {
      await h.dispose();
    }
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
      // The server may still ask (Neovim 0.7 answers without advertising it); a null answer keeps the init options.
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
      // A publish already under way with the old settings (the first inventory load) may land after `before`: wait for the settled one.
      const settled = () => h.published.length > before && h.published[h.published.length - 1]!.diagnostics.length === 0 && requests[requests.length - 1]?.source === 'file';
      const deadline = Date.now() + 5000;
      while (!settled() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
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

describe('settings from every path alike', () => {
  const CLUSTER = { inventory: { source: 'cluster', context: 'test' }, featureGates: { TaintTolerationComparisonOperators: true } };

  async function lastRequest(opts: Parameters<typeof startServer>[0], push?: unknown): Promise<InventoryRequest> {
    const requests: InventoryRequest[] = [];
    const deps = fakeDeps({ async loadInventory(req: InventoryRequest) { requests.push(req); return { source: 'sample', nodes: FAKE_NODES }; } });
    const h = await startServer({ ...opts, deps });
    try {
      await h.client.sendRequest('kce/inventory', {});
      if (push !== undefined) {
        const before = requests.length;
        await h.client.sendNotification('workspace/didChangeConfiguration', push);
        const deadline = Date.now() + 3000;
        while (requests.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      }
      return requests[requests.length - 1]!;
    } finally {
      await h.dispose();
    }
  }

  test('workspace/configuration (VS Code)', async () => {
    const req = await lastRequest({ deps: fakeDeps(), configuration: (_u, section) => (section === 'kce' ? CLUSTER : null) });
    assert.deepEqual([req.source, req.context], ['cluster', 'test']);
  });

  test('didChangeConfiguration with settings.kce and no workspace/configuration (Neovim, Helix, eglot)', async () => {
    const req = await lastRequest({ deps: fakeDeps(), capabilities: PUSH_CAPS }, { settings: { kce: CLUSTER } });
    assert.deepEqual([req.source, req.context], ['cluster', 'test']);
  });

  test('a client that answers workspace/configuration without advertising it (Neovim 0.7) is asked', async () => {
    const req = await lastRequest({ deps: fakeDeps(), capabilities: PUSH_CAPS, configuration: (_u, section) => (section === 'kce' ? CLUSTER : null) });
    assert.deepEqual([req.source, req.context], ['cluster', 'test']);
  });

  test('a client that has workspace/configuration but answers null keeps the pushed settings', async () => {
    const req = await lastRequest({ deps: fakeDeps(), configuration: () => null }, { settings: { kce: CLUSTER } });
    assert.deepEqual([req.source, req.context], ['cluster', 'test']);
  });

  test('initializationOptions in every shape clients use', async () => {
    for (const init of [{ kce: CLUSTER }, { settings: { kce: CLUSTER } }, CLUSTER, { 'kce.inventory.source': 'cluster', 'kce.inventory.context': 'test' }]) {
      const req = await lastRequest({ deps: fakeDeps(), capabilities: PUSH_CAPS, initializationOptions: init });
      assert.deepEqual([req.source, req.context], ['cluster', 'test'], JSON.stringify(init));
    }
  });

  test('a partial push applies over the initializationOptions, not over the defaults', async () => {
    const req = await lastRequest({ deps: fakeDeps(), capabilities: PUSH_CAPS, initializationOptions: { kce: CLUSTER } }, { settings: { kce: { hover: { maxNodes: 3 } } } });
    assert.deepEqual([req.source, req.context], ['cluster', 'test']);
  });

  test('initializationOptions.trusted: true is the way for other clients to allow kubeconfig access', async () => {
    const trusted = await lastRequest({ deps: fakeDeps(), capabilities: PUSH_CAPS, initializationOptions: { trusted: true, kce: CLUSTER } });
    assert.equal(trusted.trusted, true);
    const untrusted = await lastRequest({ deps: fakeDeps(), capabilities: PUSH_CAPS, initializationOptions: { kce: { ...CLUSTER, trusted: true } } });
    assert.equal(untrusted.trusted, false);
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
