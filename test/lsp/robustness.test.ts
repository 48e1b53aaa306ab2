import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, PUSH_CAPS } from './harness';
import { fakeDeps } from './fake';
import * as P from '../../server/src/protocol';

describe('robustness', () => {
  test('an analysis that throws: every request still answers, empty', async () => {
    const h = await startServer({ deps: fakeDeps({ analyzeText: () => { throw new Error('boom'); } }) });
    try {
      const uri = 'file:///w/a.yaml';
      await h.open(uri, 'kind: DaemonSet\n');
      const pos = { textDocument: { uri }, position: { line: 0, character: 2 } };
      assert.deepEqual(await h.pull(uri), { kind: 'full', items: [] });
      assert.equal(await h.client.sendRequest('textDocument/hover', pos), null);
      assert.deepEqual(await h.client.sendRequest('textDocument/completion', pos), []);
      assert.deepEqual(await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri } }), []);
      assert.deepEqual(await h.client.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: { start: pos.position, end: pos.position }, context: { diagnostics: [] } }), []);
      assert.equal(await h.client.sendRequest(P.simulatePlacement, { uri, documentIndex: 0 }), null);
      assert.ok(h.logs.some((l) => l.includes('boom')), 'the error is logged');
    } finally {
      await h.dispose();
    }
  });

  test('an inventory loader that fails: the server runs with no nodes and says why', async () => {
    const h = await startServer({ deps: fakeDeps({ loadInventory: async () => { throw new Error('no such file'); } }) });
    try {
      const r = await h.client.sendRequest(P.inventory, {});
      assert.deepEqual({ ...r, requested: undefined }, {
        source: 'none', count: 0, error: 'no such file', nodes: [], requested: undefined,
        inUse: { source: 'none', label: 'no inventory' }, label: 'no inventory (inventory failed to load)',
        problem: { kind: 'loadFailed', summary: 'inventory failed to load', message: 'no such file' },
      });
    } finally {
      await h.dispose();
    }
  });

  test('garbage text, binary and positions past the end do not break requests', async () => {
    const h = await startServer({ deps: fakeDeps(), capabilities: PUSH_CAPS });
    try {
      const uri = 'file:///w/g.yaml';
      const garbage = '\u0000\u0001{[}]: : - -\n\t\t---\n' + 'x: &a [*a]\n' + String.fromCharCode(...Array.from({ length: 200 }, (_, i) => (i * 37) % 65535));
      await h.open(uri, garbage, 1);
      await h.waitDiagnostics(uri, 1);
      for (const position of [{ line: 0, character: 0 }, { line: 1, character: 3 }, { line: 99, character: 99 }]) {
        const hover = await h.client.sendRequest('textDocument/hover', { textDocument: { uri }, position });
        assert.ok(hover === null || typeof hover === 'object');
        const items = await h.client.sendRequest('textDocument/completion', { textDocument: { uri }, position });
        assert.ok(Array.isArray(items));
      }
    } finally {
      await h.dispose();
    }
  });
});
