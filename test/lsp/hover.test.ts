import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { startServer, cursor } from './harness';
import type { Harness } from './harness';
import { fakeDeps } from './fake';

const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  template:
    spec:
      nodeSelector:
        disktype: ssd
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
              - matchExpressions:
                  - key: kubernetes.io/os
                    operator: In
                    values: [linux]
      tolerations:
        - key: node-role.kubernetes.io/control-plane
          operator: Exists
          effect: NoSchedule
`;

async function hoverAt(h: Harness, marked: string): Promise<{ hover: Hover | null; text: string }> {
  const { text, position } = cursor(marked);
  const uri = `file:///w/h${Math.random().toString(36).slice(2)}.yaml`;
  await h.open(uri, text);
  const hover = (await h.client.sendRequest('textDocument/hover', { textDocument: { uri }, position })) as Hover | null;
  return { hover, text };
}

function md(h: Hover | null): string {
  assert.ok(h, 'expected a hover');
  return (h.contents as MarkupContent).value;
}

describe('hover', () => {
  test('kind: DaemonSet shows counts and a ✓/✗ table, skipped nodes first', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const noCp = DS.replace('- key: node-role.kubernetes.io/control-plane', '- key: gpu');
      const { hover } = await hoverAt(h, noCp.replace('kind: DaemonSet', 'kind: Daemon$0Set'));
      const v = md(hover);
      assert.match(v, /^\*\*DaemonSet `agent`\*\* runs on \*\*2 of 3\*\* nodes · 1 skipped _\(sample cluster, 3 nodes\)_/);
      const rows = v.split('\n').filter((l) => /^\| [✓✗] \|/.test(l));
      assert.deepEqual(rows, [
        '| ✗ | cp-1 | taint node-role.kubernetes.io/control-plane:NoSchedule not tolerated |',
        '| ✓ | worker-1 |  |',
        '| ✓ | worker-2 |  |',
      ]);
      assert.deepEqual(hover!.range, { start: { line: 1, character: 6 }, end: { line: 1, character: 15 } });
    } finally {
      await h.dispose();
    }
  });

  test('the table is capped by hover.maxNodes with "and N more"', async () => {
    const h = await startServer({ deps: fakeDeps(), configuration: () => ({ hover: { maxNodes: 1 } }) });
    try {
      const { hover } = await hoverAt(h, DS.replace('name: agent', 'name: ag$0ent'));
      const v = md(hover);
      assert.equal(v.split('\n').filter((l) => /^\| [✓✗] \|/.test(l)).length, 1);
      assert.match(v, /_and 2 more_$/);
    } finally {
      await h.dispose();
    }
  });

  test('a nodeSelector entry: which nodes match and which are excluded with their value', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const { hover } = await hoverAt(h, DS.replace('disktype: ssd', 'disk$0type: ssd'));
      const v = md(hover);
      assert.match(v, /nodeSelector `disktype=ssd`: matches \*\*1 of 3\*\* nodes/);
      assert.match(v, /\| ✓ \| worker-1 \|/);
      assert.match(v, /\| ✗ \| cp-1 \| no label disktype \|/);
      assert.deepEqual(hover!.range, { start: { line: 8, character: 8 }, end: { line: 8, character: 16 } });
    } finally {
      await h.dispose();
    }
  });

  test('a match expression: evaluated with the core node affinity', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const { hover } = await hoverAt(h, DS.replace('operator: In', 'operator: I$0n'));
      assert.match(md(hover), /`kubernetes.io\/os In \[linux\]`: matches \*\*3 of 3\*\* nodes/);
    } finally {
      await h.dispose();
    }
  });

  test('an expression that cannot parse says it never matches', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const { hover } = await hoverAt(h, DS.replace('operator: In\n                    values: [linux]', 'operator: Gt\n                    values: [li$0nux]'));
      assert.match(md(hover), /never matches/);
    } finally {
      await h.dispose();
    }
  });

  test('a toleration: which taints on which nodes it tolerates', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const { hover } = await hoverAt(h, DS.replace('operator: Exists', 'operator: Exi$0sts'));
      const v = md(hover);
      assert.match(v, /toleration `node-role.kubernetes.io\/control-plane Exists:NoSchedule` tolerates taints on \*\*1 of 3\*\* nodes/);
      assert.match(v, /\| cp-1 \| node-role.kubernetes.io\/control-plane:NoSchedule \|/);
    } finally {
      await h.dispose();
    }
  });

  test('other scheduling fields: a one-line explanation with a link to the Go function', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      const { hover } = await hoverAt(h, DS.replace('      tolerations:', '      toleration$0s:'));
      assert.match(md(hover), /^Lets the pod run on nodes with matching taints.*\[FindMatchingUntoleratedTaint\]\(https:\/\/github.com\/kubernetes\/kubernetes\/blob\/v1\.35\.0\//);
    } finally {
      await h.dispose();
    }
  });

  test('nothing to say: null (apiVersion, outside any document, closed document)', async () => {
    const h = await startServer({ deps: fakeDeps() });
    try {
      assert.equal((await hoverAt(h, DS.replace('apiVersion', 'api$0Version'))).hover, null);
      assert.equal(await h.client.sendRequest('textDocument/hover', { textDocument: { uri: 'file:///closed.yaml' }, position: { line: 0, character: 0 } }), null);
    } finally {
      await h.dispose();
    }
  });
});
