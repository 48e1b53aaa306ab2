import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startServer } from './harness';
import type { Harness } from './harness';
import { fakeDeps } from './fake';
import { closest } from '../../server/src/lsp/codeActions';

const URI = 'file:///w/fix.yaml';

async function actions(h: Harness, text: string, diagnostics: Diagnostic[], line = 1): Promise<CodeAction[]> {
  await h.open(URI, text);
  const range = { start: { line, character: 0 }, end: { line, character: 0 } };
  return (await h.client.sendRequest('textDocument/codeAction', { textDocument: { uri: URI }, range, context: { diagnostics } })) as CodeAction[];
}

function apply(text: string, a: CodeAction): string {
  const edits = a.edit?.changes?.[URI] ?? [];
  return TextDocument.applyEdits(TextDocument.create(URI, 'yaml', 1, text), edits);
}

function diag(field: string, line: number, documentIndex = 0): Diagnostic {
  return { range: { start: { line, character: 0 }, end: { line, character: 1 } }, message: 'x', source: 'kce', data: { field, documentIndex } };
}

const DS = (tolerations: string): string => `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  template:
    spec:
${tolerations}      containers:
        - name: c
          image: busybox
`;

describe('code actions', () => {
  test('effect typo: change to the closest effect, using the diagnostic from the server', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const text = DS('      tolerations:\n        - key: gpu\n          effect: NoSchedul\n');
      await h.open(URI, text);
      const pulled = await h.pull(URI);
      const list = await actions(h, text, pulled.items!);
      const a = list.find((x) => x.title === 'Change NoSchedul to NoSchedule');
      assert.ok(a, JSON.stringify(list.map((x) => x.title)));
      assert.equal(a.isPreferred, true);
      assert.match(apply(text, a), /effect: NoSchedule\n/);
    } finally {
      await h.dispose();
    }
  });

  test('operator typo in a node selector requirement', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const text = `kind: Pod\nspec:\n  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms:\n          - matchExpressions:\n              - key: a\n                operator: NotIm\n                values: [b]\n`;
      const list = await actions(h, text, [diag('spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator', 8)]);
      assert.deepEqual(list.map((x) => x.title), ['Change NotIm to NotIn']);
      assert.match(apply(text, list[0]!), /operator: NotIn\n/);
    } finally {
      await h.dispose();
    }
  });

  test('values with Exists: remove the whole values entry, block and flow style', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const block = `kind: Pod\nspec:\n  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms:\n          - matchExpressions:\n              - key: a\n                operator: Exists\n                values:\n                  - x\n              - key: b\n                operator: Exists\n`;
      const field = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values';
      const list = await actions(h, block, [diag(field, 9)]);
      assert.equal(list.length, 1);
      assert.equal(list[0]!.title, 'Remove values (operator Exists takes none)');
      assert.equal(apply(block, list[0]!), block.replace('                values:\n                  - x\n', ''));
    } finally {
      await h.dispose();
    }
  });

  test('tolerationSeconds without NoExecute: set the effect or drop the seconds', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const text = DS('      tolerations:\n        - key: gpu\n          operator: Exists\n          effect: NoSchedule\n          tolerationSeconds: 30\n');
      const list = await actions(h, text, [diag('spec.template.spec.tolerations[0].tolerationSeconds', 11)]);
      assert.deepEqual(list.filter((x) => x.diagnostics).map((x) => x.title), ['Set effect: NoExecute (tolerationSeconds only applies to NoExecute)', 'Remove tolerationSeconds']);
      assert.match(apply(text, list[0]!), /effect: NoExecute\n          tolerationSeconds: 30\n/);
      assert.equal(apply(text, list[1]!), text.replace('          tolerationSeconds: 30\n', ''));
    } finally {
      await h.dispose();
    }
  });

  test('add a toleration for an untolerated taint, saying how many nodes it adds', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const text = DS('      tolerations:\n        - key: gpu\n          operator: Exists\n');
      const list = await actions(h, text, []);
      const a = list.find((x) => x.title.startsWith('Add a toleration'));
      assert.equal(a?.title, 'Add a toleration for node-role.kubernetes.io/control-plane:NoSchedule — +1 node');
      assert.equal(apply(text, a!), DS('      tolerations:\n        - key: gpu\n          operator: Exists\n        - key: node-role.kubernetes.io/control-plane\n          operator: Exists\n          effect: NoSchedule\n'));
    } finally {
      await h.dispose();
    }
  });

  test('add a toleration when the template has none yet', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const text = DS('');
      const a = (await actions(h, text, [])).find((x) => x.title.startsWith('Add a toleration'));
      assert.ok(a);
      assert.equal(apply(text, a), DS('      tolerations:\n      - key: node-role.kubernetes.io/control-plane\n        operator: Exists\n        effect: NoSchedule\n'));
    } finally {
      await h.dispose();
    }
  });

  test('replace the stale master toleration by control-plane', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const text = DS('      tolerations:\n        - key: node-role.kubernetes.io/master\n          operator: Exists\n');
      const list = await actions(h, text, []);
      const a = list.find((x) => x.title.startsWith('Replace'));
      assert.equal(a?.title, 'Replace the node-role.kubernetes.io/master toleration by node-role.kubernetes.io/control-plane — +1 node');
      assert.match(apply(text, a!), /- key: node-role.kubernetes.io\/control-plane\n/);
    } finally {
      await h.dispose();
    }
  });

  test('a closed document and foreign diagnostics give nothing', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const r = await h.client.sendRequest('textDocument/codeAction', { textDocument: { uri: 'file:///none.yaml' }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [] } });
      assert.deepEqual(r, []);
      const text = `kind: Pod\nspec:\n  tolerations:\n    - effect: NoSchedul\n`;
      const list = await actions(h, text, [{ ...diag('spec.tolerations[0].effect', 3), source: 'other' }]);
      assert.deepEqual(list, []);
    } finally {
      await h.dispose();
    }
  });
});

describe('closest', () => {
  test('typo distance bound', async () => {

    assert.equal(closest('noschedule', ['NoSchedule', 'NoExecute']), 'NoSchedule');
    assert.equal(closest('Banana', ['NoSchedule', 'NoExecute']), undefined);
    assert.equal(closest('NoExecute', ['NoSchedule', 'NoExecute']), undefined);
  });
});
