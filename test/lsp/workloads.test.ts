// Workload previews in the language server (real analysis, the sample cluster): the code lens, the hover on
// `kind`, and kce/simulateWorkload with located reasons.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeLens, Hover, MarkupContent } from 'vscode-languageserver/node';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { noteIdForCode } from '../../server/src/codes/index';
import type { SimulateWorkloadResult } from '../../server/src/protocol';
import { cursor, startServer } from './harness';
import type { Harness } from './harness';

let h: Harness;
before(async () => { h = await startServer({ deps: defaultDeps() }); });
after(async () => { await h.dispose(); });

// No requests and no ports: on the sample cluster only taints, cordons and the nodeSelector decide.
const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      nodeSelector:
        kubernetes.io/os: linux
      containers: [{name: c, image: nginx}]
`;

/** The sample nodes a pod without tolerations fits: linux, not cordoned, no NoSchedule/NoExecute taint. */
function expectedFits(): string[] {
  return sampleClusterNodes()
    .filter((n) => n.labels['kubernetes.io/os'] === 'linux' && !n.unschedulable)
    .filter((n) => !n.taints.some((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute'))
    .map((n) => n.name);
}

let seq = 0;
const uriOf = () => `file:///w/workload-${seq++}.yaml`;

describe('workload previews in the language server', () => {
  test('code lens: fits on N of 14 nodes, Filter stage only, opening the workload view', async () => {
    const uri = uriOf();
    const ds = DEPLOYMENT.replace('kind: Deployment', 'kind: DaemonSet').replace(/ {2}selector:.*\n/, '  selector: {matchLabels: {app: web}}\n');
    await h.open(uri, `${ds}---\n${DEPLOYMENT}`);
    const lenses = (await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
    assert.equal(lenses.length, 2, 'one for the DaemonSet, one for the Deployment');
    const wl = lenses.find((l) => l.command?.command === 'kce.simulateWorkload')!;
    const n = expectedFits().length;
    assert.equal(wl.command!.title, `fits on ${n} of 14 nodes · Filter stage only`);
    assert.deepEqual(wl.command!.arguments, [uri, 1]);
    assert.equal(wl.range.start.line, 12, 'above the second document');
  });

  test('code lens: errors are said before the numbers', async () => {
    const uri = uriOf();
    await h.open(uri, DEPLOYMENT.replace('kubernetes.io/os: linux', 'kubernetes.io/os: linux\n      tolerations: [{key: a, effect: NoSchedul}]'));
    const lenses = (await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
    assert.match(lenses[0]!.command!.title, /^⚠ fix 1 error first · fits on \d+ of 14 nodes as written/);
  });

  test('hover on kind: counts, the Filter-stage caveat, rejected nodes first, and notes from the registry', async () => {
    const { text, position } = cursor(DEPLOYMENT.replace('kind: Deployment', 'kind: Deplo$0yment'));
    const uri = uriOf();
    await h.open(uri, text);
    const hover = (await h.client.sendRequest('textDocument/hover', { textDocument: { uri }, position })) as Hover;
    const md = (hover.contents as MarkupContent).value;
    assert.match(md, new RegExp(`fits on \\*\\*${expectedFits().length} of 14\\*\\* nodes`));
    assert.match(md, /Filter stage only: no scoring, no preemption, no replica-by-replica placement/);
    assert.match(md, /\| ✗ \| cp-1 \| TaintToleration: node\(s\) had untolerated taint\(s\)/);
    assert.match(md, /\| ✗ \| win-a-1 \| NodeAffinity: node\(s\) didn't match Pod's node affinity\/selector/);
    // Each reason string links the Go function returning it, as the DaemonSet hover's Pending rows do.
    const row = md.split('\n').find((l) => l.startsWith('| ✗ | cp-1 |')) ?? '';
    assert.match(row, /untolerated taint\(s\)[^|]* \(\[[\w.]+\]\(https:\/\/github\.com\/kubernetes\/kubernetes\/blob\/v1\.35\.0\/[^)]+\.go[^)]*\)\)/, row);
    const firstFit = md.indexOf('| ✓ |');
    assert.ok(firstFit > md.lastIndexOf('| ✗ |'), 'rejected nodes come first');
    assert.ok(md.includes(`"kce-note:${noteIdForCode('TaintToleration')}"`), 'the reason links its note');
    assert.ok(md.includes(`"kce-note:${noteIdForCode('NodeAffinity')}"`));
  });

  test('hover on the kind of a List item previews that item', async () => {
    const list = `apiVersion: v1
kind: List
items:
  - apiVersion: v1
    kind: Pod
    metadata: {name: first}
    spec: {containers: [{name: c, image: i}]}
  - apiVersion: v1
    kind: P$0od
    metadata: {name: second}
    spec:
      nodeSelector: {kubernetes.io/hostname: worker-b-1}
      containers: [{name: c, image: i}]
`;
    const { text, position } = cursor(list);
    const uri = uriOf();
    await h.open(uri, text);
    const hover = (await h.client.sendRequest('textDocument/hover', { textDocument: { uri }, position })) as Hover;
    const md = (hover.contents as MarkupContent).value;
    assert.match(md, /\*\*Pod `second`\*\*: its pod fits on \*\*1 of 14\*\* nodes/);
    assert.match(md, /\| ✓ \| worker-b-1 \|/);
  });

  test('kce/simulateWorkload: every node, reasons with their field and its range in the document', async () => {
    const uri = uriOf();
    await h.open(uri, DEPLOYMENT);
    const r = (await h.client.sendRequest('kce/simulateWorkload', { uri, documentIndex: 0 })) as SimulateWorkloadResult;
    assert.equal(r.kind, 'Deployment');
    assert.equal(r.name, 'web');
    assert.equal(r.namespace, 'shop');
    assert.equal(r.nodes.length, 14);
    assert.deepEqual(r.nodes.filter((n) => n.feasible).map((n) => n.name), expectedFits());
    assert.equal(r.summary.feasible, expectedFits().length);
    const win = r.nodes.find((n) => n.name === 'win-a-1')!;
    assert.deepEqual(win.reasons.map((x) => [x.plugin, x.field]), [['NodeAffinity', 'spec.template.spec.nodeSelector[kubernetes.io/os]']]);
    assert.equal(win.reasons[0]!.range?.start.line, 9, 'the nodeSelector key');
    assert.match(r.notes[0]!, /Filter stage only/);
    assert.equal(await h.client.sendRequest('kce/simulateWorkload', { uri, documentIndex: 3 }), null);
  });

  test('a List item: its lens names the item, and its reasons are located inside that item', async () => {
    const uri = uriOf();
    const item = DEPLOYMENT.trimEnd().split('\n').map((l, i) => (i === 0 ? '  - ' : '    ') + l).join('\n');
    await h.open(uri, `apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: c}\n${item}\n`);
    const lenses = (await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
    assert.deepEqual(lenses.map((l) => l.command!.arguments), [[uri, 0, 1]]);
    const r = (await h.client.sendRequest('kce/simulateWorkload', { uri, documentIndex: 0, item: 1 })) as SimulateWorkloadResult;
    assert.equal(r.item, 1);
    assert.equal(r.name, 'web');
    const win = r.nodes.find((n) => n.name === 'win-a-1')!;
    assert.equal(win.reasons[0]!.range?.start.line, 15, 'the nodeSelector key inside the item');
  });
});
