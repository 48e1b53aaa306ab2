// Issue 13's inventory load: 15,000 nodes and 450,000 pods (30 per node; KCE_BENCH_PODS changes the count) read
// from files in kubectl's shapes (`kubectl get nodes -o json`, `kubectl get pods -A -o json` and `-o yaml`, realistic
// pods: owners, env, probes, token volume, status), then the scheduler's per-node state built from them. Two paths:
// the language server's (kce.inventory.podsFile: the file in worker threads, the state built batch by batch as
// they arrive) and the CLI's (the whole built `kce simulate --nodes … --pods FILE … --format json`: the file in worker
// threads, the state built as they arrive, then the analysis and its output), and the same for `kce plan`, which keeps
// whole the pods a DaemonSet may own.
// Each load runs in a fresh process, for its time and peak RSS. Floors in the same run: reading the pod file's
// bytes, and JSON.parse of the JSON file when it fits in one string. Prints, never asserts.
// Run: node --import tsx bench/pods.ts   (files are generated once under the OS temp folder and reused)
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { generateNodesJson } from '../server/src/inventory/files/generate';
import { writePodsList } from '../server/src/inventory/files/generatePods';
import { loadNodesFromText } from '../server/src/inventory/files/loadNodes';
import { defaultWorkers } from '../server/src/inventory/files/podsLoader';
import { textOfBytes } from '../server/src/inventory/files/textOfBytes';
import { loadPodsFileIntoState } from '../server/src/inventory/source';

const NODES = 15_000;
const PODS = Number(process.env.KCE_BENCH_PODS ?? 450_000);
const PER_NODE = 30;
const dir = join(tmpdir(), `kce-bench-pods-${PODS}`);
const files = { nodes: join(dir, 'nodes.json'), json: join(dir, 'pods.json'), yaml: join(dir, 'pods.yaml') };

interface Figure {
  ms: number;
  /** CPU time of the whole process (every thread): steadier than wall time on a shared machine. */
  cpuMs?: number;
  rssMiB: number;
  pods?: number;
  nodes?: number;
  /** The language server's path: the longest its main thread went without turning its event loop. */
  stallMs?: number;
}

function child(mode: string, file: string): Figure {
  const r = spawnSync(process.execPath, ['--import', 'tsx', __filename, mode, file], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  const line = (r.stdout ?? '').trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`bench child ${mode} failed: ${r.stderr}`);
  return JSON.parse(line) as Figure;
}

// The built worker, as the server and the CLI run it (npm run bench builds first); tsx would compile it per thread.
const builtWorker = join(__dirname, '..', 'dist', 'podsWorker.js');
const CLI_EXAMPLE = join(__dirname, '..', 'examples', 'otel-agent.yaml');

const peakMiB = () => process.resourceUsage().maxRSS / 1024;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function runChild(mode: string, file: string): Promise<void> {
  const t0 = performance.now();
  if (mode === 'read') {
    // The least any loader does: every byte of the file into memory once, in the loader's chunk size.
    const fd = openSync(file, 'r');
    const buf = Buffer.allocUnsafe(16 * 1024 * 1024);
    while (readSync(fd, buf, 0, buf.length, null) > 0);
    closeSync(fd);
  } else if (mode === 'parse') {
    JSON.parse(readFileSync(file, 'utf8'));
  } else if (mode === 'cli' || mode === 'plan') {
    // The whole built command, in this process: `kce simulate --nodes … --pods FILE examples/otel-agent.yaml -o json`,
    // or `kce plan`, which also keeps whole the pods a DaemonSet may own (2 of every 30 here).
    const cli = require(join(__dirname, '..', 'dist', 'cli.js')) as typeof import('../server/src/cli');
    let out = '';
    const command = mode === 'cli' ? 'simulate' : 'plan';
    const argv = [command, '--nodes', files.nodes, '--pods', file, CLI_EXAMPLE, '--format', 'json'];
    const code = await cli.main(argv, { stdout: (x) => (out += x), stderr: () => undefined });
    if (code !== 0) throw new Error(`kce ${command} exited ${code}`);
    const inventory = (JSON.parse(out) as { inventory: { nodes: number; pods: number } }).inventory;
    const ms = performance.now() - t0;
    console.log(JSON.stringify({ ms, cpuMs: cpuMs(), rssMiB: peakMiB(), pods: inventory.pods, nodes: inventory.nodes }));
    return;
  } else {
    // As the language server does it: the workers start, the nodes file is parsed while they read, and pods are
    // added to the state as their batches arrive (loadPodsFileIntoState).
    const delay = monitorEventLoopDelay({ resolution: 5 });
    const nodes = () => {
      // Decoded as the server's readRegularFile decodes it.
      const list = loadNodesFromText(textOfBytes(readFileSync(files.nodes)), 'nodes.json').nodes;
      delay.enable(); // the stall that counts is the one while pods load, after this parse
      return list;
    };
    const { pods, scheduling: state, result: r } = await loadPodsFileIntoState(nodes, file, { workerScript: builtWorker });
    const count = pods.length;
    if (r.errors.length) throw new Error(r.errors[0]!.message);
    delay.disable();
    const figure: Figure = {
      ms: performance.now() - t0,
      cpuMs: cpuMs(),
      rssMiB: peakMiB(),
      pods: count,
      nodes: state.nodes().length,
      stallMs: delay.max / 1e6,
    };
    console.log(JSON.stringify(figure));
    return;
  }
  console.log(JSON.stringify({ ms: performance.now() - t0, rssMiB: peakMiB() }));
}

function generate(): void {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(files.nodes)) writeFileSync(files.nodes, generateNodesJson(NODES));
  for (const f of ['json', 'yaml'] as const) {
    const done = `${files[f]}.done`;
    if (existsSync(done)) continue;
    const fd = openSync(files[f], 'w');
    writePodsList(f, Math.ceil(PODS / PER_NODE), PER_NODE, (c) => writeSync(fd, c));
    closeSync(fd);
    writeFileSync(done, '');
  }
}

if (process.argv[2]) void runChild(process.argv[2], process.argv[3]!);
else {
  generate();
  const gb = (f: string) => `${(statSync(f).size / 1e9).toFixed(2)} GB`;
  const s = (x: number) => `${(x / 1000).toFixed(2)} s`;
  for (const f of ['json', 'yaml'] as const) {
    const lsp = child('lsp', files[f]);
    const cli = child('cli', files[f]);
    const plan = child('plan', files[f]);
    const read = child('read', files[f]);
    const canParse = f === 'json' && statSync(files[f]).size < 500_000_000; // V8's longest string is about 512 MiB
    const parse = canParse ? child('parse', files[f]) : undefined;
    console.log(
      `inventory: ${NODES.toLocaleString('en')} nodes + ${lsp.pods!.toLocaleString('en')} pods, ` +
        `kubectl -o ${f} (pods ${gb(files[f])}): language server (${defaultWorkers()} worker thread(s), ` +
        'state built as batches arrive) ' +
        `${s(lsp.ms)} (CPU ${s(lsp.cpuMs!)}), peak RSS ${lsp.rssMiB.toFixed(0)} MiB, ` +
        `longest main-thread stall ${lsp.stallMs!.toFixed(0)} ms; ` +
        `CLI (the whole kce simulate --pods command, -o json) ${s(cli.ms)} (CPU ${s(cli.cpuMs!)}), ` +
        `peak RSS ${cli.rssMiB.toFixed(0)} MiB; kce plan --pods ${s(plan.ms)} (CPU ${s(plan.cpuMs!)}), ` +
        `peak RSS ${plan.rssMiB.toFixed(0)} MiB ` +
        `(floor: reading the bytes ${s(read.ms)}` +
        (parse
          ? `, JSON.parse ${s(parse.ms)} / ${parse.rssMiB.toFixed(0)} MiB`
          : ', JSON.parse: the file exceeds one string') +
        '; ' +
        'target ≤ 3 s, ≤ 1 GiB)',
    );
  }
}
