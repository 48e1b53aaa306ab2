// Spawns the built server bundle over stdio and talks to it with a plain JSON-RPC client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import type { CodeLens, Diagnostic, Hover, MarkupContent, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { PUSH_CAPS, PULL_CAPS } from './harness';
import { ROOT, SERVER, spawnStdioServer } from './stdioServer';

const EXAMPLE = join(ROOT, 'examples/broken/daemonset-errors.yaml');

async function run(caps: typeof PULL_CAPS, body: (c: ReturnType<typeof createProtocolConnection>, uri: string, text: string, pushed: PublishDiagnosticsParams[]) => Promise<void>): Promise<void> {
  const { c, child, exited, stderr } = spawnStdioServer();
  const pushed: PublishDiagnosticsParams[] = [];
  c.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => { pushed.push(p); });
  c.listen();
  try {
    const init = (await c.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: caps })) as { capabilities: Record<string, unknown>; serverInfo?: { name: string } };
    assert.equal(init.serverInfo?.name, 'kce');
    await c.sendNotification('initialized', {});
    const text = readFileSync(EXAMPLE, 'utf8');
    const uri = pathToFileURL(EXAMPLE).href;
    await c.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    await body(c, uri, text, pushed);
    await c.sendRequest('shutdown');
    await c.sendNotification('exit');
    assert.equal(await exited, 0, `server exit code (stderr: ${stderr()})`);
  } finally {
    c.dispose();
    child.kill();
  }
}

function lineOf(text: string, needle: string): number {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, needle);
  return text.slice(0, i).split('\n').length - 1;
}

test('stdio, pull client: diagnostics with exact ranges, hover, code lens, kce/inventory', async () => {
  await run(PULL_CAPS, async (c, uri, text) => {
    const report = (await c.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as { kind: string; items: Diagnostic[] };
    assert.equal(report.kind, 'full');
    const effect = report.items.find((d) => typeof d.message === 'string' && d.message.includes('"NoSchedul"'));
    assert.ok(effect, JSON.stringify(report.items.map((d) => d.message)));
    const line = lineOf(text, 'effect: NoSchedul\n');
    const col = text.split('\n')[line]!.indexOf('NoSchedul');
    assert.deepEqual(effect.range, { start: { line, character: col }, end: { line, character: col + 'NoSchedul'.length } });
    assert.equal(effect.code, 'FieldValueNotSupported');
    assert.equal(effect.source, 'kce');
    assert.equal((effect.data as { field: string }).field, 'spec.template.spec.tolerations[0].effect');

    const kindLine = lineOf(text, 'kind: DaemonSet');
    const hover = (await c.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: kindLine, character: 8 } })) as Hover;
    assert.match((hover.contents as MarkupContent).value, /runs on \*\*0 of 14\*\* nodes · 14 skipped/);

    const lenses = (await c.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
    assert.equal(lenses.length, 1);
    assert.equal(lenses[0]!.command?.title, '⚠ fix 9 errors first · runs on 0 of 14 nodes as written, ignoring what is invalid');
    assert.deepEqual(lenses[0]!.command?.arguments, [uri, 0]);

    const inv = (await c.sendRequest('kce/inventory', {})) as { source: string; count: number; nodes: unknown[] };
    assert.equal(inv.source, 'sample');
    assert.equal(inv.count, 14);
    assert.equal(inv.nodes.length, 14);
  });
});

test('stdio, push client: diagnostics are published for the opened version', async () => {
  await run(PUSH_CAPS, async (_c, uri, _text, pushed) => {
    const deadline = Date.now() + 5000;
    while (!pushed.some((p) => p.uri === uri) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const p = pushed.find((x) => x.uri === uri);
    assert.ok(p, 'no publishDiagnostics');
    assert.equal(p.version, 1);
    assert.ok(p.diagnostics.some((d) => d.code === 'FieldValueNotSupported'));
  });
});

test('node IPC: the same bundle answers over --node-ipc', async () => {
  assert.ok(existsSync(SERVER), `${SERVER} is missing: build it first (npm run build)`);
  const { fork } = await import('node:child_process');
  const { IPCMessageReader, IPCMessageWriter } = await import('vscode-languageserver/node');
  const child = fork(SERVER, ['--node-ipc'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const c = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
  c.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
  c.onRequest('client/registerCapability', () => null);
  c.listen();
  try {
    const init = (await c.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: PULL_CAPS })) as { serverInfo?: { name: string } };
    assert.equal(init.serverInfo?.name, 'kce');
    await c.sendNotification('initialized', {});
    const inv = (await c.sendRequest('kce/inventory', {})) as { count: number };
    assert.equal(inv.count, 14);
    await c.sendRequest('shutdown');
    await c.sendNotification('exit');
    assert.equal(await exited, 0);
  } finally {
    c.dispose();
    child.kill();
  }
});

test('stdio: an incremental edit of one document in a multi-document file, end to end', async () => {
  await run(PULL_CAPS, async (c) => {
    const docs = ['apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\n', readFileSync(EXAMPLE, 'utf8'), 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  tolerations:\n    - key: a\n      operator: Exists\n      effect: NoExecut\n'];
    const text = docs.join('---\n');
    const uri = 'file:///w/multi.yaml';
    await c.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const pull = async (): Promise<Diagnostic[]> => ((await c.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as { items: Diagnostic[] }).items;
    const first = await pull();
    const effectLine = lineOf(text, 'effect: NoSchedul\n');
    const podLine = lineOf(text, 'effect: NoExecut\n');
    assert.ok(first.some((d) => d.range.start.line === effectLine && d.code === 'FieldValueNotSupported'));
    assert.ok(first.some((d) => d.range.start.line === podLine && d.code === 'FieldValueNotSupported'));
    // Fix the typo in the middle document with a range edit, and insert two lines in the first one.
    const col = text.split('\n')[effectLine]!.indexOf('NoSchedul') + 'NoSchedul'.length;
    await c.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [
        { range: { start: { line: effectLine, character: col }, end: { line: effectLine, character: col } }, text: 'e' },
        { range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } }, text: 'data:\n  a: b\n' },
      ],
    });
    const second = await pull();
    assert.ok(!second.some((d) => typeof d.message === 'string' && d.message.includes('"NoSchedul"')), 'the fixed typo is gone');
    // The last document moved down by two lines and keeps its diagnostic, at its new place.
    assert.ok(second.some((d) => d.range.start.line === podLine + 2 && d.code === 'FieldValueNotSupported'), JSON.stringify(second.map((d) => [d.range.start.line, d.code])));
    const lenses = (await c.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
    assert.deepEqual(lenses.map((l) => [l.command?.command, l.command?.arguments]), [
      ['kce.simulatePlacement', [uri, 1]],
      ['kce.simulateWorkload', [uri, 2]],
    ]);
  });
});
