// A pods file read as a worker reads it (batches read back as the main thread reads them), for the scanner tests of
// both formats: the pods, the reader's counts, and what the JS reader alone and the whole-text loader give.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchedPod } from '../../server/src/core/scheduler/types';
import { loadSchedPodsFromText } from '../../server/src/inventory/files/loadPods';
import { loadSchedPodsFile } from '../../server/src/inventory/files/podsFile';
import { pickCounts, type PickPolicy } from '../../server/src/inventory/files/podsJsonItems';
import { BatchReader } from '../../server/src/inventory/files/podTemplates';

/** `text` written to `dir/name`, read with batches handed on, then again on this thread (by the JS reader alone). */
export function readBack(dir: string, name: string, text: string, pick: PickPolicy) {
  const path = join(dir, name);
  writeFileSync(path, text);
  const reader = new BatchReader();
  const pods: SchedPod[] = [];
  const before = { ...pickCounts };
  const r = loadSchedPodsFile(path, path, { pick, onBatch: (b) => pods.push(...reader.read(b).pods) });
  const counts = { picked: pickCounts.picked - before.picked, stamped: pickCounts.stamped - before.stamped };
  // Read again on this thread (the pods stay with the sink): no scanner.
  const js = pickCounts.stamped;
  loadSchedPodsFile(path, path, { pick });
  return { r, pods, counts, jsStamped: pickCounts.stamped - js, whole: loadSchedPodsFromText(text, path) };
}
