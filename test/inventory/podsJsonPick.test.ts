// Picking a Pod item's scheduler fields out of kubectl's JSON layout (podsJsonPick.ts) without parsing the rest:
// the pruned pod must always give what JSON.parse + toSchedPod give, and any layout it does not recognise must make
// the reader parse the item whole. Checked item by item on pods of every shape, then on files whose whitespace is
// disturbed at random (still valid JSON): the reader must give exactly the whole-text loader's pods.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatePodObjects } from '../../server/src/inventory/files/generatePods';
import { toSchedPod } from '../../server/src/inventory/files/podModel';
import { loadPodsFromText, loadSchedPodsFromText, mayBelongToDaemonSet } from '../../server/src/inventory/files/loadPods';
import { loadSchedPodsFile } from '../../server/src/inventory/files/podsFile';
import { pickCounts } from '../../server/src/inventory/files/podsJsonItems';
import { pickPodItem, pickPodKey } from '../../server/src/inventory/files/podsJsonPick';
import { tempDir } from '../cluster/apiServer';
import {
  deeper,
  disturbLines,
  list,
  loadCounting,
  oddPods,
  seededRandom,
  tabbed,
  variedPods,
  type LineEdit,
} from './variedPods';

const tmp = tempDir('kce-pods-pick-');
// Picking in files of any size, every picked item checked against parsing it.
const everyItem = { minBytes: 0, checkEvery: 1 };
after(() => tmp.cleanup());

type Obj = Record<string, unknown>;
const isAscii = (t: string) => !/[^\x00-\x7f]/.test(t);

/** The item of a one-item List as kubectl indents it, and where its `{` is. */
function itemText(pod: unknown, unit: number): { s: string; open: number } {
  const s = JSON.stringify(list([pod]), null, unit);
  const d = 2 * unit;
  return { s, open: s.indexOf(`\n${' '.repeat(d)}{`) + d + 1 };
}

const pods = (variedPods() as Obj[]).filter((p) => p.kind === 'Pod' && isAscii(JSON.stringify(p)));

describe('podsJsonPick: a Pod item picked by layout', () => {
  for (const unit of [2, 4]) {
    test(`indent ${unit}: every varied pod picked, the same scheduler view as parsing it`, () => {
      assert.ok(pods.length >= 14);
      for (const [i, pod] of pods.entries()) {
        const { s, open } = itemText(pod, unit);
        const r = pickPodItem(s, open, 2 * unit, unit, true);
        assert.ok(r, `pod ${i} was not picked`);
        assert.deepEqual(JSON.parse(s.slice(open, r.close + 1)), pod, `pod ${i}: its item ends at the close`);
        assert.deepEqual(toSchedPod(r.pod), toSchedPod(pod), `pod ${i}`);
        assert.deepEqual((r.pod.metadata as Obj).ownerReferences, (pod.metadata as Obj).ownerReferences);
        assert.equal(mayBelongToDaemonSet(r.pod), mayBelongToDaemonSet(pod));
        // Without owners asked for, none are picked.
        assert.equal((pickPodItem(s, open, 2 * unit, unit, false)!.pod.metadata as Obj).ownerReferences, undefined);
      }
    });
  }

  test('escaped strings and wrongly typed values: picked as parsing gives them, or left to the parser', () => {
    for (const pod of oddPods(pods)) {
      const { s, open } = itemText(pod, 4);
      const r = pickPodItem(s, open, 8, 4, false);
      if (typeof pod.spec === 'string') {
        assert.equal(r, undefined, 'a spec that is not an object is parsed whole');
        continue;
      }
      assert.ok(r);
      assert.deepEqual(toSchedPod(r.pod), toSchedPod(pod));
    }
  });

  test('a layout it does not recognise gives undefined, never a different pod', () => {
    const { s, open } = itemText(pods[0], 4);
    // The spec's members one column deeper than kubectl puts them.
    const shifted = s.replace(/\n {16}"/g, '\n                 "');
    assert.equal(pickPodItem(shifted, open, 8, 4, false), undefined);
    // Asked at the wrong depth.
    assert.equal(pickPodItem(s, open, 6, 4, false), undefined);
    // A compact subtree inside.
    const compact = s.replace(/"labels": \{[^}]*\}/, (m) => m.replace(/\s+/g, ''));
    const r = pickPodItem(compact, open, 8, 4, false);
    if (r) assert.deepEqual(toSchedPod(r.pod), toSchedPod(JSON.parse(compact.slice(open, r.close + 1))));
    // A wanted key behind an escape (JSON.parse reads `labels`), and a wanted object on its key's line.
    const escaped = s.replace('"labels": {', '"lab\\u0065ls": {');
    assert.notEqual(escaped, s);
    assert.equal(pickPodItem(escaped, open, 8, 4, false), undefined);
    assert.equal(pickPodKey(escaped, open, 8, 4), undefined);
    const oneLine = s.replace(/"labels": \{[^}]*\}/, (m) => m.replace(/\n\s*/g, ''));
    assert.match(oneLine, /"labels": \{"app": /);
    assert.equal(pickPodItem(oneLine, open, 8, 4, false), undefined);
    assert.equal(pickPodKey(oneLine, open, 8, 4), undefined);
    // A backslash in a value, not a key: picked as parsing gives it.
    const quoted = s.replace('"name": "node-agent-xxxx0"', '"name": "node-\\"agent\\\\"');
    assert.notEqual(quoted, s);
    const q = pickPodItem(quoted, open, 8, 4, false);
    assert.ok(q);
    assert.deepEqual(toSchedPod(q.pod), toSchedPod(JSON.parse(quoted.slice(open, q.close + 1))));
  });
});

describe('podsJsonPick: files with disturbed whitespace read like the whole-text loader', () => {
  const rand = seededRandom(20261124);
  const all = [...pods, ...oddPods(pods)];
  const lines = JSON.stringify(list(all), null, 4).split('\n');
  const text = lines.join('\n');
  const edits: LineEdit[] = [
    deeper,
    (ls, i) => {
      // shallower
      const line = ls[i]!;
      ls[i] = line.slice(Math.min(1 + rand(4), line.length - line.trimStart().length));
    },
    (ls, i) => {
      // joined with the next line
      ls.splice(i, 2, `${ls[i]!} ${ls[i + 1]!.trimStart()}`);
    },
    tabbed,
  ];
  const disturb = () => disturbLines(lines, rand, edits, 1, 1);

  test('300 disturbed files: the same pods, kept pods and errors as the whole-text loader', () => {
    // Undisturbed, every item is picked but the one whose spec is a string, and every picked one checked.
    const plain = join(tmp.dir, 'plain.json');
    writeFileSync(plain, text);
    const r0 = loadCounting(plain, everyItem);
    assert.deepEqual(r0.pods, loadSchedPodsFromText(text, plain).pods);
    assert.equal(r0.picked, all.length - 1);
    assert.equal(r0.parsedWhole, 1);
    // Small files are parsed, not picked, by default.
    const small = { ...pickCounts };
    loadSchedPodsFile(plain);
    assert.equal(pickCounts.picked, small.picked);
    let picked = 0;
    let restarts = 0;
    for (let k = 0; k < 300; k++) {
      const t = disturb();
      JSON.parse(t); // still valid JSON
      const path = join(tmp.dir, `d${k % 4}.json`);
      writeFileSync(path, t);
      const r = loadSchedPodsFile(path, path, { keep: mayBelongToDaemonSet, pick: everyItem, onRestart: () => restarts++ });
      const whole = loadSchedPodsFromText(t, path);
      assert.deepEqual(r.pods, whole.pods, `case ${k}`);
      assert.deepEqual(
        r.kept,
        loadPodsFromText(t, path).pods.filter((p) => mayBelongToDaemonSet(p as unknown as Obj)),
        `case ${k}`,
      );
      if (r.reader === 'json-items') picked++;
    }
    // Most disturbances leave the file readable item by item; some make a picked item differ from the parsed one
    // (a closing bracket indented one column off hides its siblings), and the file is read again, parsing.
    assert.ok(picked > 150, `${picked} of 300 read item by item`);
    assert.ok(restarts > 0, 'no disturbance was caught by the check');
  });
});

test('podsJsonPick: a file with non-ASCII text in some items: those runs parsed, the rest picked, the same pods', () => {
  const many = [...generatePodObjects(40, 10)] as Obj[];
  const labels = (many[123]!.metadata as Obj).labels as Obj;
  labels.team = 'équipe-北京';
  const text = JSON.stringify(list(many), null, 4);
  const path = join(tmp.dir, 'nonascii.json');
  writeFileSync(path, text);
  const r = loadCounting(path, { minBytes: 0, checkEvery: Number.POSITIVE_INFINITY });
  assert.deepEqual(r.pods, loadSchedPodsFromText(text, path).pods);
  assert.equal(r.pods[123]!.metadata?.labels?.team, 'équipe-北京');
  assert.ok(r.picked > 300 && r.picked < 400, `${r.picked} of 400 picked`);
});


test('podsJsonPick: an item larger than a run (a 300 KB annotation) among others: every item picked, the same pods', () => {
  const many = [...generatePodObjects(10, 10)] as Obj[];
  const meta = many[42]!.metadata as Obj;
  meta.annotations = { ...(meta.annotations as Obj | undefined), big: 'x'.repeat(300_000) };
  const text = JSON.stringify(list(many), null, 4);
  const path = join(tmp.dir, 'big-item.json');
  writeFileSync(path, text);
  const r = loadCounting(path, everyItem);
  assert.equal(r.reader, 'json-items');
  assert.deepEqual(r.pods, loadSchedPodsFromText(text, path).pods);
  assert.equal(r.picked, 100);
  assert.equal(r.parsedWhole, 0);
});
