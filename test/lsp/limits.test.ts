// Hostile inputs over LSP with the real analysis: each ends in a diagnostic, in bounded time, and the
// server keeps answering for the other documents.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic, Hover, MarkupContent } from 'vscode-languageserver/node';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { analyzeText } from '../../server/src/analysis/index';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { startServer } from './harness';
import type { Harness } from './harness';

const SMALL = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      tolerations:
        - key: gpu
          effect: NoSchedul
      containers: [{name: c, image: busybox}]
`;

let h: Harness;
before(async () => {
  h = await startServer({ deps: defaultDeps() });
  await h.open('file:///w/small.yaml', SMALL);
});
after(async () => { await h.dispose(); });

/** The small document still gets its diagnostics and hover after the hostile one. */
async function othersStillAnswer(): Promise<void> {
  const r = await h.pull('file:///w/small.yaml');
  assert.ok(r.items?.some((d) => d.code === 'FieldValueNotSupported'));
  const hover = (await h.client.sendRequest('textDocument/hover', { textDocument: { uri: 'file:///w/small.yaml' }, position: { line: 1, character: 7 } })) as Hover;
  assert.match((hover.contents as MarkupContent).value, /runs on \*\*\d+ of 14\*\* nodes/);
}

/**
 * Opens a hostile text and asks every feature about it: all answered within `boundMs` plus three times the bare
 * analysis of the same text measured here (a floor: a loaded machine slows both alike).
 */
async function hostile(name: string, text: string, expect: (ds: Diagnostic[]) => void, boundMs: number): Promise<void> {
  const uri = `file:///w/${name}.yaml`;
  const f0 = Date.now();
  analyzeText(text, { nodes: sampleClusterNodes(), gates: { ...DEFAULT_FEATURE_GATES }, insights: true });
  const floor = Date.now() - f0;
  const t0 = Date.now();
  await h.open(uri, text);
  const r = await h.pull(uri);
  const pos = { textDocument: { uri }, position: { line: 0, character: 1 } };
  await h.client.sendRequest('textDocument/hover', pos);
  await h.client.sendRequest('textDocument/completion', pos);
  await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri } });
  await h.client.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
  const ms = Date.now() - t0;
  assert.ok(ms < boundMs + 3 * floor, `${name}: ${ms} ms (bound ${boundMs} ms + 3 × the bare analysis, ${floor} ms)`);
  assert.equal(r.kind, 'full');
  expect(r.items ?? []);
  await h.close(uri);
  await othersStillAnswer();
}

describe('hostile inputs over LSP', () => {
  test('a 50 MB document: one "too large" diagnostic', async () => {
    const line = 'key: ' + 'v'.repeat(94) + '\n';
    const text = line.repeat(Math.ceil((50 * 1024 * 1024) / line.length));
    await hostile('huge', text, (ds) => {
      assert.equal(ds.length, 1);
      assert.equal(ds[0]!.code, 'yaml.tooLarge');
      assert.deepEqual(ds[0]!.range.start, { line: 0, character: 0 });
    }, 20_000);
  });

  test('an alias bomb: the expansion limit is a diagnostic', async () => {
    let text = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 12; i++) text += `a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]\n`;
    await hostile('bomb', `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n${text}`, (ds) => {
      assert.ok(ds.some((d) => d.code === 'yaml.aliasLimit'), JSON.stringify(ds.map((d) => d.code)));
    }, 5_000);
  });

  test('binary garbage: syntax diagnostics, capped', async () => {
    let seed = 7;
    let text = '';
    for (let i = 0; i < 1_000_000; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      text += String.fromCharCode(seed >>> 24);
    }
    await hostile('garbage', text, (ds) => {
      assert.ok(ds.length > 0, 'some diagnostic');
      assert.ok(ds.length <= 2000, `${ds.length} diagnostics`);
    }, 10_000);
  });

  test('a 45,000-key mapping with a duplicate key: the duplicate is reported', async () => {
    const keys = Array.from({ length: 45_000 }, (_, i) => `    k${i}: v\n`).join('');
    const text = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations:\n${keys}    k7: again\nspec:\n  containers: [{name: c, image: busybox}]\n`;
    await hostile('keys', text, (ds) => {
      assert.ok(ds.some((d) => d.code === 'yaml.duplicateKey'), JSON.stringify(ds.map((d) => d.code).slice(0, 10)));
    }, 10_000);
  });

  test('a 200,000-key mapping: over the node budget, one located diagnostic naming the setting', async () => {
    const keys = Array.from({ length: 200_000 }, (_, i) => `    k${i}: v\n`).join('');
    const text = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations:\n${keys}spec:\n  containers: []\n`;
    await hostile('nodes', text, (ds) => {
      assert.deepEqual(ds.map((d) => d.code), ['yaml.tooLarge']);
      assert.match(String(ds[0]!.message), /more than 100000 nodes .*kce\.limits\.maxDocumentNodes/);
      assert.deepEqual(ds[0]!.range.start, { line: 0, character: 0 });
    }, 10_000);
  });
});
