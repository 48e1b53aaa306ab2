// Fuzz: thousands of random incremental edits of every example, each batch followed by every request
// the server answers. The server runs from source in a child process, so a hang is caught by a timer
// (and the child killed) instead of freezing the test. Reproduce a failure with KCE_FUZZ_SEED=<seed>.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import type { CodeAction, Diagnostic, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeText } from '../../server/src/analysis/index';
import { resolveFeatureGates } from '../../server/src/core/k8sVersion';
import type { NodeInfo } from '../../server/src/core/types';
import { sampleSource } from '../../server/src/inventory/source';
import { toDiagnostic } from '../../server/src/lsp/convert';
import { PULL_CAPS } from '../lsp/harness';

const ROOT = resolve(__dirname, '../..');
const SEED = Number(process.env.KCE_FUZZ_SEED ?? 20250611) >>> 0;
const BATCHES = Number(process.env.KCE_FUZZ_BATCHES ?? 60);
const EDITS_PER_BATCH = Number(process.env.KCE_FUZZ_EDITS ?? 10);
/** A hang guard, not a speed test. */
const REQUEST_BOUND_MS = 2000;

function examples(dir = join(ROOT, 'examples')): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...examples(p));
    else if (/\.ya?ml$/.test(name)) out.push(p);
  }
  return out;
}

/** mulberry32: small, seedable, good enough to pick edits. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FRAGMENTS = [
  '- ', ': ', ':', '-', '[', ']', '{', '}', ',', '"', "'", '|', '>', '|-\n', '#', '? ', '!!str ', '!!int ', '!foo ',
  '*a', '&a ', '*anchor', '&anchor {x: 1}', '<<: *a\n', 'x: &a [*a, *a]\n', '*undefined\n',
  '---\n', '...\n', '--- !!map\n', '%YAML 1.1\n', '%TAG ! tag:x,2000:\n',
  '\t', '\t\t', '\n', '\r\n', '\r', '  ', '    ', '\n\n\n',
  '😀', 'é', '\u200b', '\ufeff', '\u0000', '\u0007', '\ud800', '\udc00', '漢字', '\u202e',
  'key: value\n', 'operator: Exists\n', 'operator: Gt\n', 'values: [a, "1", 2]\n', 'effect: NoSchedul\n', 'effect: NoExecute\n',
  'tolerationSeconds: 30\n', 'nodeSelector: {}\n', 'nodeSelector:\n  disktype: ssd\n', 'matchLabels:\n  app: x\n',
  'tolerations:\n- key: gpu\n  operator: Exists\n', 'nodeSelectorTerms: []\n', '- matchExpressions:\n  - key: a\n    operator: In\n',
  'kind: DaemonSet\n', 'kind: Pod\n', 'apiVersion: apps/v1\n', 'apiVersion: v1\n', 'maxSurge: 50%\n', 'maxUnavailable: 0\n',
  'yes', 'on', 'no', '~', 'null', '0x1F', '1e400', '-.inf', '.nan', '123456789012345678901234567890',
  'labels:\n  "a/b/c": x\n', 'name: ' + 'x'.repeat(300) + '\n', '{a: [b, {c: d}]}', '[[[[[[[[[[[[', '{{{{{{{{',
];

/** Scalars and collections that replace a value: turns lists into strings, maps into numbers, and so on. */
const REPLACEMENTS = [' "str"', ' []', ' {}', ' 42', ' null', ' true', ' -1', ' "1.5"', ' [a, b]', ' {a: b}', ' *a', ' &a x', '', ' |\n  text', ' yes'];

interface Edit { range: [number, number]; text: string }

function randomEdit(text: string, r: () => number): Edit {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const at = Math.floor(r() * (text.length + 1));
  const lines: [number, number][] = [];
  for (let s = 0; s <= text.length;) {
    let e = text.indexOf('\n', s);
    if (e < 0) e = text.length;
    lines.push([s, e]);
    s = e + 1;
  }
  const line = pick(lines);
  const kind = r();
  if (kind < 0.22) {
    // delete a span (may split a surrogate pair or a CRLF: both are fine inputs)
    const len = 1 + Math.floor(r() * (r() < 0.8 ? 12 : 200));
    return { range: [at, Math.min(text.length, at + len)], text: '' };
  }
  if (kind < 0.45) return { range: [at, at], text: pick(FRAGMENTS) };
  if (kind < 0.55) {
    // random characters, printable or not
    let s = '';
    const n = 1 + Math.floor(r() * 8);
    for (let i = 0; i < n; i++) s += String.fromCharCode(r() < 0.7 ? 32 + Math.floor(r() * 95) : Math.floor(r() * 0xffff));
    return { range: [at, at], text: s };
  }
  if (kind < 0.7) {
    // type change: replace what follows a `key:` on a line (drops a list, a map or a scalar)
    const l = text.slice(line[0], line[1]);
    const c = l.indexOf(':');
    if (c >= 0) return { range: [line[0] + c + 1, line[1]], text: pick(REPLACEMENTS) };
    const dash = l.indexOf('- ');
    if (dash >= 0) return { range: [line[0] + dash, line[0] + dash + 2], text: '' };
    return { range: [line[0], line[1]], text: pick(REPLACEMENTS).trim() };
  }
  if (kind < 0.82) {
    // broken indentation: add or remove leading spaces, or indent with a tab
    const l = text.slice(line[0], line[1]);
    const lead = /^[ \t]*/.exec(l)![0].length;
    const op = r();
    if (op < 0.4 && lead > 0) return { range: [line[0], line[0] + Math.min(lead, 1 + Math.floor(r() * 4))], text: '' };
    if (op < 0.8) return { range: [line[0], line[0]], text: ' '.repeat(1 + Math.floor(r() * 5)) };
    return { range: [line[0], line[0] + lead], text: '\t'.repeat(1 + Math.floor(r() * 2)) };
  }
  if (kind < 0.92) {
    // copy a slice of the text elsewhere (duplicate keys, nested repeats)
    const s = Math.floor(r() * text.length);
    const e = Math.min(text.length, s + Math.floor(r() * 300));
    return { range: [at, at], text: text.slice(s, e) };
  }
  // delete or duplicate whole lines
  if (r() < 0.5) return { range: [line[0], Math.min(text.length, line[1] + 1)], text: '' };
  return { range: [line[1], line[1]], text: '\n' + text.slice(line[0], line[1]) };
}

// The first answer also waits for the child to compile and load the server (tsx): start-up, not a request.
const STARTUP_BOUND_MS = 30_000;

function withTimeout<T>(p: Promise<T>, what: string, bound = REQUEST_BOUND_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t0 = Date.now();
  return Promise.race([
    p.then((v) => {
      const ms = Date.now() - t0;
      if (ms > bound) throw new Error(`${what} took ${ms} ms (bound ${bound} ms)`);
      return v;
    }),
    new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer within ${bound} ms`)), bound); }),
  ]).finally(() => clearTimeout(timer));
}

function assertRangeIn(doc: TextDocument, r: Range | undefined, what: string): void {
  if (!r) return;
  const lines = doc.lineCount;
  for (const p of [r.start, r.end]) {
    assert.ok(Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.character >= 0 && p.line < lines, `${what}: bad position ${JSON.stringify(p)} (${lines} lines)`);
  }
  assert.ok(doc.offsetAt(r.start) <= doc.offsetAt(r.end), `${what}: range ends before it starts ${JSON.stringify(r)}`);
}

/** What two diagnostics lists must agree on. */
function project(ds: Diagnostic[]): string[] {
  return ds.map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${String(d.code)} ${d.severity} ${d.message}`).sort();
}

test(`LSP fuzz: random incremental edits of every example, every request answers (seed ${SEED})`, { timeout: 300_000 }, async (t) => {
  t.diagnostic(`seed ${SEED} (KCE_FUZZ_SEED), ${BATCHES} batches × ${EDITS_PER_BATCH} edits per file`);
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/src/server.ts'), '--stdio'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  let exited = false;
  child.on('exit', () => { exited = true; });
  const c = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const failures: string[] = [];
  c.onNotification('window/logMessage', (p: { message: string }) => {
    // Handlers turn exceptions into an empty answer and a log line: for the fuzzer that is a crash.
    if (/ failed/.test(p.message)) failures.push(p.message);
  });
  c.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
  c.onRequest('client/registerCapability', () => null);
  c.onRequest('workspace/diagnostic/refresh', () => null);
  c.onRequest('workspace/codeLens/refresh', () => null);
  c.listen();

  const t0 = Date.now();
  let edits = 0;
  let requests = 0;
  let context = '';
  const req = async <R>(method: string, params: unknown): Promise<R> => {
    requests++;
    try {
      return await withTimeout(c.sendRequest(method, params) as Promise<R>, method);
    } catch (e) {
      throw new Error(`${method} failed (${context}): ${(e as Error).message}\nparams: ${JSON.stringify(params).slice(0, 500)}\nstderr: ${stderr.slice(-2000)}`);
    }
  };

  try {
    await withTimeout(c.sendRequest('initialize', { processId: null, rootUri: null, capabilities: PULL_CAPS }), 'initialize', STARTUP_BOUND_MS);
    await c.sendNotification('initialized', {});
    const inv = await req<{ nodes: NodeInfo[] }>('kce/inventory', {});
    const nodes: NodeInfo[] = inv.nodes.map((n) => ({ ...n, taints: n.taints.map((x) => ({ ...x })) }));
    // The server's inventory is the sample cluster with its running pods: the fresh analysis needs the same
    // scheduler state, or a host port taken on a sample node would be Pending only on the server's side.
    const sample = sampleSource();
    assert.deepEqual(nodes.map((n) => n.name), sample.nodes.map((n) => n.name), 'the server runs on the sample cluster');
    const ctx = {
      nodes, gates: resolveFeatureGates({}).gates, insights: true, inventoryLabel: 'the sample cluster',
      scheduling: sample.scheduling,
    };

    for (const [fi, path] of examples().entries()) {
      const r = rng((SEED ^ Math.imul(fi + 1, 0x9e3779b1)) >>> 0);
      const uri = pathToFileURL(path).href.replace(/\.ya?ml$/, `.fuzz${fi}.yaml`);
      const original = readFileSync(path, 'utf8');
      let doc = TextDocument.create(uri, 'yaml', 1, original);
      await c.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: original } });

      for (let b = 0; b < BATCHES; b++) {
        context = `${relative(ROOT, path)} batch ${b}, seed ${SEED}`;
        // Edits go out one notification each, sometimes several changes in one notification.
        for (let e = 0; e < EDITS_PER_BATCH;) {
          const n = r() < 0.2 ? 2 + Math.floor(r() * 3) : 1;
          const changes: TextDocumentContentChangeEvent[] = [];
          let next = doc;
          for (let k = 0; k < n; k++, e++, edits++) {
            const ed = randomEdit(next.getText(), r);
            const range = { start: next.positionAt(ed.range[0]), end: next.positionAt(ed.range[1]) };
            changes.push({ range, text: ed.text });
            next = TextDocument.update(next, [{ range, text: ed.text }], next.version);
          }
          // Keep texts from growing without end: now and then start over from the example.
          if (next.getText().length > 20_000 || r() < 0.01) {
            changes.length = 0;
            changes.push({ text: original });
            next = TextDocument.create(uri, 'yaml', 0, original);
          }
          doc = TextDocument.create(uri, 'yaml', doc.version + 1, next.getText());
          await c.sendNotification('textDocument/didChange', { textDocument: { uri, version: doc.version }, contentChanges: changes });
        }
        const text = doc.getText();
        const td = { textDocument: { uri } };
        const pos = (): { line: number; character: number } =>
          r() < 0.05 ? { line: doc.lineCount + 3, character: 7 } : doc.positionAt(Math.floor(r() * (text.length + 1)));

        const report = await req<{ kind: string; items: Diagnostic[] }>('textDocument/diagnostic', td);
        assert.equal(report.kind, 'full', context);
        for (const d of report.items) {
          assertRangeIn(doc, d.range, `diagnostic ${d.message} (${context})`);
          // The analysis turns its own exceptions into this diagnostic: a crash all the same.
          assert.notEqual(d.code, 'kce.internal', `${d.message} (${context})\n${JSON.stringify(text)}`);
        }
        // The incremental analysis must say exactly what a fresh analysis of the same text says.
        const fresh = analyzeText(text, ctx).documents.flatMap((d) => d.problems.map((p) => toDiagnostic(doc, p, d.index)));
        assert.deepEqual(project(report.items), project(fresh), `incremental ≠ fresh analysis (${context})\n${JSON.stringify(text)}`);

        for (let k = 0; k < 4; k++) {
          const h = await req<{ range?: Range } | null>('textDocument/hover', { ...td, position: pos() });
          if (h) assertRangeIn(doc, h.range, `hover (${context})`);
        }
        for (let k = 0; k < 3; k++) {
          // Half the time right after a `key: ` so the completion paths run.
          let p = pos();
          if (r() < 0.5) {
            const m = [...text.matchAll(/^[ \t-]*[\w./-]+:[ \t]*/gm)];
            const hit = m.length ? m[Math.floor(r() * m.length)]! : undefined;
            if (hit) p = doc.positionAt(hit.index + hit[0].length);
          }
          const items = await req<{ textEdit?: { range: Range } }[]>('textDocument/completion', { ...td, position: p });
          assert.ok(Array.isArray(items), context);
          for (const it of items) assertRangeIn(doc, it.textEdit?.range, `completion (${context})`);
        }
        const lenses = await req<{ range: Range }[]>('textDocument/codeLens', td);
        for (const l of lenses) assertRangeIn(doc, l.range, `code lens (${context})`);
        for (let k = 0; k < 2; k++) {
          const a = doc.offsetAt(pos());
          const bOff = Math.min(text.length, a + Math.floor(r() * 200));
          const range = { start: doc.positionAt(a), end: doc.positionAt(bOff) };
          const diagnostics = report.items.filter((d) => doc.offsetAt(d.range.end) >= a && doc.offsetAt(d.range.start) <= bOff);
          const actions = await req<CodeAction[]>('textDocument/codeAction', { ...td, range, context: { diagnostics: k === 0 ? diagnostics : report.items } });
          for (const act of actions) {
            const tes = act.edit?.changes?.[uri] ?? [];
            for (const te of tes) assertRangeIn(doc, te.range, `code action ${act.title} (${context})`);
            // Overlapping edits make applyEdits throw.
            TextDocument.applyEdits(doc, tes);
          }
        }
        const symbols = await req<{ range: Range; selectionRange: Range }[] | null>('textDocument/documentSymbol', td);
        for (const s of symbols ?? []) {
          assertRangeIn(doc, s.range, `symbol (${context})`);
          assertRangeIn(doc, s.selectionRange, `symbol selection (${context})`);
        }
        const documentIndex = Math.floor(r() * 3);
        const ref = { uri, documentIndex };
        await req('kce/simulatePlacement', ref);
        await req('kce/plan', { ...ref, burstReplicas: 1 + Math.floor(r() * 300) });
        await req('kce/rollout', { ...ref, ...(r() < 0.5 ? { maxSurge: r() < 0.5 ? '25%' : 1, maxUnavailable: r() < 0.5 ? 0 : '10%' } : {}) });
        await req('kce/nodeEvent', { ...ref, event: r() < 0.5 ? { type: 'addTaint', node: nodes[0]?.name ?? 'x', taint: { key: 'gpu', value: 'true', effect: 'NoSchedule' } } : { type: 'cordon', node: nodes[1]?.name ?? 'x' } });
        assert.deepEqual(failures, [], `a handler threw (${context})`);
        assert.ok(!exited, `the server exited (${context})\n${stderr}`);
      }
      await c.sendNotification('textDocument/didClose', td(uri));
    }
    // A closed document answers empty.
    assert.equal(await req('textDocument/hover', { textDocument: { uri: 'file:///closed.yaml' }, position: { line: 0, character: 0 } }), null);
    t.diagnostic(`${edits} edits, ${requests} requests in ${Date.now() - t0} ms`);
    await withTimeout(c.sendRequest('shutdown'), 'shutdown');
    await c.sendNotification('exit');
  } finally {
    c.dispose();
    child.kill();
  }
});

function td(uri: string): { textDocument: { uri: string } } {
  return { textDocument: { uri } };
}
