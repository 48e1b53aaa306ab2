// The WebAssembly pods YAML scanner (podsYamlScan.ts) must read kubectl's YAML exactly as pruneYamlItem does: no
// item walked that the pruner refuses, every item the pruner gives a template key walked (but for CRLF text and the
// List's last item, left to the JS reader), the same end and identity values, and equal template ids for exactly the
// items with equal JS keys. Checked on the varied and odd pods, their siblings, files whose lines are disturbed at
// random, CRLF and UTF-8 text (the pruner reads the file as latin1, where each byte is one char, so offsets agree).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toKubectlYaml } from '../../server/src/inventory/files/generate';
import { oneLineString } from '../../server/src/inventory/files/kubectlYamlScalars';
import { pruneYamlItem } from '../../server/src/inventory/files/podsYamlPick';
import {
  PodsYamlScanner,
  REC_NAME,
  REC_NEXT,
  REC_NODE,
  REC_START,
  REC_TEMPLATE,
  REC_UID,
  STOP_ITEM,
} from '../../server/src/inventory/files/podsYamlScan';
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
  next: number;
  name: string | undefined;
  uid: string | null | undefined;
  nodeName: string | null | undefined;
  group: string;
}

// A raw identity value as the reader reads it: oneLineString of its text (null when its key is absent).
const value = (b: Buffer, s: number, e: number) => (s < 0 ? null : oneLineString(b.toString('latin1', s, e)));

/** Every item the scanner walks, by the offset of its `- `; refused items skipped. */
function scanned(b: Buffer, scanner = new PodsYamlScanner()): Map<number, Walked> {
  const got = new Map<number, Walked>();
  scanner.load(b, 0, b.length);
  let at = b.indexOf('\n- ');
  while (at >= 0) {
    const n = scanner.scan(at);
    const o = scanner.out;
    for (let i = 0; i < n; i++) {
      const r = scanner.recordAt(i);
      got.set(o[r + REC_START]!, {
        next: o[r + REC_NEXT]!,
        name: value(b, o[r + REC_NAME]!, o[r + REC_NAME + 1]!) ?? undefined,
        uid: value(b, o[r + REC_UID]!, o[r + REC_UID + 1]!),
        nodeName: value(b, o[r + REC_NODE]!, o[r + REC_NODE + 1]!),
        group: `${scanner.generation}:${o[r + REC_TEMPLATE]!}`,
      });
    }
    at = scanner.stopReason === STOP_ITEM ? b.indexOf('\n- ', scanner.stopAt + 1) : scanner.stopAt;
  }
  return got;
}

/** The scanner agrees with pruneYamlItem on the file: what it walks, refuses, reads and groups. */
function assertAgrees(b: Buffer, what: string): { walked: number; keyed: number; refused: number } {
  const s = b.toString('latin1');
  const wasm = scanned(b);
  const byGroup = new Map<string, string>();
  const byKey = new Map<string, string>();
  let keyed = 0;
  let refused = 0;
  for (let at = s.indexOf('\n- '); at >= 0; at = s.indexOf('\n- ', at + 1)) {
    const from = at + 1;
    const js = pruneYamlItem(s, from, s.length, false);
    const w = wasm.get(from);
    if (!js) {
      refused++;
      assert.equal(w, undefined, `${what}: item at ${from} refused by JS, walked here`);
      continue;
    }
    if (!js.id) continue; // parsed by JS (or, walked here, parsed whole: its identity is not one-line strings)
    keyed++;
    if (!w) {
      const leftToJs = s.slice(from, js.next).includes('\r') || js.next === s.length;
      assert.ok(leftToJs, `${what}: item at ${from} keyed by JS, refused here`);
      continue;
    }
    assert.equal(w.next, js.next, `${what}: item at ${from}: its end`);
    const { key, ...identity } = js.id;
    assert.deepEqual({ name: w.name, uid: w.uid, nodeName: w.nodeName }, identity, `${what}: item at ${from}`);
    // Equal keys ⇔ equal template ids.
    assert.equal(byKey.get(key) ?? w.group, w.group, `${what}: item at ${from}: one key, two templates`);
    assert.equal(byGroup.get(w.group) ?? key, key, `${what}: item at ${from}: one template, two keys`);
    byKey.set(key, w.group);
    byGroup.set(w.group, key);
  }
  return { walked: wasm.size, keyed, refused };
}

const varied = (variedPods() as Obj[]).filter((p) => p.kind === 'Pod');
const siblings = siblingsOf(varied);
// podsYamlPick.test.ts's shapes: a resize condition among others, a node name that looks like a key and comment.
const resized = structuredClone(varied[0]!);
(resized.status as Obj).conditions = [
  { type: 'Ready', status: 'True' },
  { type: 'PodResizeInProgress', status: 'True', message: 'long\ntext' },
];
(resized.spec as Obj).nodeName = 'a: b # not a comment';
const all = [...variedPods(), ...siblings, ...oddPods(varied), resized];

describe('podsYamlScan: the scanner reads items as pruneYamlItem does', () => {
  test('the varied pods, their siblings and the odd pods', () => {
    const r = assertAgrees(Buffer.from(toKubectlYaml(list(all))), 'plain');
    assert.ok(r.keyed >= all.length - 8, `${r.keyed} of ${all.length} keyed by JS`);
    assert.ok(r.walked >= r.keyed - 1, `${r.walked} walked, ${r.keyed} keyed by JS`);
  });

  test('200 files with disturbed lines: the same items walked, refused, read and grouped', () => {
    const seeded = seededRandom(20261127);
    const rand = (n: number) => Math.floor((seeded(2 ** 30) / 2 ** 30) * n);
    const lines = toKubectlYaml(list(all)).split('\n');
    const edits: LineEdit[] = [
      deeper,
      (ls, i) => {
        const line = ls[i]!;
        ls[i] = line.slice(Math.min(1 + rand(4), Math.max(0, line.length - line.trimStart().length - 1)));
      },
      (ls, i) => ls.splice(i, 0, ' '.repeat(rand(8))), // a blank line
      (ls, i) => ls.splice(i, 0, `${' '.repeat(rand(8))}# note`), // a comment
      tabbed,
      (ls, i) => (ls[i] = ls[i]!.replace(/: /, ':')),
      (ls, i) => (ls[i] = `${ls[i]!} `), // a trailing space
      (ls, i) => (ls[i] = ls[i]!.replace(/[a-z]/, 'é')),
      (ls, i) => (ls[i] = ls[i]!.replace(/: (.+)$/, ': "$1"')),
      (ls, i) => (ls[i] = `${ls[i]!}\r`),
      (ls, i) => ls.splice(i, 0, ls[i]!), // a line twice (a key met twice)
      (ls, i) => (ls[i] = ls[i]!.replace('containerPort', 'hostPort')),
      (ls, i) => (ls[i] = ls[i]!.replace('Ready', 'PodResizePending')),
    ];
    let refused = 0;
    for (let k = 0; k < 200; k++) {
      const t = disturbLines(lines, rand, edits, 2, 4);
      refused += assertAgrees(Buffer.from(t, 'latin1'), `case ${k}`).refused;
    }
    assert.ok(refused > 50, `${refused} refusals`);
  });

  // The scanner walks into metadata, spec, status and the container lists without measuring their subtrees first;
  // where that walk stops is checked against where the key's subtree ends. Lines inserted in the second item.
  test('a mapping or sequence walked into that stops inside its key`s subtree: refused as by JS', () => {
    const pod = (i: number) => ({
      kind: 'Pod',
      metadata: { name: `p${i}`, uid: `u${i}`, labels: { app: 'a' } },
      spec: { nodeName: `n${i}`, containers: [{ name: 'c', resources: { requests: { cpu: '1' } } }] },
      status: { phase: 'Running', containerStatuses: [{ name: 'c', ready: true }] },
    });
    const lines = toKubectlYaml(list([0, 1, 2, 3].map(pod))).split('\n');
    const second = lines.indexOf('- kind: Pod', lines.indexOf('- kind: Pod') + 1);
    const after = (line: string) => lines.indexOf(line, second) + 1;
    const cases: [string, number, string[], boolean][] = [
      ['a line between the container`s and the containers` columns', after('      resources:'), ['     x: 1'], true],
      ['a line between the spec`s and the item`s columns', after('    - name: c'), ['   x: 1'], true],
      ['a dash at spec`s column inside spec', after('    - name: c'), ['  - x'], true],
      ['a line between metadata`s and the item`s columns', after('      app: a'), ['   y: 2'], true],
      ['a line deeper than metadata`s keys in labels', after('      app: a'), ['     y: 2'], false],
      ['spec`s first line blank', after('  spec:'), [''], true],
      ['a blank line and a container key', after('          cpu: "1"'), ['', '      z: 1'], false],
      ['a blank line at the end of status', after('      ready: true'), ['   '], false],
    ];
    for (const [what, at, inserted, refused] of cases) {
      assert.ok(at > second, what);
      const ls = [...lines];
      ls.splice(at, 0, ...inserted);
      const r = assertAgrees(Buffer.from(ls.join('\n')), what);
      // The List's last item is always refused: no `- ` follows it.
      assert.equal(r.refused, refused ? 2 : 1, `${what}: refused by JS`);
      assert.equal(r.walked, refused ? 2 : 3, `${what}: walked`);
    }
  });

  test('CRLF text: nothing walked (the JS reader never prunes it)', () => {
    const b = Buffer.from(toKubectlYaml(list(all)).replace(/\n/g, '\r\n'));
    assertAgrees(b, 'crlf');
    assert.equal(scanned(b).size, 0);
  });
});

describe('podsYamlScan: UTF-8', () => {
  const items = utf8Pods(varied[0]!, ['pod-last']);
  const b = Buffer.from(toKubectlYaml(list(items)));

  test('non-ASCII bytes in skipped and kept values and in the identity: read and grouped as pruneYamlItem', () => {
    const r = assertAgrees(b, 'utf8');
    assert.equal(r.walked, items.length - 1, 'all but the List`s last item');
  });

  test('the identity decodes as UTF-8 to the parsed names; equal labels, one template', () => {
    const got = [...scanned(b).values()];
    const utf = (s: string | null | undefined) => (s == null ? s : Buffer.from(s, 'latin1').toString('utf8'));
    assert.deepEqual(
      got.map((w) => [utf(w.name), utf(w.uid), utf(w.nodeName)]),
      items.slice(0, -1).map((p) => [(p.metadata as Obj).name, (p.metadata as Obj).uid, (p.spec as Obj).nodeName]),
    );
    assert.equal(got[0]!.group, got[1]!.group);
    assert.notEqual(got[0]!.group, got[2]!.group);
    assert.notEqual(got[2]!.group, got[3]!.group);
  });
});

test('podsYamlScan: 70,000 items of different labels: the output and the template table fill and go on', () => {
  const tiny = (i: number) => ({ kind: 'Pod', metadata: { name: `p${i}`, labels: { i: String(i) } }, spec: {} });
  const b = Buffer.from(toKubectlYaml(list(Array.from({ length: 70_001 }, (_, i) => tiny(i)))));
  const scanner = new PodsYamlScanner();
  const got = scanned(b, scanner);
  assert.equal(got.size, 70_000);
  assert.equal(scanner.generation, 1, 'the table restarted once (65,536 templates)');
  assert.equal(new Set([...got.values()].map((w) => w.group)).size, 70_000, 'every item its own template');
  assert.equal([...got.values()].at(-1)!.name, 'p69999');
});

test('podsYamlScan: every file of the scanner says it mirrors podsYamlPick.ts, which names its mirror', () => {
  const root = join(__dirname, '..', '..');
  const dir = join(root, 'server', 'wasm', 'podsYamlScan');
  for (const f of readdirSync(dir)) {
    const header = readFileSync(join(dir, f), 'utf8').split('\n').slice(0, 6).join('\n');
    assert.match(header, /podsYamlPick\.ts/, `${f}: its header names the rules it mirrors`);
  }
  const pick = readFileSync(join(root, 'server', 'src', 'inventory', 'files', 'podsYamlPick.ts'), 'utf8');
  assert.match(pick.split('\n').slice(0, 12).join('\n'), /server\/wasm\/podsYamlScan/);
});
