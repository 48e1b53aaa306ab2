// The YAML reader with the WebAssembly scanner (podsYamlScanItems.ts), where pods are handed on in batches and none
// is kept whole: whatever the file's layout, the main thread must end with the pods the whole-text loader gives,
// the scanner's refusals read by the JS pruner or parser, and most items stamped.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { toKubectlYaml } from '../../server/src/inventory/files/generate';
import { generatePodObjects } from '../../server/src/inventory/files/generatePods';
import type { PickPolicy } from '../../server/src/inventory/files/podsJsonItems';
import { PodsYamlScanner } from '../../server/src/inventory/files/podsYamlScan';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchedPod } from '../../server/src/core/scheduler/types';
import { loadSchedPodsFromText } from '../../server/src/inventory/files/loadPods';
import { loadSchedPodsFile } from '../../server/src/inventory/files/podsFile';
import { BatchReader, type WireBatch } from '../../server/src/inventory/files/podTemplates';
import { tempDir } from '../cluster/apiServer';
import { assertPartsReadWhole, readBack as readBackFile } from './readBack';
import { deeper, disturbLines, list, oddPods, seededRandom, tabbed, variedPods } from './variedPods';

const tmp = tempDir('kce-pods-yaml-scan-');
after(() => tmp.cleanup());
type Obj = Record<string, unknown>;

const readBack = (text: string, pick: PickPolicy) => readBackFile(tmp.dir, 'pods.yaml', text, pick);

const varied = (variedPods() as Obj[]).filter((p) => p.kind === 'Pod');
const many = [...generatePodObjects(20, 10)] as Obj[];
const all = [...many, ...variedPods(), ...oddPods(varied)];

test('podsYamlScanItems: generated pods: as many stamped as by the JS pruner (the same templates told apart)', () => {
  const b = readBack(toKubectlYaml(list(many)), { minBytes: 0, checkEvery: 3 });
  assert.equal(b.r.reader, 'yaml-items');
  assert.deepEqual(b.pods, b.whole.pods);
  assert.ok(b.counts.stamped > 50, `${b.counts.stamped} of ${many.length} stamped`);
  // The List's last item is read by the JS pruner, under its own key: once more parsed than by the JS reader.
  assert.ok(b.counts.stamped >= b.jsStamped - 1, `${b.counts.stamped} stamped, by JS ${b.jsStamped}`);
});

test('podsYamlScanItems: varied, odd and UTF-8 pods, every item checked or none: the whole-text pods', () => {
  for (const checkEvery of [1, Number.POSITIVE_INFINITY]) {
    const b = readBack(toKubectlYaml(list(all)), { minBytes: 0, checkEvery });
    assert.equal(b.r.reader, 'yaml-items');
    assert.deepEqual(b.pods, b.whole.pods);
    const items = (es: { message: string }[]) => es.map((e) => /items\[\d+\]/.exec(e.message)?.[0]);
    assert.deepEqual(items(b.r.errors), items(b.whole.errors));
    assert.ok(b.counts.stamped > 50, `${b.counts.stamped} of ${all.length} stamped`);
  }
});

test('podsYamlScanItems: CRLF: the whole-text pods, nothing scanned', () => {
  const b = readBack(toKubectlYaml(list(all)).replace(/\n/g, '\r\n'), { minBytes: 0, checkEvery: 1 });
  assert.deepEqual(b.pods, b.whole.pods);
  assert.equal(b.counts.picked, 0);
});

test('podsYamlScanItems: 40 files with disturbed lines: the whole-text pods', () => {
  const seeded = seededRandom(20261128);
  const rand = (n: number) => Math.floor((seeded(2 ** 30) / 2 ** 30) * n);
  const lines = toKubectlYaml(list(all)).split('\n');
  const shallower = (ls: string[], i: number) => {
    const line = ls[i]!;
    ls[i] = line.slice(Math.min(1 + rand(4), Math.max(0, line.length - line.trimStart().length - 1)));
  };
  for (let k = 0; k < 40; k++) {
    const t = disturbLines(lines, rand, [deeper, tabbed, shallower], 2, 4);
    const b = readBack(t, { minBytes: 0, checkEvery: 1 });
    assert.deepEqual(b.pods, b.whole.pods, `case ${k}`);
  }
});

test('podsYamlScanItems: an item bigger than a chunk, the List cut short: as the JS reader', () => {
  // 5 MB: the window outgrows the buffers in the scanner's memory; 20 MB: the memory grows too (detaching them).
  for (const size of [5_000_000, 20_000_000]) {
    const big = structuredClone(many[3]!);
    (big.metadata as Obj).annotations = { big: 'x'.repeat(size) };
    const items = [...many.slice(0, 50), big, ...many.slice(50), ...many];
    const b = readBack(toKubectlYaml(list(items)), { minBytes: 0, checkEvery: 7 });
    assert.deepEqual(b.pods, b.whole.pods, `${size}`);
  }
  const text = toKubectlYaml(list(many));
  const cut = readBack(text.slice(0, text.lastIndexOf('\n- ') + 40), { minBytes: 0, checkEvery: 7 });
  assert.deepEqual(cut.pods.length, cut.whole.pods.length);
});

test('podsYamlScanItems: a file split in parts at item boundaries, each read alone: together the whole-text pods', () => {
  // With a Node and a Deployment among the pods (`kubectl get nodes,pods`): a part whose check samples one of them
  // must not fail, though its pruned `status:` reads as null and its whole one as an object.
  const text = toKubectlYaml(list([...many, ...variedPods(), ...oddPods(varied)]));
  assertPartsReadWhole(tmp.dir, 'split.yaml', text);
});

test('podsYamlScanItems: a trap of the WebAssembly mid-file: the JS reader reads the rest, the whole-text pods', () => {
  const original = PodsYamlScanner.prototype.scan;
  let n = 0;
  let trapped = 0;
  // The second scan started far past the scanner's memory: a real out-of-bounds trap.
  PodsYamlScanner.prototype.scan = function (this: PodsYamlScanner, at: number) {
    if (++n !== 2) return original.call(this, at);
    try {
      return original.call(this, at + 2 ** 31 - 2 ** 20);
    } catch (e) {
      trapped++;
      throw e;
    }
  };
  try {
    const b = readBack(toKubectlYaml(list([...many, ...oddPods(varied), ...many])), { minBytes: 0, checkEvery: 5 });
    assert.equal(trapped, 1);
    assert.ok(n >= 2);
    assert.deepEqual(b.pods, b.whole.pods);
  } finally {
    PodsYamlScanner.prototype.scan = original;
  }
});

test('podsYamlScanItems: a nodes,pods List with every item checked is read once, its Nodes and Deployment skipped', () => {
  const nodes = Array.from({ length: 12 }, (_, i) => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: `n${i}`, labels: { zone: 'a' } },
    status: { allocatable: { cpu: '4', pods: '110' }, capacity: { cpu: '4' }, nodeInfo: { kubeletVersion: 'v1.35.0' } },
  }));
  const items = [...many.slice(0, 40), ...nodes, ...variedPods(), ...many.slice(40)];
  for (const [name, text] of [
    ['np.yaml', toKubectlYaml(list(items))],
    ['np.json', JSON.stringify(list(items), null, 4)],
  ] as const) {
    const path = join(tmp.dir, name);
    writeFileSync(path, text);
    for (const handsOn of [false, true]) {
      let restarts = 0;
      const reader = new BatchReader();
      const handed: SchedPod[] = [];
      const r = loadSchedPodsFile(path, path, {
        pick: { minBytes: 0, checkEvery: 1 },
        onRestart: () => restarts++,
        ...(handsOn ? { onBatch: (b: WireBatch) => handed.push(...reader.read(b).pods) } : {}),
      });
      assert.equal(restarts, 0, `${name}, handed on: ${handsOn}`);
      assert.deepEqual(
        [...r.pods, ...handed],
        loadSchedPodsFromText(text, path).pods,
        `${name}, handed on: ${handsOn}`,
      );
    }
  }
});
