// LSP figure of the scheduler stage (prints, never asserts): edit → pulled diagnostics of one DaemonSet with
// 15,000 nodes and 450,000 pods bound to them, the analysis reading that per-node state as the session hands it
// over (AnalysisContext.scheduling). The server runs in this process (the real wiring over a JSON-RPC stream pair)
// so the state is built once here. Beside it, in the same run: the same edit without pods (nodes only) and the
// yaml floor (parseAllDocuments + toJS of the DaemonSet text).
// Run: node --expose-gc --import tsx bench/lspScheduler.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parseAllDocuments } from 'yaml';
import {
  createConnection, createProtocolConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter,
} from 'vscode-languageserver/node';
import { analyzeText } from '../server/src/analysis/index';
import { analyzeTextCooperatively } from '../server/src/analysis/cooperative';
import { ClusterNodeInfos } from '../server/src/core/scheduler/nodeInfo';
import type { SchedNode, SchedPod } from '../server/src/core/scheduler/types';
import { generateNodeObjects } from '../server/src/inventory/files/generate';
import { isNodeInfo, toNodeInfo } from '../server/src/inventory/files/nodeModel';
import { createServer } from '../server/src/lsp/server';
import type { ServerDeps } from '../server/src/lsp/deps';

const NODES = 15_000;
const PODS_PER_NODE = 30;
const root = join(__dirname, '..');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

const nodes = generateNodeObjects(NODES).map(toNodeInfo).filter(isNodeInfo) as SchedNode[];
// 30 pods a node: 100m cpu and 128Mi each (3 of the node's 3.92 cores), one of them on host port 9100; on every
// tenth node 120m each, which leaves too little cpu for the DaemonSet's 500m (those nodes get a Pending verdict).
function pod(n: SchedNode, j: number, full: boolean): SchedPod {
  return {
    metadata: { name: `app-${n.name}-${j}`, namespace: `ns-${j % 7}`, uid: `${n.name}/${j}`, labels: { app: `a${j % 11}` } },
    spec: {
      nodeName: n.name,
      containers: [{ name: 'main', resources: { requests: { cpu: full ? '120m' : '100m', memory: '128Mi' } },
        ...(j === 0 ? { ports: [{ containerPort: 9100, hostPort: 9100 }] } : {}) }],
    },
    status: { phase: 'Running' },
  };
}
const state = new ClusterNodeInfos();
for (const n of nodes) state.setNode(n);
let podCount = 0;
nodes.forEach((n, i) => {
  for (let j = 0; j < PODS_PER_NODE; j++, podCount++) state.upsertPod(pod(n, j, i % 10 === 0));
});

/** An in-process server whose inventory is `nodes` and whose analysis reads `scheduling` (when given). */
async function server(scheduling: ClusterNodeInfos | undefined) {
  const up = new PassThrough();
  const down = new PassThrough();
  const conn = createConnection(ProposedFeatures.all, new StreamMessageReader(up), new StreamMessageWriter(down));
  const withState = <C extends object>(ctx: C): C => (scheduling ? { ...ctx, scheduling } : ctx);
  const deps: ServerDeps = {
    analyzeText: (text, ctx, previous) => analyzeText(text, withState(ctx), previous),
    analyzeTextAsync: (text, ctx, previous, limits) => analyzeTextCooperatively(text, withState(ctx), previous, limits),
    loadInventory: async () => ({ source: 'file', detail: 'bench nodes', nodes }),
  };
  createServer(conn, deps, { pushDelayMs: 5 });
  conn.listen();
  const c = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up));
  const settings = { inventory: { source: 'file', file: '/bench/nodes.json' }, insights: { enabled: true } };
  c.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => settings));
  c.onRequest('client/registerCapability', () => null);
  c.onRequest('workspace/diagnostic/refresh', () => null);
  c.onRequest('workspace/codeLens/refresh', () => null);
  c.listen();
  await c.sendRequest('initialize', {
    processId: null, rootUri: null,
    capabilities: { workspace: { configuration: true }, textDocument: { diagnostic: {}, synchronization: {} } },
  });
  await c.sendNotification('initialized', {});
  return { c, close: () => { c.dispose(); conn.dispose(); } };
}

interface Timing { wallMs: number; cpuMs: number }
interface EditFigures { templateEdit: Timing; nameEdit: Timing; pendingWarnings: number }

/** Edits that change the pod template (the stage runs again) and edits of the name only (the stage is reused). */
async function edits(scheduling: ClusterNodeInfos | undefined, text: string): Promise<EditFigures> {
  const { c, close } = await server(scheduling);
  try {
    const uri = 'file:///bench/otel-agent.yaml';
    const pull = () => c.sendRequest('textDocument/diagnostic', { textDocument: { uri } }) as Promise<{ items: { code?: unknown }[] }>;
    await c.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const first = await pull();
    const inv = (await c.sendRequest('kce/inventory', {})) as { count: number };
    if (inv.count !== NODES) throw new Error(`inventory has ${inv.count} nodes, expected ${NODES}`);
    let version = 1;
    // Wall time, and this process's CPU time (client and server share it): the latter stays meaningful on a
    // machine busy with other work, where wall time also measures the wait for a core.
    const time = async (next: (v: number) => string): Promise<Timing> => {
      const wall: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < 40; i++) {
        version++;
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        await c.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text: next(version) }] });
        await pull();
        const dc = process.cpuUsage(c0);
        wall.push(performance.now() - t0);
        cpu.push((dc.user + dc.system) / 1000);
      }
      return { wallMs: median(wall.slice(5)), cpuMs: median(cpu.slice(5)) };
    };
    const templateEdit = await time((v) => text.replace('cpu: 500m', `cpu: ${500 + (v % 50)}m`));
    const nameEdit = await time((v) => text.replace('name: otel-agent\n', `name: otel-agent-${v}\n`));
    return { templateEdit, nameEdit, pendingWarnings: first.items.filter((d) => d.code === 'kce.wouldBePending').length };
  } finally {
    close();
  }
}

async function main(): Promise<void> {
  const text = readFileSync(join(root, 'examples', 'otel-agent.yaml'), 'utf8');
  const floorRuns: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    for (const d of parseAllDocuments(text)) d.toJS();
    floorRuns.push(performance.now() - t0);
  }
  const floor = median(floorRuns.slice(50));
  const withPods = await edits(state, text);
  const nodesOnly = await edits(undefined, text);
  const ms = (x: number) => `${x.toFixed(3)} ms`;
  const both = (t: Timing) => `${ms(t.wallMs)} (cpu ${ms(t.cpuMs)})`;
  console.log(`LSP: edit → diagnostics, one DaemonSet, ${NODES.toLocaleString('en')} nodes + ` +
    `${podCount.toLocaleString('en')} pods: ${both(withPods.templateEdit)} (floor ${ms(floor)}, ratio ` +
    `${(withPods.templateEdit.wallMs / floor).toFixed(1)}; target ≤ 20 ms); an edit outside the pod template ` +
    `${both(withPods.nameEdit)}; ${withPods.pendingWarnings} kce.wouldBePending; without pods (nodes only) ` +
    `${both(nodesOnly.templateEdit)} / ${both(nodesOnly.nameEdit)}`);
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
