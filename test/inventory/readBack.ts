// A pods file read as a worker reads it (batches read back as the main thread reads them), for the scanner tests of
// both formats: the pods, the reader's counts, and what the JS reader alone and the whole-text loader give.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchedPod } from '../../server/src/core/scheduler/types';
import { loadSchedPodsFromText } from '../../server/src/inventory/files/loadPods';
import { loadSchedPodsFile, type PartResult } from '../../server/src/inventory/files/podsFile';
import { splitPodsFile } from '../../server/src/inventory/files/podsSplit';
import { pickCounts, type PickPolicy } from '../../server/src/inventory/files/podsJsonItems';
import { BatchReader, type WireBatch } from '../../server/src/inventory/files/podTemplates';

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

/** `text` written to `dir/name` and split in 2, 3 and 5 parts at item boundaries, each read alone as a worker reads
 * it: together, each time, the whole-text loader's pods. */
export function assertPartsReadWhole(dir: string, name: string, text: string): void {
  const path = join(dir, name);
  writeFileSync(path, text);
  for (const n of [2, 3, 5]) {
    const parts = splitPodsFile(path, n, 0);
    assert.equal(parts?.length, n);
    const pods: SchedPod[] = [];
    for (const part of parts!) {
      const reader = new BatchReader(); // one per part, as one per worker
      const opts = {
        part,
        pick: { minBytes: 0, checkEvery: 5 },
        onBatch: (b: WireBatch) => pods.push(...reader.read(b).pods),
      };
      assert.equal((loadSchedPodsFile(path, path, opts) as Partial<PartResult>).failed, false);
    }
    assert.deepEqual(pods, loadSchedPodsFromText(text, path).pods, `${n} parts`);
  }
}
