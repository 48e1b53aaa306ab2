// The WebAssembly pods JSON scanner (podsJsonScan.ts) must read kubectl's layout exactly as pickPodKey does: the
// same items walked and refused, the same name, uid and node name, and equal template ids for exactly the items
// with equal JS keys. Checked on the varied pods, on files whose whitespace is disturbed at random, and on UTF-8
// text (the JS walk reads the file as latin1, where each byte is one char, so offsets agree).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pickPodKey } from '../../server/src/inventory/files/podsJsonPick';
import {
  PodsJsonScanner,
  REC_CLOSE,
  REC_NAME,
  REC_NODE,
  REC_OPEN,
  REC_PLAIN,
  REC_TEMPLATE,
  REC_UID,
  STOP_ITEM,
  STOP_LIST_END,
} from '../../server/src/inventory/files/podsJsonScan';
import {
  deeper,
  disturbLines,
  list,
  oddPods,
  seededRandom,
  siblingsOf,
  tabbed,
  utf8Pods,
  variedPods,
  type LineEdit,
} from './variedPods';

type Obj = Record<string, unknown>;

interface Walked {
  close: number;
  name: string | null;
  uid: string | null;
  nodeName: string | null;
  plain: boolean;
  group: string;
}

const span = (b: Buffer, s: number, e: number, enc: BufferEncoding) => (s < 0 ? null : b.toString(enc, s, e));

/** Every item the scanner walks from the first item line on, by the offset of its `{`; refused items skipped. */
function scanned(b: Buffer, d: number, unit: number, scanner = new PodsJsonScanner()): Map<number, Walked> {
  const itemLine = Buffer.from(`\n${' '.repeat(d)}{`);
  const got = new Map<number, Walked>();
  scanner.load(b, 0, b.length);
  let at = b.indexOf(itemLine);
  while (at >= 0) {
    const n = scanner.scan(at, d, unit);
    const o = scanner.out;
    for (let i = 0; i < n; i++) {
      const r = scanner.recordAt(i);
      got.set(o[r + REC_OPEN]!, {
        close: o[r + REC_CLOSE]!,
        name: span(b, o[r + REC_NAME]!, o[r + REC_NAME + 1]!, 'latin1'),
        uid: span(b, o[r + REC_UID]!, o[r + REC_UID + 1]!, 'latin1'),
        nodeName: span(b, o[r + REC_NODE]!, o[r + REC_NODE + 1]!, 'latin1'),
        plain: o[r + REC_PLAIN] === 1,
        group: `${scanner.generation}:${o[r + REC_TEMPLATE]!}`,
      });
    }
    if (scanner.stopReason === STOP_LIST_END) break;
    at = scanner.stopReason === STOP_ITEM ? b.indexOf(itemLine, scanner.stopAt + 1) : scanner.stopAt;
  }
  return got;
}

/** pickPodKey at every item line of the file read as latin1: walked items by `{` offset, and the refused ones. */
function picked(s: string, d: number, unit: number): { walked: Map<number, Walked>; refused: number[] } {
  const itemLine = `\n${' '.repeat(d)}{`;
  const walked = new Map<number, Walked>();
  const refused: number[] = [];
  for (let at = s.indexOf(itemLine); at >= 0; at = s.indexOf(itemLine, at + 1)) {
    const open = at + d + 1;
    const k = pickPodKey(s, open, d, unit);
    if (!k) refused.push(open);
    else {
      const { close, uid, nodeName, plain } = k;
      walked.set(open, { close, name: k.name === '' ? null : k.name, uid, nodeName, plain, group: k.key });
    }
  }
  return { walked, refused };
}

/** The scanner agrees with pickPodKey on the file: what it walks, refuses, reads and groups. */
function assertAgrees(b: Buffer, unit: number, what: string): { walked: number; refused: number } {
  const d = 2 * unit;
  const js = picked(b.toString('latin1'), d, unit);
  const wasm = scanned(b, d, unit);
  // An item line inside an item the scanner walked (a string's escaped text never is one) is never tried by it.
  const inside = (open: number) => [...wasm.entries()].some(([o, w]) => o < open && open < w.close);
  for (const open of js.refused) assert.ok(!wasm.has(open), `${what}: item at ${open} refused by JS, walked here`);
  const byGroup = new Map<string, string>();
  const byKey = new Map<string, string>();
  for (const [open, j] of js.walked) {
    const w = wasm.get(open);
    if (!w) {
      assert.ok(inside(open), `${what}: item at ${open} walked by JS, refused here`);
      continue;
    }
    const { group: jKey, ...jFields } = j;
    const { group, ...wFields } = w;
    assert.deepEqual(wFields, jFields, `${what}: item at ${open}`);
    // Equal keys ⇔ equal template ids.
    assert.equal(byKey.get(jKey) ?? group, group, `${what}: item at ${open}: one key, two templates`);
    assert.equal(byGroup.get(group) ?? jKey, jKey, `${what}: item at ${open}: one template, two keys`);
    byKey.set(jKey, group);
    byGroup.set(group, jKey);
  }
  for (const open of wasm.keys()) assert.ok(js.walked.has(open), `${what}: item at ${open} walked here, not by JS`);
  return { walked: wasm.size, refused: js.refused.length };
}

const varied = (variedPods() as Obj[]).filter((p) => p.kind === 'Pod');
const siblings = siblingsOf(varied);
const all = [...variedPods(), ...siblings, ...oddPods(varied)];

describe('podsJsonScan: the scanner reads items as pickPodKey does', () => {
  for (const unit of [2, 4]) {
    test(`indent ${unit}: the varied pods, their siblings and the odd pods`, () => {
      const b = Buffer.from(JSON.stringify(list(all), null, unit));
      const r = assertAgrees(b, unit, `indent ${unit}`);
      assert.ok(r.walked >= all.length - 4, `${r.walked} of ${all.length} walked`);
    });
  }

  test('a wanted key behind an escape, a key not written `"key": `, a wanted object on one line: refused by both', () => {
    const t = JSON.stringify(list([varied[0], varied[1]]), null, 4);
    for (const [from, to] of [
      ['"labels": {', '"lab\\u0065ls": {'],
      ['"phase": ', '"\\u0061phase": '],
      ['"image": ', '"im\\u0061ge": '],
      ['"nodeName": ', '"nodeName":'],
    ]) {
      const odd = t.replace(from!, to!);
      assert.notEqual(odd, t);
      assert.equal(assertAgrees(Buffer.from(odd), 4, to!).refused, 1, to);
    }
  });

  test('200 files with disturbed whitespace: the same items walked, refused, read and grouped', () => {
    // The generator's high bits: its low bits cycle too soon to pick among six edits.
    const seeded = seededRandom(20261125);
    const rand = (n: number) => Math.floor((seeded(2 ** 30) / 2 ** 30) * n);
    const lines = JSON.stringify(list(all), null, 4).split('\n');
    const edits: LineEdit[] = [
      deeper,
      (ls, i) => {
        const line = ls[i]!;
        ls[i] = line.slice(Math.min(1 + rand(4), line.length - line.trimStart().length));
      },
      (ls, i) => ls.splice(i, 2, `${ls[i]!} ${ls[i + 1]!.trimStart()}`),
      tabbed,
      (ls, i) => (ls[i] = ls[i]!.replace('": ', '":')),
      (ls, i) => (ls[i] = ls[i]!.replace(/^(\s*")/, '$1\\u0061')),
      // From the prototype's fuzz: escapes and non-ASCII in values, an object opened on its key's line, the
      // strings that decide whether ports and conditions are kept.
      (ls, i) => (ls[i] = ls[i]!.replace(/": "/, '": "\\"')),
      (ls, i) => (ls[i] = ls[i]!.replace(/[a-z]/, 'é')),
      (ls, i) => (ls[i] = ls[i]!.replace(/\{$/, '{"x": 1,')),
      (ls, i) => (ls[i] = ls[i]!.replace('"containerPort"', '"hostPort"')),
      (ls, i) => (ls[i] = ls[i]!.replace('"Ready"', '"PodResizePending"')),
    ];
    let refused = 0;
    for (let k = 0; k < 200; k++) {
      const t = disturbLines(lines, rand, edits, 1, 1);
      refused += assertAgrees(Buffer.from(t), 4, `case ${k}`).refused;
    }
    assert.ok(refused > 20, `${refused} refusals`);
  });
});

describe('podsJsonScan: UTF-8', () => {
  const items = utf8Pods(varied[0]!);
  const b = Buffer.from(JSON.stringify(list(items), null, 4));

  test('non-ASCII bytes in skipped and kept values and in the identity: read and grouped as pickPodKey', () => {
    const r = assertAgrees(b, 4, 'utf8');
    assert.equal(r.walked, items.length);
  });

  test('the identity decodes as UTF-8 to the parsed names; equal labels, one template', () => {
    const got = [...scanned(b, 8, 4).values()];
    const utf = (s: string | null) => (s === null ? null : Buffer.from(s, 'latin1').toString('utf8'));
    assert.deepEqual(
      got.map((w) => [utf(w.name), utf(w.uid), utf(w.nodeName)]),
      items.map((p) => [(p.metadata as Obj).name, (p.metadata as Obj).uid, (p.spec as Obj).nodeName]),
    );
    assert.equal(got[0]!.group, got[1]!.group);
    assert.notEqual(got[0]!.group, got[2]!.group);
    assert.notEqual(got[2]!.group, got[3]!.group);
  });
});

test('podsJsonScan: a scanner reused over many loads keeps its templates; offsets are those of each buffer', () => {
  const scanner = new PodsJsonScanner();
  const b = Buffer.from(JSON.stringify(list(all), null, 4));
  const first = scanned(b, 8, 4, scanner);
  const padded = Buffer.concat([Buffer.alloc(1000, 32), b]);
  const again = scanned(padded, 8, 4, scanner);
  assert.equal(again.size, first.size);
  for (const [open, w] of first) assert.deepEqual(again.get(open + 1000), { ...w, close: w.close + 1000 });
});

test('podsJsonScan: 70,000 items of different labels: the output and the template table fill and go on', () => {
  const tiny = (i: number) => ({ kind: 'Pod', metadata: { name: `p${i}`, labels: { i: String(i) } }, spec: {} });
  const b = Buffer.from(JSON.stringify(list(Array.from({ length: 70_000 }, (_, i) => tiny(i))), null, 4));
  const scanner = new PodsJsonScanner();
  const got = scanned(b, 8, 4, scanner);
  assert.equal(got.size, 70_000);
  assert.equal(scanner.generation, 1, 'the table restarted once (65,536 templates)');
  assert.equal(new Set([...got.values()].map((w) => w.group)).size, 70_000, 'every item its own template');
  assert.equal([...got.values()].at(-1)!.name, 'p69999');
});
