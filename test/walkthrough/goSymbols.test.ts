import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findGoSymbol, parseSymbol, isWellFormedSymbol, maskGoSource, declarationPattern } from '../../server/src/walkthrough/goSymbols';

const fixtures = join(__dirname, '..', 'fixtures', 'go');
const read = (...p: string[]) => readFileSync(join(fixtures, ...p), 'utf8');
const v1 = read('v1', 'pkg', 'controller', 'daemon', 'daemon_controller.go');
const v2 = read('v2', 'pkg', 'controller', 'daemon', 'daemon_controller.go');
const cfg = read('v1', 'pkg', 'kubelet', 'config', 'config.go');
const crlf = read('v1', 'pkg', 'kubelet', 'config', 'crlf.go');

/** 1-based line of the first line that starts with `prefix`, computed independently of the finder. */
function lineOf(src: string, prefix: string): number {
  const i = src.split('\n').findIndex((l) => l.startsWith(prefix));
  assert.ok(i >= 0, `fixture has no line starting with ${prefix}`);
  return i + 1;
}
const lines = (src: string, symbol: string) => findGoSymbol(src, symbol).map((m) => m.line);

describe('parseSymbol', () => {
  const cases: { name: string; symbol: string; want: ReturnType<typeof parseSymbol> }[] = [
    { name: 'func', symbol: 'NodeShouldRunDaemonPod', want: { name: 'NodeShouldRunDaemonPod' } },
    { name: 'method', symbol: 'DaemonSetsController.manage', want: { receiver: 'DaemonSetsController', name: 'manage' } },
    { name: 'type', symbol: 'PodConfig', want: { name: 'PodConfig' } },
    { name: 'underscore', symbol: '_x.y_1', want: { receiver: '_x', name: 'y_1' } },
    { name: 'empty', symbol: '', want: undefined },
    { name: 'three parts', symbol: 'a.b.c', want: undefined },
    { name: 'call syntax', symbol: 'manage()', want: undefined },
    { name: 'pointer receiver spelled out', symbol: '*DaemonSetsController.manage', want: undefined },
    { name: 'leading digit', symbol: '1abc', want: undefined },
    { name: 'path instead of symbol', symbol: 'daemon/manage', want: undefined },
  ];
  for (const c of cases) {
    test(c.name, () => {
      assert.deepEqual(parseSymbol(c.symbol), c.want);
      assert.equal(isWellFormedSymbol(c.symbol), c.want !== undefined);
    });
  }
});

describe('findGoSymbol', () => {
  test('same declarations at different lines in two versions', () => {
    for (const [src, sym, prefix] of [
      [v1, 'NodeShouldRunDaemonPod', 'func NodeShouldRunDaemonPod('],
      [v2, 'NodeShouldRunDaemonPod', 'func NodeShouldRunDaemonPod('],
      [v1, 'DaemonSetsController.manage', 'func (dsc *DaemonSetsController) manage('],
      [v2, 'DaemonSetsController.manage', 'func (dsc *DaemonSetsController) manage('],
      [v1, 'DaemonSetsController', 'type DaemonSetsController struct'],
      [v2, 'DaemonSetsController', 'type DaemonSetsController struct'],
      [v1, 'NewPod', 'func NewPod('],
      [v2, 'NewPod', 'func NewPod('],
    ] as const) {
      assert.deepEqual(lines(src, sym), [lineOf(src, prefix)], `${sym}`);
    }
    assert.notEqual(lines(v1, 'NodeShouldRunDaemonPod')[0], lines(v2, 'NodeShouldRunDaemonPod')[0]);
  });

  test('a renamed function is not found, even when its old name is in a comment or a string', () => {
    assert.deepEqual(lines(v2, 'predicates'), []);
    assert.deepEqual(lines(v2, 'checkPredicates'), [lineOf(v2, 'func checkPredicates(')]);
  });

  test('a symbol mentioned only in a comment does not match', () => {
    // v1 mentions syncNodes only inside a block comment.
    assert.ok(v1.includes('func (dsc *DaemonSetsController) syncNodes('));
    assert.deepEqual(lines(v1, 'DaemonSetsController.syncNodes'), []);
    // NodeShouldRunDaemonPod appears in a line comment above the real declaration: only the declaration counts.
    assert.equal(lines(v1, 'NodeShouldRunDaemonPod').length, 1);
  });

  test('pointer, value and unnamed receivers', () => {
    assert.deepEqual(lines(cfg, 'podStorage.Merge'), [lineOf(cfg, 'func (s *podStorage) Merge(')]);
    assert.deepEqual(lines(cfg, 'PodConfig.Updates'), [lineOf(cfg, 'func (c PodConfig) Updates(')]);
    assert.deepEqual(lines(cfg, 'podStorage.seenSources'), [lineOf(cfg, 'func (*podStorage) seenSources(')]);
    assert.deepEqual(lines(cfg, 'Mux.Merge'), [lineOf(cfg, 'func (m *Mux) Merge(')]);
    // The receiver type must match exactly: not a method of another type, not a plain func.
    assert.deepEqual(lines(cfg, 'PodConfig.Merge'), []);
    assert.deepEqual(lines(cfg, 'Merge'), [lineOf(cfg, 'func Merge(')]);
    assert.equal(findGoSymbol(cfg, 'podStorage.Merge')[0]?.kind, 'method');
  });

  test('generic functions, generic types and generic receivers', () => {
    assert.deepEqual(lines(cfg, 'Map'), [lineOf(cfg, 'func Map[')]);
    assert.deepEqual(lines(cfg, 'Set'), [lineOf(cfg, 'type Set[')]);
    assert.deepEqual(lines(cfg, 'Set.Has'), [lineOf(cfg, 'func (s Set[T]) Has(')]);
  });

  test('types and consts inside grouped declarations, but not interface methods or struct fields', () => {
    assert.deepEqual(lines(cfg, 'Merger'), [lineOf(cfg, '\tMerger interface')]);
    assert.deepEqual(lines(cfg, 'MergeFunc'), [lineOf(cfg, '\tMergeFunc func')]);
    assert.deepEqual(lines(cfg, 'SlowStartInitialBatchSize'), [lineOf(cfg, '\tSlowStartInitialBatchSize')]);
    assert.equal(findGoSymbol(cfg, 'BurstReplicas')[0]?.kind, 'const');
    assert.deepEqual(lines(cfg, 'updates'), []); // a struct field
  });

  test('declarations inside strings, raw strings and function bodies do not match', () => {
    assert.deepEqual(lines(cfg, 'Hidden'), []);
    assert.deepEqual(lines(cfg, 'AlsoHidden'), []);
    assert.deepEqual(lines(cfg, 'podStorage.merge'), []);
    assert.deepEqual(lines(cfg, 'localType'), []);
  });

  test('duplicate declarations are all reported (ambiguous)', () => {
    const inits = lines(cfg, 'init');
    assert.equal(inits.length, 2);
    assert.ok(inits[0]! < inits[1]!);
  });

  test('CRLF line endings', () => {
    assert.deepEqual(lines(crlf, 'WithCRLF'), [4]);
    assert.deepEqual(lines(crlf, 'CRLFType'), [8]);
  });

  test('a malformed symbol matches nothing', () => {
    assert.deepEqual(findGoSymbol(cfg, 'podStorage.Merge()'), []);
  });

  test('column points at the name', () => {
    const m = findGoSymbol(v1, 'DaemonSetsController.manage')[0]!;
    const text = v1.split('\n')[m.line - 1]!;
    assert.equal(text.slice(m.column, m.column + 'manage'.length), 'manage');
  });
});

describe('maskGoSource', () => {
  test('keeps length and newlines, blanks comments and literals', () => {
    const src = 'a := "x//y" // c\n/* b\nc */ r := `q\nz` + \'\\\'\'\n';
    const masked = maskGoSource(src);
    assert.equal(masked.length, src.length);
    assert.deepEqual([...masked].map((c, i) => (c === '\n' ? i : -1)).filter((i) => i >= 0), [...src].map((c, i) => (c === '\n' ? i : -1)).filter((i) => i >= 0));
    assert.ok(!masked.includes('x//y'));
    assert.ok(!masked.includes(' c'.trim() + '\n/*'));
    assert.ok(masked.startsWith('a := "    "'));
    assert.ok(!masked.includes('q'));
  });
});

describe('declarationPattern', () => {
  test('matches the same lines as the finder on the fixtures', () => {
    for (const [src, sym] of [[v1, 'DaemonSetsController.manage'], [v2, 'NodeShouldRunDaemonPod'], [cfg, 'Set.Has'], [cfg, 'Map'], [cfg, 'PodConfig'], [cfg, '(bad']] as const) {
      const pat = declarationPattern(sym);
      if (!isWellFormedSymbol(sym)) { assert.equal(pat, undefined); continue; }
      const re = new RegExp(pat!);
      const hits = src.split('\n').map((l, i) => (re.test(l) ? i + 1 : -1)).filter((i) => i > 0);
      assert.deepEqual(hits, lines(src, sym), sym);
    }
  });
});
