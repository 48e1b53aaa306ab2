// runFilters: the default profile's filter order, first-rejection semantics, PreFilter narrowing by node name,
// and the daemon pod pinned to each node.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_FILTER_ORDER, filterNode, prepareFilters, registerFilterPlugin,
  runFilters } from '../../../server/src/core/scheduler/framework';
import { nodeName } from '../../../server/src/core/scheduler/plugins/nodeName';
import { ClusterNodeInfos, NodeInfo, newPodInfo } from '../../../server/src/core/scheduler/nodeInfo';
import type { SchedNode, SchedPod } from '../../../server/src/core/scheduler/types';

const node = (name: string, over: Partial<SchedNode> = {}): SchedNode => ({
  name, labels: { 'kubernetes.io/hostname': name }, taints: [], unschedulable: false, conditions: [],
  allocatable: { cpu: '2', memory: '4Gi', pods: '110' }, ...over,
});

describe('order and stopping', () => {
  test('the default profile order (default_plugins.go, volume and DRA plugins left out)', () => {
    assert.deepEqual(DEFAULT_FILTER_ORDER, ['NodeUnschedulable', 'NodeName', 'TaintToleration', 'NodeAffinity',
      'NodePorts', 'NodeResourcesFit', 'PodTopologySpread', 'InterPodAffinity']);
  });
  const bad = new NodeInfo(node('a', { unschedulable: true, taints: [{ key: 'x', effect: 'NoSchedule' }],
    allocatable: { cpu: '100m', pods: '110' } }));
  const pod: SchedPod = { spec: { containers: [{ resources: { requests: { cpu: '1' } } }] } };
  test('stops at the first rejection, as RunFilterPlugins does', () => {
    const out = runFilters(pod, bad);
    assert.equal(out.feasible, false);
    assert.deepEqual(out.results.map((r) => r.plugin), ['NodeUnschedulable']);
  });
  test('allFailures collects every rejection in order', () => {
    const out = runFilters(pod, bad, { allFailures: true });
    assert.deepEqual(out.results.map((r) => r.plugin), ['NodeUnschedulable', 'TaintToleration', 'NodeResourcesFit']);
    assert.equal(out.results[2]?.field, 'spec.containers[0].resources.requests[cpu]');
    assert.deepEqual(out.results[2]?.insufficient?.[0], { resourceName: 'cpu', reason: 'Insufficient cpu',
      requested: 1000, used: 0, capacity: 100, unresolvable: true });
  });
  test('a feasible node', () => assert.deepEqual(runFilters(pod, new NodeInfo(node('b'))), { feasible: true,
    results: [] }));
});

describe('NodeAffinity PreFilter narrowing by metadata.name', () => {
  const nodes = [new NodeInfo(node('a')), new NodeInfo(node('b')), new NodeInfo(node('c'))];
  const pinned = (names: string[][]): SchedPod => ({ spec: { affinity: { nodeAffinity: {
    requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: names.map((values) => ({
      matchFields: [{ key: 'metadata.name', operator: 'In', values }] })) } } } } });
  test('only the named nodes are evaluated; the others carry the absent-node status', () => {
    const prepared = prepareFilters(pinned([['b']]), nodes);
    assert.deepEqual([...(prepared.nodeNames ?? [])], ['b']);
    assert.equal(filterNode(prepared, nodes[1] as NodeInfo).feasible, true);
    assert.deepEqual(filterNode(prepared, nodes[0] as NodeInfo).results, [{ plugin: 'NodeAffinity',
      code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't satisfy plugin(s) [NodeAffinity]"] }]);
  });
  test('terms naming disjoint nodes are ORed; an empty intersection inside a term is a conflict', () => {
    assert.deepEqual([...(prepareFilters(pinned([['a'], ['c']]), nodes).nodeNames ?? [])].sort(), ['a', 'c']);
    const conflict: SchedPod = { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {
      nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a'] },
        { key: 'metadata.name', operator: 'In', values: ['b'] }] }] } } } } };
    const out = filterNode(prepareFilters(conflict, nodes), nodes[0] as NodeInfo);
    assert.deepEqual(out.results[0]?.reasons, ['pod affinity terms conflict']);
  });
  test('nodeSelector mismatch names the key', () => {
    const out = runFilters({ spec: { nodeSelector: { disk: 'ssd' } } }, nodes[0] as NodeInfo,
      { specPath: 'spec.template.spec' });
    assert.deepEqual(out.results[0]?.reasons, ["node(s) didn't match Pod's node affinity/selector"]);
    assert.equal(out.results[0]?.field, 'spec.template.spec.nodeSelector[disk]');
  });
});

describe('a DaemonSet template pinned to each node', () => {
  const tmpl: SchedPod = { spec: {
    nodeSelector: { role: 'worker' },
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [
      { matchExpressions: [{ key: 'zone', operator: 'In', values: ['z1'] }],
        matchFields: [{ key: 'metadata.name', operator: 'In', values: ['elsewhere'] }] },
    ] } } },
  } };
  const opts = { daemonPinnedToNode: true };
  test('the required terms are replaced by the node itself (the controller checked them); nodeSelector applies', () => {
    const ok = new NodeInfo(node('w1', { labels: { role: 'worker', zone: 'z1' } }));
    const wrongZone = new NodeInfo(node('w2', { labels: { role: 'worker', zone: 'z2' } }));
    const notWorker = new NodeInfo(node('w3', { labels: { role: 'infra', zone: 'z1' } }));
    const prepared = prepareFilters(tmpl, [ok, wrongZone, notWorker], opts);
    assert.equal(prepared.nodeNames, undefined);
    assert.equal(filterNode(prepared, ok).feasible, true);
    assert.equal(filterNode(prepared, wrongZone).feasible, true);
    assert.deepEqual(filterNode(prepared, notWorker).results.map((r) => r.plugin), ['NodeAffinity']);
  });
  test('a term with only matchFields admits the node', () => {
    const onlyFields: SchedPod = { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {
      nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['x'] }] }] } } } } };
    assert.equal(runFilters(onlyFields, new NodeInfo(node('y')), opts).feasible, true);
  });
});

describe('PodTopologySpread and InterPodAffinity run through runFilters', () => {
  test('a DoNotSchedule constraint rejects the crowded zone', () => {
    const cluster = new ClusterNodeInfos();
    cluster.setNode(node('a', { labels: { zone: 'z1' } }));
    cluster.setNode(node('b', { labels: { zone: 'z2' } }));
    for (let i = 0; i < 2; i++) {
      cluster.upsertPod({ metadata: { name: `web-${i}`, namespace: 'default', labels: { app: 'web' } },
        spec: { nodeName: 'a' } });
    }
    const pod: SchedPod = { metadata: { namespace: 'default', labels: { app: 'web' } }, spec: {
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: { matchLabels: { app: 'web' } } }] } };
    const prepared = prepareFilters(pod, cluster.nodes());
    assert.deepEqual(filterNode(prepared, cluster.get('a') as NodeInfo).results.map((r) => r.plugin),
      ['PodTopologySpread']);
    assert.equal(filterNode(prepared, cluster.get('b') as NodeInfo).feasible, true);
  });
  test('required anti-affinity rejects the node that runs a matching pod', () => {
    const cluster = new ClusterNodeInfos();
    cluster.setNode(node('a'));
    cluster.setNode(node('b'));
    cluster.upsertPod({ metadata: { name: 'db-0', namespace: 'default', labels: { app: 'db' } },
      spec: { nodeName: 'a' } });
    const pod: SchedPod = { metadata: { namespace: 'default', labels: { app: 'db' } }, spec: { affinity: {
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{
        labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'kubernetes.io/hostname' }] } } } };
    const prepared = prepareFilters(pod, cluster.nodes());
    assert.deepEqual(filterNode(prepared, cluster.get('a') as NodeInfo).results.map((r) => r.plugin),
      ['InterPodAffinity']);
    assert.equal(filterNode(prepared, cluster.get('b') as NodeInfo).feasible, true);
  });
});

describe('NodeInfo kept up to date pod by pod', () => {
  const pod = (name: string, nodeName: string, cpu: string, extra: Partial<SchedPod> = {}): SchedPod => ({
    metadata: { name, namespace: 'default' },
    spec: { nodeName, containers: [{ resources: { requests: { cpu, memory: '1Gi' } },
      ports: [{ containerPort: 80, hostPort: 8080 }] }] },
    ...extra,
  });
  test('add then remove returns every total to where it was', () => {
    const c = new ClusterNodeInfos();
    const ni = c.setNode(node('a'));
    c.upsertPod(pod('p1', 'a', '500m'));
    c.upsertPod(pod('p2', 'a', '250m'));
    assert.equal(ni.requested.milliCPU, 750);
    assert.equal(ni.requested.memory, 2 * 1024 ** 3);
    assert.equal(ni.pods.length, 2);
    assert.equal(ni.usedPorts.get('0.0.0.0')?.has('TCP/8080'), true);
    c.removePod('default/p1');
    assert.equal(ni.requested.milliCPU, 250);
    c.removePod('default/p2');
    assert.deepEqual([ni.requested.milliCPU, ni.requested.memory, ni.pods.length, ni.usedPorts.size], [0, 0, 0, 0]);
    assert.deepEqual([ni.nonZeroRequested.milliCPU, ni.nonZeroRequested.memory], [0, 0]);
  });
  test('an update replaces the pod; a finished pod stops counting', () => {
    const c = new ClusterNodeInfos();
    const ni = c.setNode(node('a'));
    c.upsertPod(pod('p1', 'a', '500m'));
    c.upsertPod(pod('p1', 'a', '1'));
    assert.equal(ni.requested.milliCPU, 1000);
    c.upsertPod(pod('p1', 'a', '1', { status: { phase: 'Succeeded' } }));
    assert.equal(ni.pods.length, 0);
    assert.equal(c.podCount(), 0);
  });
  test('a pod that moves to another node leaves the first', () => {
    const c = new ClusterNodeInfos();
    const a = c.setNode(node('a'));
    const b = c.setNode(node('b'));
    c.upsertPod(pod('p1', 'a', '500m'));
    c.upsertPod(pod('p1', 'b', '500m'));
    assert.deepEqual([a.requested.milliCPU, b.requested.milliCPU], [0, 500]);
  });
  test('pods of a node not yet seen count once it arrives; a removed node keeps them for its return', () => {
    const c = new ClusterNodeInfos();
    c.upsertPod(pod('p1', 'late', '300m'));
    assert.equal(c.setNode(node('late')).requested.milliCPU, 300);
    c.removeNode('late');
    assert.equal(c.get('late'), undefined);
    assert.equal(c.setNode(node('late')).requested.milliCPU, 300);
  });
  test('zero requests count with the scheduler defaults in NonZeroRequested only', () => {
    const ni = new NodeInfo(node('a'));
    ni.addPodInfo(newPodInfo({ metadata: { name: 'empty' }, spec: { nodeName: 'a', containers: [{}] } }));
    assert.deepEqual([ni.requested.milliCPU, ni.nonZeroRequested.milliCPU, ni.nonZeroRequested.memory],
      [0, 100, 200 * 1024 * 1024]);
  });
  test('pods of one template share their computed requests; a pod resized in place does not', () => {
    const a = newPodInfo(pod('p1', 'a', '500m'));
    const b = newPodInfo(pod('p2', 'b', '500m'));
    assert.equal(a.res, b.res);
    const resized = newPodInfo({ metadata: { name: 'p3' }, spec: { nodeName: 'a', containers: [
      { name: 'c', resources: { requests: { cpu: '500m' } } }] },
    status: { containerStatuses: [{ name: 'c', resources: { requests: { cpu: '2' } } }] } });
    assert.equal(resized.res.resource.milliCPU, 2000);
    assert.equal(newPodInfo({ ...resized.pod, status: {} }).res.resource.milliCPU, 500);
  });
  test('Too many pods once the pod limit is reached', () => {
    const c = new ClusterNodeInfos();
    const ni = c.setNode(node('a', { allocatable: { cpu: '4', memory: '8Gi', pods: '2' } }));
    c.upsertPod(pod('p1', 'a', '100m'));
    c.upsertPod({ ...pod('p2', 'a', '100m'), spec: { nodeName: 'a' } });
    const out = runFilters({ spec: {} }, ni);
    assert.deepEqual(out.results[0]?.reasons, ['Too many pods']);
  });
});

describe('bad input never throws', () => {
  const garbage: unknown[] = [
    { spec: { containers: 7, initContainers: 'x', overhead: [], resources: 'lots' } },
    { spec: { containers: [null, 3, { resources: { requests: { cpu: 'lots', memory: {} } }, ports: 'x' }] } },
    { spec: { containers: [{ ports: [null, { hostPort: 'a' }, { hostPort: -1 }] }], tolerations: 'all' } },
    { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {
      nodeSelectorTerms: 'x' } } } } },
    { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {
      nodeSelectorTerms: [null, { matchFields: 'x' },
        { matchFields: [{ key: 'metadata.name', operator: 'In', values: 3 }] }],
    } } } } },
    { status: { containerStatuses: 'x', initContainerStatuses: [null] }, spec: { nodeName: 'a' } },
  ];
  garbage.forEach((g, i) => {
    test(`case ${i}`, () => {
      const c = new ClusterNodeInfos();
      const ni = c.setNode(node('a'));
      const pod = g as SchedPod;
      c.upsertPod({ ...pod, metadata: { name: `g${i}` }, spec: { ...pod.spec, nodeName: 'a' } });
      for (const daemonPinnedToNode of [false, true]) {
        const out = runFilters(g as SchedPod, ni, { daemonPinnedToNode, allFailures: true });
        assert.equal(typeof out.feasible, 'boolean');
        for (const r of out.results) if (r.code === 'Error') assert.ok(r.field, r.reasons.join('; '));
      }
    });
  });
  test('nodeSelectorTerms that is not a list matches no node, located at that field', () => {
    const out = runFilters(garbage[3] as SchedPod, new NodeInfo(node('a')), { specPath: 'spec.template.spec' });
    assert.deepEqual([out.results[0]?.plugin, out.results[0]?.code, out.results[0]?.reasons, out.results[0]?.field],
      ['NodeAffinity', 'UnschedulableAndUnresolvable', ["node(s) didn't match Pod's node affinity/selector"],
        'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms']);
  });
  test('a plugin that throws anyway is an Error status at the pod spec, for every node', () => {
    registerFilterPlugin({ ...nodeName, preFilter: () => ({ kind: 'state', state: null }),
      filter: () => { throw new TypeError('boom'); } });
    try {
      const out = runFilters({}, new NodeInfo(node('a')), { specPath: 'spec.template.spec' });
      assert.deepEqual([out.results[0]?.plugin, out.results[0]?.code, out.results[0]?.reasons, out.results[0]?.field],
        ['NodeName', 'Error', ['NodeName could not read the pod: boom'], 'spec.template.spec']);
    } finally {
      registerFilterPlugin(nodeName);
    }
  });
});
