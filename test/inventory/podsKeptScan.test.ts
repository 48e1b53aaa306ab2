// Pods kept whole (kce plan keeps those a DaemonSet may own) where batches are handed on: the WebAssembly scanners
// still read every other pod, telling the ones to keep by their owners peeked from kubectl's layout
// (ownerRefsPeek.ts). Whatever the file, the pods and the kept pods must be those of the whole-text loader.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Pod } from '../../server/src/core/types';
import type { SchedPod } from '../../server/src/core/scheduler/types';
import { toKubectlYaml } from '../../server/src/inventory/files/generate';
import { generatePodObjects } from '../../server/src/inventory/files/generatePods';
import {
  loadPodsFromText,
  loadSchedPodsFromText,
  mayBelongToDaemonSet,
} from '../../server/src/inventory/files/loadPods';
import { JsonOwnersPeek, peekYamlOwners } from '../../server/src/inventory/files/ownerRefsPeek';
import { loadSchedPodsFile } from '../../server/src/inventory/files/podsFile';
import { pickCounts, type PickPolicy } from '../../server/src/inventory/files/podsJsonItems';
import { BatchReader, type WireBatch } from '../../server/src/inventory/files/podTemplates';
import { tempDir } from '../cluster/apiServer';
import { list, oddPods, variedPods } from './variedPods';

const tmp = tempDir('kce-pods-kept-scan-');
after(() => tmp.cleanup());
type Obj = Record<string, unknown>;
const keep = (p: unknown) => mayBelongToDaemonSet(p as Obj);

// Generated pods: 2 of every 10 on a node are DaemonSet pods; varied ones add orphans, a Deployment's pods and more.
const many = [...generatePodObjects(30, 10)] as Obj[];
const varied = (variedPods() as Obj[]).filter((p) => p.kind === 'Pod');
const owners = (p: Obj) => (p.metadata as Obj).ownerReferences as Obj[] | undefined;
// Owners in every form the keep test reads: no controller among several, a DaemonSet controller after another
// owner, an empty list.
const edge = structuredClone(many.slice(40, 43));
owners(edge[0]!)!.forEach((o) => (o.controller = false));
(edge[1]!.metadata as Obj).ownerReferences = [
  { apiVersion: 'v1', kind: 'ConfigMap', name: 'x', uid: 'u1' },
  { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'ds', uid: 'u2', controller: true },
];
(edge[2]!.metadata as Obj).ownerReferences = [];
const all = [...many, ...varied, ...oddPods(varied), ...edge, ...many.slice(0, 50)];

function readKept(name: string, text: string, pick: PickPolicy, keeping = true) {
  const path = join(tmp.dir, name);
  writeFileSync(path, text);
  const reader = new BatchReader();
  const pods: SchedPod[] = [];
  const kept: Pod[] = [];
  const before = { ...pickCounts };
  let restarts = 0;
  const r = loadSchedPodsFile(path, path, {
    ...(keeping ? { keep: mayBelongToDaemonSet } : {}),
    pick,
    onRestart: () => restarts++,
    onBatch: (b: WireBatch) => {
      const read = reader.read(b);
      pods.push(...read.pods);
      kept.push(...read.kept);
    },
  });
  return { r, pods, kept, restarts, stamped: pickCounts.stamped - before.stamped };
}

for (const [format, write] of [
  ['json', (items: unknown[]) => JSON.stringify(list(items), null, 4)],
  ['yaml', (items: unknown[]) => toKubectlYaml(list(items))],
] as const) {
  describe(`pods kept whole, ${format}, batches handed on`, () => {
    test('the whole-text pods and kept pods, most others stamped by the scanner', () => {
      const text = write(all);
      for (const checkEvery of [1, 7]) {
        const b = readKept(`kept.${format}`, text, { minBytes: 0, checkEvery });
        assert.equal(b.restarts, 0, `checkEvery ${checkEvery}`);
        assert.deepEqual(b.pods, loadSchedPodsFromText(text, 'x').pods);
        const whole = loadPodsFromText(text, 'x').pods.filter(keep);
        assert.ok(whole.length > 60, `${whole.length} pods to keep`);
        assert.deepEqual(b.kept, whole);
        // The DaemonSet pods and orphans are parsed; the rest is stamped as when no pod is kept (before: none was).
        const free = readKept(`free.${format}`, text, { minBytes: 0, checkEvery }, false);
        assert.ok(
          b.stamped > 50 && b.stamped >= free.stamped - whole.length,
          `${b.stamped} stamped, ${free.stamped} without keeping`,
        );
      }
    });
  });
}

describe('owners peeked from the layout', () => {
  const items = [...many.slice(0, 12), ...edge] as Obj[];
  test("JSON: the references of every item as parsing gives them, in kubectl's layout and jq's", () => {
    for (const unit of [4, 2]) {
      const text = JSON.stringify(list(items), null, unit);
      const w = Buffer.from(text);
      const peek = new JsonOwnersPeek({ unit, itemIndent: 2 * unit });
      const opens = [...text.matchAll(new RegExp(`\\n {${2 * unit}}\\{\\n`, 'g'))].map((m) => m.index! + 1 + 2 * unit);
      assert.equal(opens.length, items.length);
      opens.forEach((open, i) => {
        const close = text.indexOf(`\n${' '.repeat(2 * unit)}}`, open) + 1 + 2 * unit;
        const refs = owners(items[i]!);
        // An empty list is printed on one line: left to the whole item, as is an item with none.
        const expected = refs && refs.length ? { ownerReferences: refs } : undefined;
        assert.deepEqual(peek.peek(w, open, close), expected, `unit ${unit}, item ${i}`);
      });
    }
  });
  test('YAML: the references of every item as parsing gives them', () => {
    const text = toKubectlYaml(list(items));
    const w = Buffer.from(text);
    const starts = [...text.matchAll(/\n- /g)].map((m) => m.index! + 1);
    assert.equal(starts.length, items.length);
    starts.forEach((s, i) => {
      const next = starts[i + 1] ?? text.indexOf('\nkind: List') + 1;
      const refs = owners(items[i]!);
      const expected = refs && refs.length ? { ownerReferences: refs } : undefined;
      assert.deepEqual(peekYamlOwners(w, s, next), expected, `item ${i}`);
    });
  });
  test('references not where kubectl prints them are not read (the whole item decides)', () => {
    const pod = structuredClone(many[3]!);
    const refs = owners(pod)!;
    delete (pod.metadata as Obj).ownerReferences;
    (pod.spec as Obj).ownerReferences = refs; // not metadata's
    const yaml = toKubectlYaml(list([pod]));
    assert.equal(peekYamlOwners(Buffer.from(yaml), yaml.indexOf('- '), yaml.indexOf('\nkind: List') + 1), undefined);
    const json = JSON.stringify(list([pod]), null, 4);
    const open = json.indexOf('\n        {\n') + 9;
    const close = json.lastIndexOf('\n        }') + 9;
    assert.equal(new JsonOwnersPeek({ unit: 4, itemIndent: 8 }).peek(Buffer.from(json), open, close), undefined);
  });
});
