import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Affinity, DaemonSet, NodeInfo, Pod, PodSpec, Taint, Toleration } from '../../server/src/core/types';
import { DEFAULT_FEATURE_GATES, type FeatureGates } from '../../server/src/core/k8sVersion';
import { compilePlacement, placeDaemonSet } from '../../server/src/core/placement';
import {
  addOrUpdateDaemonPodTolerations,
  DAEMON_POD_TOLERATIONS,
  getTargetNodeName,
  newPod,
  replaceDaemonSetPodNodeNameNodeAffinity,
} from '../../server/src/core/daemonPod';

const gates: FeatureGates = { ...DEFAULT_FEATURE_GATES };
/** NodeShouldRunDaemonPod for one node, through the compiled decision (the only one). */
const nodeShouldRunDaemonPod = (n: NodeInfo, ds: DaemonSet, g: FeatureGates) => compilePlacement(ds, g).evaluate(n);
// Fixtures of pkg/controller/daemon/daemon_controller_test.go.
const simpleDaemonSetLabel = { name: 'simple-daemon', type: 'production' };
const simpleDaemonSetLabel2 = { name: 'simple-daemon', type: 'test' };
const simpleNodeLabel = { color: 'blue', speed: 'fast' };
const noScheduleTolerations: Toleration[] = [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }];
const noScheduleTaints: Taint[] = [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }];
const noExecuteTaints: Taint[] = [{ key: 'dedicated', value: 'user1', effect: 'NoExecute' }];
const nodeNotReady: Taint[] = [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }];
const nodeUnreachable: Taint[] = [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }];

function newNode(name: string, labels: Record<string, string> | null, extra: Partial<NodeInfo> = {}): NodeInfo {
  return { name, labels: labels ?? {}, taints: [], unschedulable: false, conditions: [{ type: 'Ready', status: 'True' }], ...extra };
}
function newDaemonSet(name: string, spec: PodSpec = {}): DaemonSet {
  return {
    metadata: { name, namespace: 'default' },
    spec: { selector: { matchLabels: simpleDaemonSetLabel }, template: { metadata: { labels: simpleDaemonSetLabel }, spec: { containers: [{ image: 'foo/bar' }], ...spec } } },
  };
}
const withNodeName = (nodeName: string): PodSpec => (nodeName ? { nodeName } : {});

// pkg/controller/daemon/daemon_controller_test.go TestNodeShouldRunDaemonPod (resources and host ports no longer count).
describe('TestNodeShouldRunDaemonPod', () => {
  const cases: { predicateName: string; spec: PodSpec; nodeUnschedulable?: boolean; shouldRun: boolean; shouldContinueRunning: boolean }[] = [
    { predicateName: 'ShouldRunDaemonPod', spec: withNodeName(''), shouldRun: true, shouldContinueRunning: true },
    { predicateName: 'InsufficientResourceError', spec: withNodeName(''), shouldRun: true, shouldContinueRunning: true },
    { predicateName: 'ErrPodNotMatchHostName', spec: withNodeName('other-node'), shouldRun: false, shouldContinueRunning: false },
    { predicateName: 'ErrPodNotFitsHostPorts', spec: { containers: [{ ports: [{ hostPort: 666 }] }] }, shouldRun: true, shouldContinueRunning: true },
    { predicateName: 'ErrNodeSelectorNotMatch', spec: { nodeSelector: simpleDaemonSetLabel2 }, shouldRun: false, shouldContinueRunning: false },
    { predicateName: 'ShouldRunDaemonPod', spec: { nodeSelector: simpleDaemonSetLabel }, shouldRun: true, shouldContinueRunning: true },
    {
      predicateName: 'ErrPodAffinityNotMatch',
      spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'type', operator: 'In', values: ['test'] }] }] } } } },
      shouldRun: false,
      shouldContinueRunning: false,
    },
    {
      predicateName: 'ShouldRunDaemonPod',
      spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'type', operator: 'In', values: ['production'] }] }] } } } },
      shouldRun: true,
      shouldContinueRunning: true,
    },
    { predicateName: 'ShouldRunDaemonPodOnUnschedulableNode', spec: withNodeName(''), nodeUnschedulable: true, shouldRun: true, shouldContinueRunning: true },
  ];
  cases.forEach((c, i) => {
    test(`[${i}] ${c.predicateName}`, () => {
      const node = newNode('test-node', simpleDaemonSetLabel, { unschedulable: c.nodeUnschedulable ?? false });
      const p = nodeShouldRunDaemonPod(node, newDaemonSet('ds', c.spec), gates);
      assert.equal(p.shouldRun, c.shouldRun);
      assert.equal(p.shouldContinueRunning, c.shouldContinueRunning);
      assert.equal(p.reasons.length === 0, c.shouldRun);
    });
  });
});

// The taint/toleration and affinity sync tests of daemon_controller_test.go, as placement expectations
// (a create means shouldRun on a node without a pod; a delete means !shouldContinueRunning for a running pod).
describe('daemon_controller_test.go sync tests as placement', () => {
  test('TestNodeAffinityDaemonLaunchesPods', () => {
    const ds = newDaemonSet('foo', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'color', operator: 'In', values: [simpleNodeLabel.color] }] }] } } } });
    const nodes = [0, 1, 2, 3].map((i) => newNode(`node-${i}`, null)).concat([4, 5, 6].map((i) => newNode(`node-${i}`, simpleNodeLabel)));
    assert.equal(placeDaemonSet(ds, nodes, gates).shouldRun, 3);
  });
  test('TestTaintedNodeDaemonDoesNotLaunchIntolerantPod', () => {
    const p = nodeShouldRunDaemonPod(newNode('tainted', null, { taints: noScheduleTaints }), newDaemonSet('intolerant'), gates);
    assert.equal(p.shouldRun, false);
  });
  test('TestTaintedNodeDaemonLaunchesToleratePod', () => {
    const p = nodeShouldRunDaemonPod(newNode('tainted', null, { taints: noScheduleTaints }), newDaemonSet('tolerate', { tolerations: noScheduleTolerations }), gates);
    assert.equal(p.shouldRun, true);
  });
  test('TestNodeDaemonLaunchesToleratePod', () => {
    assert.equal(nodeShouldRunDaemonPod(newNode('node-0', null), newDaemonSet('tolerate', { tolerations: noScheduleTolerations }), gates).shouldRun, true);
  });
  test('TestNoScheduleTaintedDoesntEvicitRunningIntolerantPod', () => {
    const p = nodeShouldRunDaemonPod(newNode('tainted', null, { taints: noScheduleTaints }), newDaemonSet('intolerant'), gates);
    assert.equal(p.shouldContinueRunning, true);
  });
  test('TestNoExecuteTaintedDoesEvicitRunningIntolerantPod', () => {
    const p = nodeShouldRunDaemonPod(newNode('tainted', null, { taints: noExecuteTaints }), newDaemonSet('intolerant'), gates);
    assert.equal(p.shouldRun, false);
    assert.equal(p.shouldContinueRunning, false);
  });
  test('TestNotReadyNodeDaemonLaunchesPod', () => {
    const n = newNode('tainted', null, { taints: nodeNotReady, conditions: [{ type: 'Ready', status: 'False' }] });
    assert.equal(nodeShouldRunDaemonPod(n, newDaemonSet('simple'), gates).shouldRun, true);
  });
  test('TestUnreachableNodeDaemonLaunchesPod', () => {
    const n = newNode('tainted', null, { taints: nodeUnreachable, conditions: [{ type: 'Ready', status: 'Unknown' }] });
    assert.equal(nodeShouldRunDaemonPod(n, newDaemonSet('simple'), gates).shouldRun, true);
  });
  test('TestTaintPressureNodeDaemonLaunchesPod', () => {
    const n = newNode('resources-pressure', null, {
      taints: [
        { key: 'node.kubernetes.io/disk-pressure', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/pid-pressure', effect: 'NoSchedule' },
      ],
    });
    assert.equal(nodeShouldRunDaemonPod(n, newDaemonSet('critical'), gates).shouldRun, true);
  });
  test('TestUnschedulableNodeDaemonDoesLaunchPod (unschedulable taint is tolerated automatically)', () => {
    const n = newNode('node2', null, { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] });
    assert.equal(nodeShouldRunDaemonPod(n, newDaemonSet('foo'), gates).shouldRun, true);
  });
});

// pkg/controller/daemon/util/daemonset_util_test.go TestReplaceDaemonSetPodNodeNameNodeAffinity (cases by index)
describe('TestReplaceDaemonSetPodNodeNameNodeAffinity', () => {
  const want = (extra: Partial<NonNullable<Affinity['nodeAffinity']>> = {}): Affinity => ({
    nodeAffinity: { ...extra, requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['host_1'] }] }] } },
  });
  const hostnameTerm = { matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['host_1'] }] };
  const cases: { affinity: Affinity | undefined; expected: Affinity }[] = [
    { affinity: undefined, expected: want() },
    { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [hostnameTerm] } } }, expected: want() },
    {
      affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, preference: hostnameTerm }] } },
      expected: want({ preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, preference: hostnameTerm }] }),
    },
    { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['host_1', 'host_2'] }] }] } } }, expected: want() },
    { affinity: undefined, expected: want() },
    {
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'hostname', operator: 'In', values: ['host_1'] }] }, { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['host_2'] }] }] } } },
      expected: want(),
    },
    { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['host_2'] }] }] } } }, expected: want() },
    { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.foo', operator: 'In', values: ['bar'] }] }] } } }, expected: want() },
  ];
  cases.forEach((c, i) => test(`case ${i}`, () => assert.deepEqual(replaceDaemonSetPodNodeNameNodeAffinity(c.affinity, 'host_1'), c.expected)));
  test('mutates and returns the same object', () => {
    const a: Affinity = {};
    assert.equal(replaceDaemonSetPodNodeNameNodeAffinity(a, 'n'), a);
  });
});

// pkg/controller/daemon/util/daemonset_util_test.go TestGetTargetNodeName
describe('TestGetTargetNodeName', () => {
  const pod = (name: string, spec: PodSpec): Pod => ({ metadata: { name, namespace: 'default' }, spec });
  const fields = (values: string[]): PodSpec => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values }] }] } } } });
  const cases: { pod: Pod; nodeName?: string; expectedErr?: boolean }[] = [
    { pod: pod('pod1', { nodeName: 'node-1' }), nodeName: 'node-1' },
    { pod: pod('pod2', fields(['node-1'])), nodeName: 'node-1' },
    { pod: pod('pod3', fields(['node-1', 'node-2'])), expectedErr: true },
    { pod: pod('pod4', {}), expectedErr: true },
  ];
  for (const c of cases) {
    test(c.pod.metadata?.name ?? '', () => {
      const r = getTargetNodeName(c.pod);
      assert.equal(r.error !== undefined, c.expectedErr ?? false);
      if (!c.expectedErr) assert.equal(r.nodeName, c.nodeName);
    });
  }
  test('error messages name the pod', () => {
    assert.equal(getTargetNodeName(pod('pod4', {})).error, 'no spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution for pod default/pod4');
    assert.equal(getTargetNodeName(pod('pod3', fields(['a', 'b']))).error, "the matchFields value of 'metadata.name' is not unique for pod default/pod3");
  });
});

describe('NewPod and AddOrUpdateDaemonPodTolerations', () => {
  const keys = (ts: Toleration[] | undefined) => (ts ?? []).map((t) => `${t.key}:${t.operator}:${t.effect}:${t.tolerationSeconds ?? '-'}`);
  test('the six automatic tolerations, exact keys, operator and effect; no tolerationSeconds', () => {
    const p = newPod(newDaemonSet('ds'), 'n1');
    assert.deepEqual(keys(p.spec?.tolerations), [
      'node.kubernetes.io/not-ready:Exists:NoExecute:-',
      'node.kubernetes.io/unreachable:Exists:NoExecute:-',
      'node.kubernetes.io/disk-pressure:Exists:NoSchedule:-',
      'node.kubernetes.io/memory-pressure:Exists:NoSchedule:-',
      'node.kubernetes.io/pid-pressure:Exists:NoSchedule:-',
      'node.kubernetes.io/unschedulable:Exists:NoSchedule:-',
    ]);
    assert.equal(p.spec?.nodeName, 'n1');
    assert.equal(p.metadata?.namespace, 'default');
  });
  test('hostNetwork adds network-unavailable NoSchedule', () => {
    const p = newPod(newDaemonSet('ds', { hostNetwork: true }), 'n1');
    assert.deepEqual(keys(p.spec?.tolerations).at(-1), 'node.kubernetes.io/network-unavailable:Exists:NoSchedule:-');
    assert.equal(p.spec?.tolerations?.length, DAEMON_POD_TOLERATIONS.length + 1);
  });
  test('a user toleration with the same key/operator/effect/value is replaced in place (tolerationSeconds dropped)', () => {
    const spec: PodSpec = { tolerations: [{ key: 'a', operator: 'Exists' }, { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }] };
    addOrUpdateDaemonPodTolerations(spec);
    assert.deepEqual(keys(spec.tolerations).slice(0, 3), ['a:Exists:undefined:-', 'node.kubernetes.io/not-ready:Exists:NoExecute:-', 'node.kubernetes.io/unreachable:Exists:NoExecute:-']);
    assert.equal(spec.tolerations?.length, 1 + DAEMON_POD_TOLERATIONS.length);
  });
  test('a user toleration that differs (operator Equal) is kept and the automatic one is added', () => {
    const spec: PodSpec = { tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Equal', effect: 'NoExecute', tolerationSeconds: 5 }] };
    addOrUpdateDaemonPodTolerations(spec);
    assert.equal(spec.tolerations?.[0]?.tolerationSeconds, 5);
    assert.equal(spec.tolerations?.length, 1 + DAEMON_POD_TOLERATIONS.length);
  });
  test('NewPod does not modify the DaemonSet template', () => {
    const ds = newDaemonSet('ds', { tolerations: [{ key: 'x', operator: 'Exists' }] });
    newPod(ds, 'n');
    assert.equal(ds.spec?.template?.spec?.tolerations?.length, 1);
    assert.equal(ds.spec?.template?.spec?.nodeName, undefined);
  });
});

describe('placement reasons', () => {
  test('nodeSelector: code, field and message with the actual value', () => {
    const p = nodeShouldRunDaemonPod(newNode('n1', { disktype: 'hdd' }), newDaemonSet('ds', { nodeSelector: { disktype: 'ssd' } }), gates);
    assert.deepEqual(p.reasons, [
      { code: 'NodeSelectorMismatch', message: 'nodeSelector disktype=ssd: node has disktype=hdd', field: 'spec.template.spec.nodeSelector[disktype]', evicts: true },
    ]);
  });
  test('template nodeName mismatch', () => {
    const p = nodeShouldRunDaemonPod(newNode('n1', {}), newDaemonSet('ds', { nodeName: 'n2' }), gates);
    assert.equal(p.reasons[0]?.code, 'NodeNameMismatch');
    assert.equal(p.reasons[0]?.field, 'spec.template.spec.nodeName');
    assert.equal(p.reasons[0]?.message, 'spec.template.spec.nodeName is n2, not n1');
  });
  test('affinity: the failing expression path', () => {
    const ds = newDaemonSet('ds', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }] } } } });
    const p = nodeShouldRunDaemonPod(newNode('n1', { zone: 'b' }), ds, gates);
    assert.deepEqual(p.reasons.map((r) => [r.code, r.field, r.message]), [
      [
        'NodeAffinityMismatch',
        'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0]',
        'required node affinity term [0] does not match: zone In [a]: node has zone=b',
      ],
    ]);
  });
  test('NoSchedule-only failure: shouldRun false, shouldContinueRunning true, reason does not evict', () => {
    const p = nodeShouldRunDaemonPod(newNode('gpu-1', {}, { taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] }), newDaemonSet('ds'), gates);
    assert.equal(p.shouldRun, false);
    assert.equal(p.shouldContinueRunning, true);
    assert.equal(p.reasons.length, 1);
    assert.equal(p.reasons[0]?.code, 'TaintNotTolerated');
    assert.equal(p.reasons[0]?.field, 'spec.template.spec.tolerations');
    assert.equal(p.reasons[0]?.evicts, false);
    assert.deepEqual(p.reasons[0]?.taint, { key: 'gpu', value: 'true', effect: 'NoSchedule' });
    assert.match(p.reasons[0]?.message ?? '', /^taint gpu=true:NoSchedule is not tolerated \(no toleration with key "gpu"\)/);
  });
  test('NoExecute failure evicts; every untolerated taint gets a reason; PreferNoSchedule never counts', () => {
    const taints: Taint[] = [
      { key: 'soft', effect: 'PreferNoSchedule' },
      { key: 'a', effect: 'NoSchedule' },
      { key: 'b', value: '1', effect: 'NoExecute' },
    ];
    const p = nodeShouldRunDaemonPod(newNode('n', {}, { taints }), newDaemonSet('ds'), gates);
    assert.equal(p.shouldRun, false);
    assert.equal(p.shouldContinueRunning, false);
    assert.deepEqual(p.reasons.map((r) => [r.taint?.key, r.evicts]), [['a', false], ['b', true]]);
  });
  test('a PreferNoSchedule taint alone does not stop the pod', () => {
    const p = nodeShouldRunDaemonPod(newNode('n', {}, { taints: [{ key: 'soft', effect: 'PreferNoSchedule' }] }), newDaemonSet('ds'), gates);
    assert.equal(p.shouldRun, true);
  });
  test('reason names a near-miss toleration by its index', () => {
    const p = nodeShouldRunDaemonPod(newNode('n', {}, { taints: [{ key: 'gpu', value: 'true', effect: 'NoExecute' }] }), newDaemonSet('ds', { tolerations: [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }] }), gates);
    assert.match(p.reasons[0]?.message ?? '', /toleration \[0\] gpu Exists:NoSchedule: effect NoSchedule is not NoExecute/);
  });
  test('Gt toleration: gate off does not tolerate, gate on does', () => {
    const ds = newDaemonSet('ds', { tolerations: [{ key: 'sla', operator: 'Gt', value: '900', effect: 'NoSchedule' }] });
    const n = newNode('n', {}, { taints: [{ key: 'sla', value: '950', effect: 'NoSchedule' }] });
    const off = nodeShouldRunDaemonPod(n, ds, gates);
    assert.equal(off.shouldRun, false);
    assert.match(off.reasons[0]?.message ?? '', /TaintTolerationComparisonOperators/);
    assert.equal(nodeShouldRunDaemonPod(n, ds, { TaintTolerationComparisonOperators: true }).shouldRun, true);
  });
  test('all failing checks are reported while booleans follow upstream', () => {
    const ds = newDaemonSet('ds', { nodeName: 'other', nodeSelector: { a: 'b' } });
    const p = nodeShouldRunDaemonPod(newNode('n', {}, { taints: noExecuteTaints }), ds, gates);
    assert.deepEqual(p.reasons.map((r) => r.code), ['NodeNameMismatch', 'NodeSelectorMismatch', 'TaintNotTolerated']);
    assert.equal(p.shouldContinueRunning, false);
  });
  test('an affinity term with a parse error is ignored; a valid term still places the pod', () => {
    const ds = newDaemonSet('ds', {
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'x', operator: 'Gt', values: ['nope'] }] }, { matchExpressions: [{ key: 'zone', operator: 'Exists' }] }] } } },
    });
    assert.equal(nodeShouldRunDaemonPod(newNode('n', { zone: 'a' }), ds, gates).shouldRun, true);
    const miss = nodeShouldRunDaemonPod(newNode('n', {}), ds, gates);
    assert.deepEqual(miss.reasons.map((r) => r.field), [
      'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]',
      'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[1].matchExpressions[0]',
    ]);
  });
  test('placeDaemonSet counts', () => {
    const nodes = [newNode('a', { disk: 'ssd' }), newNode('b', { disk: 'hdd' }), newNode('c', { disk: 'ssd' }, { taints: noScheduleTaints })];
    const r = placeDaemonSet(newDaemonSet('ds', { nodeSelector: { disk: 'ssd' } }), nodes, gates);
    assert.deepEqual([r.shouldRun, r.shouldContinueRunning], [1, 2]);
    assert.deepEqual(r.nodes.map((n) => n.node), ['a', 'b', 'c']);
  });
});

describe('many nodes (the benchmark scenario; speed is measured by npm run bench)', () => {
  test('5,000 nodes with a selector, affinity and tolerations: counts and a reason for every skipped node', () => {
    const nodes: NodeInfo[] = [];
    for (let i = 0; i < 5000; i++) {
      const labels: Record<string, string> = { 'kubernetes.io/hostname': `node-${i}`, 'kubernetes.io/os': i % 10 === 0 ? 'windows' : 'linux', 'topology.kubernetes.io/zone': `zone-${i % 3}`, 'node.kubernetes.io/instance-type': 'm5.large' };
      const taints: Taint[] = i % 50 === 1 ? [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] : i % 97 === 0 ? [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] : [];
      nodes.push(newNode(`node-${i}`, labels, { taints }));
    }
    const ds = newDaemonSet('bench', {
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['zone-0', 'zone-1'] }, { key: 'node.kubernetes.io/instance-type', operator: 'Exists' }] }] } } },
      tolerations: [{ key: 'dedicated', operator: 'Exists' }],
    });
    const compiled = compilePlacement(ds, gates);
    const run = () => {
      let n = 0;
      let reasons = 0;
      for (let i = 0; i < nodes.length; i++) {
        const p = compiled.evaluate(nodes[i] as NodeInfo);
        if (p.shouldRun) n++;
        reasons += p.reasons.length;
      }
      assert.ok(reasons >= 5000 - n);
      return n;
    };
    const count = run();
    let want = 0;
    for (let i = 0; i < 5000; i++) if (i % 10 !== 0 && i % 3 !== 2 && i % 50 !== 1) want++;
    assert.equal(count, want); // windows nodes fail the selector, zone-2 the affinity, GPU nodes the taint
  });
});
