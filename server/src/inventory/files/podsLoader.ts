// A pods file read in a worker thread (podsWorker.ts), for the language server: its main thread only parses the
// reduced pods' batches as they arrive and hands them on (the caller adds them to the scheduler's per-node state
// between requests). Where the worker cannot start, the file is read on this thread.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Pod } from '../../core/types';
import type { SchedPod } from '../../core/scheduler/types';
import type { LoadError } from './loadNodes';
import { mayBelongToDaemonSet } from './loadPods';
import { loadSchedPodsFile, type PodsFileResult, type PodsReader } from './podsFile';

export interface PodsWorkerData {
  path: string;
  sourceName: string;
  keepDaemonSetPods: boolean;
}

export type PodsWorkerMessage =
  | { t: 'batch'; pods: string; kept: string }
  | { t: 'restart' }
  | {
      t: 'done';
      errors: LoadError[];
      bytes: number;
      reader: PodsReader;
      parser: PodsFileResult['parser'];
      unreadable?: string;
    };

export interface OffThreadOptions {
  sourceName?: string;
  keepDaemonSetPods?: boolean;
  /** Each batch of pods as it arrives (on this thread, between other work); without it they are collected. */
  onBatch?: (pods: SchedPod[]) => void;
  /** The batches handed on so far must be dropped: the file is being read again by the whole-text loader. */
  onRestart?: () => void;
}

// The bundles (dist/server.js, dist/cli.js) sit beside dist/podsWorker.js; under tsx this file sits beside the .ts.
function workerScript(): string | undefined {
  const p = join(__dirname, __filename.endsWith('.ts') ? 'podsWorker.ts' : 'podsWorker.js');
  return existsSync(p) ? p : undefined;
}

/** The pods of a file, read in a worker thread; never rejects (problems are errors in the result). */
export function loadPodsFileOffThread(path: string, opts: OffThreadOptions = {}): Promise<PodsFileResult> {
  const sourceName = opts.sourceName ?? path;
  const script = workerScript();
  const onThisThread = (): PodsFileResult => {
    opts.onRestart?.();
    const r = loadSchedPodsFile(path, sourceName, opts.keepDaemonSetPods ? { keep: mayBelongToDaemonSet } : {});
    if (opts.onBatch) {
      opts.onBatch(r.pods);
      return { ...r, pods: [] };
    }
    return r;
  };
  if (!script) return Promise.resolve(onThisThread());
  return new Promise((resolve) => {
    const pods: SchedPod[] = [];
    const kept: Pod[] = [];
    let settled = false;
    const settle = (r: PodsFileResult) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    const data: PodsWorkerData = { path, sourceName, keepDaemonSetPods: !!opts.keepDaemonSetPods };
    const worker = new Worker(script, { workerData: data });
    worker.on('message', (m: PodsWorkerMessage) => {
      if (m.t === 'batch') {
        const batch = JSON.parse(m.pods) as SchedPod[];
        if (opts.onBatch) opts.onBatch(batch);
        else for (const p of batch) pods.push(p);
        for (const p of JSON.parse(m.kept) as Pod[]) kept.push(p);
      } else if (m.t === 'restart') {
        pods.length = 0;
        kept.length = 0;
        opts.onRestart?.();
      } else {
        const { t: _, ...rest } = m;
        settle({ ...rest, pods, kept });
      }
    });
    // A worker that cannot run (no memory, a broken bundle): read on this thread rather than fail.
    const fallBack = () => {
      if (!settled) settle(onThisThread());
    };
    worker.on('error', fallBack);
    worker.on('exit', fallBack);
  });
}
