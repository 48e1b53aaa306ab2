// `kubectl get ds -A -o yaml` prints one `kind: List` document: each DaemonSet item is addressed on its own by the
// custom requests ({uri, documentIndex, item}), and code lenses, hovers, outline and quick fixes reach it too.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, CodeLens, DocumentSymbol, Hover, MarkupContent } from 'vscode-languageserver/node';
import * as P from '../../server/src/protocol';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { startServer, type Harness } from './harness';

// The shape kubectl prints (status and most metadata trimmed): two DaemonSets in different namespaces.
const ds = (ns: string, name: string, tolerations: string[]) =>
  [
    `- apiVersion: apps/v1`,
    `  kind: DaemonSet`,
    `  metadata:`,
    `    annotations:`,
    `      deprecated.daemonset.template.generation: "1"`,
    `    creationTimestamp: "2026-11-24T10:00:00Z"`,
    `    generation: 1`,
    `    name: ${name}`,
    `    namespace: ${ns}`,
    `    resourceVersion: "4242"`,
    `    uid: 0b9c1d2e-${name.length}000-4000-8000-000000000000`,
    `  spec:`,
    `    revisionHistoryLimit: 10`,
    `    selector:`,
    `      matchLabels:`,
    `        app: ${name}`,
    `    template:`,
    `      metadata:`,
    `        creationTimestamp: null`,
    `        labels:`,
    `          app: ${name}`,
    `      spec:`,
    `        containers:`,
    `        - image: registry.k8s.io/pause:3.10`,
    `          imagePullPolicy: IfNotPresent`,
    `          name: ${name}`,
    `          resources: {}`,
    `          terminationMessagePath: /dev/termination-log`,
    `          terminationMessagePolicy: File`,
    `        dnsPolicy: ClusterFirst`,
    `        restartPolicy: Always`,
    `        schedulerName: default-scheduler`,
    `        securityContext: {}`,
    `        terminationGracePeriodSeconds: 30`,
    ...(tolerations.length ? [`        tolerations:`, ...tolerations] : []),
    `    updateStrategy:`,
    `      rollingUpdate:`,
    `        maxSurge: 0`,
    `        maxUnavailable: 1`,
    `      type: RollingUpdate`,
    `  status:`,
    `    currentNumberScheduled: 0`,
    `    desiredNumberScheduled: 0`,
    `    numberMisscheduled: 0`,
    `    numberReady: 0`,
  ].join('\n');

const LIST = [
  'apiVersion: v1',
  'items:',
  ds('kube-system', 'proxy', ['        - operator: Exists']),
  ds('monitoring', 'exporter', [
    '        - effect: NoSchedul',
    '          key: node-role.kubernetes.io/control-plane',
    '          operator: Exists',
  ]),
  'kind: List',
  'metadata:',
  '  resourceVersion: ""',
  '',
].join('\n');

const URI = 'file:///w/daemonsets.yaml';
let h: Harness;

describe('kind: List items over LSP (kubectl get ds -A -o yaml)', () => {
  before(async () => {
    h = await startServer({ deps: defaultDeps() });
    await h.open(URI, LIST);
  });
  after(async () => h.dispose());

  test('one code lens per item, on the item, with its item index', async () => {
    const lenses = (await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri: URI } })) as CodeLens[];
    const lines = LIST.split('\n');
    assert.deepEqual(
      lenses.map((l) => l.command?.arguments),
      [
        [URI, 0, 0],
        [URI, 0, 1],
      ],
    );
    assert.deepEqual(
      lenses.map((l) => lines[l.range.start.line]),
      ['- apiVersion: apps/v1', '- apiVersion: apps/v1'],
    );
    assert.ok(lenses[0]!.range.start.line < lenses[1]!.range.start.line);
  });

  test('kce/simulatePlacement reaches each item, and reason ranges point into that item', async () => {
    const proxy = await h.client.sendRequest(P.simulatePlacement, { uri: URI, documentIndex: 0, item: 0 });
    const exporter = await h.client.sendRequest(P.simulatePlacement, { uri: URI, documentIndex: 0, item: 1 });
    assert.ok(proxy && exporter);
    assert.deepEqual([proxy.name, proxy.namespace, proxy.item], ['proxy', 'kube-system', 0]);
    assert.deepEqual([exporter.name, exporter.namespace, exporter.item], ['exporter', 'monitoring', 1]);
    // the first tolerates everything; the second's misspelt effect tolerates nothing
    assert.equal(proxy.summary.shouldRun, proxy.summary.nodes);
    assert.ok(exporter.summary.shouldRun < proxy.summary.shouldRun);
    const secondStart = LIST.indexOf('name: exporter');
    const tainted = exporter.nodes.find((n) => n.reasons.some((r) => r.code === 'TaintNotTolerated'))!;
    const range = tainted.reasons.find((r) => r.code === 'TaintNotTolerated')!.range!;
    assert.ok(
      range.start.line > LIST.slice(0, secondStart).split('\n').length - 1,
      'reason located in the second item',
    );
  });

  test('without item the document index still answers (the first item), as before', async () => {
    const r = await h.client.sendRequest(P.simulatePlacement, { uri: URI, documentIndex: 0 });
    assert.equal(r?.name, 'proxy');
    assert.equal(r?.item, 0);
    assert.equal(await h.client.sendRequest(P.simulatePlacement, { uri: URI, documentIndex: 0, item: 7 }), null);
  });

  test('kce/plan, kce/rollout and kce/nodeEvent take the item', async () => {
    const ref = { uri: URI, documentIndex: 0, item: 1 };
    const exporter = (await h.client.sendRequest(P.simulatePlacement, ref))!;
    const plan = await h.client.sendRequest(P.plan, ref);
    assert.equal(plan?.item, 1);
    assert.equal(plan?.nodesNeedingDaemonPods.length, exporter.summary.shouldRun);
    const rollout = await h.client.sendRequest(P.rollout, { ...ref, maxUnavailable: 2 });
    assert.equal(rollout?.item, 1);
    assert.deepEqual(
      rollout!.rounds.flatMap((r) => r.create).sort(),
      exporter.nodes
        .filter((n) => n.shouldRun)
        .map((n) => n.name)
        .sort(),
    );
    const node = exporter.nodes.find((n) => n.shouldRun)!.name;
    // a NoExecute taint evicts the second item's pod; the first item tolerates every taint
    const event: P.NodeEvent = { type: 'addTaint', node, taint: { key: 'evict', effect: 'NoExecute' } };
    const ev = await h.client.sendRequest(P.nodeEvent, { ...ref, event });
    assert.equal(ev?.item, 1);
    assert.deepEqual(ev?.actions.delete, [node]);
    const evFirst = await h.client.sendRequest(P.nodeEvent, { uri: URI, documentIndex: 0, item: 0, event });
    assert.deepEqual(evFirst?.actions.delete, []);
    // the same event on the first item answers for the first item
    const first = await h.client.sendRequest(P.plan, { uri: URI, documentIndex: 0, item: 0 });
    assert.equal(first?.nodesNeedingDaemonPods.length, exporter.nodes.length);
  });

  test('an item that is not an integer ≥ 0 is InvalidParams', async () => {
    await assert.rejects(
      h.client.sendRequest(P.plan, { uri: URI, documentIndex: 0, item: -1 }),
      /item must be an integer ≥ 0/,
    );
    await assert.rejects(
      h.client.sendRequest(P.rollout, { uri: URI, documentIndex: 0, item: 1.5 }),
      /item must be an integer ≥ 0/,
    );
  });

  test("hovering kind: DaemonSet of the second item shows the second item's placement", async () => {
    const at = LIST.indexOf('kind: DaemonSet', LIST.indexOf('name: exporter') - 400);
    const line = LIST.slice(0, at).split('\n').length - 1;
    const hover = (await h.client.sendRequest('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line, character: 10 },
    })) as Hover | null;
    const exporter = (await h.client.sendRequest(P.simulatePlacement, { uri: URI, documentIndex: 0, item: 1 }))!;
    const text = (hover!.contents as MarkupContent).value;
    assert.ok(text.includes(`${exporter.summary.shouldRun} of ${exporter.summary.nodes}`), text.slice(0, 300));
  });

  test('the outline names both items, each selecting its own name', async () => {
    const symbols = (await h.client.sendRequest('textDocument/documentSymbol', {
      textDocument: { uri: URI },
    })) as DocumentSymbol[];
    const ds = symbols.filter((s) => s.name.startsWith('DaemonSet'));
    assert.deepEqual(
      ds.map((s) => s.name),
      ['DaemonSet proxy', 'DaemonSet exporter'],
    );
    const lines = LIST.split('\n');
    assert.deepEqual(
      ds.map((s) => lines[s.selectionRange.start.line]!.trim()),
      ['name: proxy', 'name: exporter'],
    );
  });

  test('a quick fix in the second item edits the second item and states its effect', async () => {
    const diags = await h.pull(URI);
    const bad = diags.items!.find(
      (d) => d.code === 'FieldValueNotSupported' && String(d.message).includes('NoSchedul'),
    )!;
    assert.ok(bad, JSON.stringify(diags.items!.map((d) => d.message)));
    const actions = (await h.client.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: bad.range,
      context: { diagnostics: [bad] },
    })) as CodeAction[];
    const fix = actions.find((x) => x.title.includes('NoSchedule'))!;
    assert.ok(fix, JSON.stringify(actions.map((x) => x.title)));
    const [edit] = fix.edit!.changes![URI]!;
    assert.equal(edit!.range.start.line, bad.range.start.line);
    assert.match(fix.title, /runs on \d+ more node/);
  });
});
