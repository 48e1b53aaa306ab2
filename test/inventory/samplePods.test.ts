// The sample cluster's pods: they load from examples/sample-cluster.yaml as embedded, they are true to what a
// v1.35 cluster would run, and they set up the cases the examples show — a Pending daemon pod on a nearly full
// node, a host port conflict, a zone spread that leaves one zone — while the controller stage stays as it was.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { sampleClusterNodes, sampleClusterPods } from '../../server/src/inventory/files/sampleCluster';
import { loadNodesFromText } from '../../server/src/inventory/files/loadNodes';
import { loadPodsFromText, loadSchedPodsFromText } from '../../server/src/inventory/files/loadPods';
import { ClusterNodeInfos } from '../../server/src/core/scheduler/nodeInfo';
import { filterNode, prepareFilters } from '../../server/src/core/scheduler/framework';
import { compilePlacement } from '../../server/src/core/placement';
import { addOrUpdateDaemonPodTolerations } from '../../server/src/core/daemonPod';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { findMatchingUntoleratedTaint } from '../../server/src/core/taints';
import type { SchedPod } from '../../server/src/core/scheduler/types';
import type { DaemonSet, Pod } from '../../server/src/core/types';
import { samplePodObjects } from '../../server/src/inventory/files/samplePods';

const EX = join(__dirname, '../../examples');
const nodes = sampleClusterNodes();
const pods = sampleClusterPods();
const cluster = new ClusterNodeInfos();
for (const n of nodes) cluster.setNode(n);
for (const p of pods) cluster.upsertPod(p);
const view = (name: string) => cluster.get(name)!;

interface Workload {
  kind: string;
  metadata: { namespace: string };
  spec: { template: { metadata: object; spec: object } };
}
function example(file: string): Workload {
  return parseAllDocuments(readFileSync(join(EX, file), 'utf8'))[0]!.toJS() as Workload;
}

/** Per node: `controller: no pod`, `ok`, or `Plugin: reason` for the first rejection (the scheduler's order). */
function verdicts(file: string): Map<string, string> {
  const w = example(file);
  const daemon = w.kind === 'DaemonSet';
  const pod = {
    metadata: { ...w.spec.template.metadata, namespace: w.metadata.namespace },
    spec: structuredClone(w.spec.template.spec),
  } as SchedPod;
  if (daemon) addOrUpdateDaemonPodTolerations(pod.spec!);
  const prepared = prepareFilters(pod, cluster.nodes(), { daemonPinnedToNode: daemon, specPath: 'spec.template.spec' });
  const placement = daemon ? compilePlacement(w as unknown as DaemonSet, DEFAULT_FEATURE_GATES) : undefined;
  const out = new Map<string, string>();
  for (const v of cluster.nodes()) {
    if (placement && !placement.evaluate(v.node).shouldRun) out.set(v.node.name, 'controller: no pod');
    else {
      const r = filterNode(prepared, v);
      out.set(v.node.name, r.feasible ? 'ok' : `${r.results[0]!.plugin}: ${r.results[0]!.reasons.join('; ')}`);
    }
  }
  return out;
}
const notOk = (m: Map<string, string>) => [...m].filter(([, v]) => v !== 'ok' && v !== 'controller: no pod');

describe('sample cluster: capacity and pods', () => {
  test('examples/sample-cluster.yaml holds the embedded pods, read by the scheduler loader', () => {
    const text = readFileSync(join(EX, 'sample-cluster.yaml'), 'utf8');
    const r = loadSchedPodsFromText(text, 'sample-cluster.yaml');
    assert.deepEqual(r.errors, []);
    assert.equal(r.parser, 'fast-yaml');
    assert.deepEqual(r.pods, pods);
    assert.deepEqual(loadNodesFromText(text, 'sample-cluster.yaml').nodes, nodes);
  });

  test('every node reports allocatable below its capacity; GPU nodes offer one nvidia.com/gpu', () => {
    for (const n of nodes) {
      assert.ok(n.allocatable, n.name);
      for (const r of ['cpu', 'memory', 'pods', 'ephemeral-storage'])
        assert.ok(n.allocatable[r] !== undefined, `${n.name} ${r}`);
      assert.equal(view(n.name).allocatable.allowedPodNumber > 0, true);
    }
    assert.deepEqual(
      nodes.filter((n) => n.allocatable?.['nvidia.com/gpu']).map((n) => n.name),
      ['gpu-a-1', 'gpu-b-1'],
    );
  });

  test('each pod is bound to a node it may run on: the node exists, its NoExecute taints are tolerated', () => {
    // The whole pods: the scheduler's view of a pod already bound keeps no tolerations (only the incoming pod's
    // are read).
    const whole = samplePodObjects() as unknown as Pod[];
    assert.equal(whole.length, pods.length);
    for (const p of whole) {
      const node = nodes.find((n) => n.name === p.spec?.nodeName);
      assert.ok(node, `${p.metadata?.name} on ${p.spec?.nodeName}`);
      const noExecute = node.taints.filter((t) => t.effect === 'NoExecute');
      assert.equal(
        findMatchingUntoleratedTaint(noExecute, p.spec?.tolerations ?? [], undefined, false),
        undefined,
        p.metadata?.name,
      );
    }
  });

  test('a finished pod is in the file but does not count; pods on the NotReady node are not Ready', () => {
    const done = pods.filter((p) => p.status?.phase === 'Succeeded');
    assert.equal(done.length, 1);
    assert.ok(!view(done[0]!.spec!.nodeName!).hasPod(done[0]!.metadata!.uid!));
    assert.equal(cluster.podCount(), pods.length - 1);
    const whole = loadPodsFromText(readFileSync(join(EX, 'sample-cluster.yaml'), 'utf8'), 'sample').pods;
    const onNotReady = whole.filter((x) => x.spec?.nodeName === 'notready-b-2');
    assert.ok(onNotReady.length > 0);
    for (const p of onNotReady) assert.equal(p.status?.conditions?.find((c) => c.type === 'Ready')?.status, 'False');
  });

  test('worker-a-1 is nearly full: less than 500m cpu left', () => {
    const v = view('worker-a-1');
    const free = v.allocatable.milliCPU - v.requested.milliCPU;
    assert.ok(free > 0 && free < 500, `free ${free}m`);
  });

  test('otel-agent (500m cpu): created on 6 nodes, Pending on worker-a-1 only (Insufficient cpu)', () => {
    const v = verdicts('otel-agent.yaml');
    assert.equal([...v.values()].filter((x) => x !== 'controller: no pod').length, 6);
    assert.deepEqual(notOk(v), [['worker-a-1', 'NodeResourcesFit: Insufficient cpu']]);
  });

  test('node-exporter (host port 9100): Pending on worker-c-1 only, where the orphaned exporter holds the port', () => {
    assert.deepEqual(notOk(verdicts('node-exporter.yaml')), [
      ['worker-c-1', "NodePorts: node(s) didn't have free ports for the requested pod ports"],
    ]);
  });

  test('the other example DaemonSets are not held back by the scheduler', () => {
    for (const f of ['csi-node.yaml', 'fluent-bit.yaml', 'nvidia-device-plugin.yaml'])
      assert.deepEqual(notOk(verdicts(f)), [], f);
  });

  test('web-deployment: the zone spread leaves zone-c, where only worker-c-1 takes the pod', () => {
    const v = verdicts('web-deployment.yaml');
    assert.deepEqual(
      [...v].filter(([, x]) => x === 'ok').map(([n]) => n),
      ['worker-c-1'],
    );
    assert.equal(v.get('worker-a-1'), 'NodeResourcesFit: Insufficient cpu');
    assert.equal(v.get('worker-b-1'), "PodTopologySpread: node(s) didn't match pod topology spread constraints");
    assert.equal(v.get('cordoned-c-2'), 'NodeUnschedulable: node(s) were unschedulable');
  });
});
