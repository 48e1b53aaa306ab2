import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionItem, TextEdit } from 'vscode-languageserver/node';
import { startServer, cursor } from './harness';
import type { Harness } from './harness';
import { fakeDeps } from './fake';

const BASE = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  updateStrategy:
    type: @STRATEGY@
  template:
    spec:
      nodeSelector:
        disktype: @NSVALUE@
        @NSKEY@
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
              - matchExpressions:
                  - key: @EXPRKEY@
                    operator: @EXPROP@
                    values:
                      - @EXPRVAL@
      tolerations:
        - key: @TOLKEY@
          operator: @TOLOP@
          effect: @EFFECT@
`;

function fixture(slot: string, withCursor: string): string {
  const filled: Record<string, string> = {
    STRATEGY: 'RollingUpdate', NSVALUE: 'ssd', NSKEY: '', EXPRKEY: 'kubernetes.io/os', EXPROP: 'In', EXPRVAL: 'linux',
    TOLKEY: 'gpu', TOLOP: 'Exists', EFFECT: 'NoSchedule',
  };
  filled[slot] = withCursor;
  return BASE.replace(/@([A-Z]+)@/g, (_, k: string) => filled[k] ?? '');
}

async function complete(h: Harness, text$0: string): Promise<CompletionItem[]> {
  const { text, position } = cursor(text$0);
  const uri = `file:///w/c${Math.random().toString(36).slice(2)}.yaml`;
  await h.open(uri, text);
  const r = (await h.client.sendRequest('textDocument/completion', { textDocument: { uri }, position })) as CompletionItem[] | { items: CompletionItem[] } | null;
  return Array.isArray(r) ? r : r?.items ?? [];
}

const labels = (items: CompletionItem[]): string[] => items.map((i) => i.label);

describe('completion', () => {
  test('toleration operators: Equal and Exists; Gt/Lt only with the feature gate', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      assert.deepEqual(labels(await complete(h, fixture('TOLOP', '$0'))), ['Equal', 'Exists']);
    } finally {
      await h.dispose();
    }
    const g = await startServer({ deps: fakeDeps(), configuration: () => ({ featureGates: { TaintTolerationComparisonOperators: true } }) });
    try {
      assert.deepEqual(labels(await complete(g, fixture('TOLOP', '$0'))), ['Equal', 'Exists', 'Gt', 'Lt']);
    } finally {
      await g.dispose();
    }
  });

  test('node selector operators replace the word being typed', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const items = await complete(h, fixture('EXPROP', 'No$0'));
      assert.deepEqual(labels(items), ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt']);
      const edit = items[1]!.textEdit as TextEdit;
      assert.deepEqual(edit.range, { start: { line: 18, character: 30 }, end: { line: 18, character: 32 } });
      assert.equal(edit.newText, 'NotIn');
    } finally {
      await h.dispose();
    }
  });

  test('effects, with how many nodes carry each', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const items = await complete(h, fixture('EFFECT', '$0'));
      assert.deepEqual(labels(items), ['NoSchedule', 'PreferNoSchedule', 'NoExecute']);
      assert.equal(items[0]!.detail, '1 node has a NoSchedule taint');
    } finally {
      await h.dispose();
    }
  });

  test('update strategy types', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      assert.deepEqual(labels(await complete(h, fixture('STRATEGY', '$0'))), ['RollingUpdate', 'OnDelete']);
    } finally {
      await h.dispose();
    }
  });

  test('taint keys from the inventory for a toleration key', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      assert.deepEqual(labels(await complete(h, fixture('TOLKEY', '$0'))), ['node-role.kubernetes.io/control-plane']);
    } finally {
      await h.dispose();
    }
  });

  test('label keys (inventory + well-known) for a match expression key', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const l = labels(await complete(h, fixture('EXPRKEY', '$0')));
      assert.ok(l.includes('disktype'));
      assert.ok(l.includes('topology.kubernetes.io/zone'));
      assert.ok(l.includes('node.kubernetes.io/instance-type'));
    } finally {
      await h.dispose();
    }
  });

  test('label values for a values item and for a nodeSelector entry', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      assert.deepEqual(labels(await complete(h, fixture('EXPRVAL', '$0'))), ['linux']);
      assert.deepEqual(labels(await complete(h, fixture('NSVALUE', '$0'))), ['ssd']);
    } finally {
      await h.dispose();
    }
  });

  test('nodeSelector keys skip the ones already written', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const l = labels(await complete(h, fixture('NSKEY', 'kube$0')));
      assert.ok(l.includes('kubernetes.io/os'));
      assert.ok(!l.includes('disktype'));
    } finally {
      await h.dispose();
    }
  });

  test('nothing outside scheduling fields, nothing for a closed document', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      assert.deepEqual(await complete(h, BASE.replace('name: agent', 'name: $0agent').replace(/@[A-Z]+@/g, 'x')), []);
      assert.deepEqual(await h.client.sendRequest('textDocument/completion', { textDocument: { uri: 'file:///nope.yaml' }, position: { line: 0, character: 0 } }), []);
    } finally {
      await h.dispose();
    }
  });
  test('inside a kind: List item, as in a top-level document (kubectl get ds -A -o yaml)', async () => {
    const h = await startServer({ deps: fakeDeps() });
    // The fixture as the second item of a List: every line two spaces deeper, the first one under `- `.
    const asItem = (doc: string): string => {
      const lines = doc.trimEnd().split('\n');
      const item = lines.map((l, i) => (i === 0 ? `- ${l}` : `  ${l}`)).join('\n');
      return `apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: first\n${item}\n`;
    };
    try {
      for (const [slot, typed] of [['TOLOP', '$0'], ['EFFECT', '$0'], ['STRATEGY', '$0'], ['EXPROP', '$0'], ['EXPRVAL', '$0'], ['NSKEY', 'kube$0']] as const) {
        const top = labels(await complete(h, fixture(slot, typed)));
        assert.ok(top.length > 0, slot);
        assert.deepEqual(labels(await complete(h, asItem(fixture(slot, typed)))), top, slot);
      }
    } finally {
      await h.dispose();
    }
  });
});
