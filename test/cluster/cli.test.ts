// The `kce` CLI against the test API server, end to end (spawns dist/cli.js; `npm test` builds it first):
// --context / --kubeconfig for simulate, plan and nodes, snapshot round trip, errors, no token in output,
// and the default path never loading the cluster bundle.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TestApiServer, kubeconfigText, makeNode, makePki, tempDir } from './apiServer';
import { loadNodesFromText } from '../../server/src/inventory/files/loadNodes';

const ROOT = resolve(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const tmp = tempDir('kce-cli-cluster-');
let api: TestApiServer;
let kubeconfig: string;
let dsFile: string;
let portsFile: string;

function kce(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((res, rej) => {
    const p = spawn(process.execPath, [...(env.PRELOAD ? ['-r', env.PRELOAD] : []), CLI, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: tmp.dir, ...env },
    });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    const t = setTimeout(() => p.kill(), 20_000);
    p.on('error', rej);
    p.on('close', (code) => {
      clearTimeout(t);
      res({ code: code ?? -1, stdout, stderr });
    });
  });
}

before(async () => {
  assert.ok(existsSync(CLI), 'dist/cli.js is built (npm run build)');
  const pki = makePki();
  api = await new TestApiServer(pki).start();
  api.seed([
    makeNode('node-a', { disk: 'ssd', 'topology.kubernetes.io/zone': 'z1' }),
    makeNode('node-b', { disk: 'hdd' }),
    makeNode('node-c', { disk: 'ssd' }, [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]),
  ]);
  api.modifyNode('node-b', (n) => { n.spec!.unschedulable = true; });
  api.modifyNode('node-a', (n) => { n.status!.allocatable = { cpu: '2', memory: '4Gi', pods: '10' }; });
  const pod = (name: string, node: string) => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: 'monitoring', labels: { app: 'agent' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'u', controller: true }] },
    spec: { nodeName: node },
    status: { phase: 'Running' },
  });
  api.pods.push(pod('agent-a', 'node-a'), pod('agent-b', 'node-b'));
  // Another namespace's pod holding host port 9100 on node-a (seen only when simulate lists every namespace).
  api.pods.push({
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: 'exporter', namespace: 'shop', labels: { app: 'exporter' } },
    spec: { nodeName: 'node-a', containers: [{ name: 'e', image: 'registry.example/e:1', ports: [{ containerPort: 9100, hostPort: 9100 }] }] },
    status: { phase: 'Running' },
  });
  kubeconfig = join(tmp.dir, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigText([
    { name: 'test', server: api.url, token: api.token, ca: pki.caCert, namespace: 'monitoring' },
    { name: 'other', server: api.url, token: api.token, ca: pki.caCert, cluster: 'other-c', user: 'other-u' },
  ], 'test'));
  portsFile = join(tmp.dir, 'ports.yaml');
  writeFileSync(portsFile, `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: probe, namespace: monitoring}
spec:
  selector: {matchLabels: {app: probe}}
  template:
    metadata: {labels: {app: probe}}
    spec:
      nodeSelector: {disk: ssd}
      containers:
      - name: probe
        image: registry.example/probe:1
        ports: [{containerPort: 9100, hostPort: 9100}]
`);
  dsFile = join(tmp.dir, 'ds.yaml');
  writeFileSync(dsFile, `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  namespace: monitoring
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      nodeSelector: {disk: ssd}
      containers:
      - name: agent
        image: registry.example/agent:1
`);
});

after(async () => {
  await api.stop();
  tmp.cleanup();
});

describe('kce with a live cluster', () => {
  test('kce nodes snapshots labels, taints, unschedulable, conditions only; --nodes reads it back', async () => {
    const r = await kce(['nodes', '--kubeconfig', kubeconfig, '--context', 'test']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /3 nodes from context test/);
    assert.match(r.stdout, /^apiVersion: v1\nkind: List\n/);
    for (const noise of ['capacity', 'images', 'podCIDR', 'uid', 'annotations', 'lastHeartbeatTime', 'resourceVersion: "1']) assert.ok(!r.stdout.includes(noise), `snapshot holds ${noise}`);
    const back = loadNodesFromText(r.stdout, 'nodes.yaml');
    assert.deepEqual(back.errors, []);
    assert.deepEqual(back.nodes.map((n) => [n.name, n.unschedulable, n.taints.length, n.conditions[0]?.type]), [
      ['node-a', false, 0, 'Ready'], ['node-b', true, 0, 'Ready'], ['node-c', false, 1, 'Ready'],
    ]);
    // allocatable is kept: the scheduler stage checks resources on the snapshot as on the cluster.
    const kept = back.nodes.map((n) => n.allocatable);
    assert.deepEqual(kept, [{ cpu: '2', memory: '4Gi', pods: '10' }, undefined, undefined]);
    const file = join(tmp.dir, 'nodes.yaml');
    writeFileSync(file, r.stdout);
    const fromFile = await kce(['simulate', '--nodes', file, '--format', 'json', dsFile]);
    const live = await kce(['simulate', '--kubeconfig', kubeconfig, '--format', 'json', dsFile]);
    assert.equal(live.code, 0, live.stderr);
    const rows = (s: string) => (JSON.parse(s) as { daemonSets: { nodes: unknown[] }[] }).daemonSets[0]!.nodes;
    assert.deepEqual(rows(live.stdout), rows(fromFile.stdout));
    assert.equal((JSON.parse(live.stdout) as { inventory: { source: string; label: string } }).inventory.label, 'cluster test');
    const json = await kce(['nodes', '--kubeconfig', kubeconfig, '--format', 'json']);
    assert.equal((JSON.parse(json.stdout) as { items: unknown[] }).items.length, 3);
  });

  test('kce plan --context: pods listed by selector in the namespace; numberMisscheduled with the reason', async () => {
    const r = await kce(['plan', '--kubeconfig', kubeconfig, '--context', 'test', '--format', 'json', dsFile]);
    assert.equal(r.code, 0, r.stderr);
    const ds = (JSON.parse(r.stdout) as { daemonSets: { pods: number; numberMisscheduled: number; misscheduled: { node: string; reasons: { code: string }[] }[] }[] }).daemonSets[0]!;
    assert.equal(ds.pods, 2);
    assert.equal(ds.numberMisscheduled, 1);
    assert.equal(ds.misscheduled[0]!.node, 'node-b');
    assert.equal(ds.misscheduled[0]!.reasons[0]!.code, 'NodeSelectorMismatch');
    assert.ok(api.requests.some((q) => q.path.startsWith('/api/v1/namespaces/monitoring/pods?labelSelector=')));
    const text = await kce(['plan', '--kubeconfig', kubeconfig, dsFile]);
    assert.match(text.stdout, /numberMisscheduled 1/);
  });

  test('kce simulate/plan --context without --pods read the pods of every namespace for the scheduler stage', async () => {
    const before = api.requests.length;
    const r = await kce(['simulate', '--kubeconfig', kubeconfig, '--format', 'json', portsFile]);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      inventory: { pods?: number; podsUnknown?: string };
      daemonSets: { nodes: { name: string; scheduler?: { feasible: boolean; reasons: { plugin: string; message: string }[] } }[] }[];
    };
    assert.equal(out.inventory.pods, 3);
    assert.equal(out.inventory.podsUnknown, undefined);
    const a = out.daemonSets[0]!.nodes.find((n) => n.name === 'node-a')!;
    assert.equal(a.scheduler?.feasible, false);
    assert.deepEqual(a.scheduler?.reasons.map((x) => [x.plugin, x.message]), [
      ['NodePorts', "node(s) didn't have free ports for the requested pod ports"],
    ]);
    const calls = api.requests.slice(before);
    assert.ok(calls.some((q) => /^\/api\/v1\/pods\?limit=\d+$/.test(q.path)), calls.map((q) => q.path).join('\n'));
    assert.ok(calls.every((q) => q.method === 'GET'));
    const text = await kce(['simulate', '--kubeconfig', kubeconfig, portsFile]);
    assert.match(text.stdout, /^inventory: cluster test \(3 nodes\), pods: listed from cluster test \(3\)\n/);
    assert.match(text.stdout, /node-a .*Pending: node\(s\) didn't have free ports/);
    const plan = await kce(['plan', '--kubeconfig', kubeconfig, '--format', 'json', portsFile]);
    assert.equal(plan.code, 0, plan.stderr);
    const p = JSON.parse(plan.stdout) as { inventory: { pods: number }; daemonSets: { pending: { node: string }[] }[] };
    assert.equal(p.inventory.pods, 3);
    assert.deepEqual(p.daemonSets[0]!.pending.map((x) => x.node), ['node-a']);
    // --pods wins over the cluster's pods: no list of every namespace then.
    const podsFile = join(tmp.dir, 'no-pods.yaml');
    writeFileSync(podsFile, 'apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: Pod, metadata: {name: x, namespace: a}, spec: {nodeName: node-c}}\n');
    const mark = api.requests.length;
    const given = await kce(['simulate', '--kubeconfig', kubeconfig, '--pods', podsFile, '--format', 'json', portsFile]);
    assert.equal(given.code, 0, given.stderr);
    assert.ok(!api.requests.slice(mark).some((q) => q.path.startsWith('/api/v1/pods')));
  });

  test('a 403 on listing pods: nodes only, "pods unknown (403 …)" in the header, the JSON and stderr; exit 0', async () => {
    api.forbidden.add('pods');
    try {
      const r = await kce(['simulate', '--kubeconfig', kubeconfig, '--format', 'json', portsFile]);
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stderr, /internal error/);
      assert.match(r.stderr, /kce: warning: pods unknown \(403 Forbidden: .*list pods/);
      const out = JSON.parse(r.stdout) as { inventory: { nodes: number; pods?: number; podsUnknown?: string }; daemonSets: { nodes: { name: string; scheduler?: { feasible: boolean } }[] }[] };
      assert.equal(out.inventory.nodes, 3);
      assert.equal(out.inventory.pods, undefined);
      assert.match(out.inventory.podsUnknown ?? '', /^403 Forbidden: .*verb "list", resource "pods"/);
      assert.equal(out.daemonSets[0]!.nodes.find((n) => n.name === 'node-a')!.scheduler?.feasible, true);
      const text = await kce(['simulate', '--kubeconfig', kubeconfig, portsFile]);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /^inventory: cluster test \(3 nodes\), pods unknown \(403 Forbidden: [^\n]*\): only node capacity is checked\n/);
      assert.ok(!text.stdout.includes(api.token) && !text.stderr.includes(api.token));
      // plan needs the DaemonSet's own pods to say what to create and delete: without them it stops (exit 2,
      // the list refused named), after saying the scheduler's view is unknown too; never an internal error.
      const plan = await kce(['plan', '--kubeconfig', kubeconfig, portsFile]);
      assert.equal(plan.code, 2, plan.stderr);
      assert.match(plan.stderr, /kce: warning: pods unknown \(403 Forbidden/);
      assert.match(plan.stderr, /kce: cannot list the pods of DaemonSet monitoring\/probe: 403 Forbidden/);
      assert.doesNotMatch(plan.stderr, /internal error/);
    } finally {
      api.forbidden.delete('pods');
    }
  });

  test('KUBECONFIG with several paths, merged as kubectl merges them', async () => {
    const first = join(tmp.dir, 'first');
    writeFileSync(first, 'current-context: other\n');
    const r = await kce(['nodes'], { KUBECONFIG: `${join(tmp.dir, 'missing')}:${first}:${kubeconfig}` });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /from context other/);
  });

  test('errors: unknown context, 403 with verb and resource, flags misuse; the token never printed', async () => {
    const unknown = await kce(['simulate', '--kubeconfig', kubeconfig, '--context', 'staging', dsFile]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /context "staging" not found in kubeconfig \(known: other, test\)/);
    api.forbidden.add('nodes');
    try {
      const forbidden = await kce(['rollout', '--kubeconfig', kubeconfig, dsFile]);
      assert.equal(forbidden.code, 2);
      assert.match(forbidden.stderr, /403 Forbidden: not allowed to list nodes \(verb "list", resource "nodes"\)/);
      assert.ok(!forbidden.stderr.includes(api.token) && !forbidden.stdout.includes(api.token));
    } finally {
      api.forbidden.delete('nodes');
    }
    const both = await kce(['simulate', '--kubeconfig', kubeconfig, '--nodes', 'x.yaml', dsFile]);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /use one/);
    const noFile = await kce(['nodes', '--kubeconfig', join(tmp.dir, 'nope')]);
    assert.equal(noFile.code, 2);
    assert.match(noFile.stderr, /no kubeconfig/);
  });

  test('the default path never loads the cluster bundle (client-node); --kubeconfig does', async () => {
    const preload = join(tmp.dir, 'loaded.cjs');
    const out = join(tmp.dir, 'loaded.json');
    writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.keys(require.cache))));\n`);
    const sample = await kce(['simulate', 'examples/'], { PRELOAD: preload });
    assert.equal(sample.code, 0, sample.stderr);
    const loaded = JSON.parse(readFileSync(out, 'utf8')) as string[];
    assert.ok(loaded.some((f) => f.endsWith('cli.js')));
    assert.ok(!loaded.some((f) => f.endsWith('cluster.js') || f.includes('@kubernetes')), loaded.join('\n'));
    const live = await kce(['simulate', '--kubeconfig', kubeconfig, dsFile], { PRELOAD: preload });
    assert.equal(live.code, 0, live.stderr);
    assert.ok((JSON.parse(readFileSync(out, 'utf8')) as string[]).some((f) => f.endsWith(join('dist', 'cluster.js'))));
  });
});
