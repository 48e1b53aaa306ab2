// While a large file is analysed, the server answers other requests (issue 10): over a real stdio connection to
// the built server, a hover on another document sent right after a large file's diagnostics pull is answered
// before that pull, for a file of many documents (sliced between documents), for one large document (its
// lexing and parsing are sliced) and for 16 MiB-style tiny documents past the document budget (item 6, scaled).
// Ordering and latency are compared with the large file's own pull, never with wall-clock thresholds.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic, Hover, MarkupContent } from 'vscode-languageserver/node';
import { PULL_CAPS } from '../lsp/harness';
import { spawnStdioServer } from '../lsp/stdioServer';
import type { StdioServer } from '../lsp/stdioServer';

const SMALL_URI = 'file:///coop/small.yaml';
const SMALL =
  'apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent}\nspec:\n  selector: {matchLabels: {a: b}}\n' +
  '  template:\n    metadata: {labels: {a: b}}\n    spec:\n      containers: [{name: c, image: i}]\n';

let s: StdioServer;
let version = 1;
/** A hover on the small document while the server is idle: the latency the others are told beside. */
let idleHoverMs = 0;

const pull = (uri: string) =>
  s.c.sendRequest('textDocument/diagnostic', { textDocument: { uri } }) as Promise<{ items: Diagnostic[] }>;
const hoverSmall = () =>
  s.c.sendRequest('textDocument/hover', {
    textDocument: { uri: SMALL_URI },
    position: { line: 1, character: 7 },
  }) as Promise<Hover | null>;

before(async () => {
  s = spawnStdioServer();
  s.c.listen();
  await s.c.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: PULL_CAPS });
  await s.c.sendNotification('initialized', {});
  await s.c.sendNotification('textDocument/didOpen', {
    textDocument: { uri: SMALL_URI, languageId: 'yaml', version: 1, text: SMALL },
  });
  await pull(SMALL_URI);
  assert.match(((await hoverSmall())!.contents as MarkupContent).value, /runs on/);
  const t0 = performance.now();
  await hoverSmall();
  idleHoverMs = performance.now() - t0;
});

after(async () => {
  await s.c.sendRequest('shutdown');
  await s.c.sendNotification('exit');
  await s.exited;
  s.c.dispose();
});

/**
 * Opens `variant` (every document differs from those of `text`) and pulls it once (its settings are then known:
 * the next pull starts analysing at once), replaces it with `text`, pulls its diagnostics and, at once, hovers the
 * small document: the hover must come back first and in a small part of the time the large file's pull takes.
 * Returns the large file's diagnostics.
 */
async function hoverAnsweredDuring(
  name: string,
  variant: string,
  text: string,
  log: (m: string) => void,
): Promise<Diagnostic[]> {
  const uri = `file:///coop/${name}.yaml`;
  await s.c.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'yaml', version: version++, text: variant },
  });
  await pull(uri);
  await s.c.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: version++ },
    contentChanges: [{ text }],
  });
  const order: string[] = [];
  const t0 = performance.now();
  let hoverMs = 0;
  let pullMs = 0;
  const big = pull(uri).then((r) => {
    pullMs = performance.now() - t0;
    order.push('pull');
    return r;
  });
  const hover = hoverSmall().then((h) => {
    hoverMs = performance.now() - t0;
    order.push('hover');
    return h;
  });
  const [report, h] = await Promise.all([big, hover]);
  assert.match((h!.contents as MarkupContent).value, /runs on/);
  assert.deepEqual(order, ['hover', 'pull'], `${name}: hover ${hoverMs.toFixed(0)} ms, pull ${pullMs.toFixed(0)} ms`);
  assert.ok(hoverMs < pullMs / 2, `${name}: hover ${hoverMs.toFixed(0)} ms, pull ${pullMs.toFixed(0)} ms`);
  await s.c.sendNotification('textDocument/didClose', { textDocument: { uri } });
  log(
    `${name}: hover answered after ${hoverMs.toFixed(0)} ms (idle: ${idleHoverMs.toFixed(0)} ms), ` +
      `the large file's pull after ` +
      `${pullMs.toFixed(0)} ms`,
  );
  return report.items;
}

describe('other requests are answered while a large file is analysed (stdio)', () => {
  test('a file of 3,000 DaemonSets (sliced between documents)', async (t) => {
    const doc = (i: number) =>
      SMALL.replace('name: agent', `name: agent-${i}`).replace(
        'image: i',
        'image: i\n      ' + 'tolerations: [{key: k, operator: Exists, effect: NoSchedul}]',
      );
    const file = (n: (i: number) => number) => Array.from({ length: 3000 }, (_, i) => doc(n(i))).join('---\n');
    const items = await hoverAnsweredDuring(
      'many',
      file((i) => i + 3000),
      file((i) => i),
      (m) => t.diagnostic(m),
    );
    assert.equal(items.filter((d) => String(d.message).includes('NoSchedul')).length, 3000);
  });

  test('one document of 45,000 keys (90,000 nodes: its lexing and parsing are sliced)', async (t) => {
    const map = (v: string) =>
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n' +
      Array.from({ length: 45_000 }, (_, i) => `  k${i}: ${v}${i}`).join('\n') +
      '\n  k7: again\n';
    const items = await hoverAnsweredDuring('one', map('w'), map('v'), (m) => t.diagnostic(m));
    assert.deepEqual(
      items.map((d) => d.code),
      ['yaml.duplicateKey'],
    );
  });

  test('450,000 tiny documents: 25,000 analysed, one located yaml.tooLarge at the first left out', async (t) => {
    const items = await hoverAnsweredDuring('tiny', 'b: 1\n---\n'.repeat(450_000), 'a: 1\n---\n'.repeat(450_000), (m) =>
      t.diagnostic(m),
    );
    assert.equal(items.length, 1);
    assert.equal(items[0]!.code, 'yaml.tooLarge');
    assert.match(String(items[0]!.message), /more than 25000 documents.*raise kce\.limits\.maxDocuments/);
    // document 25,000 (counted from 0) starts at the `---` line that ends document 24,999
    assert.deepEqual(items[0]!.range, { start: { line: 49_999, character: 0 }, end: { line: 49_999, character: 3 } });
  });
});
