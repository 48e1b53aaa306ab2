import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import type { Diagnostic } from 'vscode-languageserver/node';
import { startServer, PULL_CAPS, PUSH_CAPS, marked } from './harness';
import { fakeDeps } from './fake';

const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  template:
    spec:
      tolerations:
        - key: gpu
          effect: [[NoSchedul]]
`;

describe('pull diagnostics', () => {
  test('exact range, severity, code, codeDescription, source and data', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const { text, range } = marked(DS);
      await h.open('file:///w/ds.yaml', text);
      const r = await h.pull('file:///w/ds.yaml');
      assert.equal(r.kind, 'full');
      assert.equal(r.items?.length, 1);
      const d = r.items![0]!;
      assert.deepEqual(d.range, range);
      assert.equal(d.severity, DiagnosticSeverity.Error);
      assert.equal(d.code, 'FieldValueNotSupported');
      assert.deepEqual(d.codeDescription, { href: 'https://example.invalid/taints' });
      assert.equal(d.source, 'kce');
      const apiMessage = 'spec.template.spec.tolerations[0].effect: Unsupported value: "NoSchedul"';
      assert.deepEqual(d.data, { field: 'spec.template.spec.tolerations[0].effect', note: 'sched-tainttoleration', documentIndex: 0, apiMessage });
      // What is wrong comes first; the full path and kube-apiserver's own text stay one click away.
      assert.equal(d.message, 'tolerations[0].effect: Unsupported value: "NoSchedul"');
      assert.deepEqual(d.relatedInformation?.map((x) => [x.message, x.location.uri, x.location.range]), [
        ['Field: spec.template.spec.tolerations[0].effect', 'file:///w/ds.yaml', range],
        [`kube-apiserver: ${apiMessage}`, 'file:///w/ds.yaml', range],
      ]);
      assert.equal(h.published.length, 0, 'a pull client gets no pushed diagnostics');
    } finally {
      await h.dispose();
    }
  });

  test('same version answers unchanged with the previous resultId; a new version is analysed again', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const { text } = marked(DS);
      await h.open('file:///w/ds.yaml', text);
      const first = await h.pull('file:///w/ds.yaml');
      assert.ok(first.resultId);
      const second = await h.pull('file:///w/ds.yaml', first.resultId);
      assert.equal(second.kind, 'unchanged');
      assert.equal(second.resultId, first.resultId);
      await h.change('file:///w/ds.yaml', 2, text.replace('NoSchedul', 'NoSchedule'));
      const third = await h.pull('file:///w/ds.yaml', first.resultId);
      assert.equal(third.kind, 'full');
      assert.deepEqual(third.items, []);
    } finally {
      await h.dispose();
    }
  });

  test('one version is analysed once, shared by diagnostics, code lens and hover', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      await h.open('file:///w/ds.yaml', marked(DS).text);
      await h.pull('file:///w/ds.yaml');
      await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri: 'file:///w/ds.yaml' } });
      await h.client.sendRequest('textDocument/hover', { textDocument: { uri: 'file:///w/ds.yaml' }, position: { line: 1, character: 2 } });
      await h.pull('file:///w/ds.yaml');
      assert.equal(h.session.analyses, 1);
    } finally {
      await h.dispose();
    }
  });

  test('CRLF and emoji: ranges are UTF-16 positions on the right line', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const src = `# 🚀🚀 agent\r\nkind: DaemonSet\r\nmetadata:\r\n  name: a\r\nspec: {tolerations: [{key: 🚀, effect: [[Nope]]}]} # 🙂\r\n`;
      const { text, range } = marked(src);
      assert.deepEqual(range, { start: { line: 4, character: 39 }, end: { line: 4, character: 43 } });
      await h.open('file:///w/crlf.yaml', text);
      const r = await h.pull('file:///w/crlf.yaml');
      assert.deepEqual(r.items?.map((d: Diagnostic) => d.range), [range]);
    } finally {
      await h.dispose();
    }
  });

  test('multi-document file: each document reports with its index', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const text = `kind: DaemonSet\nmetadata:\n  name: a\neffect: Bad1\n---\nkind: DaemonSet\nmetadata:\n  name: b\neffect: Bad2\n`;
      await h.open('file:///w/multi.yaml', text);
      const r = await h.pull('file:///w/multi.yaml');
      assert.deepEqual(r.items?.map((d: Diagnostic) => [d.range.start.line, (d.data as { documentIndex: number }).documentIndex]), [[3, 0], [8, 1]]);
    } finally {
      await h.dispose();
    }
  });

  test('a closed or unknown document answers an empty report', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      await h.open('file:///w/ds.yaml', marked(DS).text);
      await h.close('file:///w/ds.yaml');
      assert.deepEqual(await h.pull('file:///w/ds.yaml'), { kind: 'full', items: [] });
      assert.deepEqual(await h.pull('file:///w/never.yaml'), { kind: 'full', items: [] });
    } finally {
      await h.dispose();
    }
  });

  test('the diagnosticProvider capability is announced only to pull clients', async () => {
    for (const [caps, expected] of [[PULL_CAPS, true], [PUSH_CAPS, false]] as const) {
      const h = await startServer({ deps: fakeDeps(), capabilities: caps });
      try {
        // initialize was already sent by the harness; ask again through a second server is overkill: read the session.
        assert.equal(h.session.support.pullDiagnostics, expected);
      } finally {
        await h.dispose();
      }
    }
  });
});

describe('push diagnostics', () => {
  test('pushed on open and after a change, with the document version', async () => {
    const h = await startServer({ deps: fakeDeps(), capabilities: PUSH_CAPS });
    try {
      const { text, range } = marked(DS);
      await h.open('file:///w/ds.yaml', text, 1);
      const d1 = await h.waitDiagnostics('file:///w/ds.yaml', 1);
      assert.deepEqual(d1.map((d) => d.range), [range]);
      await h.change('file:///w/ds.yaml', 2, text.replace('NoSchedul', 'NoExecute'));
      const d2 = await h.waitDiagnostics('file:///w/ds.yaml', 2);
      assert.deepEqual(d2, []);
    } finally {
      await h.dispose();
    }
  });

  test('rapid edits are debounced: only the last version is pushed after the burst', async () => {
    const h = await startServer({ deps: fakeDeps(), capabilities: PUSH_CAPS, pushDelayMs: 40 });
    try {
      const { text } = marked(DS);
      await h.open('file:///w/ds.yaml', text, 1);
      await h.waitDiagnostics('file:///w/ds.yaml', 1);
      for (let v = 2; v <= 6; v++) await h.change('file:///w/ds.yaml', v, text + `# ${v}\n`);
      await h.waitDiagnostics('file:///w/ds.yaml', 6);
      const versions = h.published.filter((p) => p.uri === 'file:///w/ds.yaml').map((p) => p.version);
      assert.deepEqual(versions, [1, 6]);
      assert.equal(h.session.analyses, 2);
    } finally {
      await h.dispose();
    }
  });

  test('closing a document clears its diagnostics', async () => {
    const h = await startServer({ deps: fakeDeps(), capabilities: PUSH_CAPS });
    try {
      await h.open('file:///w/ds.yaml', marked(DS).text, 1);
      await h.waitDiagnostics('file:///w/ds.yaml', 1);
      await h.close('file:///w/ds.yaml');
      await new Promise((r) => setTimeout(r, 50));
      const last = h.published[h.published.length - 1]!;
      assert.equal(last.uri, 'file:///w/ds.yaml');
      assert.deepEqual(last.diagnostics, []);
    } finally {
      await h.dispose();
    }
  });
});
