// Figures for the live cluster source (prints, never asserts): time from choosing a 5,000-node cluster to the
// first placement, memory held by that inventory, and watch events absorbed per second while LSP requests
// are timed. Run: node --expose-gc --import tsx bench/cluster.ts
// The test API server runs in the same process (one event loop for both): the figures are conservative.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClusterInventory } from '../server/src/cluster/cluster';
import { placeDaemonSet } from '../server/src/core/placement';
import { resolveFeatureGates } from '../server/src/core/k8sVersion';
import type { DaemonSet } from '../server/src/core/types';
import { defaultDeps } from '../server/src/lsp/defaultDeps';
import { startServer, PULL_CAPS } from '../test/lsp/harness';
import { TestApiServer, kubeconfigText, makeNode, makePki, tempDir } from '../test/cluster/apiServer';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const N = 5000;
const { gates } = resolveFeatureGates({});
const DS: DaemonSet = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent' }, spec: { selector: { matchLabels: { app: 'a' } }, template: { metadata: { labels: { app: 'a' } }, spec: { nodeSelector: { disk: 'ssd' }, containers: [{ name: 'a', image: 'a' }] } } } };
const DS_TEXT = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\nspec:\n  selector:\n    matchLabels: {app: a}\n  template:\n    metadata:\n      labels: {app: a}\n    spec:\n      nodeSelector: {disk: ssd}\n      containers:\n      - name: a\n        image: a\n';

async function main(): Promise<void> {
  const tmp = tempDir('kce-bench-');
  const api = await new TestApiServer(makePki()).start();
  api.seed(Array.from({ length: N }, (_, i) => makeNode(`node-${String(i).padStart(5, '0')}`, { disk: i % 3 ? 'ssd' : 'hdd', 'topology.kubernetes.io/zone': `z${i % 3}` }, i % 10 === 0 ? [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] : [])));
  const kubeconfig = join(tmp.dir, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigText([{ name: 'bench', server: api.url, token: api.token, ca: api.pki.caCert }], 'bench'));

  // 1. choose the cluster -> first placement (includes loading client-node the first time)
  gc();
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const inv = ClusterInventory.open({ trusted: true, kubeconfig, watch: { watchTimeoutSeconds: 600 } });
  await inv.ready;
  const placed = placeDaemonSet(DS, inv.nodes(), gates);
  const t1 = performance.now();
  gc();
  const heap1 = process.memoryUsage().heapUsed;
  console.log(`5,000-node cluster: first placement after ${(t1 - t0).toFixed(0)} ms (${placed.shouldRun} of ${placed.nodes.length} nodes run the pod; client-node loaded in this time)`);
  console.log(`heap held after the first list (inventory + client-node module): ${((heap1 - heap0) / 1048576).toFixed(1)} MiB`);
  await inv.close();
  gc();
  const inv2 = ClusterInventory.open({ trusted: true, kubeconfig, watch: { watchTimeoutSeconds: 600 } });
  const t2 = performance.now();
  await inv2.ready;
  placeDaemonSet(DS, inv2.nodes(), gates);
  console.log(`same, client-node already loaded: ${(performance.now() - t2).toFixed(0)} ms`);
  await inv2.close();

  // 2. events per second while LSP requests are timed
  const h = await startServer({ deps: defaultDeps(), capabilities: PULL_CAPS, initializationOptions: { trusted: true, settings: { kce: { inventory: { source: 'cluster', kubeconfig } } } } });
  await h.open('file:///bench/ds.yaml', DS_TEXT);
  const deadline = Date.now() + 20_000;
  while (!h.inventoryEvents.some((e) => e.status?.endsWith('· live')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  for (const rate of [0, 200, 1000, 5000]) {
    const lat: number[] = [];
    const full: number[] = [];
    const seconds = 2;
    const perTick = Math.round(rate / 100);
    let sent = 0;
    const tEnd = Date.now() + seconds * 1000;
    const ticker = setInterval(() => {
      for (let i = 0; i < perTick; i++) {
        const name = `node-${String((sent * 7) % N).padStart(5, '0')}`;
        api.modifyNode(name, (n) => { n.metadata.labels!.rev = String(sent); });
        sent++;
      }
    }, 10);
    while (Date.now() < tEnd) {
      const s = performance.now();
      await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri: 'file:///bench/ds.yaml' } });
      lat.push(performance.now() - s);
      const s2 = performance.now();
      await h.client.sendRequest('kce/simulatePlacement', { uri: 'file:///bench/ds.yaml', documentIndex: 0 });
      full.push(performance.now() - s2);
      await new Promise((r) => setTimeout(r, 25));
    }
    clearInterval(ticker);
    lat.sort((a, b) => a - b);
    full.sort((a, b) => a - b);
    const p = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!.toFixed(1);
    console.log(`watch events ~${Math.round(sent / seconds)}/s: codeLens (re-analysis after each change) p50 ${p(lat, 0.5)} ms, p95 ${p(lat, 0.95)} ms, max ${p(lat, 1)} ms; kce/simulatePlacement (5,000 rows) p50 ${p(full, 0.5)} ms, p95 ${p(full, 0.95)} ms (${lat.length} each)`);
  }
  await h.dispose();
  await api.stop();
  tmp.cleanup();
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
