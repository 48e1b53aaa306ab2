// A pods file read in worker threads (podsWorker.ts), for the language server: with cores to spare, a big file is
// cut in two at an item boundary (podsSplit.ts), one worker each. The main thread only parses the reduced pods'
// batches as they arrive and hands them on in file order (the caller adds them to the scheduler's per-node state
// between requests). Where a worker cannot start, the file is read on this thread.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Pod } from '../../core/types';
import type { SchedPod } from '../../core/scheduler/types';
import type { LoadError } from './loadNodes';
import { mayBelongToDaemonSet } from './loadPods';
import { locate } from './podSink';
import { loadSchedPodsFile, type FilePart, type PartResult, type PodsFileResult, type PodsReader } from './podsFile';
import { splitPodsFile, SPLIT_ABOVE } from './podsSplit';
import { BatchReader, type ReadBatch, type WireBatch } from './podTemplates';

export interface PodsWorkerData {
  path: string;
  sourceName: string;
  keepDaemonSetPods: boolean;
  maxBytes?: number;
  part?: FilePart;
}

type Done = {
  errors: LoadError[];
  bytes: number;
  reader: PodsReader;
  parser: PodsFileResult['parser'];
  unreadable?: string;
} & Partial<PartResult>;

export type PodsWorkerMessage = ({ t: 'batch' } & WireBatch) | { t: 'restart' } | ({ t: 'done' } & Done);

export interface OffThreadOptions {
  sourceName?: string;
  keepDaemonSetPods?: boolean;
  /**
   * Each batch of pods as it arrives, in file order; without it they are collected in the result. `templates[i]`,
   * when given, is a pod whose requests equal `pods[i]`'s, shared by the pods stamped from it (podTemplates.ts).
   */
  onBatch?: (pods: SchedPod[], templates?: readonly (SchedPod | undefined)[]) => void;
  /** The batches handed on so far must be dropped: the file is being read again by the whole-text loader. */
  onRestart?: () => void;
  /** The size cap (default MAX_PODS_FILE_BYTES). */
  maxBytes?: number;
  /** The worker's script, when not the one beside this module (the benchmark runs the built one). */
  workerScript?: string;
  /** Worker threads for a big file (default: defaultWorkers()); files under `splitAbove` bytes take one. */
  workers?: number;
  splitAbove?: number;
  /** Stops the reading (its workers end; the result is empty). */
  signal?: AbortSignal;
}

// The bundles (dist/server.js, dist/cli.js) sit beside dist/podsWorker.js; under tsx this file sits beside the .ts.
function workerScript(): string | undefined {
  const p = join(__dirname, __filename.endsWith('.ts') ? 'podsWorker.ts' : 'podsWorker.js');
  return existsSync(p) ? p : undefined;
}

interface Run {
  worker: Worker;
  /** The worker posted its result (it may still sit in `inbox`). */
  posted: boolean;
  done?: Done;
  /** Messages not yet handled, in the order the worker sent them. */
  inbox: PodsWorkerMessage[];
  reader: BatchReader;
}

// How long the main thread handles batches before it lets other events in. Node hands every message queued on a
// port to its listener in one go, so batches that pile up while the thread is busy would hold an editor's requests
// for the whole pile (the CI run caught a 235 ms stall in a 342 ms load).
const SLICE_MS = 8;

/**
 * Workers for a big file: one per core on one or two cores, where the main thread shares them (it handles batches
 * a slice at a time, SLICE_MS; at 450,000 pods two workers loaded the benchmark's JSON file in 6.9 s against 7.9 s
 * for one, its YAML file in 9.5 s against 13 s). With more cores, one is left to the main thread (about a fifth of
 * the CPU of a load is its own, since pods cross as templates) and at most four read: the reading is bound by CPU,
 * so more cores shorten it, but this was measured only on two cores (four workers there: 5.8 s against 4.7 s for
 * two, 579 MiB against 516 MiB).
 */
export function defaultWorkers(cores = availableParallelism()): number {
  return cores <= 2 ? Math.max(1, cores) : Math.min(4, cores - 1);
}

/** What loadPodsFileOffThread gives: the file's pods, and whether workers read it or, failing that, this thread. */
export type OffThreadResult = PodsFileResult & { readOn: 'workers' | 'this thread' };

/**
 * The pods of a file, read in worker threads; never rejects (problems are errors in the result). The workers start
 * before this returns, and `onBatch` is only ever called from a later turn of the event loop: the caller may read
 * its nodes meanwhile (loadPodsFileIntoState).
 */
export async function loadPodsFileOffThread(path: string, opts: OffThreadOptions = {}): Promise<OffThreadResult> {
  // A reading that fails hands over to the next one; the caller is told to drop pods only when some were handed on.
  let handed = false;
  const o: OffThreadOptions = {
    ...opts,
    onRestart: () => {
      if (handed) opts.onRestart?.();
      handed = false;
    },
  };
  const onBatch = opts.onBatch;
  if (onBatch) {
    o.onBatch = (pods, templates) => {
      handed = true;
      onBatch(pods, templates);
    };
  }
  const script = o.workerScript ?? workerScript();
  if (script) {
    const parts = splitPodsFile(path, o.workers ?? defaultWorkers(), o.splitAbove ?? SPLIT_ABOVE);
    if (parts) {
      const r = await inWorkers(script, path, o, parts);
      if (o.signal?.aborted) return stopped(path);
      if (r) return { ...r, readOn: 'workers' };
      o.onRestart!();
    }
    const r = await inWorkers(script, path, o, [undefined]);
    if (o.signal?.aborted) return stopped(path);
    if (r) return { ...r, readOn: 'workers' };
  } else await undefined; // onBatch never before the caller's next turn
  if (o.signal?.aborted) return stopped(path);
  return { ...onThisThread(path, o), readOn: 'this thread' };
}

function stopped(path: string): OffThreadResult {
  const errors = [{ message: `${path}: reading stopped` }];
  return { pods: [], kept: [], errors, parser: 'json', bytes: 0, reader: 'whole-text', readOn: 'workers' };
}

function onThisThread(path: string, opts: OffThreadOptions): PodsFileResult {
  opts.onRestart?.();
  const r = loadSchedPodsFile(path, opts.sourceName ?? path, {
    ...(opts.keepDaemonSetPods ? { keep: mayBelongToDaemonSet } : {}),
    ...(opts.maxBytes !== undefined ? { maxBytes: opts.maxBytes } : {}),
  });
  if (!opts.onBatch) return r;
  opts.onBatch(r.pods);
  return { ...r, pods: [] };
}

// The built worker is one self-contained file: it starts without this process's flags, whose loader hooks (tsx's,
// under `node --import tsx` as the tests and the benchmark run) would each cost it a hooks thread and a slower start.
// The source worker cannot use tsx's ESM hooks either: it starts from a line that registers tsx's require hook
// first, or it would fail and the file would be read on this thread.
function startWorker(script: string, workerData: PodsWorkerData): Worker {
  if (!script.endsWith('.ts')) return new Worker(script, { workerData, execArgv: [] });
  const tsx = createRequire(__filename).resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(script)});`, { eval: true, workerData });
}

// Undefined: a part was not in the layout after all, or a worker failed (the caller reads the file another way).
function inWorkers(
  script: string,
  path: string,
  opts: OffThreadOptions,
  parts: (FilePart | undefined)[],
): Promise<PodsFileResult | undefined> {
  const sourceName = opts.sourceName ?? path;
  const pods: SchedPod[] = [];
  const kept: Pod[] = [];
  const hand = (b: ReadBatch) => {
    if (opts.onBatch) opts.onBatch(b.pods, b.templates);
    else for (const p of b.pods) pods.push(p);
    for (const p of b.kept) kept.push(p);
  };
  return new Promise((resolve) => {
    let settled = false;
    let current = 0; // the part whose messages are handled; later parts wait in their inboxes
    let scheduled = false;
    const runs: Run[] = [];
    const finish = (r: PodsFileResult | undefined) => {
      if (settled) return;
      settled = true;
      for (const run of runs) if (!run.done) void run.worker.terminate();
      resolve(r);
    };
    if (opts.signal?.aborted) return finish(undefined);
    opts.signal?.addEventListener('abort', () => finish(undefined), { once: true });
    const complete = () => {
      const dones = runs.map((r) => r.done!);
      if (dones.some((d) => d.failed)) return finish(undefined);
      const errors: LoadError[] = [];
      let base = 0;
      for (const d of dones) {
        errors.push(...d.errors, ...locate(sourceName, d.errorItems ?? [], base));
        base += d.items ?? 0;
      }
      const first = dones[0]!;
      finish({ ...first, errors, bytes: first.bytes, pods, kept });
    };
    const handle = (run: Run, m: PodsWorkerMessage) => {
      if (m.t === 'batch') hand(run.reader.read(m));
      else if (m.t === 'restart') {
        run.reader = new BatchReader(); // the worker's new reading numbers its templates from 0
        pods.length = 0;
        kept.length = 0;
        opts.onRestart?.();
      } else {
        const { t: _, ...done } = m;
        run.done = done;
        current++;
      }
    };
    // Handles messages in file order for at most SLICE_MS, then yields to the event loop.
    const pump = () => {
      scheduled = false;
      if (settled) return;
      const until = performance.now() + SLICE_MS;
      while (current < runs.length) {
        const m = runs[current]!.inbox.shift();
        if (!m) return;
        handle(runs[current]!, m);
        if (current < runs.length && performance.now() >= until) return schedule();
      }
      complete();
    };
    const schedule = () => {
      if (scheduled || settled) return;
      scheduled = true;
      setImmediate(pump);
    };
    parts.forEach((part) => {
      const data: PodsWorkerData = { path, sourceName, keepDaemonSetPods: !!opts.keepDaemonSetPods };
      if (opts.maxBytes !== undefined) data.maxBytes = opts.maxBytes;
      if (part) data.part = part;
      const run: Run = { worker: startWorker(script, data), posted: false, inbox: [], reader: new BatchReader() };
      runs.push(run);
      run.worker.on('message', (m: PodsWorkerMessage) => {
        if (settled) return;
        if (m.t === 'done') run.posted = true;
        run.inbox.push(m);
        schedule();
      });
      // A worker that cannot run (no memory, a broken bundle): the caller reads the file another way.
      const failed = () => {
        if (!run.posted) finish(undefined);
      };
      run.worker.on('error', failed);
      run.worker.on('exit', failed);
    });
  });
}
