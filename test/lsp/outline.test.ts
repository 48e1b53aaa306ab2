// documentSymbol outline, one field-path key style for hover and completion, and diagnostic links/notes.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Diagnostic, DocumentSymbol } from 'vscode-languageserver/node';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { cursorAt } from '../../server/src/lsp/yamlView';
import { parseYamlText } from '../../server/src/yaml/parse';
import { rangeOfPath } from '../../server/src/yaml/paths';
import { getNote } from '../../server/src/walkthrough/index';
import { startServer, cursor } from './harness';

const ROOT = resolve(__dirname, '../..');

const MULTI = `# agents
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  namespace: ops
spec:
  selector: {matchLabels: {app: a}}
  template:
    metadata: {labels: {app: a}}
    spec:
      containers: [{name: c, image: i}]
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
---
just: yaml
---
apiVersion: v1
kind: Pod
spec: {}
`;

describe('documentSymbol', () => {
  test('one symbol per Kubernetes object: kind and name, placement in the detail, selection on the name', async () => {
    const h = await startServer({ deps: defaultDeps() });
    try {
      await h.open('file:///w/multi.yaml', MULTI);
      const syms = (await h.client.sendRequest('textDocument/documentSymbol', { textDocument: { uri: 'file:///w/multi.yaml' } })) as DocumentSymbol[];
      assert.deepEqual(syms.map((s) => [s.name, s.range.start.line, s.range.end.line]), [
        ['DaemonSet agent', 2, 12],
        ['ConfigMap cfg', 14, 17],
        ['Pod', 21, 23],
      ]);
      assert.match(syms[0]!.detail ?? '', /^apps\/v1 · namespace ops · runs on \d+ of 14 nodes · \d+ skipped$/);
      assert.deepEqual(syms[0]!.selectionRange, { start: { line: 5, character: 8 }, end: { line: 5, character: 13 } });
      assert.deepEqual(syms[2]!.selectionRange, { start: { line: 22, character: 6 }, end: { line: 22, character: 9 } });
      const closed = await h.client.sendRequest('textDocument/documentSymbol', { textDocument: { uri: 'file:///w/none.yaml' } });
      assert.deepEqual(closed, []);
    } finally {
      await h.dispose();
    }
  });
});

describe('field-path key style', () => {
  const TEXT = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  annotations:
    note$1: x
spec:
  selector:
    matchLabels:
      app$2: a
  template:
    metadata:
      labels:
        app$3: a
    spec:
      nodeSelector:
        disktype$4: ssd
      containers:
        - name: c
          resources:
            limits:
              cpu$5: 1
`;
  const want: Record<string, string> = {
    $1: 'metadata.annotations[note]',
    $2: 'spec.selector.matchLabels[app]',
    $3: 'spec.template.metadata.labels[app]',
    $4: 'spec.template.spec.nodeSelector[disktype]',
    $5: 'spec.template.spec.containers[0].resources.limits[cpu]',
  };
  test('map keys render as [key] from the schema, whatever they look like, and round-trip to the same range', () => {
    for (const [marker, path] of Object.entries(want)) {
      let t = TEXT;
      for (const m of Object.keys(want)) if (m !== marker) t = t.replace(m, '');
      const c = cursor(t.replace(marker, '$0'));
      const file = parseYamlText(c.text);
      const at = cursorAt(file, c.offset - 1);
      assert.equal(at?.path, path, marker);
      assert.deepEqual(at?.range, rangeOfPath(file.documents[0]!, path, 'key'), marker);
    }
  });

  test('completion of a nodeSelector value uses the same path (identifier-like key)', async () => {
    const h = await startServer({ deps: defaultDeps() });
    try {
      const c = cursor('apiVersion: apps/v1\nkind: DaemonSet\nspec:\n  template:\n    spec:\n      nodeSelector:\n        kubernetes.io/arch: $0\n        disktype: ssd\n');
      await h.open('file:///w/c.yaml', c.text);
      const items = (await h.client.sendRequest('textDocument/completion', { textDocument: { uri: 'file:///w/c.yaml' }, position: c.position })) as { label: string }[];
      assert.deepEqual(items.map((i) => i.label).sort(), ['amd64', 'arm64']);
    } finally {
      await h.dispose();
    }
  });
});

describe('diagnostic links and notes', () => {
  test('every diagnostic of the broken examples has a codeDescription; notes are walkthrough note ids', async () => {
    const h = await startServer({ deps: defaultDeps() });
    try {
      const all: Diagnostic[] = [];
      for (const f of ['examples/broken/daemonset-errors.yaml', 'examples/broken/daemonset-never-matches.yaml']) {
        const uri = `file:///w/${f}`;
        await h.open(uri, readFileSync(join(ROOT, f), 'utf8'));
        all.push(...((await h.pull(uri)).items ?? []));
      }
      assert.ok(all.length > 5);
      for (const d of all) assert.match(d.codeDescription?.href ?? '', /^https:\/\//, `${String(d.code)} ${d.message}`);
      const notes = all.map((d) => (d.data as { note?: string }).note).filter((n): n is string => !!n);
      assert.ok(notes.length > 0, 'some diagnostic has a note');
      for (const n of notes) assert.ok(getNote(n), `note ${n} is a walkthrough note id, not a code`);
      const insight = all.find((d) => typeof d.code === 'string' && d.code.startsWith('kce.') && d.code !== 'kce.runsNowhere' && (d.data as { note?: string }).note);
      assert.ok(insight, 'an insight carries its note');
      assert.match((insight.data as { note: string }).note, /^insight-/);
    } finally {
      await h.dispose();
    }
  });
});
