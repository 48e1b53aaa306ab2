// The LSP lifecycle over a real stdio connection to the built server: before initialize, notifications are dropped
// and every request (known or not) gets ServerNotInitialized; after shutdown, requests get InvalidRequest; an
// unknown method while serving gets MethodNotFound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCodes } from 'vscode-languageserver/node';
import type { Diagnostic } from 'vscode-languageserver/node';
import { PULL_CAPS } from '../lsp/harness';
import { spawnStdioServer } from '../lsp/stdioServer';

const URI = 'file:///lifecycle/ds.yaml';
// An API error kube-apiserver reports: if this text were kept, its diagnostics would name the bad effect.
const TEXT = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: x}\nspec:\n  selector: {matchLabels: {a: b}}\n' +
  '  template:\n    metadata: {labels: {a: b}}\n    spec:\n      tolerations: [{operator: Exists, effect: NoSchedul}]\n' +
  '      containers: [{name: c, image: i}]\n';

async function errorCodeOf(p: Promise<unknown>): Promise<number | string> {
  try {
    await p;
    return 'answered';
  } catch (e) {
    return (e as { code?: number }).code ?? String(e);
  }
}

test('stdio lifecycle: dropped before initialize, ServerNotInitialized, MethodNotFound, InvalidRequest after shutdown', async () => {
  const { c, child, exited, stderr } = spawnStdioServer();
  c.listen();
  try {
    // Before initialize: a document and settings that must not be kept, then requests that must be refused.
    await c.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });
    await c.sendNotification('workspace/didChangeConfiguration', { settings: { kce: { insights: false } } });
    assert.equal(await errorCodeOf(c.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 0 } })),
      ErrorCodes.ServerNotInitialized);
    assert.equal(await errorCodeOf(c.sendRequest('kce/inventory', {})), ErrorCodes.ServerNotInitialized);
    assert.equal(await errorCodeOf(c.sendRequest('no/suchMethod', {})), ErrorCodes.ServerNotInitialized);

    await c.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: PULL_CAPS });
    await c.sendNotification('initialized', {});
    // The early didOpen was dropped: the server does not know the document.
    const early = (await c.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } })) as { items: Diagnostic[] };
    assert.deepEqual(early.items, [], 'a document opened before initialize is not kept');
    assert.equal(await errorCodeOf(c.sendRequest('no/suchMethod', {})), ErrorCodes.MethodNotFound);

    // Opened now, it is analysed (so the empty answer above was not for lack of analysis).
    await c.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });
    const now = (await c.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } })) as { items: Diagnostic[] };
    assert.ok(now.items.some((d) => String(d.message).includes('NoSchedul')), JSON.stringify(now.items.map((d) => d.message)));

    await c.sendRequest('shutdown');
    assert.equal(await errorCodeOf(c.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 0 } })),
      ErrorCodes.InvalidRequest);
    assert.equal(await errorCodeOf(c.sendRequest('no/suchMethod', {})), ErrorCodes.InvalidRequest);
    await c.sendNotification('exit');
    assert.equal(await exited, 0, `server exit code (stderr: ${stderr()})`);
  } finally {
    c.dispose();
    child.kill();
  }
});
