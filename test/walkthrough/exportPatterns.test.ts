// CodeTour export and `walkthrough verify` agree: on every Go file of the fixture trees, for every symbol that
// findGoSymbol resolves, the exported pattern (run as CodeTour runs it: over the whole file, flag `m`, first
// match) lands on the line verify resolves. Const, var and grouped declarations included.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { declarationPattern, exportCodeTours, findGoSymbol, verifyAnchors } from '../../server/src/walkthrough/index';
import { KUBERNETES_TAG } from '../../server/src/core/k8sVersion';
import type { Chapter, Note } from '../../server/src/walkthrough/types';

const FIXTURES = join(__dirname, '..', 'fixtures', 'go');

function goFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? goFiles(p) : name.endsWith('.go') ? [p] : [];
  });
}

/** The 1-based line CodeTour opens for a pattern, or undefined when it matches nothing. */
function codeTourLine(src: string, pattern: string): number | undefined {
  const m = src.match(new RegExp(pattern, 'm'));
  return m ? src.slice(0, m.index).split('\n').length : undefined;
}

/** Candidate symbols of a file: every identifier, and `Recv.method` for every method-looking line. */
function candidates(src: string): string[] {
  const out = new Set(src.match(/\b[A-Za-z_][A-Za-z0-9_]*\b/g) ?? []);
  for (const m of src.matchAll(/^func\s*\(\s*(?:[A-Za-z_]\w*\s+)?\*?\s*([A-Za-z_]\w*)[^)]*\)\s*([A-Za-z_]\w*)/gm)) {
    out.add(`${m[1]}.${m[2]}`);
  }
  return [...out].sort();
}

describe('CodeTour patterns agree with walkthrough verify', () => {
  const files = goFiles(FIXTURES);

  test('the fixture trees have const, var, grouped and method declarations to check', () => {
    const src = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    const forms = [/^const \(/m, /^var \(/m, /^type \(/m, /^const \w/m, /^var \w/m, /^func \(/m];
    for (const form of forms) assert.match(src, form);
  });

  for (const file of files) {
    const rel = relative(FIXTURES, file).split(sep).join('/');
    test(`${rel}: every resolved symbol's pattern opens the resolved line`, () => {
      const src = readFileSync(file, 'utf8');
      let checked = 0;
      for (const symbol of candidates(src)) {
        const found = findGoSymbol(src, symbol);
        if (!found.length) continue;
        checked++;
        assert.equal(codeTourLine(src, declarationPattern(symbol)!), found[0]!.line, `${rel}#${symbol}`);
      }
      assert.ok(checked > 0);
    });
  }

  test('SlowStartInitialBatchSize: the grouped const, not the struct field, the comment or the uses before it', () => {
    const src = readFileSync(join(FIXTURES, 'v3', 'pkg', 'controller', 'controller_utils.go'), 'utf8');
    const line = codeTourLine(src, declarationPattern('SlowStartInitialBatchSize')!)!;
    assert.match(src.split('\n')[line - 1]!, /^\tSlowStartInitialBatchSize = 1$/);
    for (const [sym, text] of [['singleConst', /^const singleConst /], ['TypedConst', /^const TypedConst /],
      ['singleVar', /^var singleVar /], ['pairFirst', /^var pairFirst, /], ['valueless', /^\tvalueless /],
      ['Other', /^\tPlain, Other = /], ['pairSecond', /^var pairFirst, pairSecond /],
      ['KeyFunc', /^\tKeyFunc = /]] as const) {
      const l = codeTourLine(src, declarationPattern(sym)!);
      assert.ok(l, sym);
      assert.match(src.split('\n')[l - 1]!, text, sym);
    }
  });

  test('a name that is only used, never declared at top level, gets no line', () => {
    const src = readFileSync(join(FIXTURES, 'v3', 'pkg', 'decls', 'decls.go'), 'utf8');
    for (const sym of ['localConst', 'localVar', 'Key', 'Val']) {
      assert.deepEqual(findGoSymbol(src, sym), [], sym);
      assert.equal(codeTourLine(src, declarationPattern(sym)!), undefined, sym);
    }
  });

  test('exported tours: every step of notes anchored in the fixtures opens the line verify resolves', async () => {
    const anchors: [string, string][] = [
      ['pkg/controller/controller_utils.go', 'SlowStartInitialBatchSize'],
      ['pkg/controller/controller_utils.go', 'ExpectationsTimeout'],
      ['pkg/controller/controller_utils.go', 'KeyFunc'],
      ['pkg/controller/controller_utils.go', 'singleVar'],
      ['pkg/decls/decls.go', 'PhasePending'],
      ['pkg/decls/decls.go', 'Handler'],
      ['pkg/decls/decls.go', 'Store.Handle'],
      ['pkg/decls/decls.go', 'Pair.Swap'],
      ['pkg/decls/decls.go', 'Count.Double'],
      ['pkg/decls/decls.go', 'Nested'],
    ];
    const chapter: Chapter = { id: 'fixtures', order: 1, title: 'Fixtures', summary: 'fixture anchors' };
    const notes: Note[] = anchors.map(([path, symbol], i) => ({
      id: `n${i}`, chapter: 'fixtures', order: i, title: `n${i}`, question: `${symbol}?`, codes: [], body: 'Body.\n',
      source: `server/src/walkthrough/notes/fixtures/n${i}.md`,
      anchors: [{ repo: 'kubernetes/kubernetes', ref: KUBERNETES_TAG, path, symbol }],
    }));
    const root = join(FIXTURES, 'v3');
    const verified = await verifyAnchors(root, notes);
    assert.deepEqual(verified.problems, []);
    const [tour] = exportCodeTours(notes, [chapter]);
    assert.equal(tour!.tour.steps.length, anchors.length);
    tour!.tour.steps.forEach((step, i) => {
      const [path, symbol] = anchors[i]!;
      const src = readFileSync(join(root, ...path.split('/')), 'utf8');
      assert.equal(step.file, path);
      assert.equal(codeTourLine(src, step.pattern!), findGoSymbol(src, symbol)[0]!.line, symbol);
    });
  });
});
