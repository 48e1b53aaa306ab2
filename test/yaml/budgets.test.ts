// Issue 10 items 1, 6 and 8: error-dense text, many tiny documents, and an undefined alias end in located
// diagnostics after bounded work (what each costs is measured with `npm run bench`-style runs, not here).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseYamlDocument, parseYamlText, splitYamlDocuments, withinBudget } from '../../server/src/yaml/parse';
import { analyzeText } from '../../server/src/analysis/index';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { loadNodesFromText } from '../../server/src/inventory/files/loadNodes';

describe('error-dense YAML stops at the error cap', () => {
  for (const [name, text] of [
    ['4,000,000 × "]"', ']'.repeat(4_000_000)],
    ['"a: 1" then 1,000,000 × "]"', 'a: 1\n' + ']'.repeat(1_000_000)],
    ['200,000 lines of "- ]"', '- ]\n'.repeat(200_000)],
  ] as const) {
    test(name, () => {
      const d = parseYamlDocument(text, [0, text.length], 0, { maxErrors: 100 });
      const stop = d.errors.filter((e) => e.message.startsWith('parsing stopped'));
      assert.equal(stop.length, 1);
      assert.match(stop[0]!.message, /stopped after 100 syntax errors/);
      // the cap holds the first errors, each located inside the text
      assert.ok(d.errors.length <= 101, String(d.errors.length));
      for (const e of d.errors) assert.ok(e.range[0] >= 0 && e.range[1] <= text.length);
      assert.ok(stop[0]!.range[0] < 1000, 'the stop is reported where parsing stopped, near the start');
    });
  }

  test('inside a flow collection the same text yields a bounded number of errors', () => {
    for (const text of ['{' + ']'.repeat(1_000_000), '[' + '}'.repeat(1_000_000)]) {
      const d = parseYamlDocument(text, [0, text.length], 0, { maxErrors: 100 });
      assert.ok(d.errors.length >= 1 && d.errors.length <= 102, String(d.errors.length)); // cap, summary, stop
    }
  });

  test('below the cap every error is kept and the value still built', () => {
    const d = parseYamlText('a: 1\n]]]\n').documents[0]!;
    assert.equal(d.errors.filter((e) => e.code === 'yaml.syntax').length, 3);
    assert.equal(d.errors.some((e) => e.message.startsWith('parsing stopped')), false);
  });
});

describe('document budgets', () => {
  test('documents past the count budget are left out, once, located at the first one left out', () => {
    const text = Array(50).fill('a: 1').join('\n---\n');
    const { ranges, skipped } = withinBudget(splitYamlDocuments(text), { maxDocuments: 20 });
    assert.equal(ranges.length, 20);
    assert.equal(skipped!.code, 'yaml.tooLarge');
    assert.match(skipped!.message, /has more than 20 documents; those from here on are not analysed: only the first 20 documents \(document limit\)/);
    // the split itself stops one past the limit
    assert.equal(splitYamlDocuments(text, 20).length, 21);
    assert.match(withinBudget(splitYamlDocuments(text, 20), { maxDocuments: 20 }).skipped!.message, /more than 20 documents/);
    assert.equal(text.slice(skipped!.range[0], skipped!.range[1]), '---');
  });

  test('the summed-length budget cuts too, but never the first document', () => {
    const text = `a: ${'x'.repeat(100)}\n---\nb: 1\n---\nc: 2\n`;
    assert.equal(withinBudget(splitYamlDocuments(text), { maxParsedLength: 10 }).ranges.length, 1);
    const f = parseYamlText(text, { maxParsedLength: 110 });
    assert.equal(f.documents.length, 1);
    assert.equal(f.errors[0]!.code, 'yaml.tooLarge');
  });

  test('the analysis of 1.7 million tiny documents (15 MB) covers the first 25,000 and says so', () => {
    const text = 'a: 1\n---\n'.repeat(1_700_000);
    const a = analyzeText(text, { nodes: [], gates: DEFAULT_FEATURE_GATES, insights: true });
    assert.equal(a.documents.filter((d) => d.index >= 0).length, 25_000);
    const last = a.documents[a.documents.length - 1]!;
    assert.match(last.problems[0]!.message, /more than 25000 documents/);
  });
});

describe('undefined alias', () => {
  test('*nosuchanchor is a located error (go-yaml: unknown anchor referenced), not a silent null', () => {
    const text = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: *nosuchanchor\n';
    const d = parseYamlText(text).documents[0]!;
    const e = d.errors.find((x) => x.message.startsWith('unknown anchor'))!;
    assert.equal(e.message, "unknown anchor 'nosuchanchor' referenced");
    assert.equal(text.slice(e.range[0], e.range[1]), '*nosuchanchor');
  });
});

describe('fixed limits and texts read for other purposes', () => {
  test('the depth and alias limits say that they are fixed; budgets name their setting', () => {
    const deep = parseYamlText(`a: ${'['.repeat(1200)}${']'.repeat(1200)}\n`).documents[0]!;
    const depth = deep.errors.find((e) => e.code === 'yaml.tooDeep')!;
    assert.match(depth.message, /\(depth limit, a fixed limit: no setting or flag raises it\)$/);
    const bomb = 'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n' +
      'c: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n';
    const errors = parseYamlText(bomb, { maxAliasNodes: 500 }).documents[0]!.errors;
    const alias = errors.find((e) => e.code === 'yaml.aliasLimit')!;
    assert.match(alias.message, /\(alias expansion limit, a fixed limit: no setting or flag raises it\)$/);
    const many = parseYamlText(']'.repeat(500), { maxErrors: 10 }).documents[0]!;
    const last = many.errors[many.errors.length - 1]!.message;
    assert.match(last, /raise kce\.limits\.maxSyntaxErrors \(kce CLI: --max-syntax-errors\)/);
  });

  test('a nodes file\'s budget messages name no editor setting or flag (loadNodes passes hints: false)', () => {
    const text = 'apiVersion: v1\nkind: NodeList\nitems:\n' + '- ]\n'.repeat(300);
    const loaded = loadNodesFromText(text, 'nodes.yaml');
    assert.ok(loaded.errors.some((e) => /parsing stopped after 100 syntax errors/.test(e.message)),
      JSON.stringify(loaded.errors.slice(-2)));
    for (const e of loaded.errors) assert.doesNotMatch(e.message, /kce\.limits|--max-/);
    // the same text in the editor names the setting
    const edited = parseYamlText(text).documents[0]!.errors;
    assert.ok(edited.some((e) => /kce\.limits\.maxSyntaxErrors/.test(e.message)));
  });
});
