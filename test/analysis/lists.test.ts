// kind: List and typed *List documents: every item is analysed as a document of its own, at its position.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/index';
import type { AnalysisContext } from '../../server/src/analysis/index';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';

const ctx: AnalysisContext = { nodes: sampleClusterNodes(), gates: DEFAULT_FEATURE_GATES, insights: false, inventoryLabel: 'the sample cluster' };

const ds = (name: string, selector: boolean) => [
  `- apiVersion: apps/v1`,
  `  kind: DaemonSet`,
  `  metadata:`,
  `    name: ${name}`,
  `  spec:`,
  ...(selector ? [`    selector:`, `      matchLabels: {app: ${name}}`] : []),
  `    template:`,
  `      metadata:`,
  `        labels: {app: ${name}}`,
  `      spec:`,
  `        containers:`,
  `        - name: c`,
  `          image: busybox`,
].join('\n');

describe('kind: List', () => {
  const text = `apiVersion: v1\nkind: List\nmetadata:\n  resourceVersion: ""\nitems:\n${ds('good', true)}\n${ds('bad', false)}\n`;
  const a = analyzeText(text, ctx);

  test('each DaemonSet item is a document with its own placement', () => {
    const names = a.documents.filter((d) => d.daemonSet).map((d) => [d.index, d.kind, d.name, d.placement!.nodes]);
    assert.deepEqual(names, [[0, 'DaemonSet', 'good', 14], [0, 'DaemonSet', 'bad', 14]]);
  });

  test('an item\'s error is reported at its position in the List', () => {
    const bad = a.documents.find((d) => d.name === 'bad')!;
    // kube-apiserver: the selector (missing) does not match the template labels
    const mismatch = bad.problems.find((p) => p.field === 'spec.template.metadata.labels')!;
    assert.equal(mismatch.code, 'FieldValueInvalid');
    // on the item's own labels, not on the first DaemonSet's
    assert.equal(text.slice(mismatch.range[0], mismatch.range[1]), '{app: bad}');
    assert.ok(bad.range[0] === text.indexOf('apiVersion: apps/v1', text.indexOf('name: good')), 'item range starts at the item');
    assert.equal(a.documents.find((d) => d.name === 'good')!.problems.length, 0);
  });

  test('re-analysing after an edit elsewhere keeps the items', () => {
    const edited = `# comment\n---\n${text}`;
    const again = analyzeText(edited, ctx, a);
    assert.deepEqual(again.documents.filter((d) => d.daemonSet).map((d) => d.name), ['good', 'bad']);
  });
});

describe('typed *List', () => {
  test('DaemonSetList items without apiVersion/kind take the list\'s', () => {
    const text = `apiVersion: apps/v1\nkind: DaemonSetList\nitems:\n${ds('x', true).replace(/^- apiVersion: apps\/v1\n  kind: DaemonSet\n  /, '- ')}\n`;
    const a = analyzeText(text, ctx);
    const d = a.documents.find((x) => x.daemonSet)!;
    assert.deepEqual([d.kind, d.apiVersion, d.name], ['DaemonSet', 'apps/v1', 'x']);
  });

  test('a List\'s own YAML errors stay reported', () => {
    const a = analyzeText('apiVersion: v1\nkind: List\nitems: []\nitems: []\n', ctx);
    assert.ok(a.documents.some((d) => d.problems.some((p) => p.code === 'yaml.duplicateKey')));
  });
});
