// Workload previews through the analysis: the template pod of every kind with a pod template, run through the
// scheduler's Filter stage over an inventory with running pods; reasons located in the user's document.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/index';
import { workloadPreview, type WorkloadPreview } from '../../server/src/analysis/workloads';
import type { AnalysisContext } from '../../server/src/analysis/types';
import { ClusterNodeInfos } from '../../server/src/core/scheduler/nodeInfo';
import type { SchedNode, SchedPod } from '../../server/src/core/scheduler/types';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';

const node = (name: string, extra: Partial<SchedNode> = {}): SchedNode => ({
  name,
  labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': `z-${name}` },
  taints: [],
  unschedulable: false,
  conditions: [{ type: 'Ready', status: 'True' }],
  allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
  ...extra,
});

const running = (name: string, on: string, extra: Partial<NonNullable<SchedPod['spec']>> = {}, labels = {}): SchedPod => ({
  metadata: { name, namespace: 'default', labels },
  spec: { nodeName: on, containers: [{ name: 'c', resources: { requests: { cpu: '3500m' } } }], ...extra },
  status: { phase: 'Running' },
});

/** Nodes: full (3.5 of 4 cpu used), port (hostPort 8080 taken), free, tainted, and one without allocatable. */
function context(): AnalysisContext {
  const nodes = [
    node('full'), node('port'), node('free'),
    node('tainted', { taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] }),
    node('unknown', { allocatable: undefined }),
  ];
  const scheduling = new ClusterNodeInfos();
  for (const n of nodes) scheduling.setNode(n);
  scheduling.upsertPod(running('hog', 'full'));
  scheduling.upsertPod(running('proxy', 'port', {
    containers: [{ name: 'p', ports: [{ containerPort: 80, hostPort: 8080 }] }],
  }));
  return { nodes, scheduling, gates: DEFAULT_FEATURE_GATES, insights: true };
}

const POD_SPEC = (indent: string) => [
  'containers:',
  '  - name: web',
  '    image: nginx',
  '    resources: {requests: {cpu: "1"}}',
  '    ports: [{containerPort: 80, hostPort: 8080}]',
].map((l) => indent + l).join('\n') + '\n';

/** An apps/v1 kind whose template sits at spec.template (with a selector; `extra` lines go under spec). */
const appsKind = (kind: string, name: string, extra = ''): { kind: string; text: string; spec: string } => ({
  kind,
  spec: 'spec.template.spec',
  text: `apiVersion: apps/v1\nkind: ${kind}\nmetadata: {name: ${name}, namespace: shop}\nspec:\n${extra}` +
    `  selector: {matchLabels: {app: ${name}}}\n  template:\n    metadata: {labels: {app: ${name}}}\n    spec:\n` +
    POD_SPEC('      '),
});

const KINDS: { kind: string; text: string; spec: string }[] = [
  appsKind('Deployment', 'web'),
  appsKind('ReplicaSet', 'web'),
  appsKind('StatefulSet', 'db', '  serviceName: db\n'),
  { kind: 'Job', spec: 'spec.template.spec', text: `apiVersion: batch/v1
kind: Job
metadata: {name: once}
spec:
  template:
    spec:
      restartPolicy: Never
${POD_SPEC('      ')}` },
  { kind: 'CronJob', spec: 'spec.jobTemplate.spec.template.spec', text: `apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly}
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
${POD_SPEC('          ')}` },
  { kind: 'Pod', spec: 'spec', text: `apiVersion: v1
kind: Pod
metadata: {name: solo}
spec:
${POD_SPEC('  ')}` },
  { kind: 'PodTemplate', spec: 'template.spec', text: `apiVersion: v1
kind: PodTemplate
metadata: {name: tmpl}
template:
  metadata: {labels: {app: t}}
  spec:
${POD_SPEC('    ')}` },
];

function previewOf(text: string, ctx = context()): WorkloadPreview {
  const a = analyzeText(text, ctx);
  const d = a.documents[0]!;
  assert.deepEqual(d.problems.filter((p) => p.severity === 'error'), [], 'the example is valid');
  const p = workloadPreview(d, ctx);
  assert.ok(p, 'a preview');
  return p;
}

const byName = (p: WorkloadPreview, name: string) => p.nodes.find((n) => n.name === name)!;

describe('workload previews: every kind with a pod template', () => {
  for (const { kind, text, spec } of KINDS) {
    test(`${kind}: fits on the free node and the one without allocatable, each rejection located under ${spec}`, () => {
      const p = previewOf(text);
      assert.equal(p.kind, kind);
      assert.deepEqual(p.summary, { nodes: 5, feasible: 2 });
      assert.deepEqual(p.nodes.filter((n) => n.feasible).map((n) => n.name), ['free', 'unknown']);
      assert.deepEqual(byName(p, 'full').reasons, [
        { plugin: 'NodeResourcesFit', message: 'Insufficient cpu', field: `${spec}.containers[0].resources.requests[cpu]` },
      ]);
      assert.equal(byName(p, 'port').reasons[0]!.plugin, 'NodePorts');
      assert.equal(byName(p, 'port').reasons[0]!.message, "node(s) didn't have free ports for the requested pod ports");
      assert.ok(byName(p, 'port').reasons[0]!.field.startsWith(`${spec}.containers[0].ports`), byName(p, 'port').reasons[0]!.field);
      assert.deepEqual(byName(p, 'tainted').reasons.map((r) => [r.plugin, r.field]), [['TaintToleration', `${spec}.tolerations`]]);
    });
  }

  test('a node without allocatable is never short of resources, and says so', () => {
    const huge = KINDS[0]!.text.replace('cpu: "1"', 'cpu: "64"');
    const p = previewOf(huge);
    const unknown = byName(p, 'unknown');
    assert.equal(unknown.feasible, true);
    assert.equal(unknown.allocatableUnknown, true);
    assert.equal(p.allocatableUnknown, 1);
    assert.equal(byName(p, 'free').reasons[0]!.message, 'Insufficient cpu');
    assert.equal(byName(p, 'free').allocatableUnknown, undefined);
  });

  test("the template's namespace and labels reach the pod: anti-affinity against a running pod, by namespace", () => {
    const anti = (ns: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: api, namespace: ${ns}}
spec:
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec:
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            - labelSelector: {matchLabels: {role: cache}}
              topologyKey: kubernetes.io/hostname
      containers: [{name: c, image: i}]
`;
    const ctx = context();
    ctx.scheduling!.upsertPod(running('cache-0', 'free', { containers: [{ name: 'c' }] }, { role: 'cache' }));
    const same = previewOf(anti('default'), ctx);
    assert.deepEqual(byName(same, 'free').reasons.map((r) => r.message), ["node(s) didn't match pod anti-affinity rules"]);
    assert.match(byName(same, 'free').reasons[0]!.field, /^spec\.template\.spec\.affinity\.podAntiAffinity/);
    const other = previewOf(anti('elsewhere'), ctx);
    assert.equal(byName(other, 'free').feasible, true, 'the term selects pods of its own namespace only');
  });

  test("a Job's pods carry the job-name labels the API server adds: spread counts them", () => {
    const job = `apiVersion: batch/v1
kind: Job
metadata: {name: batch}
spec:
  template:
    spec:
      restartPolicy: Never
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: DoNotSchedule
          labelSelector: {matchLabels: {job-name: batch}}
      containers: [{name: c, image: i}]
`;
    const ctx = context();
    ctx.scheduling!.upsertPod(running('batch-x', 'free', { containers: [{ name: 'c' }] }, { 'job-name': 'batch' }));
    const p = previewOf(job, ctx);
    assert.equal(byName(p, 'free').reasons[0]?.plugin, 'PodTopologySpread');
    assert.ok(byName(p, 'unknown').feasible);
  });

  test('List items are previewed one by one; DaemonSets and Services get no workload preview', () => {
    const ctx = context();
    const list = `apiVersion: v1
kind: List
items:
  - apiVersion: v1
    kind: Service
    metadata: {name: svc}
    spec: {ports: [{port: 80}]}
  - apiVersion: apps/v1
    kind: DaemonSet
    metadata: {name: ds}
    spec:
      selector: {matchLabels: {a: b}}
      template:
        metadata: {labels: {a: b}}
        spec: {containers: [{name: c, image: i}]}
  - apiVersion: v1
    kind: Pod
    metadata: {name: p}
    spec:
      nodeSelector: {kubernetes.io/hostname: port}
      containers: [{name: c, image: i}]
`;
    const docs = analyzeText(list, ctx).documents;
    const previews = docs.map((d) => workloadPreview(d, ctx));
    assert.deepEqual(previews.map((p) => p?.kind), [undefined, undefined, 'Pod']);
    const pod = previews[2]!;
    assert.deepEqual(pod.nodes.filter((n) => n.feasible).map((n) => n.name), ['port']);
    assert.deepEqual(byName(pod, 'free').reasons.map((r) => [r.plugin, r.field]), [['NodeAffinity', 'spec.nodeSelector[kubernetes.io/hostname]']]);
  });

  test('cached while nothing changes; a pod event changes the verdict', () => {
    const ctx = context();
    const d = analyzeText(KINDS[0]!.text, ctx).documents[0]!;
    const first = workloadPreview(d, ctx)!;
    assert.equal(workloadPreview(d, ctx), first, 'the same preview object while pod and state are unchanged');
    ctx.scheduling!.removePod('default/hog');
    const after = workloadPreview(d, ctx)!;
    assert.notEqual(after, first);
    assert.equal(byName(after, 'full').feasible, true);
    assert.equal(after.summary.feasible, first.summary.feasible + 1);
  });

  test('another scheduler is said in the notes; a Pod bound by nodeName is not previewed', () => {
    const p = previewOf(KINDS[5]!.text.replace('spec:\n', 'spec:\n  schedulerName: my-scheduler\n'));
    assert.equal(p.notes.length, 1);
    assert.match(p.notes[0]!, /schedulerName my-scheduler: another scheduler places these pods/);
    const ctx = context();
    const bound = analyzeText(KINDS[5]!.text.replace('spec:\n', 'spec:\n  nodeName: free\n'), ctx).documents[0]!;
    assert.equal(bound.workload, undefined);
    assert.equal(workloadPreview(bound, ctx), undefined);
    // A template with nodeName is still previewed: its pods are created, and NodeName filters them.
    const pinned = previewOf(KINDS[0]!.text.replace('    spec:\n', '    spec:\n      nodeName: free\n'));
    assert.deepEqual(pinned.nodes.filter((n) => n.feasible).map((n) => n.name), ['free']);
    assert.equal(byName(pinned, 'port').reasons[0]!.plugin, 'NodeName');
  });
});
