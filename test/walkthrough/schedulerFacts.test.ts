// Facts tests for the scheduler chapter: what its notes say about the daemon pod the scheduler receives, decided by
// the ported Filter plugins on the sample cluster (the pod syncNodes creates, pinned to each node).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { schedulerReasonCode } from '../../server/src/codes/index';
import { createPodTemplate, replaceDaemonSetPodNodeNameNodeAffinity } from '../../server/src/core/daemonPod';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { compilePlacement } from '../../server/src/core/placement';
import { filterNode, prepareFilters } from '../../server/src/core/scheduler/framework';
import { ClusterNodeInfos } from '../../server/src/core/scheduler/nodeInfo';
import type { FilterOptions, SchedPod } from '../../server/src/core/scheduler/types';
import type { DaemonSet, PodSpec } from '../../server/src/core/types';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { noteSays } from './noteSays';

function daemonSet(extra: Partial<PodSpec> = {}): DaemonSet {
  return {
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'kube-system' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'agent:1' }], ...extra } },
    },
  } as DaemonSet;
}

/** The sample cluster's nodes, without their running pods (these facts are about taints and labels). */
const cluster = new ClusterNodeInfos();
for (const n of sampleClusterNodes()) cluster.setNode(n);

/** The controller's verdict and the scheduler's verdict (first rejecting reason's code) for the daemon pod. */
function verdicts(ds: DaemonSet, node: string, opts: FilterOptions = {}) {
  const info = cluster.get(node);
  assert.ok(info, node);
  const shouldRun = compilePlacement(ds, DEFAULT_FEATURE_GATES).evaluate(info.node).shouldRun;
  const pod = createPodTemplate(ds) as SchedPod;
  const out = filterNode(prepareFilters(pod, cluster.nodes(), { daemonPinnedToNode: true, ...opts }), info);
  const r = out.results[0];
  return { shouldRun, feasible: out.feasible, code: r && schedulerReasonCode(r.plugin, r.reasons[0] ?? '') };
}

const requireZone = (zone: string): Partial<PodSpec> => ({ affinity: { nodeAffinity: {
  requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [
    { key: 'topology.kubernetes.io/zone', operator: 'In', values: [zone] }] }] } } } });

describe('facts: the daemon pod in the scheduler (sched-nodeaffinity, sched-controller-vs-scheduler)', () => {
  test('sched-nodeaffinity: the required terms are replaced by the node-name term; nodeSelector stays', () => {
    noteSays('sched-nodeaffinity', /throws away the template's required terms/, /`nodeSelector` and the preferred terms stay/);
    const zone = cluster.get('worker-a-1')!.node.labels['topology.kubernetes.io/zone'];
    assert.ok(zone, 'the sample node has a zone');
    const elsewhere = daemonSet(requireZone(`not-${zone}`));
    // The controller rejects the node on its own terms, so the scheduler never sees that pod; the pod the controller
    // creates for a node it accepted carries only the node-name term, which its own node always passes.
    assert.equal(verdicts(elsewhere, 'worker-a-1').shouldRun, false);
    assert.equal(verdicts(elsewhere, 'worker-a-1').feasible, true);
    const selector = daemonSet({ nodeSelector: { 'kubernetes.io/arch': 'no-such-arch' } });
    assert.deepEqual(verdicts(selector, 'worker-a-1'), { shouldRun: false, feasible: false, code: 'NodeAffinity' });
  });

  test('sched-controller-vs-scheduler: a cordoned node gets the daemon pod from both sides', () => {
    noteSays('sched-controller-vs-scheduler', /\*\*cordoned\*\* node/, /The pod is created and bound/);
    assert.equal(cluster.get('cordoned-c-2')!.node.unschedulable, true);
    assert.deepEqual(verdicts(daemonSet(), 'cordoned-c-2'), { shouldRun: true, feasible: true, code: undefined });
  });

  test('sched-controller-vs-scheduler: NotReady — no pod; tolerating not-ready:NoSchedule, created and bound', () => {
    noteSays('sched-controller-vs-scheduler', /the controller creates no pod there/,
      /A DaemonSet that tolerates that taint itself gets a pod on the node, and the scheduler binds it/);
    assert.deepEqual(verdicts(daemonSet(), 'notready-b-2'), { shouldRun: false, feasible: false, code: 'TaintToleration' });
    const tolerant = daemonSet({ tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists',
      effect: 'NoSchedule' }] });
    assert.deepEqual(verdicts(tolerant, 'notready-b-2'), { shouldRun: true, feasible: true, code: undefined });
  });
});

describe('facts: the framework\'s reasons (sched-framework-reasons)', () => {
  test('every node but its own tells a daemon pod "didn\'t satisfy plugin(s) [NodeAffinity]"', () => {
    noteSays('sched-framework-reasons', /`node\(s\) didn't satisfy plugin\(s\) \[NodeAffinity\]`/);
    // The pod as the scheduler receives it (affinity replaced), evaluated like any pod over the whole cluster.
    const pod = createPodTemplate(daemonSet()) as SchedPod;
    pod.spec = { ...pod.spec, affinity: replaceDaemonSetPodNodeNameNodeAffinity(undefined, 'worker-b-1') };
    const prepared = prepareFilters(pod, cluster.nodes());
    const codes = cluster.nodes().map((n) => {
      const r = filterNode(prepared, n).results[0];
      return [n.node.name, r && schedulerReasonCode(r.plugin, r.reasons[0]!)];
    });
    assert.deepEqual(codes.filter(([, c]) => c === undefined).map(([n]) => n), ['worker-b-1']);
    assert.ok(codes.every(([n, c]) => n === 'worker-b-1' || c === 'PreFilterNodeLeftOut'));
  });
});

describe('facts: NodeResourcesFit (sched-noderesourcesfit)', () => {
  test('the sidecar reason appears only with the SidecarContainers gate off', () => {
    noteSays('sched-noderesourcesfit', /SidecarContainers feature gate is turned off/, /on by default in v1.35/);
    const sidecar = daemonSet({ initContainers: [{ name: 's', image: 's:1', restartPolicy: 'Always' }] });
    assert.equal(verdicts(sidecar, 'worker-b-1').feasible, true);
    assert.equal(verdicts(sidecar, 'worker-b-1', { enableSidecarContainers: false }).code,
      'NodeResourcesFit.SidecarsDisabled');
  });
});

describe('facts: what "fits on N of M" says (sched-filter-vs-score)', () => {
  test('one more pod fits on each counted node, but replicas compete for the same room', () => {
    noteSays('sched-filter-vs-score', /one more pod from this template, on its own, would pass every filter/,
      /replicas of the same template compete for the same free CPU and host ports/);
    const infos = new ClusterNodeInfos();
    for (const name of ['a', 'b']) {
      infos.setNode({ name, labels: {}, taints: [], unschedulable: false, conditions: [],
        allocatable: { cpu: '3', memory: '4Gi', pods: '10' } });
    }
    const replica = (i: number): SchedPod => ({ metadata: { name: `web-${i}`, namespace: 'default' },
      spec: { containers: [{ name: 'c', resources: { requests: { cpu: '2' } } }] } });
    const fitsOn = () => {
      const prepared = prepareFilters(replica(9), infos.nodes());
      return infos.nodes().filter((n) => filterNode(prepared, n).feasible).map((n) => n.node.name);
    };
    assert.deepEqual(fitsOn(), ['a', 'b']);
    infos.upsertPod({ ...replica(0), spec: { ...replica(0).spec, nodeName: 'a' } });
    assert.deepEqual(fitsOn(), ['b']);
  });
});
