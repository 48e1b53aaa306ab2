// The code registry (server/src/codes/) is complete, and everything derived from it or kept beside it agrees:
// README's tables, the report grammar, the notes, the Go links of hover and views, the severities the engine emits.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  ALL_CODES, FAMILIES, GO_LINKS, codeEntry, docsForCode, goSymbolFor, isNone, noteIdForCode, type CodeEntry,
} from '../../server/src/codes/index';
import { renderReadmeCodeTable } from '../../server/src/codes/docs';
import { allNotes, getNote, isWellFormedSymbol, validateNotes } from '../../server/src/walkthrough/index';
import { goRefFor } from '../../client/src/views/links';
import { analyzeText } from '../../server/src/analysis/index';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { grammarWithCodes, readmeWithCodes } from '../../scripts/gen';

const ROOT = join(__dirname, '..', '..');
const read = (rel: string) => readFileSync(join(ROOT, rel), 'utf8');
const entries = Object.values(FAMILIES).flatMap((f) => Object.entries(f)) as [string, CodeEntry][];

// Codes of this product itself, with the reason the registry states instead of a Go function or a note.
const NO_GO_SYMBOL = [
  'kce.internal', 'kce.removedApiVersion', 'yaml.warning', 'yaml.tooDeep', 'yaml.tooLarge', 'yaml.analysisTime',
  'FilterError',
];
const NO_NOTE = ['kce.internal', 'kce.removedApiVersion'];
const NO_DOCS = ['kce.internal'];

describe('every code has its Go symbol, note, docs link and message builder', () => {
  test('codes are unique across families', () => {
    assert.equal(new Set(ALL_CODES).size, ALL_CODES.length);
    assert.equal(entries.length, ALL_CODES.length);
  });

  for (const [code, e] of entries) {
    test(code, () => {
      if (isNone(e.go)) {
        assert.ok(NO_GO_SYMBOL.includes(code), `${code} has no Go symbol`);
        assert.ok(e.go.none.length > 10, 'says why');
      } else {
        assert.ok(isWellFormedSymbol(e.go.symbol), e.go.symbol);
        assert.match(e.go.path, /^(pkg|staging\/src\/k8s\.io|cmd)\/[\w./-]+\.go$/);
        assert.equal(goSymbolFor(code)?.url, `https://github.com/kubernetes/kubernetes/blob/v1.35.0/${e.go.path}`);
      }
      if (isNone(e.note)) assert.ok(NO_NOTE.includes(code), `${code} has no note`);
      else assert.ok(getNote(e.note), `${code}: note ${e.note} does not exist`);
      if (isNone(e.docs)) assert.ok(NO_DOCS.includes(code), `${code} has no docs link`);
      else assert.match(e.docs, /^https:\/\/(kubernetes\.io|yaml\.org)\//);
      assert.equal(docsForCode(code), isNone(e.docs) ? undefined : e.docs);
      // `message.by` names the function that writes the message, in a file under server/src.
      const [file, fn] = e.message.by.split('#') as [string, string];
      assert.ok(existsSync(join(ROOT, 'server/src', file)), `${code}: ${file}`);
      const name = fn.split('.').pop()!;
      assert.match(read(join('server/src', file)), new RegExp(`(function ${name}\\b|\\b${name}: \\(|const ${name}\\b)`), `${code}: ${e.message.by}`);
      assert.ok(e.message.example.length > 0);
    });
  }

  test('the registry\'s Go functions are anchors of the walkthrough, so `kce walkthrough verify` checks them', () => {
    const anchored = new Set(allNotes().flatMap((n) => n.anchors.map((a) => `${a.path}#${a.symbol}`)));
    const go = entries.map(([, e]) => e.go).filter((g) => !isNone(g)) as { symbol: string; path: string }[];
    const missing = [...new Set(go.map((g) => `${g.path}#${g.symbol}`))].filter((k) => !anchored.has(k));
    assert.deepEqual(missing, []);
  });
});

describe('derived from the registry', () => {
  test('notes: each code\'s note lists it, no other note does (validateNotes)', () => {
    assert.deepEqual(validateNotes(), []);
    for (const code of ALL_CODES) {
      const id = noteIdForCode(code);
      if (id) assert.ok(getNote(id)!.codes.includes(code), `${id} lists ${code}`);
    }
  });

  test('README\'s generated code table equals the registry (npm run gen)', () => {
    const readme = read('README.md');
    assert.equal(readmeWithCodes(readme), readme, 'run npm run gen');
    assert.ok(readme.includes(renderReadmeCodeTable()));
  });

  test('every code README\'s hand-written tables name is a registry code', () => {
    const named = [...read('README.md').matchAll(/^\| `([A-Za-z][\w.]*)` \|/gm)].map((m) => m[1]!);
    assert.ok(named.length >= ALL_CODES.length + 10, 'the generated table and the insight table');
    for (const c of named) assert.ok(codeEntry(c), `README names ${c}, which is not a code`);
    const insightTable = read('README.md').split('### Valid, but never does what it says')[1]!.split('###')[0]!;
    for (const [code, e] of Object.entries(FAMILIES.insight)) {
      if (e.severity === 'warning' || e.severity === 'information') {
        if (code === 'kce.unknownField') continue; // listed under Decoding, with kce.typeMismatch
        assert.ok(insightTable.includes(`\`${code}\``), `README's insight table lacks ${code}`);
      }
    }
  });

  test('the report grammar highlights exactly the placement reason codes', () => {
    const g = read('syntaxes/kce-report.tmLanguage.json');
    assert.equal(grammarWithCodes(g), g, 'run npm run gen');
    const re = new RegExp(JSON.parse(g).repository['reason-code'].match);
    for (const c of Object.keys(FAMILIES.placement)) assert.ok(re.test(c), c);
    assert.ok(!re.test('NodeSomethingElse'));
  });

  test('the views link each code to the registry\'s Go function, and unknown codes to the controller', () => {
    for (const code of ALL_CODES) {
      const g = goSymbolFor(code);
      const ref = goRefFor(code);
      if (g) assert.deepEqual(ref, { func: g.symbol, url: g.url });
      else assert.equal(ref.func, GO_LINKS.nodeShouldRun.symbol);
    }
  });

  test('no file outside server/src/codes writes a Go link for a code by hand', () => {
    const hand = /github\.com\/kubernetes\/kubernetes\/blob/;
    const files = ['server/src/lsp/hover.ts', 'client/src/views/links.ts', 'server/src/lsp/convert.ts'];
    for (const f of files) assert.ok(!hand.test(read(f)), f);
  });
});

describe('the engine emits each code with the registry\'s severity', () => {
  test('over every example file, on the sample cluster', () => {
    const ctx = { nodes: sampleClusterNodes(), gates: { ...DEFAULT_FEATURE_GATES }, insights: true, inventoryLabel: 'the sample cluster' };
    const seen = new Set<string>();
    const files = ['examples', 'examples/broken'].flatMap((dir) =>
      readdirSync(join(ROOT, dir)).filter((n) => /\.ya?ml$/.test(n)).map((n) => join(dir, n)));
    for (const name of files) {
      for (const d of analyzeText(read(name), ctx).documents) {
        for (const p of d.problems) {
          const e = codeEntry(p.code);
          assert.ok(e, `${name}: ${p.code} is not in the registry`);
          assert.equal(p.severity, e.severity, `${name}: ${p.code}`);
          seen.add(p.code);
        }
        for (const row of d.placement?.placements ?? []) for (const r of row.reasons) assert.equal(codeEntry(r.code)?.severity, 'reason');
      }
    }
    assert.ok(seen.size >= 8, [...seen].join(', '));
  });
});
