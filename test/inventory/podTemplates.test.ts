// Pods handed from a reading worker to the main thread as templates plus name, uid and node (podTemplates.ts), and
// the JSON reader's template keys (podsJsonPick.ts pickPodKey): whatever crosses, the main thread must end with the
// pods a plain reading gives, and the state with the same totals.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ClusterNodeInfos } from '../../server/src/core/scheduler/nodeInfo';
import type { SchedPod } from '../../server/src/core/scheduler/types';
import { toKubectlYaml } from '../../server/src/inventory/files/generate';
import { generatePodObjects, writePodsList } from '../../server/src/inventory/files/generatePods';
import { loadSchedPodsFromText } from '../../server/src/inventory/files/loadPods';
import { toSchedPod } from '../../server/src/inventory/files/podModel';
import { loadSchedPodsFile } from '../../server/src/inventory/files/podsFile';
import {
  BatchReader,
  BatchWriter,
  stamp,
  templateOf,
  type WireBatch,
} from '../../server/src/inventory/files/podTemplates';
import { tempDir } from '../cluster/apiServer';
import { deeper, disturbLines, list, loadCounting, seededRandom, tabbed, variedPods } from './variedPods';

const tmp = tempDir('kce-pod-templates-');
after(() => tmp.cleanup());

type Obj = Record<string, unknown>;
const schedPods = (variedPods() as Obj[]).map((p) => toSchedPod(p)).filter((p): p is SchedPod => !('error' in p));

/** Every batch a file's reading hands on, read back as the main thread reads them. */
function readBack(path: string, pick?: { minBytes: number; checkEvery: number }) {
  const reader = new BatchReader();
  const pods: SchedPod[] = [];
  const templates: (SchedPod | undefined)[] = [];
  let resets = 0;
  const r = loadSchedPodsFile(path, path, {
    onBatch: (b: WireBatch) => {
      if (b.reset) resets++;
      const back = reader.read(b);
      pods.push(...back.pods);
      templates.push(...back.templates);
    },
    ...(pick ? { pick } : {}),
  });
  return { r, pods, templates, resets };
}

/** `cases` disturbed files read with every item checked: each gives the whole-text loader's pods. Items stamped. */
function readDisturbed(cases: number, disturb: () => string, ext: 'json' | 'yaml'): number {
  let stamped = 0;
  for (let k = 0; k < cases; k++) {
    const t = disturb();
    const path = join(tmp.dir, `disturbed${k % 4}.${ext}`);
    writeFileSync(path, t);
    const r = loadCounting(path, { minBytes: 0, checkEvery: 1 });
    assert.deepEqual(r.pods, loadSchedPodsFromText(t, path).pods, `case ${k}`);
    stamped += r.stamped;
  }
  return stamped;
}

describe('podTemplates: a pod as its template plus name, uid and node', () => {
  test('stamping a pod back from its template gives the pod toSchedPod gives, keys in the same order', () => {
    assert.ok(schedPods.length >= 14);
    for (const p of schedPods) {
      const m = p.metadata!;
      const back = stamp(templateOf(p), m.name!, m.uid ?? null, p.spec?.nodeName ?? null);
      assert.equal(JSON.stringify(back), JSON.stringify(p));
    }
  });

  test('writer to reader: stamped pods share their template; pods sent alone, kept pods and a restart cross too', () => {
    const w = new BatchWriter();
    const [a, b] = schedPods.filter((p) => p.spec && p.metadata?.labels);
    const ta = templateOf(a!);
    const id = w.addTemplate(ta);
    w.stamped(id, 'one', 'uid-1', 'node-a');
    w.alone(b!);
    w.stamped(id, 'two', null, null);
    w.stamped(id, 'q"\\ü\n', 'uid-"', 'node-a');
    const reader = new BatchReader();
    const first = reader.read(w.take([{ kind: 'Pod', metadata: { name: 'kept' } }]));
    assert.equal(first.pods.length, 4);
    assert.equal(first.pods[3]!.metadata!.name, 'q"\\ü\n', 'names cross as they are, quotes and all');
    assert.equal(first.pods[3]!.metadata!.uid, 'uid-"');
    assert.equal(first.pods[3]!.spec!.nodeName, 'node-a');
    assert.deepEqual(first.pods[1], b);
    assert.equal(first.templates[1], undefined);
    assert.equal(first.templates[0], first.templates[2], 'one template object for both');
    assert.equal(first.pods[0]!.metadata!.labels, first.pods[2]!.metadata!.labels, 'labels shared, not copied');
    assert.equal(first.pods[0]!.spec!.nodeName, 'node-a');
    assert.equal(first.pods[2]!.spec!.nodeName, undefined);
    assert.equal(first.pods[2]!.metadata!.uid, undefined);
    assert.deepEqual(first.kept, [{ kind: 'Pod', metadata: { name: 'kept' } }]);
    // After a restart ids count from 0 again and mean the new batch's templates.
    w.restart();
    const tb = templateOf(b!);
    assert.equal(w.addTemplate(tb), 0);
    w.stamped(0, 'three', 'uid-3', 'node-c');
    const second = reader.read(w.take([]));
    assert.deepEqual(second.templates[0], JSON.parse(JSON.stringify(tb)));
    assert.equal(second.pods[0]!.metadata!.name, 'three');
  });

  test('the state: pods given with their template add up to the totals of pods given alone', () => {
    const nodes = ['n1', 'n2'].map((name) => ({
      name,
      labels: {},
      taints: [],
      unschedulable: false,
      conditions: [],
      allocatable: { cpu: '64', memory: '256Gi', pods: '500' },
    }));
    const plain = new ClusterNodeInfos();
    const shared = new ClusterNodeInfos();
    for (const n of nodes) {
      plain.setNode(n);
      shared.setNode(n);
    }
    const objects = [...generatePodObjects(2, 40)];
    for (const o of objects) {
      const p = toSchedPod(o) as SchedPod;
      plain.upsertPod(p);
      const t = templateOf(p);
      shared.upsertPod(stamp(t, p.metadata!.name!, p.metadata!.uid ?? null, p.spec?.nodeName ?? null), t);
    }
    assert.ok(plain.podCount() > 0);
    assert.equal(shared.podCount(), plain.podCount());
    for (const ni of plain.nodes()) {
      const other = shared.get(ni.node.name)!;
      assert.deepEqual(other.requested, ni.requested);
      assert.deepEqual(other.nonZeroRequested, ni.nonZeroRequested);
      assert.deepEqual(other.usedPorts, ni.usedPorts);
    }
  });
});

describe('podTemplates: a file read in batches gives the pods it gives read at once', () => {
  test('kubectl JSON, picked: pods of one template stamped, the same pods, each with its template', () => {
    const path = join(tmp.dir, 'pods.json');
    const fd = openSync(path, 'w');
    writePodsList('json', 30, 20, (c) => writeSync(fd, c));
    closeSync(fd);
    // No item checked against parsing: the keys alone must tell templates apart.
    const pick = { minBytes: 0, checkEvery: Number.POSITIVE_INFINITY };
    const whole = loadCounting(path, pick);
    assert.ok(whole.stamped > 300, `${whole.stamped} of 600 stamped`);
    const back = readBack(path, pick);
    assert.deepEqual(back.r.errors, []);
    assert.deepEqual(back.pods, whole.pods);
    assert.deepEqual(back.pods, loadSchedPodsFile(path).pods, 'as parsing every item gives them');
    back.pods.forEach((p, i) => {
      const t = back.templates[i]!;
      assert.equal(
        JSON.stringify(stamp(t, p.metadata!.name!, p.metadata!.uid ?? null, p.spec?.nodeName ?? null)),
        JSON.stringify(p),
      );
    });
  });

  test('20,500 pods of different labels: the tables start again past 20,000 templates, the same pods', () => {
    const objects = [...generatePodObjects(205, 100)].map((o, i) => {
      ((o.metadata as Obj).labels as Obj).replica = `r${i}`;
      return o;
    });
    const text = JSON.stringify(list(objects), null, 4);
    const path = join(tmp.dir, 'distinct.json');
    writeFileSync(path, text);
    for (const pick of [undefined, { minBytes: 0, checkEvery: 1024 }]) {
      const back = readBack(path, pick);
      assert.equal(back.resets, 1);
      assert.equal(back.pods.length, 20_500);
      assert.deepEqual(back.pods, loadSchedPodsFromText(text, path).pods);
    }
  });

  test('YAML and a whole-text file: every pod through its JSON template, the same pods and errors', () => {
    const yaml = join(tmp.dir, 'pods.yaml');
    const fd = openSync(yaml, 'w');
    writePodsList('yaml', 10, 10, (c) => writeSync(fd, c));
    closeSync(fd);
    const compact = join(tmp.dir, 'compact.json');
    writeFileSync(compact, JSON.stringify(list([...variedPods(), { kind: 'Pod', metadata: {} }])));
    for (const path of [yaml, compact]) {
      const back = readBack(path);
      const here = loadSchedPodsFile(path);
      assert.deepEqual(back.pods, here.pods);
      assert.deepEqual(back.r.errors, here.errors);
    }
  });
});

describe('podsJsonPick: template keys on files with disturbed whitespace', () => {
  const rand = seededRandom(20261125);
  const objects = [...generatePodObjects(6, 8)] as Obj[];
  const lines = JSON.stringify(list([...objects, ...(variedPods() as Obj[])]), null, 4).split('\n');
  const disturb = () => disturbLines(lines, rand, [deeper, tabbed], 1, 1);

  test("200 disturbed files read by template key, every item checked: the whole-text loader's pods", () => {
    const stamped = readDisturbed(200, disturb, 'json');
    assert.ok(stamped > 1000, `${stamped} items stamped`);
  });
});

describe('podsYamlPick: template keys of pruned YAML items', () => {
  // Pods of a few templates, their names, uids and nodes written every way kubectl (or a hand) may write them.
  const objects = [...generatePodObjects(30, 20)] as Obj[];
  const meta = (i: number) => objects[i]!.metadata as Obj;
  const spec = (i: number) => objects[i]!.spec as Obj;
  meta(3).name = '12345'; // quoted by kubectl: a string
  meta(5).name = 'true';
  meta(7).uid = '0x1F';
  delete meta(9).uid;
  delete spec(11).nodeName;
  spec(13).nodeName = 'node with spaces';
  meta(15).name = '';
  let text = toKubectlYaml(list(objects));
  // By hand: single quotes, a comment, an escape, a name that reads as a number.
  const edit = (from: string, to: string) => {
    assert.ok(text.includes(from), from);
    text = text.replace(from, to);
  };
  edit(`name: ${meta(20).name}\n`, `name: '${meta(20).name}'\n`);
  edit(`nodeName: ${spec(22).nodeName}\n`, `nodeName: ${spec(22).nodeName} # by hand\n`);
  edit(`name: ${meta(24).name}\n`, `name: "${meta(24).name}\\x41"\n`);
  edit(`name: ${meta(26).name}\n`, 'name: 4096\n');

  test("every form of name, uid and node name: no item checked, the whole-text loader's pods and errors", () => {
    const path = join(tmp.dir, 'forms.yaml');
    writeFileSync(path, text);
    const r = loadCounting(path, { minBytes: 0, checkEvery: Number.POSITIVE_INFINITY });
    const whole = loadSchedPodsFromText(text, path);
    assert.equal(r.reader, 'yaml-items');
    assert.deepEqual(r.pods, whole.pods);
    const located = (m: string) => /items\[\d+\]\): .*/.exec(m)?.[0];
    assert.deepEqual(
      r.errors.map((e) => located(e.message)),
      whole.errors.map((e) => located(e.message)),
    );
    assert.equal(r.errors.length, 2, 'the empty name and the number');
    assert.ok(r.stamped > 300, `${r.stamped} of 600 stamped`);
    const back = readBack(path, { minBytes: 0, checkEvery: Number.POSITIVE_INFINITY });
    assert.deepEqual(back.pods, whole.pods);
  });

  test("120 disturbed files, no pod kept whole, every item checked: the whole-text loader's pods", () => {
    const rand = seededRandom(20261126);
    const lines = text.split('\n');
    const edits = [deeper, tabbed, (ls: string[], i: number) => void ls.splice(i, 0, `${' '.repeat(rand(8))}# note`)];
    const stamped = readDisturbed(120, () => disturbLines(lines, rand, edits, 1, 2), 'yaml');
    assert.ok(stamped > 200, `${stamped} items stamped`);
  });
});
