// `kce simulate` over workloads with a pod template, as a user runs the built CLI: JSON `workloads` and text tables.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { CLI, EX, kce } from './kce';

let dir: string;
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

before(() => {
  assert.ok(existsSync(CLI), 'dist/cli.js is built by npm test before the tests run');
  dir = mkdtempSync(join(tmpdir(), 'kce-wl-'));
});

interface WorkloadJson {
  kind: string; namespace: string | null; name: string | null; file: string; document: number;
  summary: { nodes: number; feasible: number };
  nodes: { name: string; feasible: boolean; reasons: { plugin: string; message: string; field: string }[]; allocatableUnknown?: boolean }[];
}

const CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata: {name: report}
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          nodeSelector: {kubernetes.io/arch: arm64}
          containers:
            - name: c
              image: busybox
              resources: {requests: {cpu: "512"}}
`;

describe('kce simulate: workloads', () => {
  test('JSON: the example Deployment under "workloads", beside an empty daemonSets list', () => {
    const r = kce('simulate', '--format', 'json', join(EX, 'web-deployment.yaml'));
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out.daemonSets, []);
    assert.equal(out.workloads.length, 1);
    const w = out.workloads[0] as WorkloadJson;
    assert.deepEqual([w.kind, w.namespace, w.name, w.document], ['Deployment', 'shop', 'web', 0]);
    assert.match(w.file, /web-deployment\.yaml$/);
    assert.equal(w.summary.nodes, out.inventory.nodes);
    assert.equal(w.nodes.length, w.summary.nodes);
    assert.equal(w.summary.feasible, w.nodes.filter((n) => n.feasible).length);
    assert.ok(w.summary.feasible > 0 && w.summary.feasible < w.summary.nodes);
    for (const n of w.nodes) {
      assert.equal(n.feasible, n.reasons.length === 0, `${n.name}: rejected exactly when it has reasons`);
      for (const x of n.reasons) {
        assert.deepEqual(Object.keys(x), x.plugin === 'NodeResourcesFit' ? ['plugin', 'message', 'field', 'detail'] : ['plugin', 'message', 'field']);
        assert.ok(x.field.startsWith('spec.template.spec'), x.field);
      }
    }
    // The sample cluster's running pods: worker-a-1 is nearly full, two web replicas already hold zones a and b.
    assert.deepEqual(w.nodes.filter((n) => n.feasible).map((n) => n.name), ['worker-c-1']);
    const full = w.nodes.find((n) => n.name === 'worker-a-1')!;
    assert.deepEqual(full.reasons, [{
      plugin: 'NodeResourcesFit', message: 'Insufficient cpu',
      field: 'spec.template.spec.containers[0].resources.requests[cpu]', detail: 'requests 1, 320m free of 3920m',
    }]);
    assert.equal(w.nodes.find((n) => n.name === 'worker-b-1')!.reasons[0]!.plugin, 'PodTopologySpread');
    const win = w.nodes.find((n) => n.name === 'win-a-1')!;
    assert.deepEqual(win.reasons, [{
      plugin: 'NodeAffinity',
      message: "node(s) didn't match Pod's node affinity/selector",
      field: 'spec.template.spec.nodeSelector[kubernetes.io/os]',
    }]);
  });

  test('a CronJob: fields under spec.jobTemplate.spec.template.spec; no allocatable, never "Insufficient"', () => {
    const r = kce('simulate', '--format', 'json', '--nodes', join(EX, 'sample-cluster.yaml'), file('cron.yaml', CRONJOB));
    assert.equal(r.code, 0, r.stderr);
    const w = JSON.parse(r.stdout).workloads[0] as WorkloadJson;
    assert.equal(w.kind, 'CronJob');
    const fits = w.nodes.filter((n) => n.feasible).map((n) => n.name);
    const unknown = w.nodes.filter((n) => n.allocatableUnknown).map((n) => n.name);
    for (const n of w.nodes) {
      for (const x of n.reasons) assert.ok(!/^Insufficient|^Too many pods/.test(x.message) || !n.allocatableUnknown, `${n.name}: ${x.message}`);
    }
    // 512 cores fit nowhere that has allocatable; where it is unknown only the other filters decide.
    for (const n of w.nodes.filter((x) => !x.allocatableUnknown && x.feasible)) assert.fail(`${n.name} cannot fit 512 cores`);
    assert.deepEqual(fits.filter((n) => !unknown.includes(n)), []);
    const cp = w.nodes.find((n) => n.name === 'cp-1')!;
    assert.ok(cp.reasons.every((x) => x.field.startsWith('spec.jobTemplate.spec.template.spec')), JSON.stringify(cp.reasons));
  });

  test('a node file without allocatable: the pod is never called short of resources there, and the output says so', () => {
    const nodes = file('bare-nodes.yaml', 'apiVersion: v1\nkind: Node\nmetadata:\n  name: bare\n  labels: {kubernetes.io/arch: arm64}\n');
    const json = kce('simulate', '--format', 'json', '--nodes', nodes, file('cron2.yaml', CRONJOB));
    assert.equal(json.code, 0, json.stderr);
    const w = JSON.parse(json.stdout).workloads[0] as WorkloadJson;
    assert.deepEqual(w.nodes, [{ name: 'bare', feasible: true, reasons: [], allocatableUnknown: true }]);
    const text = kce('simulate', '--nodes', nodes, file('cron3.yaml', CRONJOB));
    assert.match(text.stdout, /fits on 1 of 1 nodes · 0 rejected\nresources not checked on 1 node: no allocatable in the inventory/);
    assert.match(text.stdout, /bare\s+✓\s+allocatable unknown: resources not checked/);
  });

  test('text: a table per workload, nodes that reject the pod first, and the Filter-stage caveat', () => {
    const r = kce('simulate', join(EX, 'web-deployment.yaml'), join(EX, 'fluent-bit.yaml'));
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /DaemonSet .*fluent-bit/);
    assert.match(r.stdout, /Deployment shop\/web {2}\(.*web-deployment\.yaml, document 1\)\nfits on \d+ of 14 nodes · \d+ rejected/);
    assert.match(r.stdout, /NODE\s+ZONE\s+FITS\s+WHY NOT \(SCHEDULER FILTER\)/);
    assert.match(r.stdout, /win-a-1\s+zone-a\s+✗\s+NodeAffinity: node\(s\) didn't match Pod's node affinity\/selector/);
    const table = r.stdout.slice(r.stdout.indexOf('Deployment shop/web'));
    assert.ok(table.indexOf('✓') > table.lastIndexOf('✗'), 'rejected nodes first');
    assert.match(r.stdout, /Filter stage only: no scoring, no preemption, no replica-by-replica placement/);
  });

  test('items of a kind: List carry their index in items ("item"), workloads and DaemonSets alike; plain documents none', () => {
    const list = file('list.yaml', `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Service
  metadata: {name: s}
  spec: {ports: [{port: 80}]}
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: first, namespace: shop}
  spec:
    selector: {matchLabels: {app: a}}
    template:
      metadata: {labels: {app: a}}
      spec: {containers: [{name: c, image: busybox}]}
- apiVersion: apps/v1
  kind: DaemonSet
  metadata: {name: agent, namespace: shop}
  spec:
    selector: {matchLabels: {app: d}}
    template:
      metadata: {labels: {app: d}}
      spec: {containers: [{name: c, image: busybox}]}
- apiVersion: batch/v1
  kind: Job
  metadata: {name: third, namespace: shop}
  spec:
    template:
      spec: {restartPolicy: Never, containers: [{name: c, image: busybox}]}
---
apiVersion: v1
kind: Pod
metadata: {name: alone}
spec: {containers: [{name: c, image: busybox}]}
`);
    const r = kce('simulate', '--format', 'json', list);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { daemonSets: { name: string; document: number; item?: number }[]; workloads: (WorkloadJson & { item?: number })[] };
    assert.deepEqual(out.workloads.map((w) => [w.kind, w.name, w.document, w.item]), [
      ['Deployment', 'first', 0, 1], ['Job', 'third', 0, 3], ['Pod', 'alone', 1, undefined],
    ]);
    assert.ok(!('item' in out.workloads[2]!), 'no item field outside a List');
    assert.deepEqual(out.daemonSets.map((d) => [d.name, d.document, d.item]), [['agent', 0, 2]]);
    const text = kce('simulate', list);
    assert.match(text.stdout, /DaemonSet shop\/agent {2}\(.*list\.yaml, document 1, item 3\)/);
    assert.match(text.stdout, /Job shop\/third {2}\(.*list\.yaml, document 1, item 4\)/);
    assert.match(text.stdout, /Pod alone {2}\(.*list\.yaml, document 2\)\n/);
  });

  test('neither a DaemonSet nor a workload: exit 1 with a message', () => {
    const r = kce('simulate', file('svc.yaml', 'apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec: {ports: [{port: 80}]}\n'));
    assert.equal(r.code, 1);
    assert.match(r.stderr, /no apps\/v1 DaemonSet found in .*svc\.yaml, nor any workload with a pod template/);
  });
});
