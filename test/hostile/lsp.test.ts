// The language server against hostile traffic and data (issue 10 items 9, 16 and 18): lifecycle errors as the
// LSP specification says, invalid custom-request parameters refused, workspace strings escaped in hovers.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createConnection, createProtocolConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { createServer } from '../../server/src/lsp/server';
import { esc, code } from '../../server/src/lsp/hover';
import { analyzeText } from '../../server/src/analysis/index';
import type { NodeInfo } from '../../server/src/core/types';
import { startServer, PULL_CAPS } from '../lsp/harness';
import { fakeDeps } from '../lsp/fake';

const ServerNotInitialized = -32002;
const InvalidRequest = -32600;
const InvalidParams = -32602;

async function rejectsWith(p: Promise<unknown>, codeWanted: number, message: RegExp): Promise<void> {
  await assert.rejects(p, (e: { code?: number; message?: string }) => {
    assert.equal(e.code, codeWanted, e.message);
    assert.match(e.message ?? '', message);
    return true;
  });
}

describe('LSP lifecycle', () => {
  test('a request before initialize gets ServerNotInitialized; after shutdown, InvalidRequest', async () => {
    const up = new PassThrough();
    const down = new PassThrough();
    const conn = createConnection(ProposedFeatures.all, new StreamMessageReader(up), new StreamMessageWriter(down));
    createServer(conn, fakeDeps());
    conn.listen();
    const client = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up));
    client.onRequest('client/registerCapability', () => null);
    client.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
    client.listen();
    const hover = { textDocument: { uri: 'file:///w/a.yaml' }, position: { line: 0, character: 0 } };
    try {
      await rejectsWith(client.sendRequest('textDocument/hover', hover), ServerNotInitialized, /not initialized/);
      await rejectsWith(client.sendRequest('kce/inventory', {}), ServerNotInitialized, /kce\/inventory: the server is not initialized/);
      await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: PULL_CAPS });
      await client.sendNotification('initialized', {});
      assert.equal(await client.sendRequest('textDocument/hover', hover), null);
      await client.sendRequest('shutdown');
      await rejectsWith(client.sendRequest('textDocument/hover', hover), InvalidRequest, /shut down/);
      await rejectsWith(client.sendRequest('textDocument/codeLens', { textDocument: { uri: 'file:///w/a.yaml' } }), InvalidRequest, /shut down/);
    } finally {
      client.dispose();
      conn.dispose();
    }
  });
});

describe('custom request parameters', () => {
  test('kce/plan burstReplicas 0.5 and kce/rollout negative maxSurge are InvalidParams', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const ref = { uri: 'file:///w/a.yaml', documentIndex: 0 };
      await rejectsWith(h.client.sendRequest('kce/plan', { ...ref, burstReplicas: 0.5 }), InvalidParams, /burstReplicas must be an integer ≥ 1 \(got 0\.5\)/);
      await rejectsWith(h.client.sendRequest('kce/plan', { ...ref, burstReplicas: '3' }), InvalidParams, /burstReplicas/);
      await rejectsWith(h.client.sendRequest('kce/plan', { uri: 'file:///w/a.yaml', documentIndex: -1 }), InvalidParams, /documentIndex must be an integer ≥ 0/);
      await rejectsWith(h.client.sendRequest('kce/rollout', { ...ref, maxSurge: -1 }), InvalidParams, /maxSurge must be an integer ≥ 0 or a percentage/);
      await rejectsWith(h.client.sendRequest('kce/rollout', { ...ref, maxUnavailable: '-5%' }), InvalidParams, /maxUnavailable/);
      await rejectsWith(h.client.sendRequest('kce/rollout', { ...ref, maxUnavailable: 'abc' }), InvalidParams, /maxUnavailable/);
      await rejectsWith(h.client.sendRequest('kce/rollout', null), InvalidParams, /params must be an object/);
      // Valid values still answer (no such document here: null).
      assert.equal(await h.client.sendRequest('kce/plan', { ...ref, burstReplicas: 250 }), null);
      assert.equal(await h.client.sendRequest('kce/rollout', { ...ref, maxSurge: '25%', maxUnavailable: 0 }), null);
    } finally {
      await h.dispose();
    }
  });
});

describe('hover markdown from workspace data', () => {
  const HOSTILE = 'evil[open](command:kce.walkthrough.openNote?%5B%22x%22%5D) ![p](https://evil.example/p.png) <img src=x> `x` *b* | c';

  test('esc leaves no link, image, HTML, emphasis or table syntax; code spans stay on one line', () => {
    const e = esc(HOSTILE);
    assert.ok(!/(^|[^\\])[[\]<>`*|!]/.test(e), e);
    assert.equal(code('a\n\n[x](y)`z'), "`a  [x](y)'z`");
  });

  test('a node name from a nodes file is shown escaped in the placement hover', async () => {
    const nodes: NodeInfo[] = [{ name: HOSTILE, labels: {}, taints: [], unschedulable: false, conditions: [] }];
    const h = await startServer({ deps: fakeDeps({ analyzeText, async loadInventory() { return { source: 'file', detail: '/w/nodes.yaml', nodes }; } }) });
    try {
      const uri = 'file:///w/ds.yaml';
      const text = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: a\nspec:\n  selector:\n    matchLabels: {a: b}\n' +
        '  template:\n    metadata:\n      labels: {a: b}\n    spec:\n      nodeSelector: {disk: ssd}\n      containers: [{name: c, image: i}]\n';
      await h.open(uri, text);
      const hover = (await h.client.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 8 } })) as Hover | null;
      const v = (hover?.contents as MarkupContent).value;
      assert.ok(v.includes(esc(HOSTILE)), v);
      // Our own note link is the only link; nothing from the node name is left unescaped.
      assert.ok(!/(^|[^\\])\]\(command:/.test(v) && !/(^|[^\\])!\[/.test(v) && !/(^|[^\\])<img/.test(v), v);
      assert.equal(v.match(/(^|[^\\])\]\(/g)?.length, 1, v);
    } finally {
      await h.dispose();
    }
  });
});
