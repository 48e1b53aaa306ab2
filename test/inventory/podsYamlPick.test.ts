// Pruning a Pod item of kubectl's YAML to the lines the scheduler's view reads (podsYamlPick.ts) before parsing it:
// the pruned item must always give what parsing the whole item gives, and a layout the pruner does not recognise
// must make the reader parse the item whole. Checked item by item on pods of every shape, then on files whose lines
// are disturbed at random: the reader must give exactly the whole-text loader's pods.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toKubectlYaml } from '../../server/src/inventory/files/generate';
import { generatePodObjects } from '../../server/src/inventory/files/generatePods';
import { fastParseYamlStream } from '../../server/src/inventory/files/kubectlYamlReader';
import { loadPodsFromText, loadSchedPodsFromText, mayBelongToDaemonSet } from '../../server/src/inventory/files/loadPods';
import { toSchedPod } from '../../server/src/inventory/files/podModel';
import { loadSchedPodsFile } from '../../server/src/inventory/files/podsFile';
import { pickCounts } from '../../server/src/inventory/files/podsJsonItems';
import { pruneYamlItem } from '../../server/src/inventory/files/podsYamlPick';
import { tempDir } from '../cluster/apiServer';
import { deeper, disturbLines, list, loadCounting, seededRandom, tabbed, variedPods, type LineEdit } from './variedPods';

const tmp = tempDir('kce-pods-yaml-prune-');
after(() => tmp.cleanup());
// Pruning in files of any size, every pruned item checked against parsing it whole.
const everyItem = { minBytes: 0, checkEvery: 1 };

type Obj = Record<string, unknown>;

/** A one-item List as kubectl prints it, and the item's span (from its `- ` to the List's own keys). */
function itemText(pod: unknown): { s: string; from: number; to: number } {
  const s = toKubectlYaml(list([pod]));
  const from = s.indexOf('\n- ') + 1;
  return { s, from, to: s.indexOf('\nkind: List') + 1 };
}

const parseItem = (text: string): Obj => {
  const docs = fastParseYamlStream(text);
  assert.ok(docs, `the kubectl-subset reader read:\n${text}`);
  return (docs[0] as Obj[])[0]!;
};

const pods = (variedPods() as Obj[]).filter((p) => p.kind === 'Pod');

/** The pruned text of the item at `from`, which must end at `to` (undefined when it is not pruned). */
function prune(s: string, from: number, to: number, withOwners: boolean): string | undefined {
  const r = pruneYamlItem(s, from, to, withOwners);
  if (r) assert.equal(r.next, to, 'the pruner found where the item ends');
  return r?.text;
}

// Shapes the varied pods lack: values of the wrong type, empty collections, a resize condition among others,
// containers whose first key is read (or none is), a spec that is a string, a pod without status.
function oddPods(): Obj[] {
  const [a, b, c] = [0, 1, 2].map(() => structuredClone(pods[0]!));
  (a!.spec as Obj).containers = { not: 'a list' };
  (a!.metadata as Obj).labels = ['not', 'a', 'map'];
  (a!.status as Obj).phase = 7;
  (b!.spec as Obj).containers = [];
  (b!.spec as Obj).initContainers = [{ name: 'i', ports: [], resources: {} }, { image: 'no-name' }];
  (b!.status as Obj).containerStatuses = [];
  (b!.metadata as Obj).labels = {};
  (c!.status as Obj).conditions = [
    { type: 'Ready', status: 'True' },
    { type: 'PodResizeInProgress', status: 'True', message: 'long\ntext' },
  ];
  (c!.spec as Obj).nodeName = 'a: b # not a comment';
  const noStatus = structuredClone(pods[1]!);
  delete noStatus.status;
  const specString = { ...structuredClone(pods[2]!), spec: 'running' };
  return [a!, b!, c!, noStatus, specString];
}

describe('podsYamlPick: a Pod item pruned by layout', () => {
  test('every varied pod pruned: the same scheduler view, owners and keep decision as parsing it whole', () => {
    assert.ok(pods.length >= 17);
    for (const [i, pod] of pods.entries()) {
      const { s, from, to } = itemText(pod);
      const whole = parseItem(s.slice(from, to));
      const pruned = prune(s, from, to, true);
      assert.ok(pruned !== undefined, `pod ${i} was not pruned`);
      assert.ok(pruned.length < (to - from) / 2, `pod ${i}: ${pruned.length} of ${to - from} characters kept`);
      const p = parseItem(pruned);
      assert.deepEqual(toSchedPod(p), toSchedPod(whole), `pod ${i}`);
      assert.deepEqual((p.metadata as Obj | undefined)?.ownerReferences, (whole.metadata as Obj | undefined)?.ownerReferences);
      assert.equal(mayBelongToDaemonSet(p), mayBelongToDaemonSet(whole));
      // Without owners asked for, none are kept.
      const lean = parseItem(prune(s, from, to, false)!);
      assert.equal((lean.metadata as Obj | undefined)?.ownerReferences, undefined);
      assert.deepEqual(toSchedPod(lean), toSchedPod(whole), `pod ${i}`);
    }
  });

  test('in a run of items, each ends where the next one starts', () => {
    const s = toKubectlYaml(list(pods.slice(0, 5)));
    const end = s.indexOf('\nkind: List') + 1;
    const starts: number[] = [];
    for (let at = s.indexOf('\n- '); at >= 0 && at < end; at = s.indexOf('\n- ', at + 1)) starts.push(at + 1);
    assert.equal(starts.length, 5);
    let at = starts[0]!;
    for (const [i, start] of starts.entries()) {
      assert.equal(at, start, `item ${i} starts where the one before ended`);
      at = pruneYamlItem(s, at, end, false)!.next;
    }
    assert.equal(at, end);
  });

  test('odd values: pruned as parsing reads them', () => {
    for (const [i, pod] of oddPods().entries()) {
      const { s, from, to } = itemText(pod);
      const pruned = prune(s, from, to, false);
      if (!Array.isArray((pod.spec as Obj | undefined)?.containers ?? [])) {
        assert.equal(pruned, undefined, 'containers that are not a sequence: the item is parsed whole');
        continue;
      }
      assert.ok(pruned !== undefined, `odd pod ${i}`);
      assert.deepEqual(toSchedPod(parseItem(pruned)), toSchedPod(parseItem(s.slice(from, to))), `odd pod ${i}`);
    }
    // The resize condition is kept with its siblings; without one, no condition is.
    const { s, from, to } = itemText(oddPods()[2]);
    assert.match(prune(s, from, to, false)!, /PodResizeInProgress[\s\S]*\n {4}containerStatuses:/);
    const plain = itemText(pods[0]);
    assert.doesNotMatch(prune(plain.s, plain.from, plain.to, false)!, /conditions:/);
  });

  test('a layout it does not recognise gives undefined, never a different pod', () => {
    const { s, from } = itemText(pods[0]);
    const cases: [string, string][] = [
      ['a key of spec one column deeper', s.replace(/\n {4}nodeName:/, '\n     nodeName:')],
      ['a quoted key where a key is read', s.replace(/\n {4}nodeName:/, '\n    "nodeName":')],
      ['a comment line', s.replace(/\n {2}spec:\n/, '\n  spec:\n    # a comment\n')],
      ['a blank line between keys', s.replace(/\n {2}spec:\n/, '\n  spec:\n\n')],
      ['a container entry one column deeper', s.replace(/\n {4}containers:\n {4}- /, '\n    containers:\n     - ')],
    ];
    for (const [name, t] of cases) {
      const end = t.indexOf('\nkind: List') + 1;
      assert.equal(pruneYamlItem(t, from, end, false), undefined, name);
    }
    // A span that runs on past the item (into the List's own keys at column 0).
    assert.equal(pruneYamlItem(s, from, s.length, false), undefined);
  });
});

describe('podsYamlPick: files with disturbed lines read like the whole-text loader', () => {
  const rand = seededRandom(20261124);
  const all = [...pods, ...oddPods()];
  const text = toKubectlYaml(list(all));
  const lines = text.split('\n');
  const CASES = 160;
  const edits: LineEdit[] = [
    deeper,
    (ls, i) => {
      // shallower, never out of an item
      const line = ls[i]!;
      ls[i] = line.slice(Math.min(1 + rand(4), Math.max(0, line.length - line.trimStart().length - 1)));
    },
    (ls, i) => ls.splice(i, 0, ' '.repeat(rand(8))), // a blank line
    (ls, i) => ls.splice(i, 0, `${' '.repeat(rand(8))}# note`), // a comment
    tabbed,
  ];
  const disturb = () => disturbLines(lines, rand, edits, 2, 4);

  test(`${CASES} disturbed files: the same pods and kept pods as the whole-text loader`, () => {
    // Undisturbed, every item is pruned but the one whose containers are not a sequence (a spec that is a string
    // is kept as it is), and every pruned one checked.
    const plain = join(tmp.dir, 'plain.yaml');
    writeFileSync(plain, text);
    const r0 = loadCounting(plain, everyItem);
    assert.equal(r0.reader, 'yaml-items');
    assert.deepEqual(r0.pods, loadSchedPodsFromText(text, plain).pods);
    assert.equal(r0.picked, all.length - 1);
    assert.equal(r0.parsedWhole, 1);
    // Small files are parsed, not pruned, by default; the errors are located alike.
    const small = { ...pickCounts };
    const parsed = loadSchedPodsFile(plain);
    assert.equal(pickCounts.picked, small.picked);
    assert.deepEqual(r0.errors, parsed.errors);
    assert.match(r0.errors[0]?.message ?? '', /\(items\[9\]\): a Pod needs metadata\.name/);
    let byItems = 0;
    let restarts = 0;
    for (let k = 0; k < CASES; k++) {
      const t = disturb();
      const path = join(tmp.dir, `d${k % 4}.yaml`);
      writeFileSync(path, t);
      const r = loadSchedPodsFile(path, path, { keep: mayBelongToDaemonSet, pick: everyItem, onRestart: () => restarts++ });
      const whole = loadSchedPodsFromText(t, path);
      assert.deepEqual(r.pods, whole.pods, `case ${k}`);
      if (r.reader === 'yaml-items') {
        byItems++;
        assert.deepEqual(
          r.kept,
          loadPodsFromText(t, path).pods.filter((p) => mayBelongToDaemonSet(p as unknown as Obj)),
          `case ${k}`,
        );
      }
    }
    // Most disturbances take the file out of the subset kubectl prints (tabs, comments, lines that break the YAML):
    // the whole-text loader reads those. The rest are read item by item, pruned, and every item checked.
    assert.ok(byItems >= CASES / 8, `${byItems} of ${CASES} read item by item`);
    assert.ok(restarts > 0, 'no disturbance was caught by the check');
  });
});

test('podsYamlPick: CRLF files and non-ASCII text read as before, the same pods', () => {
  const many = [...generatePodObjects(40, 10)] as Obj[];
  ((many[123]!.metadata as Obj).labels as Obj).team = 'équipe-北京';
  const text = toKubectlYaml(list(many));
  for (const [name, t] of [
    ['LF', text],
    ['CRLF', text.replace(/\n/g, '\r\n')],
  ] as const) {
    const path = join(tmp.dir, `many-${name}.yaml`);
    writeFileSync(path, t);
    const r = loadCounting(path, { minBytes: 0, checkEvery: Number.POSITIVE_INFINITY });
    assert.deepEqual(r.pods, loadSchedPodsFromText(t, path).pods, name);
    assert.equal(r.pods[123]!.metadata?.labels?.team, 'équipe-北京');
    assert.equal(r.picked, name === 'LF' ? 400 : 0, name);
  }
});
