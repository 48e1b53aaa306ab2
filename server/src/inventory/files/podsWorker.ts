// The worker thread that reads a pods file (podsFile.ts), or one part of it (podsSplit.ts), off the language
// server's main thread, which stays free to answer requests. The pods go back in batches (podTemplates.ts) as JSON
// text: V8 parses it several times faster than it deserialises the same objects from a structured clone (measured:
// 30,000 pods, 293 ms against 845 ms).
import { parentPort, workerData } from 'node:worker_threads';
import { mayBelongToDaemonSet } from './loadPods';
import { loadSchedPodsFile, type PartResult } from './podsFile';
import type { PodsWorkerData, PodsWorkerMessage } from './podsLoader';

const data = workerData as PodsWorkerData;
const post = (m: PodsWorkerMessage) => parentPort!.postMessage(m);
const r = loadSchedPodsFile(data.path, data.sourceName, {
  ...(data.keepDaemonSetPods ? { keep: mayBelongToDaemonSet } : {}),
  ...(data.part ? { part: data.part } : {}),
  ...(data.maxBytes !== undefined ? { maxBytes: data.maxBytes } : {}),
  onBatch: (batch) => post({ t: 'batch', ...batch }),
  onRestart: () => post({ t: 'restart' }),
});
const { pods: _p, kept: _k, ...rest } = r as typeof r & Partial<PartResult>;
post({ t: 'done', ...rest });
