import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, writeFile, readFile, readdir, appendFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWalkthroughCommand } from '../../server/src/cli/walkthrough';
import { verifyAnchors, exportCodeTours, allNotes, allChapters, parseSymbol, CODETOUR_SCHEMA } from '../../server/src/walkthrough/index';
import { KUBERNETES_TAG } from '../../server/src/core/k8sVersion';
import type { Note, CodeTour } from '../../server/src/walkthrough/types';

const fixtures = join(__dirname, '..', 'fixtures', 'go');
const DC = 'pkg/controller/daemon/daemon_controller.go';

function note(id: string, symbols: string[], path = DC): Note {
  return {
    id, chapter: 'daemonset-controller', order: 1, title: id, question: `${id}?`, codes: [], body: `Body of ${id}.\n`,
    source: `server/src/walkthrough/notes/daemonset-controller/${id}.md`,
    anchors: symbols.map((symbol) => ({ repo: 'kubernetes/kubernetes', ref: KUBERNETES_TAG, path, symbol })),
  };
}
const fixtureNotes = [note('a', ['NodeShouldRunDaemonPod', 'DaemonSetsController.manage']), note('b', ['predicates', 'NewPod'])];

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) }, out, err };
}

/** Writes a checkout with one stub declaration per distinct anchor of the given notes. */
async function synthesizeCheckout(notes: readonly Note[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'kce-k8s-'));
  const files = new Map<string, Set<string>>();
  for (const n of notes) for (const a of n.anchors) {
    if (!files.has(a.path)) files.set(a.path, new Set());
    files.get(a.path)!.add(a.symbol);
  }
  for (const [path, symbols] of files) {
    const lines = ['package stub', ''];
    for (const s of symbols) {
      const p = parseSymbol(s)!;
      lines.push(p.receiver ? `func (x *${p.receiver}) ${p.name}() {}` : `func ${p.name}() {}`, '');
    }
    const file = join(root, ...path.split('/'));
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, lines.join('\n'));
  }
  return root;
}

describe('verifyAnchors (drift detection)', () => {
  test('all anchors resolve in v1', async () => {
    const r = await verifyAnchors(join(fixtures, 'v1'), fixtureNotes);
    assert.equal(r.checked, 4);
    assert.deepEqual(r.problems, []);
  });

  test('the renamed function is reported in v2, and only it', async () => {
    const r = await verifyAnchors(join(fixtures, 'v2'), fixtureNotes);
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0]?.noteId, 'b');
    assert.equal(r.problems[0]?.kind, 'missing-symbol');
    assert.equal(r.problems[0]?.anchor.symbol, 'predicates');
  });

  test('missing files, ambiguous and malformed symbols are problems too', async () => {
    const r = await verifyAnchors(join(fixtures, 'v1'), [
      note('c', ['NewPod'], 'pkg/gone.go'),
      note('d', ['init'], 'pkg/kubelet/config/config.go'),
      note('e', ['(*T).m']),
    ]);
    assert.deepEqual(r.problems.map((p) => p.kind), ['missing-file', 'ambiguous', 'malformed-symbol']);
  });
});

describe('kce walkthrough verify', () => {
  test('exit 1 and the drifted anchor printed', async () => {
    const c = capture();
    const code = await runWalkthroughCommand(['verify', '--source', join(fixtures, 'v2')], c.io, fixtureNotes);
    assert.equal(code, 1);
    const text = c.out.join('');
    assert.match(text, /b: missing-symbol: predicates is not declared in pkg\/controller\/daemon\/daemon_controller\.go/);
    assert.match(text, /1 of 4 anchors no longer resolve/);
  });

  test('exit 0 on a checkout where every bundled anchor resolves; exit 1 after a rename', async () => {
    const root = await synthesizeCheckout(allNotes());
    const ok = capture();
    assert.equal(await runWalkthroughCommand(['verify', '--source', root], ok.io), 0);
    assert.match(ok.out.join(''), /^all \d+ anchors resolve/);

    // Upstream renames updatedDesiredNodeCounts: the bundled note that anchors it must be reported.
    const file = join(root, 'pkg', 'controller', 'daemon', 'update.go');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(') updatedDesiredNodeCounts(', ') desiredNodeCounts('));
    const bad = capture();
    assert.equal(await runWalkthroughCommand(['verify', '--source', root, '--json'], bad.io), 1);
    const report = JSON.parse(bad.out.join('')) as { problems: { noteId: string; anchor: { symbol: string } }[] };
    assert.deepEqual(report.problems.map((p) => [p.noteId, p.anchor.symbol]), [['ds-rolling-update', 'DaemonSetsController.updatedDesiredNodeCounts']]);
  });

  test('a duplicated declaration is reported as ambiguous', async () => {
    const root = await synthesizeCheckout(allNotes());
    await appendFile(join(root, 'pkg', 'controller', 'daemon', 'daemon_controller.go'), '\nfunc NewPod() {}\n');
    const c = capture();
    assert.equal(await runWalkthroughCommand(['verify', '--source', root], c.io), 1);
    assert.match(c.out.join(''), /ambiguous: pkg\/controller\/daemon\/daemon_controller\.go#NewPod matches 2 declarations/);
  });

  test('usage errors exit 2', async () => {
    for (const argv of [[], ['verify'], ['verify', '--source'], ['verify', '--source', join(fixtures, 'nope')], ['export'], ['export', '--format', 'html'], ['frobnicate']]) {
      const c = capture();
      assert.equal(await runWalkthroughCommand(argv, c.io), 2, argv.join(' '));
    }
  });
});

describe('CodeTour export', () => {
  test('one tour per chapter with the schema fields, ref and patterns', () => {
    const tours = exportCodeTours();
    assert.equal(tours.length, allChapters().length);
    const steps = tours.reduce((s, t) => s + t.tour.steps.length, 0);
    assert.equal(steps, allNotes().reduce((s, n) => s + n.anchors.length, 0));
    for (const { fileName, tour } of tours) {
      assert.match(fileName, /^kce-\d\d-[a-z-]+\.tour$/);
      assert.equal(tour.$schema, CODETOUR_SCHEMA);
      assert.equal(typeof tour.title, 'string');
      assert.equal(tour.ref, KUBERNETES_TAG);
      assert.ok(tour.steps.length > 0);
      for (const s of tour.steps) {
        assert.equal(typeof s.file, 'string');
        assert.ok(!s.file.startsWith('/'));
        assert.ok(s.description.length > 0);
        assert.equal(typeof s.pattern, 'string');
        assert.doesNotThrow(() => new RegExp(s.pattern!, 'm'));
        assert.ok(!/\((anchor|note):/.test(s.description), 'private link forms are rewritten');
        const allowed = new Set(['file', 'title', 'description', 'pattern']);
        for (const k of Object.keys(s)) assert.ok(allowed.has(k), k);
      }
    }
    assert.equal(tours.filter((t) => t.tour.isPrimary).length, 1);
  });

  test('a step pattern finds the declaration in the fixture and not the comment', () => {
    const tours = exportCodeTours(fixtureNotes, allChapters());
    assert.equal(tours.length, 1);
    const src = readFileSync(join(fixtures, 'v1', ...DC.split('/')), 'utf8');
    const manage = tours[0]!.tour.steps.find((s) => s.title?.includes('DaemonSetsController.manage'))!;
    const m = new RegExp(manage.pattern!, 'm').exec(src)!;
    assert.ok(src.slice(m.index).startsWith('func (dsc *DaemonSetsController) manage('));
    const nsr = tours[0]!.tour.steps[0]!;
    const hit = new RegExp(nsr.pattern!, 'm').exec(src)!;
    assert.ok(src.slice(hit.index).startsWith('func NodeShouldRunDaemonPod('), 'not the mention in the comment above');
  });

  test('kce walkthrough export --format codetour --out DIR writes parseable .tour files', async () => {
    const out = await mkdtemp(join(tmpdir(), 'kce-tours-'));
    const c = capture();
    assert.equal(await runWalkthroughCommand(['export', '--format', 'codetour', '--out', out], c.io), 0);
    const files = (await readdir(out)).sort();
    assert.deepEqual(files, exportCodeTours().map((t) => t.fileName).sort());
    const tour = JSON.parse(await readFile(join(out, files[0]!), 'utf8')) as CodeTour;
    assert.equal(tour.$schema, CODETOUR_SCHEMA);
    assert.equal(tour.ref, KUBERNETES_TAG);
    assert.ok(tour.steps.every((s) => s.file && s.pattern && s.description));
  });
});
