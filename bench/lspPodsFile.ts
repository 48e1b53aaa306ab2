// Issue 13 as an editor user meets it: the built server over stdio (dist/server.js), its settings naming the
// 15,000-node file and the 450,000-pod file that bench/pods.ts writes (kce.inventory.file, kce.inventory.podsFile).
// Measured: open a DaemonSet → its first diagnostics (the inventory and the pods load meanwhile), then edits of the
// pod template → pulled diagnostics (the scheduler stage runs again each time), and the server's peak RSS. Beside
// them, in the same run: the same edits with the nodes file alone. Prints, never asserts.
// Run after bench/pods.ts has written the files: node --import tsx bench/lspPodsFile.ts [yaml|json]
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from './lsp';

const root = join(__dirname, '..');
const PODS = Number(process.env.KCE_BENCH_PODS ?? 450_000);
const dir = join(tmpdir(), `kce-bench-pods-${PODS}`);
const format = process.argv[2] === 'json' ? 'json' : 'yaml';
const files = { nodes: join(dir, 'nodes.json'), pods: join(dir, `pods.${format}`) };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function peakMiB(pid: number): number {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

interface Figures {
  firstMs: number;
  editMs: number;
  pending: number;
  pods: number;
  peakMiB: number;
}

async function run(withPods: boolean): Promise<Figures> {
  const work = mkdtempSync(join(tmpdir(), 'kce-bench-lsp-pods-'));
  const inventory = { source: 'file', file: files.nodes, ...(withPods ? { podsFile: files.pods } : {}) };
  // The pods file is read in full only in a trusted workspace (an untrusted one keeps the nodes file's cap).
  const server = await serve(root, work, { inventory, insights: { enabled: true } }, { trusted: true });
  try {
    const text = readFileSync(join(root, 'examples', 'otel-agent.yaml'), 'utf8');
    const uri = pathToFileURL(join(work, 'otel-agent.yaml')).href;
    const t0 = performance.now();
    await server.open(uri, text);
    const first = (await server.pull(uri)) as { items: { code?: unknown }[] };
    const firstMs = performance.now() - t0;
    const inv = (await server.c.sendRequest('kce/inventory', {})) as { count: number; nodes: { pods?: number }[] };
    if (inv.count !== 15_000) throw new Error(`inventory has ${inv.count} nodes, expected 15,000`);
    const times: number[] = [];
    for (let v = 2; v < 42; v++) {
      const t1 = performance.now();
      await server.c.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: v },
        contentChanges: [{ text: text.replace('cpu: 500m', `cpu: ${500 + (v % 50)}m`) }],
      });
      await server.pull(uri);
      times.push(performance.now() - t1);
    }
    return {
      firstMs,
      editMs: median(times.slice(5)),
      pending: first.items.filter((d) => d.code === 'kce.wouldBePending').length,
      pods: inv.nodes.reduce((n, x) => n + (x.pods ?? 0), 0),
      peakMiB: peakMiB(server.child.pid!),
    };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  if (!existsSync(files.pods)) throw new Error(`${files.pods} not found: run bench/pods.ts first`);
  const pods = await run(true);
  const nodesOnly = await run(false);
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(
    `LSP over stdio, kce.inventory.file (15,000 nodes) + kce.inventory.podsFile (${PODS.toLocaleString('en')} pods, ` +
      `-o ${format}): open → first diagnostics ${(pods.firstMs / 1000).toFixed(2)} s (the pods load meanwhile; ` +
      `${pods.pods.toLocaleString('en')} pods, ${pods.pending} kce.wouldBePending), then edit of the pod template → ` +
      `diagnostics ${ms(pods.editMs)} (target ≤ 20 ms), server peak RSS ${pods.peakMiB.toFixed(0)} MiB; ` +
      `nodes file alone: first diagnostics ${ms(nodesOnly.firstMs)}, edit ${ms(nodesOnly.editMs)}, ` +
      `peak RSS ${nodesOnly.peakMiB.toFixed(0)} MiB`,
  );
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
