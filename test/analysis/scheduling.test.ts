// analysis/scheduling.ts: the Filter stage for one pod over an inventory, shaped per node, reused while nothing
// changed; nodes without allocatable are never called Insufficient.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  filterPodOverInventory,
  formatAmount,
  insufficientText,
  schedulingFor,
  schedulingGeneration,
  verdictText,
} from '../../server/src/analysis/scheduling';
import { createPodTemplate } from '../../server/src/core/daemonPod';
import { ClusterNodeInfos } from '../../server/src/core/scheduler/nodeInfo';
import type { SchedNode, SchedPod } from '../../server/src/core/scheduler/types';
import type { DaemonSet } from '../../server/src/core/types';

const node = (name: string, over: Partial<SchedNode> = {}): SchedNode => ({
  name, labels: { 'kubernetes.io/hostname': name }, taints: [], unschedulable: false,
  conditions: [{ type: 'Ready', status: 'True' }], allocatable: { cpu: '2', memory: '4Gi', pods: '110' }, ...over,
});

const running = (name: string, nodeName: string, cpu: string, hostPort?: number): SchedPod => ({
  metadata: { name, namespace: 'default', uid: name },
  spec: {
    nodeName,
    containers: [{
      name: 'c', resources: { requests: { cpu } },
      ...(hostPort ? { ports: [{ containerPort: hostPort, hostPort }] } : {}),
    }],
  },
  status: { phase: 'Running' },
});

function cluster(): ClusterNodeInfos {
  const c = new ClusterNodeInfos();
  c.setNode(node('full'));
  c.setNode(node('roomy', { allocatable: { cpu: '8', memory: '16Gi', pods: '110' } }));
  const { allocatable: _none, ...bare } = node('handwritten');
  c.setNode(bare);
  c.setNode(node('ports'));
  c.upsertPod(running('busy', 'full', '1800m'));
  c.upsertPod(running('exporter', 'ports', '100m', 9100));
  return c;
}

const ds: DaemonSet = {
  apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'monitoring' },
  spec: {
    selector: { matchLabels: { app: 'agent' } },
    template: {
      metadata: { labels: { app: 'agent' } },
      spec: { containers: [{ name: 'agent', image: 'agent:1', resources: { requests: { cpu: '500m' } },
        ports: [{ containerPort: 9100, hostPort: 9100 }] } as never] },
    },
  },
};
const PORTS = "node(s) didn't have free ports for the requested pod ports";
const daemonOpts = { daemonPinnedToNode: true, specPath: 'spec.template.spec' };

describe('schedulingFor', () => {
  test("the context's own state when it has one", () => {
    const own = cluster();
    assert.equal(schedulingFor({ nodes: [], scheduling: own }), own);
  });
  test('else one state per node list, built once, with the nodes and no pods', () => {
    const nodes = [node('a'), node('b')];
    const s = schedulingFor({ nodes });
    assert.equal(schedulingFor({ nodes }), s);
    assert.deepEqual(s.nodes().map((n) => n.node.name), ['a', 'b']);
    assert.equal(s.podCount(), 0);
    assert.notEqual(schedulingFor({ nodes: [...nodes] }), s);
  });
});

describe('filterPodOverInventory: the daemon pod on each node', () => {
  const c = cluster();
  const pod = createPodTemplate(ds) as SchedPod;
  const run = filterPodOverInventory(c, pod, daemonOpts);

  test('a full node: Insufficient cpu at the request, with its numbers', () => {
    const v = run.verdictFor('full')!;
    assert.equal(v.feasible, false);
    assert.deepEqual(v.reasons, [{ plugin: 'NodeResourcesFit', message: 'Insufficient cpu',
      field: 'spec.template.spec.containers[0].resources.requests[cpu]' }]);
    assert.equal(verdictText(v), 'Insufficient cpu (requests 500m, 200m free of 2)');
  });
  test('a taken hostPort: NodePorts, at the ports of the container', () => {
    const v = run.verdictFor('ports')!;
    assert.equal(v.feasible, false);
    assert.equal(v.reasons[0]?.plugin, 'NodePorts');
    assert.equal(v.reasons[0]?.message, "node(s) didn't have free ports for the requested pod ports");
    assert.match(v.reasons[0]?.field ?? '', /^spec\.template\.spec\.containers\[0\]\.ports/);
    assert.deepEqual(v.hostPort, { hostIP: '0.0.0.0', protocol: 'TCP', hostPort: 9100, pod: 'default/exporter' });
    assert.equal(verdictText(v), `${PORTS} (0.0.0.0:9100/TCP in use by default/exporter)`);
  });
  test('a node with room: feasible, no reasons', () => {
    assert.deepEqual(run.verdictFor('roomy'), { feasible: true, reasons: [] });
  });
  test('a node without allocatable is never Insufficient: NodeResourcesFit is skipped there and said so', () => {
    const huge = createPodTemplate({ ...ds, spec: { ...ds.spec!, template: { ...ds.spec!.template!, spec: {
      containers: [{ name: 'x', image: 'x', resources: { requests: { cpu: '64' } } } as never] } } } }) as SchedPod;
    const r = filterPodOverInventory(c, huge, daemonOpts);
    const v = r.verdictFor('handwritten')!;
    assert.equal(v.feasible, true);
    assert.equal(v.allocatableUnknown, true);
    assert.equal(verdictText(v), 'fits (allocatable unknown: resources not checked)');
    assert.equal(r.allocatableUnknown, 1);
    assert.equal(r.verdictFor('roomy')?.feasible, false, 'the 8-cpu node is too small for 64 cpus');
    assert.equal(r.feasible, 1);
  });
  test('counts and alignment with the inventory order', () => {
    assert.deepEqual(run.nodes.map((n) => n.node.name), ['full', 'roomy', 'handwritten', 'ports']);
    assert.equal(run.verdicts.length, 4);
    assert.equal(run.feasible, 2);
    assert.equal(run.verdictFor('nowhere'), undefined);
  });
});

describe('a selection of nodes', () => {
  test('only the selected nodes are evaluated; the selection keys the run', () => {
    const c = cluster();
    const pod = createPodTemplate(ds) as SchedPod;
    const only = { key: 'first-two', select: () => (i: number) => i < 2 };
    const run = filterPodOverInventory(c, pod, daemonOpts, only);
    assert.equal(run.verdictFor('full')?.feasible, false);
    assert.equal(run.verdictFor('roomy')?.feasible, true);
    assert.equal(run.verdictFor('ports'), undefined, 'not evaluated');
    assert.equal(run.feasibleAt(3), false);
    assert.equal(run.feasible, 1);
    assert.equal(filterPodOverInventory(c, pod, daemonOpts, only), run);
    assert.notEqual(filterPodOverInventory(c, pod, daemonOpts), run, 'the whole inventory is another run');
  });
});

describe('reuse while neither the pod nor the state changed', () => {
  test('same pod, same state: the same run; a pod event or another pod: a new one', () => {
    const c = cluster();
    const pod = createPodTemplate(ds) as SchedPod;
    const first = filterPodOverInventory(c, pod, daemonOpts);
    assert.equal(filterPodOverInventory(c, createPodTemplate(ds) as SchedPod, daemonOpts), first,
      'an equal pod (another object) reuses the run');
    const g = schedulingGeneration(c);
    c.removePod('busy');
    assert.notEqual(schedulingGeneration(c), g);
    const second = filterPodOverInventory(c, pod, daemonOpts);
    assert.notEqual(second, first);
    assert.equal(second.verdictFor('full')?.feasible, true, 'the cpu is free once the busy pod is gone');
    const other = filterPodOverInventory(c, pod, { ...daemonOpts, specPath: 'spec' });
    assert.notEqual(other, second);
    c.setNode(node('late'));
    assert.equal(filterPodOverInventory(c, pod, daemonOpts).nodes.length, 5, 'a new node is evaluated');
  });
});

describe('words', () => {
  const cases: [string, number, string][] = [
    ['cpu', 500, '500m'], ['cpu', 4000, '4'], ['cpu', 1500, '1500m'], ['memory', 512 * 2 ** 20, '512Mi'],
    ['memory', 1.5 * 2 ** 30, '1.5Gi'], ['memory', 100, '100'], ['pods', 110, '110'], ['example.com/gpu', 2, '2'],
  ];
  for (const [r, n, want] of cases) test(`${r} ${n} → ${want}`, () => assert.equal(formatAmount(r, n), want));
  test('too many pods', () => assert.equal(insufficientText({ resourceName: 'pods', reason: 'Too many pods',
    requested: 1, used: 110, capacity: 110, unresolvable: false }), 'Too many pods (110 of 110 running)'));
  test('an overcommitted node has nothing free, not a negative amount', () => assert.equal(insufficientText({
    resourceName: 'cpu', reason: 'Insufficient cpu', requested: 100, used: 2100, capacity: 2000, unresolvable: false,
  }), 'Insufficient cpu (requests 100m, 0 free of 2)'));
});


describe('NodePorts detail: the address taken and the pod holding it (the message stays the plugin string)', () => {
  type Port = { hostPort: number; hostIP?: string; protocol?: string };
  const holder = (name: string, nodeName: string, port: Port): SchedPod => ({
    metadata: { name, namespace: 'shop', uid: `uid-${name}` },
    spec: { nodeName, containers: [{ name: 'c', ports: [{ containerPort: port.hostPort, ...port }] }] },
    status: { phase: 'Running' },
  });
  const wanting = (port: Port): SchedPod => ({
    metadata: { name: 'new', namespace: 'shop' },
    spec: { containers: [{ name: 'c', ports: [{ containerPort: port.hostPort, ...port }] }] },
  });
  const c = new ClusterNodeInfos();
  c.setNode(node('n1'));
  c.setNode(node('n2'));
  c.upsertPod(holder('dns', 'n1', { hostPort: 53, hostIP: '10.0.0.1', protocol: 'UDP' }));
  c.upsertPod(holder('web', 'n2', { hostPort: 53, protocol: 'UDP' }));

  test('all addresses wanted: each node names its own holder and the address it holds', () => {
    const r = filterPodOverInventory(c, wanting({ hostPort: 53, protocol: 'UDP' }));
    assert.equal(verdictText(r.verdictFor('n1')!), `${PORTS} (10.0.0.1:53/UDP in use by shop/dns)`);
    assert.equal(verdictText(r.verdictFor('n2')!), `${PORTS} (0.0.0.0:53/UDP in use by shop/web)`);
    assert.deepEqual(r.verdictFor('n1')!.reasons.map((x) => x.message), [PORTS]);
  });
  test('another address or another protocol is no conflict', () => {
    const other = filterPodOverInventory(c, wanting({ hostPort: 53, hostIP: '10.0.0.2', protocol: 'UDP' }));
    assert.equal(other.verdictFor('n1')!.feasible, true);
    assert.equal(other.verdictFor('n2')!.feasible, false, '0.0.0.0 held on n2 conflicts with every address');
    const tcp = filterPodOverInventory(c, wanting({ hostPort: 53 }));
    assert.equal(tcp.feasible, 2);
  });
});
