// The JSON reader with the WebAssembly scanner (podsJsonScanItems.ts), where pods are handed on in batches and none
// is kept whole: whatever the file's layout, the main thread must end with the pods the whole-text loader gives,
// the scanner's refusals read by the JS picker or parser, and most items stamped.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { generatePodObjects } from '../../server/src/inventory/files/generatePods';
import type { PickPolicy } from '../../server/src/inventory/files/podsJsonItems';
import { PodsJsonScanner } from '../../server/src/inventory/files/podsJsonScan';
import { MAX_SCANNED_UNIT } from '../../server/src/inventory/files/podsJsonScanItems';
import { tempDir } from '../cluster/apiServer';
import { assertPartsReadWhole, readBack as readBackFile } from './readBack';
import { deeper, disturbLines, list, oddPods, seededRandom, tabbed, variedPods } from './variedPods';

const tmp = tempDir('kce-pods-scan-');
after(() => tmp.cleanup());
type Obj = Record<string, unknown>;

const readBack = (text: string, pick: PickPolicy) => readBackFile(tmp.dir, 'pods.json', text, pick);

const varied = (variedPods() as Obj[]).filter((p) => p.kind === 'Pod');
const many = [...generatePodObjects(20, 10)] as Obj[];
const all = [...many, ...variedPods(), ...oddPods(varied)];

test('podsJsonScanItems: ASCII pods: as many stamped as by the JS picker (the same templates told apart)', () => {
  const b = readBack(JSON.stringify(list([...many, ...oddPods(varied)]), null, 4), { minBytes: 0, checkEvery: 3 });
  assert.deepEqual(b.pods, b.whole.pods);
  assert.equal(b.counts.stamped, b.jsStamped);
});

test('podsJsonScanItems: varied, odd and UTF-8 pods, every item checked or none: the whole-text pods', () => {
  for (const checkEvery of [1, Number.POSITIVE_INFINITY]) {
    const b = readBack(JSON.stringify(list(all), null, 4), { minBytes: 0, checkEvery });
    assert.equal(b.r.reader, 'json-items');
    assert.deepEqual(b.pods, b.whole.pods);
    // The same items in error (the whole-text loader words where differently).
    const items = (es: { message: string }[]) => es.map((e) => /items\[\d+\]/.exec(e.message)?.[0]);
    assert.deepEqual(items(b.r.errors), items(b.whole.errors));
    assert.equal(b.r.errors.length, 1);
    // Stamped at least as often as by the JS picker, which parses the runs that hold non-ASCII text.
    assert.ok(b.counts.stamped > 50, `${b.counts.stamped} of ${all.length} stamped`);
    assert.ok(b.counts.stamped >= b.jsStamped, `${b.counts.stamped} stamped, by JS ${b.jsStamped}`);
  }
});

test('podsJsonScanItems: 60 files with disturbed whitespace: the whole-text pods', () => {
  const seeded = seededRandom(20261126);
  const rand = (n: number) => Math.floor((seeded(2 ** 30) / 2 ** 30) * n);
  const lines = JSON.stringify(list(all), null, 4).split('\n');
  for (let k = 0; k < 60; k++) {
    const b = readBack(disturbLines(lines, rand, [deeper, tabbed], 1, 1), { minBytes: 0, checkEvery: 1 });
    assert.deepEqual(b.pods, b.whole.pods, `case ${k}`);
  }
});

test('podsJsonScanItems: an item bigger than a chunk, the List cut short: as the JS reader', () => {
  // 5 MB: the window outgrows the buffers in the scanner's memory; 20 MB: the memory grows too (detaching them).
  for (const size of [5_000_000, 20_000_000]) {
    const big = structuredClone(many[3]!);
    (big.metadata as Obj).annotations = { big: 'x'.repeat(size) };
    const items = [...many.slice(0, 50), big, ...many.slice(50), ...many];
    const b = readBack(JSON.stringify(list(items), null, 4), { minBytes: 0, checkEvery: 7 });
    assert.deepEqual(b.pods, b.whole.pods, `${size}`);
  }
  const big = structuredClone(many[3]!);
  (big.metadata as Obj).annotations = { big: 'x'.repeat(5_000_000) };
  const text = JSON.stringify(list([...many.slice(0, 50), big, ...many.slice(50)]), null, 4);
  const cut = readBack(text.slice(0, text.length - 4000), { minBytes: 0, checkEvery: 7 });
  assert.notEqual(cut.r.reader, 'json-items');
});

test('podsJsonScanItems: a file split in parts at item boundaries, each read alone: together the whole-text pods', () => {
  const text = JSON.stringify(list(all), null, 4);
  assertPartsReadWhole(tmp.dir, 'split.json', text);
});

test('podsJsonScanItems: a file indented wider than the scanner looks ahead is left to the JS reader', () => {
  const calls = countingScans();
  try {
    for (const unit of [MAX_SCANNED_UNIT, MAX_SCANNED_UNIT + 1]) {
      calls.n = 0;
      const b = readBack(JSON.stringify(list(many), null, unit), { minBytes: 0, checkEvery: 5 });
      assert.deepEqual(b.pods, b.whole.pods, `unit ${unit}`);
      if (unit <= MAX_SCANNED_UNIT) assert.ok(calls.n > 0, `unit ${unit}: scanned`);
      else assert.equal(calls.n, 0, `unit ${unit}: not scanned`);
    }
  } finally {
    calls.restore();
  }
});

test('podsJsonScanItems: a trap of the WebAssembly mid-file: the JS reader reads the rest, the whole-text pods', () => {
  const original = PodsJsonScanner.prototype.scan;
  let n = 0;
  let trapped = 0;
  // The second scan asked for an indentation far past the scanner's memory: a real out-of-bounds trap.
  PodsJsonScanner.prototype.scan = function (this: PodsJsonScanner, at: number, d: number, unit: number) {
    if (++n !== 2) return original.call(this, at, d, unit);
    try {
      return original.call(this, at, 2 ** 30, unit);
    } catch (e) {
      trapped++;
      throw e;
    }
  };
  try {
    // The odd pods hold items the scanner refuses: the JS reader takes those, then the scanner is called again.
    const b = readBack(JSON.stringify(list([...many, ...oddPods(varied), ...many]), null, 4), {
      minBytes: 0,
      checkEvery: 5,
    });
    assert.equal(trapped, 1);
    assert.ok(n >= 2);
    assert.deepEqual(b.pods, b.whole.pods);
  } finally {
    PodsJsonScanner.prototype.scan = original;
  }
});

// Counts the scanner's scans until restored.
function countingScans(): { n: number; restore: () => void } {
  const original = PodsJsonScanner.prototype.scan;
  const calls = { n: 0, restore: () => (PodsJsonScanner.prototype.scan = original) };
  PodsJsonScanner.prototype.scan = function (this: PodsJsonScanner, at: number, d: number, unit: number) {
    calls.n++;
    return original.call(this, at, d, unit);
  };
  return calls;
}
