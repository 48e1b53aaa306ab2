// The shared analysis: problems located on the right text, and incremental re-analysis equal to a fresh one.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/index';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import type { AnalysisContext, FileAnalysis } from '../../server/src/analysis/types';

const ctx: AnalysisContext = { nodes: sampleClusterNodes(), gates: DEFAULT_FEATURE_GATES, insights: true, inventoryLabel: 'the sample cluster' };

function ds(name: string, extra = ''): string {
  return `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: ${name}
spec:
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
${extra}      containers: [{name: c, image: i}]
`;
}

function located(text: string, a: FileAnalysis) {
  return a.documents.flatMap((d) => d.problems.map((p) => ({ doc: d.index, code: p.code, field: p.field, text: text.slice(p.range[0], p.range[1]) })));
}

describe('problem ranges', () => {
  test('a bad label key is squiggled on the key, a bad value on the value (kube-apiserver reports the map)', () => {
    const text = ds('a').replace('labels: {app: a}', 'labels: {app: a, "bad key!": x, ok: "-bad-"}');
    // Upstream names the pod template's labels `spec.template.labels` (ValidatePodTemplateSpec's path).
    const found = located(text, analyzeText(text, ctx)).filter((p) => p.field === 'spec.template.labels');
    assert.deepEqual(found.map((p) => p.text).sort(), ['"-bad-"', '"bad key!"']);
  });

  test('an entry range ends at its content, not at the next line', () => {
    const text = ds('a', '      tolerations:\n      - key: example.com/none\n        operator: Exists\n');
    const p = located(text, analyzeText(text, ctx)).find((x) => x.code === 'kce.tolerationMatchesNoTaint');
    assert.equal(p?.text, 'key: example.com/none\n        operator: Exists');
  });

  test('a missing required field sits on its nearest existing ancestor (here the container entry)', () => {
    const text = ds('a').replace('containers: [{name: c, image: i}]', 'containers:\n      - name: c\n        imagePullPolicy: Always');
    const p = located(text, analyzeText(text, ctx)).find((x) => x.field === 'spec.template.spec.containers[0].image');
    assert.equal(p?.code, 'FieldValueRequired');
    assert.equal(p?.text, 'name: c\n        imagePullPolicy: Always');
  });

  test('CRLF and emoji: offsets are UTF-16 code units', () => {
    const text = ds('a', '      nodeSelector: {team: "🚀🚀"}\n').replace(/\n/g, '\r\n');
    const p = located(text, analyzeText(text, ctx)).find((x) => x.field === 'spec.template.spec.nodeSelector[team]');
    assert.equal(p?.code, 'kce.selectorMatchesNoNode');
    assert.equal(p?.text, '"🚀🚀"');
  });

  test('workloads other than DaemonSets get the scheduling checks but no placement', () => {
    const text = ds('a', '      tolerations: [{key: k, operator: Exists, value: v}]\n').replace('apps/v1\nkind: DaemonSet', 'apps/v1\nkind: Deployment');
    const a = analyzeText(text, ctx).documents[0]!;
    assert.equal(a.placement, undefined);
    assert.ok(a.problems.some((p) => p.field === 'spec.template.spec.tolerations[0].operator' && p.code === 'FieldValueInvalid'));
  });
});

describe('incremental analysis', () => {
  const docs = [ds('one'), ds('two', '      nodeSelector: {disktype: ssd}\n'), ds('three', '      tolerations: [{key: gpu, operator: Exists, effect: NoSchedul}]\n')];
  const text = docs.join('---\n');

  test('an edit in one document re-analyses only that one; the result equals a fresh analysis', () => {
    const first = analyzeText(text, ctx);
    const edited = text.replace('disktype: ssd', 'disktype: nvme-and-more');
    const again = analyzeText(edited, ctx, first);
    const fresh = analyzeText(edited, ctx);
    assert.deepEqual(located(edited, again), located(edited, fresh));
    assert.deepEqual(again.documents.map((d) => d.problems), fresh.documents.map((d) => d.problems));
    assert.equal(again.documents[0], first.documents[0], 'the unchanged first document is reused as is');
    assert.notEqual(again.documents[1], first.documents[1]);
    assert.equal(again.parsed![2]!.ast, first.parsed![2]!.ast, 'the moved third document keeps its parse');
    assert.ok(located(edited, again).some((p) => p.doc === 2 && p.text === 'NoSchedul'));
  });

  test('a different context (inventory, gates) analyses everything again', () => {
    const first = analyzeText(text, ctx);
    const other = analyzeText(text, { ...ctx, nodes: ctx.nodes.slice(0, 3) }, first);
    assert.notEqual(other.documents[0], first.documents[0]);
  });

  test('inserting and deleting documents shifts indexes and ranges', () => {
    const first = analyzeText(text, ctx);
    const inserted = ds('zero') + '---\n' + text;
    const a = analyzeText(inserted, ctx, first);
    assert.deepEqual(a.documents.map((d) => d.name), ['zero', 'one', 'two', 'three']);
    assert.deepEqual(located(inserted, a), located(inserted, analyzeText(inserted, ctx)));
    const removed = docs[0] + '---\n' + docs[2];
    const b = analyzeText(removed, ctx, a);
    assert.deepEqual(located(removed, b), located(removed, analyzeText(removed, ctx)));
  });
});

describe('placement summary', () => {
  test('counts (computed without reasons) agree with the rows computed on demand, for every example', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = join(__dirname, '..', '..', 'examples');
    const files = [...readdirSync(dir).map((f) => join(dir, f)), ...readdirSync(join(dir, 'broken')).map((f) => join(dir, 'broken', f))].filter((f) => f.endsWith('.yaml'));
    let checked = 0;
    for (const f of files) {
      for (const d of analyzeText(readFileSync(f, 'utf8'), ctx).documents) {
        if (!d.placement) continue;
        checked++;
        const rows = d.placement.placements;
        assert.equal(rows.length, d.placement.nodes);
        assert.equal(d.placement.shouldRun, rows.filter((r) => r.shouldRun).length, f);
        assert.equal(d.placement.shouldContinueRunning, rows.filter((r) => r.shouldContinueRunning).length, f);
      }
    }
    assert.ok(checked >= 6);
  });
});
