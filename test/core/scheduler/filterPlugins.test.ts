// Upstream tables of the small Filter plugins (v1.35-era copies of their _test.go files):
// nodeports TestNodePorts, nodeunschedulable TestNodeUnschedulable, tainttoleration TestTaintTolerationFilter
// (whose expected reason is the v1.35 text `node(s) had untolerated taint(s)`), nodename TestNodeName.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { cycleContext, filterNode, prepareFilters } from '../../../server/src/core/scheduler/framework';
import { nodeName } from '../../../server/src/core/scheduler/plugins/nodeName';
import { nodeUnschedulable } from '../../../server/src/core/scheduler/plugins/nodeUnschedulable';
import { NodeInfo, newPodInfo } from '../../../server/src/core/scheduler/nodeInfo';
import type { FilterCode, PluginName, SchedNode, SchedPod } from '../../../server/src/core/scheduler/types';
import type { Taint, Toleration } from '../../../server/src/core/types';

const node = (over: Partial<SchedNode> = {}): SchedNode =>
  ({ name: 'foo', labels: {}, taints: [], unschedulable: false, conditions: [], allocatable: { pods: '110' },
    ...over });

/** The plugin's status on the node: 'skip' when its PreFilter skipped it (its Filter would pass every node). */
function verdict(plugin: PluginName, pod: SchedPod, ni: NodeInfo): [FilterCode, ...string[]] | 'skip' | null {
  const prepared = prepareFilters(pod, [ni], { plugins: [plugin] });
  if (prepared.steps.length === 0 && !prepared.rejected) return 'skip';
  const out = filterNode(prepared, ni);
  return out.feasible ? null : [out.results[0]?.code as FilterCode, ...(out.results[0]?.reasons ?? [])];
}

// newPod(host, "PROTO/IP/PORT"...) of node_ports_test.go.
function newPod(host: string, ...ports: string[]): SchedPod {
  return {
    metadata: { name: `p-${ports.join(',')}` },
    spec: {
      nodeName: host,
      containers: [{ ports: ports.map((p) => {
        const [protocol, hostIP, port] = p.split('/');
        return { containerPort: 0, protocol, hostIP, hostPort: Number(port) };
      }) }],
    },
  };
}

describe('TestNodePorts', () => {
  const PORTS = "node(s) didn't have free ports for the requested pod ports";
  const cases: { name: string; pod: SchedPod; existing: SchedPod[]; want: 'skip' | null | [FilterCode, string] }[] = [
    { name: 'skip filter', pod: {}, existing: [], want: 'skip' },
    { name: 'other port', pod: newPod('m1', 'UDP/127.0.0.1/8080'), existing: [newPod('m1', 'UDP/127.0.0.1/9090')],
      want: null },
    { name: 'same udp port', pod: newPod('m1', 'UDP/127.0.0.1/8080'), existing: [newPod('m1', 'UDP/127.0.0.1/8080')],
      want: ['Unschedulable', PORTS] },
    { name: 'same tcp port', pod: newPod('m1', 'TCP/127.0.0.1/8080'), existing: [newPod('m1', 'TCP/127.0.0.1/8080')],
      want: ['Unschedulable', PORTS] },
    { name: 'different host ip', pod: newPod('m1', 'TCP/127.0.0.1/8080'), existing: [newPod('m1',
      'TCP/127.0.0.2/8080')],
      want: null },
    { name: 'different protocol', pod: newPod('m1', 'UDP/127.0.0.1/8080'), existing: [newPod('m1',
      'TCP/127.0.0.1/8080')],
      want: null },
    { name: 'second udp port conflict', pod: newPod('m1', 'UDP/127.0.0.1/8000', 'UDP/127.0.0.1/8080'),
      existing: [newPod('m1', 'UDP/127.0.0.1/8080')], want: ['Unschedulable', PORTS] },
    { name: 'first tcp port conflict', pod: newPod('m1', 'TCP/127.0.0.1/8001', 'UDP/127.0.0.1/8080'),
      existing: [newPod('m1', 'TCP/127.0.0.1/8001', 'UDP/127.0.0.1/8081')], want: ['Unschedulable', PORTS] },
    { name: 'first tcp port conflict due to 0.0.0.0 hostIP', pod: newPod('m1', 'TCP/0.0.0.0/8001'),
      existing: [newPod('m1', 'TCP/127.0.0.1/8001')], want: ['Unschedulable', PORTS] },
    { name: 'TCP hostPort conflict due to 0.0.0.0 hostIP', pod: newPod('m1', 'TCP/10.0.10.10/8001', 'TCP/0.0.0.0/8001'),
      existing: [newPod('m1', 'TCP/127.0.0.1/8001')], want: ['Unschedulable', PORTS] },
    { name: 'second tcp port conflict to 0.0.0.0 hostIP', pod: newPod('m1', 'TCP/127.0.0.1/8001'),
      existing: [newPod('m1', 'TCP/0.0.0.0/8001')], want: ['Unschedulable', PORTS] },
    { name: 'second different protocol', pod: newPod('m1', 'UDP/127.0.0.1/8001'),
      existing: [newPod('m1', 'TCP/0.0.0.0/8001')], want: null },
    { name: 'UDP hostPort conflict due to 0.0.0.0 hostIP', pod: newPod('m1', 'UDP/127.0.0.1/8001'),
      existing: [newPod('m1', 'TCP/0.0.0.0/8001', 'UDP/0.0.0.0/8001')], want: ['Unschedulable', PORTS] },
  ];
  for (const tc of cases) {
    test(tc.name, () => {
      const ni = new NodeInfo(node({ name: 'm1' }));
      for (const p of tc.existing) ni.addPodInfo(newPodInfo(p));
      assert.deepEqual(verdict('NodePorts', tc.pod, ni), tc.want);
    });
  }
  test('the field names the conflicting hostPort', () => {
    const ni = new NodeInfo(node({ name: 'm1' }));
    ni.addPodInfo(newPodInfo(newPod('m1', 'TCP/0.0.0.0/8001')));
    const out = filterNode(prepareFilters(newPod('m1', 'UDP/1.2.3.4/9', 'TCP/1.2.3.4/8001'), [ni]), ni);
    assert.equal(out.results[0]?.field, 'spec.containers[0].ports[1].hostPort');
  });
  test('ports of a restartable init container count, other init containers do not', () => {
    const ni = new NodeInfo(node({ name: 'm1' }));
    ni.addPodInfo(newPodInfo({ metadata: { name: 'sidecar' }, spec: { nodeName: 'm1', initContainers: [
      { restartPolicy: 'Always', ports: [{ containerPort: 1, hostPort: 7000 }] },
      { ports: [{ containerPort: 1, hostPort: 7001 }] }] } }));
    assert.deepEqual(verdict('NodePorts', newPod('m1', 'TCP//7000'), ni), ['Unschedulable', PORTS]);
    assert.equal(verdict('NodePorts', newPod('m1', 'TCP//7001'), ni), null);
  });
});

describe('TestNodeUnschedulable', () => {
  const UNSCHED = 'node(s) were unschedulable';
  const cases: { name: string; pod: SchedPod; unschedulable: boolean; want: null | [FilterCode, string] }[] = [
    { name: 'Does not schedule pod to unschedulable node (node.Spec.Unschedulable==true)', pod: {}, unschedulable: true,
      want: ['UnschedulableAndUnresolvable', UNSCHED] },
    { name: 'Schedule pod to normal node', pod: {}, unschedulable: false, want: null },
    { name: 'Schedule pod with toleration to unschedulable node (node.Spec.Unschedulable==true)',
      pod: { spec: { tolerations: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] } },
      unschedulable: true, want: null },
  ];
  for (const tc of cases) {
    test(tc.name, () => {
      const ni = new NodeInfo(node({ unschedulable: tc.unschedulable }));
      const v = verdict('NodeUnschedulable', tc.pod, ni);
      assert.deepEqual(v === 'skip' ? null : v, tc.want);
      // Filter alone (as upstream calls it) gives the same status.
      const r = nodeUnschedulable.filter(null, tc.pod, ni, cycleContext());
      assert.deepEqual(r && [r.code, ...r.reasons], tc.want);
    });
  }
});

describe('TestTaintTolerationFilter', () => {
  const UNTOLERATED = 'node(s) had untolerated taint(s)';
  const pod = (tolerations: Toleration[]): SchedPod => ({ metadata: { name: 'pod1' }, spec: { tolerations } });
  const cases: { name: string; tolerations: Toleration[]; taints: Taint[]; fails: boolean }[] = [
    { name: "A pod having no tolerations can't be scheduled onto a node with nonempty taints", tolerations: [],
      taints: [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }], fails: true },
    { name: 'A pod which can be scheduled on a dedicated node assigned to user1 with effect NoSchedule',
      tolerations: [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }],
      taints: [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }], fails: false },
    { name: "A pod which can't be scheduled on a dedicated node assigned to user2 with effect NoSchedule",
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: 'NoSchedule' }],
      taints: [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }], fails: true },
    { name: 'A pod can be scheduled onto the node, with a toleration uses operator Exists that tolerates the' +
      ' taints on the node',
      tolerations: [{ key: 'foo', operator: 'Exists', effect: 'NoSchedule' }],
      taints: [{ key: 'foo', value: 'bar', effect: 'NoSchedule' }], fails: false },
    { name: 'A pod has multiple tolerations, node has multiple taints, all the taints are tolerated, pod can' +
      ' be scheduled onto the node',
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: 'NoSchedule' },
        { key: 'foo', operator: 'Exists', effect: 'NoSchedule' }],
      taints: [{ key: 'dedicated', value: 'user2', effect: 'NoSchedule' }, { key: 'foo', value: 'bar',
        effect: 'NoSchedule' }],
      fails: false },
    { name: "A pod has a toleration that keys and values match the taint on the node, but (non-empty) effect " +
        "doesn't match, can't be scheduled onto the node",
      tolerations: [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'PreferNoSchedule' }],
      taints: [{ key: 'foo', value: 'bar', effect: 'NoSchedule' }], fails: true },
    { name: 'The pod has a toleration that keys and values match the taint on the node, the effect of' +
      ' toleration is empty, and the effect of taint is NoSchedule. Pod can be scheduled onto the node',
      tolerations: [{ key: 'foo', operator: 'Equal', value: 'bar' }],
      taints: [{ key: 'foo', value: 'bar', effect: 'NoSchedule' }], fails: false },
    { name: "The pod has a toleration that key and value don't match the taint on the node, but the effect of " +
        'taint on node is PreferNoSchedule. Pod can be scheduled onto the node',
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: 'NoSchedule' }],
      taints: [{ key: 'dedicated', value: 'user1', effect: 'PreferNoSchedule' }], fails: false },
    { name: 'The pod has no toleration, but the effect of taint on node is PreferNoSchedule. Pod can be' +
      ' scheduled onto the node',
      tolerations: [], taints: [{ key: 'dedicated', value: 'user1', effect: 'PreferNoSchedule' }], fails: false },
  ];
  for (const tc of cases) {
    test(tc.name, () => assert.deepEqual(
      verdict('TaintToleration', pod(tc.tolerations), new NodeInfo(node({ name: 'nodeA', taints: tc.taints }))),
      tc.fails ? ['UnschedulableAndUnresolvable', UNTOLERATED] : null));
  }
  test('NoExecute taints count too', () => assert.deepEqual(
    verdict('TaintToleration', pod([]), new NodeInfo(node({ taints: [{ key: 'k', effect: 'NoExecute' }] }))),
    ['UnschedulableAndUnresolvable', UNTOLERATED]));
});

describe('TestNodeName', () => {
  const NAME = "node(s) didn't match the requested node name";
  const cases: { name: string; pod: SchedPod; want: null | [FilterCode, string] }[] = [
    { name: 'no host specified', pod: {}, want: null },
    { name: 'host matches', pod: { spec: { nodeName: 'foo' } }, want: null },
    { name: "host doesn't match", pod: { spec: { nodeName: 'bar' } }, want: ['UnschedulableAndUnresolvable', NAME] },
  ];
  for (const tc of cases) {
    test(tc.name, () => {
      const ni = new NodeInfo(node({ name: 'foo' }));
      const v = verdict('NodeName', tc.pod, ni);
      assert.deepEqual(v === 'skip' ? null : v, tc.want);
      const r = nodeName.filter(null, tc.pod, ni, cycleContext());
      assert.deepEqual(r && [r.code, ...r.reasons], tc.want);
    });
  }
});
