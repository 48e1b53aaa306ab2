// The DaemonSet's second stage through analyzeText: on nodes where the controller creates the daemon pod, the
// scheduler's verdict against the pods already there; kce.wouldBePending on the field responsible; reuse of an
// unchanged document only while the scheduler state is unchanged.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/index';
import { ClusterNodeInfos } from '../../server/src/core/scheduler/nodeInfo';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import type { SchedNode, SchedPod } from '../../server/src/core/scheduler/types';
import type { AnalysisContext } from '../../server/src/analysis/types';

const node = (name: string, over: Partial<SchedNode> = {}): SchedNode => ({
  name, labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux' }, taints: [], unschedulable: false,
  conditions: [{ type: 'Ready', status: 'True' }], allocatable: { cpu: '4', memory: '16Gi', pods: '110' }, ...over,
});

const pod = (name: string, nodeName: string, cpu: string, hostPort?: number): SchedPod => ({
  metadata: { name, namespace: 'apps', uid: name },
  spec: {
    nodeName,
    containers: [{ name: 'c', resources: { requests: { cpu } },
      ...(hostPort ? { ports: [{ containerPort: hostPort, hostPort }] } : {}) }],
  },
  status: { phase: 'Running' },
});

const { allocatable: _a, ...bare } = node('handwritten');
const nodes: SchedNode[] = [
  node('worker-1'),
  node('full'),
  node('port-taken'),
  bare,
  node('windows', { labels: { 'kubernetes.io/hostname': 'windows', 'kubernetes.io/os': 'windows' } }),
];

function state(): ClusterNodeInfos {
  const s = new ClusterNodeInfos();
  for (const n of nodes) s.setNode(n);
  s.upsertPod(pod('db', 'full', '3800m'));
  s.upsertPod(pod('exporter', 'port-taken', '100m', 9100));
  return s;
}

const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: node-agent
  namespace: monitoring
spec:
  selector:
    matchLabels: {app: node-agent}
  template:
    metadata:
      labels: {app: node-agent}
    spec:
      nodeSelector:
        kubernetes.io/os: linux
      containers:
        - name: agent
          image: agent:1
          resources:
            requests:
              cpu: 500m
          ports:
            - containerPort: 9100
              hostPort: 9100
`;

const ctx = (scheduling?: ClusterNodeInfos): AnalysisContext => ({
  nodes, gates: DEFAULT_FEATURE_GATES, insights: true, inventoryLabel: 'test.yaml', ...(scheduling ? { scheduling } : {}),
});

describe('the daemon pod on each node where the controller creates one', () => {
  const doc = analyzeText(DS, ctx(state())).documents[0]!;
  const s = doc.scheduler!;

  test('counts: created where shouldRun, Pending where a Filter plugin rejects', () => {
    assert.equal(doc.placement?.shouldRun, 4, 'the controller stage is unchanged by pods');
    assert.equal(s.created, 4);
    assert.equal(s.pending, 2);
    assert.equal(s.allocatableUnknown, 1);
    assert.deepEqual(s.pendingNodes.map((p) => p.node), ['full', 'port-taken']);
  });
  test('verdicts per node, none where the controller creates no pod', () => {
    assert.deepEqual(s.verdictFor('worker-1'), { feasible: true, reasons: [] });
    assert.equal(s.verdictFor('windows'), undefined);
    assert.equal(s.verdictFor('handwritten')?.feasible, true);
    assert.equal(s.verdictFor('handwritten')?.allocatableUnknown, true);
    assert.deepEqual(s.verdictFor('full')?.reasons, [{ plugin: 'NodeResourcesFit', message: 'Insufficient cpu',
      field: 'spec.template.spec.containers[0].resources.requests[cpu]' }]);
    assert.equal(s.verdictFor('port-taken')?.reasons[0]?.plugin, 'NodePorts');
  });
  test('kce.wouldBePending: one warning per reason, on the field responsible, naming node, numbers, inventory', () => {
    const w = doc.problems.filter((p) => p.code === 'kce.wouldBePending');
    assert.equal(w.length, 2);
    const cpu = w.find((p) => p.field.endsWith('requests[cpu]'))!;
    assert.equal(cpu.severity, 'warning');
    assert.equal(cpu.message, 'created, then Pending: Insufficient cpu (requests 500m, 200m free of 4) on full ' +
      '(2 of 4 nodes in test.yaml where the controller creates the pod; Filter stage only, no preemption)');
    assert.equal(DS.slice(cpu.range[0], cpu.range[1]), '500m');
    const port = w.find((p) => p.message.includes('free ports'))!;
    assert.match(port.field, /^spec\.template\.spec\.containers\[0\]\.ports/);
    assert.match(port.message, /on port-taken /);
  });
  test('no pods, nodes with room: nothing Pending and no warning', () => {
    const d = analyzeText(DS, ctx()).documents[0]!;
    assert.equal(d.scheduler?.pending, 0);
    assert.equal(d.scheduler?.created, 4);
    assert.ok(!d.problems.some((p) => p.code === 'kce.wouldBePending'));
  });
  test('without inventory insights (validate on the sample) the verdict exists but no warning is raised', () => {
    const d = analyzeText(DS, { ...ctx(state()), inventoryInsights: false }).documents[0]!;
    assert.equal(d.scheduler?.pending, 2);
    assert.ok(!d.problems.some((p) => p.code === 'kce.wouldBePending'));
  });
});

describe('reuse of an unchanged document follows the scheduler state', () => {
  test('a pod event makes the DaemonSet be analysed again; no event keeps it', () => {
    const s = state();
    const text = `${DS}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n`;
    const first = analyzeText(text, ctx(s));
    const same = analyzeText(text + '\n', ctx(s), first);
    assert.equal(same.documents[0]?.scheduler, first.documents[0]?.scheduler, 'reused while nothing changed');
    s.removePod('db');
    const after = analyzeText(text, ctx(s), same);
    assert.notEqual(after.documents[0]?.scheduler, first.documents[0]?.scheduler);
    assert.equal(after.documents[0]?.scheduler?.pending, 1, 'the cpu is free once the pod is gone');
    assert.equal(after.documents[0]?.problems.filter((p) => p.code === 'kce.wouldBePending').length, 1);
  });
});

describe('many nodes short alike (a full pool)', () => {
  // 300 nodes: 120 with 3800m used, 60 with 3700m used, 120 with room; the DaemonSet asks 500m.
  const pool = Array.from({ length: 300 }, (_, i) => node(`n-${i}`));
  const used = (i: number) => (i % 5 < 2 ? '3800m' : i % 5 === 2 ? '3700m' : '100m');
  const build = (order: readonly SchedNode[]) => {
    const s = new ClusterNodeInfos();
    for (const n of order) s.setNode(n);
    pool.forEach((n, i) => s.upsertPod(pod(`p-${i}`, n.name, used(i))));
    return s;
  };
  const cpuOnly = DS.replace(/ {10}ports:\n.*\n.*\n/, '');
  const run = (scheduling: ClusterNodeInfos) =>
    analyzeText(cpuOnly, { ...ctx(scheduling), nodes: pool }).documents[0]!;

  test('each node gets its own numbers; nodes short by the same amounts share one verdict', () => {
    const d = run(build(pool));
    const s = d.scheduler!;
    assert.equal(s.created, 300);
    assert.equal(s.pending, 180);
    const a = s.verdictFor('n-0')!;
    const b = s.verdictFor('n-5')!;
    const c = s.verdictFor('n-2')!;
    assert.equal(a, b, 'the same shortfall: one verdict');
    assert.deepEqual(a.insufficient?.map((r) => [r.used, r.capacity]), [[3800, 4000]]);
    assert.deepEqual(c.insufficient?.map((r) => [r.used, r.capacity]), [[3700, 4000]]);
    assert.deepEqual(s.verdictFor('n-3'), { feasible: true, reasons: [] });
    // One warning for the reason all share, naming the first node and counting the others.
    const w = d.problems.filter((p) => p.code === 'kce.wouldBePending');
    assert.equal(w.length, 1);
    assert.match(w[0]!.message, /Insufficient cpu \(requests 500m, 200m free of 4\) on n-0 and 179 more \(180 of 300 /);
  });
  test('a scheduler state whose nodes are in another order gives the same verdicts', () => {
    const aligned = run(build(pool)).scheduler!;
    const shuffled = run(build([...pool].reverse())).scheduler!;
    assert.equal(shuffled.pending, aligned.pending);
    assert.deepEqual(shuffled.pendingNodes.map((p) => p.node), aligned.pendingNodes.map((p) => p.node));
    for (const n of ['n-0', 'n-2', 'n-3', 'n-299']) assert.deepEqual(shuffled.verdictFor(n), aligned.verdictFor(n), n);
  });
});
