// `kce simulate` and `kce plan` with the scheduler stage, as a user runs them (spawned dist/cli.js): the sample
// cluster's own pods by default, --pods FILE otherwise, the SCHEDULER column, JSON `scheduler` on node rows.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const EX = join(__dirname, '..', '..', 'examples');

function kce(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir: string;
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

const NODES = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: roomy, labels: {kubernetes.io/os: linux}}
  status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
- apiVersion: v1
  kind: Node
  metadata: {name: full, labels: {kubernetes.io/os: linux}}
  status: {allocatable: {cpu: "4", memory: 16Gi, pods: "110"}}
- apiVersion: v1
  kind: Node
  metadata: {name: handwritten, labels: {kubernetes.io/os: linux}}
`;

const PODS = `apiVersion: v1
kind: PodList
items:
- apiVersion: v1
  kind: Pod
  metadata: {name: db-0, namespace: data}
  spec:
    nodeName: full
    containers: [{name: db, image: db, resources: {requests: {cpu: 3800m}}}]
  status: {phase: Running}
- apiVersion: v1
  kind: Pod
  metadata: {name: done, namespace: data}
  spec:
    nodeName: roomy
    containers: [{name: job, image: job, resources: {requests: {cpu: "4"}}}]
  status: {phase: Succeeded}
`;

interface JsonNode {
  name: string;
  shouldRun: boolean;
  scheduler?: { feasible: boolean; reasons: { plugin: string; message: string; field: string; detail?: string }[];
    allocatableUnknown?: boolean };
}

before(() => {
  assert.ok(existsSync(CLI), 'dist/cli.js is built by npm test before the tests run');
  dir = mkdtempSync(join(tmpdir(), 'kce-sched-'));
});

describe('kce simulate on the sample cluster: its own pods fill the nodes', () => {
  test('otel-agent: created on worker-a-1, then Pending for cpu; text and JSON agree', () => {
    const text = kce(['simulate', join(EX, 'otel-agent.yaml')]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /inventory: the sample cluster \(14 nodes\), its \d+ pods/);
    assert.match(text.stdout, /runs on 6 of 14 nodes · 1 Pending · 8 skipped/);
    assert.match(text.stdout, /\nworker-a-1 +zone-a +✓ +✓ +Pending: Insufficient cpu \(requests 500m, \d+m free of \d+m\)/);
    assert.match(text.stdout, /SCHEDULER: .*Filter stage only \(no scoring, no preemption\)/);
    const out = JSON.parse(kce(['simulate', '--format', 'json', join(EX, 'otel-agent.yaml')]).stdout);
    const ds = out.daemonSets[0];
    assert.equal(ds.summary.pending, 1);
    assert.equal(ds.summary.allocatableUnknown, 0);
    const nodes = ds.nodes as JsonNode[];
    const a1 = nodes.find((n) => n.name === 'worker-a-1')!;
    assert.equal(a1.scheduler?.feasible, false);
    assert.deepEqual(a1.scheduler?.reasons.map((r) => [r.plugin, r.message, r.field]), [
      ['NodeResourcesFit', 'Insufficient cpu', 'spec.template.spec.containers[0].resources.requests[cpu]']]);
    assert.match(a1.scheduler?.reasons[0]?.detail ?? '', /^requests 500m, \d+m free of \d+m$/);
    // Omitted where the controller creates no pod; present (feasible) everywhere else.
    for (const n of nodes) assert.equal(n.scheduler !== undefined, n.shouldRun, n.name);
    assert.deepEqual(nodes.find((n) => n.name === 'worker-b-1')?.scheduler, { feasible: true, reasons: [] });
  });
  test('node-exporter: the host port taken on worker-c-1', () => {
    const out = JSON.parse(kce(['simulate', '--format', 'json', join(EX, 'node-exporter.yaml')]).stdout);
    const c1 = (out.daemonSets[0].nodes as JsonNode[]).find((n) => n.name === 'worker-c-1')!;
    assert.equal(c1.scheduler?.reasons[0]?.plugin, 'NodePorts');
    assert.equal(c1.scheduler?.reasons[0]?.message, "node(s) didn't have free ports for the requested pod ports");
    assert.match(c1.scheduler?.reasons[0]?.field ?? '', /^spec\.template\.spec\.containers\[0\]\.ports/);
    // The message stays the plugin's string; the detail names the port taken and the pod holding it.
    assert.equal(c1.scheduler?.reasons[0]?.detail, '0.0.0.0:9100/TCP in use by kube-prometheus/prometheus-node-exporter-5m9tp');
    const text = kce(['simulate', join(EX, 'node-exporter.yaml')]).stdout;
    assert.match(text, /worker-c-1 .*Pending: node\(s\) didn't have free ports for the requested pod ports\s*\n/);
    assert.match(text, /\nPending, in full:\n {2}worker-c-1: node\(s\) didn't have free ports for the requested pod ports \(0\.0\.0\.0:9100\/TCP in use by kube-prometheus\/prometheus-node-exporter-5m9tp\)\n/);
    const plan = JSON.parse(kce(['plan', '--format', 'json', join(EX, 'node-exporter.yaml')]).stdout);
    assert.match(plan.daemonSets[0].pending[0].reasons[0].detail, /^0\.0\.0\.0:9100\/TCP in use by /);
  });
  test('the controller stage is unchanged by the pods', () => {
    const out = JSON.parse(kce(['simulate', '--format', 'json', join(EX, 'csi-node.yaml')]).stdout);
    assert.equal(out.daemonSets[0].summary.shouldRun, 7);
    assert.equal(out.daemonSets[0].summary.shouldContinueRunning, 13);
  });
});

describe('kce simulate and plan on a nodes file holding Pods (kubectl get nodes,pods -A): its pods are the cluster\'s', () => {
  test('examples/sample-cluster.yaml gives what the embedded sample cluster gives, pods included', () => {
    const embedded = kce(['simulate', '--format', 'json', EX]);
    const fromFile = kce(['simulate', '--format', 'json', '--nodes', join(EX, 'sample-cluster.yaml'), EX]);
    assert.equal(fromFile.code, 0, fromFile.stderr);
    const a = JSON.parse(embedded.stdout);
    const b = JSON.parse(fromFile.stdout);
    assert.equal(b.inventory.pods, a.inventory.pods);
    assert.ok(a.inventory.pods > 40);
    assert.deepEqual(b.daemonSets, a.daemonSets);
    assert.deepEqual(b.workloads, a.workloads);
    const text = kce(['simulate', '--nodes', join(EX, 'sample-cluster.yaml'), join(EX, 'otel-agent.yaml')]).stdout;
    assert.match(text, /^inventory: \S*sample-cluster\.yaml \(14 nodes\), its \d+ pods\n/);
    assert.match(text, /runs on 6 of 14 nodes · 1 Pending · 8 skipped/);
  });
  test('plan starts from the DaemonSet pods that came with the nodes, on the sample cluster and its file', () => {
    const ds = join(__dirname, '..', 'fixtures', 'kube-proxy-daemonset.yaml');
    for (const nodes of [[], ['--nodes', join(EX, 'sample-cluster.yaml')]]) {
      const text = kce(['plan', ...nodes, ds]);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /^inventory: .*\(14 nodes\), its \d+ pods\n/);
      assert.match(text.stdout, /DaemonSet kube-system\/kube-proxy: 13 existing pods\ncreate on 0 nodes\n/);
      const out = JSON.parse(kce(['plan', '--format', 'json', ...nodes, ds]).stdout);
      assert.equal(out.daemonSets[0].pods, 13);
      assert.deepEqual(out.daemonSets[0].nodesNeedingDaemonPods, []);
      assert.equal(out.daemonSets[0].currentNumberScheduled, 13);
    }
    // A nodes file without Pods: the plan is a first sync, as before.
    const none = kce(['plan', '--nodes', file('n0.yaml', NODES), ds]);
    assert.match(none.stdout, /no existing pods \(--pods FILE to give them\)/);
    assert.match(none.stdout, /kube-system\/kube-proxy: 0 existing pods\ncreate on 3 nodes/);
  });
});

describe('kce simulate --pods FILE', () => {
  const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: ops}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers:
        - name: agent
          image: agent:1
          resources: {requests: {cpu: 500m}}
`;
  test('pods fill their nodes; finished pods do not; a node without allocatable is never Insufficient', () => {
    const r = kce(['simulate', '--format', 'json', '--nodes', file('n.yaml', NODES), '--pods', file('p.yaml', PODS),
      file('ds.yaml', DS)]);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.inventory.pods, 2);
    const by = new Map((out.daemonSets[0].nodes as JsonNode[]).map((n) => [n.name, n.scheduler]));
    assert.deepEqual(by.get('full')?.reasons[0], { plugin: 'NodeResourcesFit', message: 'Insufficient cpu',
      field: 'spec.template.spec.containers[0].resources.requests[cpu]', detail: 'requests 500m, 200m free of 4' });
    assert.deepEqual(by.get('roomy'), { feasible: true, reasons: [] }, 'the Succeeded pod holds nothing');
    assert.deepEqual(by.get('handwritten'), { feasible: true, reasons: [], allocatableUnknown: true });
    assert.equal(out.daemonSets[0].summary.pending, 1);
    assert.equal(out.daemonSets[0].summary.allocatableUnknown, 1);
  });
  test('text: the counts, the column, allocatable unknown said where it applies', () => {
    const r = kce(['simulate', '--nodes', file('n2.yaml', NODES), '--pods', file('p2.yaml', PODS), file('ds2.yaml', DS)]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /pods: .*p2\.yaml \(2\)/);
    assert.match(r.stdout, /runs on 3 of 3 nodes · 1 Pending · 0 skipped/);
    assert.match(r.stdout, /\nhandwritten +✓ +✓ +✓ \(allocatable unknown\)/);
  });
  test('without --pods on a nodes file: only capacity, said in the header', () => {
    const r = kce(['simulate', '--nodes', file('n3.yaml', NODES), file('ds3.yaml', DS)]);
    assert.match(r.stdout, /no pods given \(--pods FILE\): only node capacity is checked/);
    assert.doesNotMatch(r.stdout, /Pending/);
  });
  test('--pods - reads standard input; - twice, a missing or a bad file are exit 2 with a message', () => {
    const ok = kce(['simulate', '--format', 'json', '--nodes', file('n4.yaml', NODES), '--pods', '-',
      file('ds4.yaml', DS)], PODS);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(JSON.parse(ok.stdout).daemonSets[0].summary.pending, 1);
    const twice = kce(['simulate', '--nodes', '-', '--pods', '-', file('ds5.yaml', DS)], NODES);
    assert.equal(twice.code, 2);
    assert.match(twice.stderr, /standard input \(-\) can be read only once/);
    const missing = kce(['simulate', '--pods', join(dir, 'nope.yaml'), file('ds6.yaml', DS)]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.yaml/);
    const bad = kce(['simulate', '--pods', file('bad.yaml', 'kind: Pod\nmetadata: {}\n'), file('ds7.yaml', DS)]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /a Pod needs metadata\.name/);
  });
  test('--pods stays refused where it means nothing', () => {
    const r = kce(['rollout', '--pods', file('p8.yaml', PODS), file('ds8.yaml', DS)]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--pods is only for kce simulate and kce plan/);
  });
});

describe('kce plan: pods it creates that would then be Pending', () => {
  test('text and JSON name the node and the reason', () => {
    const json = JSON.parse(kce(['plan', '--format', 'json', join(EX, 'otel-agent.yaml')]).stdout);
    const d = json.daemonSets[0];
    assert.ok(d.nodesNeedingDaemonPods.includes('worker-a-1'));
    assert.deepEqual(d.pending.map((p: { node: string }) => p.node), ['worker-a-1']);
    assert.equal(d.pending[0].reasons[0].message, 'Insufficient cpu');
    const text = kce(['plan', join(EX, 'otel-agent.yaml')]).stdout;
    assert.match(text, /then Pending on 1 of them \(the scheduler's Filter stage; no scoring, no preemption\)/);
    assert.match(text, /worker-a-1 +Insufficient cpu \(requests 500m/);
  });
});
