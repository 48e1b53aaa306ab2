// The live cluster source against a test API server over HTTPS: list, watch, reconnect, relist on 410,
// errors (403, 401, TLS, unreachable, timeout), context switch, pods of a DaemonSet, 5,000 nodes,
// and no credential in any log line, error or status.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { ClusterInventory, fetchClusterNodes } from '../../server/src/cluster/cluster';
import type { ClusterOptions } from '../../server/src/cluster/cluster';
import { daemonSetCounts } from '../../server/src/core/status';
import { labelSelectorQuery } from '../../server/src/core/selectorQuery';
import { placeDaemonSet, compilePlacement } from '../../server/src/core/placement';
import { resolveFeatureGates } from '../../server/src/core/k8sVersion';
import type { DaemonSet } from '../../server/src/core/types';
import { TestApiServer, kubeconfigText, makeNode, makePki, tempDir, waitFor } from './apiServer';
import type { Pki } from './apiServer';

const { gates } = resolveFeatureGates({});
const tmp = tempDir();
let pki: Pki;
let api: TestApiServer;
let kubeconfig: string;
const logs: string[] = [];
const opened: ClusterInventory[] = [];

const DS: DaemonSet = {
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'agent', namespace: 'monitoring', uid: 'ds-uid' },
  spec: {
    selector: { matchLabels: { app: 'agent' } },
    template: { metadata: { labels: { app: 'agent' } }, spec: { nodeSelector: { disk: 'ssd' }, containers: [{ name: 'a', image: 'a' }] } },
  },
};

function runsOn(nodes: ReturnType<ClusterInventory['nodes']>): string[] {
  return placeDaemonSet(DS, nodes, gates).nodes.filter((p) => p.shouldRun).map((p) => p.node);
}

function open(extra: Partial<ClusterOptions> = {}): ClusterInventory {
  const inv = ClusterInventory.open({
    trusted: true,
    kubeconfig,
    timeoutMs: 2000,
    log: (m) => logs.push(m),
    watch: { backoffInitialMs: 20, backoffMaxMs: 100, pageSize: 500, watchTimeoutSeconds: 30 },
    ...extra,
  });
  opened.push(inv);
  return inv;
}

before(async () => {
  pki = makePki();
  api = await new TestApiServer(pki).start();
  api.seed([makeNode('node-a', { disk: 'ssd' }), makeNode('node-b', { disk: 'hdd' }), makeNode('node-c', { disk: 'ssd' }, [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }])]);
  kubeconfig = join(tmp.dir, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigText([
    { name: 'test', server: api.url, token: api.token, ca: pki.caCert, namespace: 'monitoring' },
    { name: 'no-ca', server: api.url, token: api.token, cluster: 'no-ca-cluster' },
    { name: 'bad-token', server: api.url, token: 'wrong-token-value', cluster: 'bad-token-cluster', user: 'bad-token-user', ca: pki.caCert },
  ], 'test'));
});

after(async () => {
  for (const inv of opened) await inv.close();
  await api.stop();
  tmp.cleanup();
  // The one check that spans every test: no credential ever reached a log line.
  const all = logs.join('\n');
  assert.ok(!all.includes(api.token), 'a log line holds the token');
});

describe('list and watch', () => {
  test('initial list, then add / modify / delete events are reflected in placement', async () => {
    let changes = 0;
    const inv = open({ onChange: () => changes++ });
    await inv.ready;
    assert.deepEqual(inv.nodes().map((n) => n.name), ['node-a', 'node-b', 'node-c']);
    assert.deepEqual(runsOn(inv.nodes()), ['node-a']); // node-c: untolerated taint; node-b: selector
    assert.equal(inv.status().text, 'cluster: test · 3 nodes · live');
    assert.equal(inv.namespace, 'monitoring');
    await waitFor(() => api.openWatches > 0, 3000, 'a watch');

    api.addNode(makeNode('node-d', { disk: 'ssd' }));
    await waitFor(() => inv.nodes().length === 4, 3000, 'ADDED');
    assert.deepEqual(runsOn(inv.nodes()), ['node-a', 'node-d']);

    api.modifyNode('node-b', (n) => { n.metadata.labels!.disk = 'ssd'; });
    await waitFor(() => runsOn(inv.nodes()).includes('node-b'), 3000, 'MODIFIED');

    api.modifyNode('node-a', (n) => { n.spec!.taints = [{ key: 'maintenance', effect: 'NoExecute' }]; n.spec!.unschedulable = true; });
    await waitFor(() => !runsOn(inv.nodes()).includes('node-a'), 3000, 'taint');
    assert.equal(inv.nodes().find((n) => n.name === 'node-a')!.unschedulable, true);

    api.deleteNode('node-d');
    await waitFor(() => inv.nodes().length === 3, 3000, 'DELETED');
    assert.deepEqual(runsOn(inv.nodes()), ['node-b']);
    assert.ok(changes >= 5);
    // restore for the next tests
    api.modifyNode('node-a', (n) => { n.spec!.taints = []; n.spec!.unschedulable = false; });
    api.modifyNode('node-b', (n) => { n.metadata.labels!.disk = 'hdd'; });
    await waitFor(() => runsOn(inv.nodes()).join() === 'node-a', 3000, 'restore');
    await inv.close();
    assert.equal(inv.status().state, 'closed');
    await waitFor(() => api.openWatches === 0, 3000, 'watch closed');
  });

  test('a dropped watch reconnects from the last resourceVersion and catches up', async () => {
    const inv = open();
    await inv.ready;
    await waitFor(() => api.watching('nodes') === 1, 3000, 'a watch');
    const lists = api.count('list');
    const watches = api.count('watch');
    api.dropWatches();
    api.addNode(makeNode('node-late', { disk: 'ssd' })); // happens while disconnected
    await waitFor(() => inv.nodes().some((n) => n.name === 'node-late'), 3000, 'catch up');
    assert.ok(api.count('watch') > watches, 'watched again');
    assert.equal(api.count('list'), lists, 'no relist needed');
    assert.equal(inv.status().state, 'live');
    api.deleteNode('node-late');
    await waitFor(() => !inv.nodes().some((n) => n.name === 'node-late'), 3000, 'delete');
    await inv.close();
  });

  test('410 Gone on the watch (ERROR event, then end of stream): relist from scratch', async () => {
    const inv = open();
    await inv.ready;
    await waitFor(() => api.watching('nodes') === 1, 3000, 'a watch');
    const lists = api.count('list');
    api.goneWatches = 1;
    api.compact();
    api.dropWatches();
    // a change the watch cannot replay: only a relist sees it
    api.seed([makeNode('node-relisted', { disk: 'ssd' })]);
    await waitFor(() => inv.nodes().some((n) => n.name === 'node-relisted'), 3000, 'relist');
    assert.ok(api.count('list') > lists);
    assert.ok(inv.stats!.relists >= 1);
    assert.equal(inv.status().state, 'live');
    api.deleteNode('node-relisted');
    await inv.close();
  });

  test('server gone after a good list: the last inventory stays, marked stale, then recovers', async () => {
    const inv = open();
    await inv.ready;
    await waitFor(() => api.openWatches === 2, 3000, 'the watches of nodes and pods');
    api.forbidden.add('nodes');
    api.dropWatches();
    // first the dropped connection, then the refused reconnect
    let s = inv.status();
    await waitFor(() => (s = inv.status()).state === 'stale' && /403/.test(s.text), 3000, 'stale');
    assert.equal(s.count, 3);
    assert.match(s.text, /^cluster: test · 3 nodes · stale \(403 Forbidden: not allowed to watch nodes/);
    assert.equal(inv.nodes().length, 3);
    api.forbidden.delete('nodes');
    await waitFor(() => inv.status().state === 'live', 3000, 'recovered');
    await inv.close();
  });

  test('5,000 nodes in pages of 500', async () => {
    const big = await new TestApiServer(pki, api.token).start();
    try {
      big.seed(Array.from({ length: 5000 }, (_, i) => makeNode(`n-${String(i).padStart(4, '0')}`, { disk: i % 2 ? 'ssd' : 'hdd' })));
      const cfg = join(tmp.dir, 'big');
      writeFileSync(cfg, kubeconfigText([{ name: 'big', server: big.url, token: big.token, ca: pki.caCert }], 'big'));
      const inv = open({ kubeconfig: cfg });
      await inv.ready;
      assert.equal(inv.nodes().length, 5000);
      assert.equal(big.count('list'), 10);
      assert.equal(runsOn(inv.nodes()).length, 2500);
      assert.equal(inv.status().text, 'cluster: big · 5000 nodes · live');
      await inv.close();
    } finally {
      await big.stop();
    }
  });
});

describe('failures have clear messages', () => {
  test('403: names the verb and the resource', async () => {
    api.forbidden.add('nodes');
    try {
      const inv = open();
      await assert.rejects(inv.ready, /403 Forbidden: not allowed to list nodes \(verb "list", resource "nodes"\).*cannot list resource "nodes"/);
      assert.equal(inv.status().state, 'error');
      await inv.close();
    } finally {
      api.forbidden.delete('nodes');
    }
  });

  test('401: the credentials were refused (and the token is not in the message)', async () => {
    const inv = open({ context: 'bad-token' });
    await assert.rejects(inv.ready, (e: Error) => /401 Unauthorized/.test(e.message) && !e.message.includes('wrong-token-value'));
    assert.ok(!inv.status().text.includes('wrong-token-value'));
    await inv.close();
  });

  test('TLS: a server certificate the kubeconfig does not trust', async () => {
    const inv = open({ context: 'no-ca' });
    await assert.rejects(inv.ready, /TLS error talking to https:\/\/127\.0\.0\.1:\d+/);
    await inv.close();
  });

  test('unreachable: nothing listens on the port', async () => {
    const port = await new Promise<number>((res) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => res(p));
      });
    });
    const cfg = join(tmp.dir, 'closed');
    writeFileSync(cfg, kubeconfigText([{ name: 'closed', server: `https://127.0.0.1:${port}`, token: api.token, ca: pki.caCert }], 'closed'));
    const inv = open({ kubeconfig: cfg });
    await assert.rejects(inv.ready, /cannot reach the API server https:\/\/127\.0\.0\.1:\d+: connection refused/);
    await inv.close();
  });

  test('timeout: a stalled list gives up after the deadline', async () => {
    api.stallMs = 1500;
    try {
      const t0 = Date.now();
      const inv = open({ timeoutMs: 200 });
      await assert.rejects(inv.ready, /timed out after 200 ms .*list nodes/);
      assert.ok(Date.now() - t0 < 1400);
      await inv.close();
    } finally {
      api.stallMs = 0;
    }
  });

  test('unknown context and missing kubeconfig', async () => {
    const a = open({ context: 'staging' });
    await assert.rejects(a.ready, /context "staging" not found in kubeconfig \(known: bad-token, no-ca, test\)/);
    const b = open({ kubeconfig: join(tmp.dir, 'does-not-exist') });
    await assert.rejects(b.ready, /no kubeconfig/);
    assert.match(b.status().text, /^cluster: .* · no kubeconfig/);
  });

  test('closing while a list is in flight cancels it', async () => {
    api.stallMs = 3000;
    try {
      const inv = open({ timeoutMs: 10_000 });
      await waitFor(() => api.requests.length > 0 && api.requests[api.requests.length - 1]!.path.startsWith('/api/v1/nodes'), 2000, 'request');
      const t0 = Date.now();
      await inv.close();
      await assert.rejects(inv.ready);
      assert.ok(Date.now() - t0 < 1000);
    } finally {
      api.stallMs = 0;
    }
  });

  test('no log line, error or status text holds the token', async () => {
    const lines: string[] = [];
    api.forbidden.add('nodes');
    const inv = open({ log: (m) => lines.push(m) });
    const err = await inv.ready.then(() => '', (e: Error) => e.message + e.stack);
    lines.push(err, inv.status().text, JSON.stringify(inv.status()));
    api.forbidden.delete('nodes');
    await inv.close();
    assert.ok(lines.length >= 3);
    for (const l of lines) assert.ok(!l.includes(api.token), `leaked in: ${l.slice(0, 80)}`);
  });

  test('an untrusted workspace never reads the kubeconfig nor calls the server', async () => {
    const before = api.requests.length;
    let reads = 0;
    const inv = open({ trusted: false, readFile: () => { reads++; return undefined; } });
    await assert.rejects(inv.ready, /not trusted/);
    assert.equal(reads, 0);
    assert.equal(api.requests.length, before);
  });
});

describe('contexts and pods', () => {
  test('context switch: the old watch is closed, the new cluster is listed', async () => {
    const other = await new TestApiServer(pki, api.token).start();
    try {
      other.seed([makeNode('other-1', { disk: 'ssd' })]);
      const cfg = join(tmp.dir, 'two');
      writeFileSync(cfg, kubeconfigText([
        { name: 'one', server: api.url, token: api.token, ca: pki.caCert },
        { name: 'two', server: other.url, token: other.token, ca: pki.caCert },
      ], 'one'));
      const baseline = api.watching('nodes');
      const a = open({ kubeconfig: cfg });
      await a.ready;
      assert.equal(a.contextName, 'one');
      await waitFor(() => api.watching('nodes') === baseline + 1, 3000, 'watch one');
      await a.close();
      const b = open({ kubeconfig: cfg, context: 'two' });
      await b.ready;
      assert.deepEqual(b.nodes().map((n) => n.name), ['other-1']);
      await waitFor(() => api.watching('nodes') === baseline && other.watching('nodes') === 1, 3000, 'switched');
      await b.close();
    } finally {
      await other.stop();
    }
  });

  test('pods of a DaemonSet: by selector in its namespace; numberMisscheduled with the reason per node', async () => {
    const pod = (name: string, node: string, ns = 'monitoring', app = 'agent') => ({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name, namespace: ns, labels: { app }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'ds-uid', controller: true }] },
      spec: { nodeName: node, affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node] }] }] } } } },
      status: { phase: 'Running' },
    });
    api.pods.push(pod('agent-a', 'node-a'), pod('agent-b', 'node-b'), pod('other-ns', 'node-c', 'default'), pod('other-app', 'node-c', 'monitoring', 'web'));
    const snap = await fetchClusterNodes({ trusted: true, kubeconfig, timeoutMs: 2000 });
    assert.equal(snap.context, 'test');
    assert.equal(snap.nodes.length, 3);
    const pods = await snap.listPods('monitoring', DS.spec!.selector);
    assert.deepEqual(pods.map((p) => p.metadata!.name).sort(), ['agent-a', 'agent-b']);
    assert.ok(api.requests.some((r) => r.path === '/api/v1/namespaces/monitoring/pods?labelSelector=app%3Dagent'));
    const compiled = compilePlacement(DS, gates);
    const counts = daemonSetCounts(snap.nodes, pods, (n) => compiled.evaluate(n));
    assert.equal(counts.desiredNumberScheduled, 1);
    assert.equal(counts.currentNumberScheduled, 1);
    assert.equal(counts.numberMisscheduled, 1);
    assert.equal(counts.misscheduled[0]!.node, 'node-b');
    assert.deepEqual(counts.misscheduled[0]!.pods, ['agent-b']);
    assert.equal(counts.misscheduled[0]!.reasons[0]!.code, 'NodeSelectorMismatch');
    assert.deepEqual(counts.missing, []);
    api.forbidden.add('pods');
    try {
      await assert.rejects(snap.listPods('monitoring', DS.spec!.selector), /403 Forbidden: not allowed to list pods in namespace monitoring/);
    } finally {
      api.forbidden.delete('pods');
      api.pods.length = 0;
    }
  });

  test('labelSelectorQuery: selector to query string', () => {
    assert.equal(labelSelectorQuery(undefined), null);
    assert.equal(labelSelectorQuery({}), '');
    assert.equal(
      labelSelectorQuery({ matchLabels: { tier: 'node', app: 'x' }, matchExpressions: [{ key: 'env', operator: 'In', values: ['prod', 'dev'] }, { key: 'gpu', operator: 'DoesNotExist' }, { key: 'zone', operator: 'Exists' }, { key: 'b', operator: 'NotIn', values: ['1'] }] }),
      'app=x,b notin (1),env in (dev,prod),!gpu,tier=node,zone',
    );
    assert.equal(labelSelectorQuery({ matchExpressions: [{ key: 'a', operator: 'Bogus' }] }), null);
  });
});
