// Tabs as kubectl reads them: go.yaml.in/yaml/v2 v2.4.3 (through sigs.k8s.io/yaml v1.6.0) is stricter than YAML 1.2.
// Each value or error below is what that go-yaml gave for the text (run through apimachinery v0.35.0's YAMLReader),
// and each case names the scanner function of go-yaml's scannerc.go that decides it:
// - yaml_parser_scan_to_next_token skips a tab only in flow context or where no simple key may start, so a tab that
//   opens a line or follows `-`, `?` or a `:` without a key is "found character that cannot start any token";
// - yaml_parser_scan_plain_scalar refuses a tab left of the scalar's indentation on a continuation line;
// - yaml_parser_scan_block_scalar_breaks refuses a tab in a block scalar's indentation.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseYamlText } from '../../server/src/yaml/parse';

const NEXT = 'scannerc.go yaml_parser_scan_to_next_token';
const PLAIN = 'scannerc.go yaml_parser_scan_plain_scalar';
const BLOCK = 'scannerc.go yaml_parser_scan_block_scalar_breaks';
const START = 'found character that cannot start any token';
const INDENT = 'found a tab character that violates indentation';
const BLOCK_INDENT = 'found a tab character where an indentation space is expected';

interface Case {
  yaml: string;
  want?: unknown;
  /** go-yaml's message, and the 1-based line of the tab it stops at. */
  error?: [message: string, line: number];
  from: string;
}

const cases: Case[] = [
  // accepted: after a key's `:` no simple key may start, so the tab is skipped
  { yaml: 'a:\tb', want: { a: 'b' }, from: NEXT },
  { yaml: 'a: \tb', want: { a: 'b' }, from: NEXT },
  { yaml: 'a:\t', want: { a: null }, from: NEXT },
  { yaml: 'a:\t\nb: 1', want: { a: null, b: 1 }, from: NEXT },
  { yaml: 'a\t: b', want: { a: 'b' }, from: PLAIN },
  { yaml: 'a: b\t# c', want: { a: 'b' }, from: PLAIN },
  { yaml: 'a: "b"\t', want: { a: 'b' }, from: NEXT },
  { yaml: 'a: 1\t', want: { a: 1 }, from: PLAIN },
  { yaml: 'a:   \t   1', want: { a: 1 }, from: NEXT },
  { yaml: '- a\t', want: ['a'], from: PLAIN },
  { yaml: 'a: &x\tb', want: { a: 'b' }, from: NEXT },
  { yaml: 'a: !!str\tb', want: { a: 'b' }, from: NEXT },
  { yaml: 'a: [1,\t2]', want: { a: [1, 2] }, from: NEXT + ' (flow context)' },
  { yaml: 'a: {b:\t1}', want: { a: { b: 1 } }, from: NEXT + ' (flow context)' },
  { yaml: 'a: 1\n  \t\nb: 2', want: { a: 1, b: 2 }, from: PLAIN + ' (the tab is right of the indentation)' },
  { yaml: 'a: b\n  \tc', want: { a: 'b c' }, from: PLAIN },
  { yaml: 'a:\n  b: c\n   \td', want: { a: { b: 'c d' } }, from: PLAIN },
  { yaml: 'a: "b\n\tc"', want: { a: 'b c' }, from: 'scannerc.go yaml_parser_scan_flow_scalar' },
  { yaml: "a: 'b\n\t\tc'", want: { a: 'b c' }, from: 'scannerc.go yaml_parser_scan_flow_scalar' },
  { yaml: 'a: |\n  x\n  \t\n  y', want: { a: 'x\n\t\ny\n' }, from: BLOCK + ' (the tab is content)' },
  { yaml: 'a: >\n  x\n  \ty\n  z', want: { a: 'x\n\ty\nz\n' }, from: BLOCK + ' (the tab is content)' },
  { yaml: '---\t\na: 1', want: { a: 1 }, from: NEXT },
  { yaml: 'a: 1\n...\t', want: { a: 1 }, from: NEXT },
  // refused where a token may start
  { yaml: '\ta: 1', error: [START, 1], from: NEXT },
  { yaml: '\t# comment\na: 1', error: [START, 1], from: NEXT },
  { yaml: '# c\n\t\na: 1', error: [START, 2], from: NEXT },
  { yaml: 'a:\n  b: "x"\n\t\n  c: 2', error: [START, 3], from: NEXT },
  { yaml: 'key:\n  \t\n  sub: 1', error: [START, 2], from: NEXT },
  { yaml: 'a: 1\t#x\n\t\n', error: [START, 2], from: NEXT },
  { yaml: '- \ta', error: [START, 1], from: NEXT + ' (after `-`)' },
  { yaml: '-\ta', error: [START, 1], from: NEXT + ' (after `-`)' },
  { yaml: 'a:\n-\tb', error: [START, 2], from: NEXT + ' (after `-`)' },
  { yaml: 'a:\n  - b\n  -\tc', error: [START, 3], from: NEXT + ' (after `-`)' },
  { yaml: '? a\n:\tb', error: [START, 2], from: NEXT + ' (after a `:` with no simple key)' },
  { yaml: 'a:\n\tb: 1', error: [START, 2], from: NEXT },
  { yaml: 'a:\n \tb: 1', error: [START, 2], from: NEXT },
  // refused on a plain scalar's continuation lines
  { yaml: 'a: 1\n\t\nb: 2', error: [INDENT, 2], from: PLAIN },
  { yaml: 'a:\n  b: 1\n\t\n  c: 2', error: [INDENT, 3], from: PLAIN },
  { yaml: 'a:\n  b: x\n  \t\n  c: 2', error: [INDENT, 3], from: PLAIN },
  { yaml: 'a:\n  b: x\n  \t# c\n  c: 2', error: [INDENT, 3], from: PLAIN },
  { yaml: 'a: 1\n\t# comment\nb: 2', error: [INDENT, 2], from: PLAIN },
  { yaml: 'a: b\n\tc', error: [INDENT, 2], from: PLAIN },
  { yaml: 'a:\n  - b\n\t- c', error: [INDENT, 3], from: PLAIN },
  { yaml: 'a: [1\n\t, 2]', error: [INDENT, 2], from: PLAIN + ' (in flow context too)' },
  // refused in a block scalar's indentation
  { yaml: 'a: |\n\tx', error: [BLOCK_INDENT, 2], from: BLOCK },
  { yaml: 'a: |\n  x\n\t\n  y', error: [BLOCK_INDENT, 3], from: BLOCK },
  { yaml: 'a: |\n  x\n\ty', error: [BLOCK_INDENT, 3], from: BLOCK },
];

describe('tabs as go-yaml v2.4.3 reads them', () => {
  for (const c of cases) {
    test(`${JSON.stringify(c.yaml)} — go-yaml v2.4.3 ${c.from}`, () => {
      const f = parseYamlText(c.yaml);
      const errors = f.documents.flatMap((d) => d.errors);
      if (!c.error) {
        assert.deepEqual(errors, []);
        assert.deepEqual(f.documents[0]!.value, c.want);
        return;
      }
      const [message, line] = c.error;
      const lineStart =
        c.yaml
          .split('\n')
          .slice(0, line - 1)
          .join('\n').length + (line > 1 ? 1 : 0);
      const tab = c.yaml.indexOf('\t', lineStart);
      // go-yaml's own message on the tab, unless the parser already reported an error covering that tab
      const covering = errors.find((e) => e.range[0] <= tab && tab < e.range[1]);
      assert.ok(covering, JSON.stringify(errors));
      const ours = errors.find((e) => e.message === message);
      if (ours) assert.deepEqual(ours.range, [tab, tab + 1]);
    });
  }

  test("the messages are go-yaml's where the yaml package accepts the tab", () => {
    const text = 'a:\n  b: x\n  \t\n  c: 2\n';
    const [e] = parseYamlText(text).documents[0]!.errors;
    assert.equal(e!.message, INDENT);
    assert.equal(e!.code, 'yaml.syntax');
    assert.deepEqual(e!.range, [12, 13]);
  });

  test('a comment-only chunk with a bad tab is its own document, as kubectl reads it', () => {
    const docs = parseYamlText('\t# c\n---\na: 1\n').documents;
    assert.equal(docs.length, 2);
    assert.equal(docs[0]!.errors[0]!.message, START);
    assert.deepEqual(docs[1]!.errors, []);
    assert.deepEqual(docs[1]!.value, { a: 1 });
  });

  test('nothing after `...` is read, so its tabs are not errors (go-yaml stops at the document end)', () => {
    const doc = parseYamlText('a: 1\n...\n\tb: 2\n').documents[0]!;
    assert.deepEqual(doc.errors, []);
    assert.deepEqual(doc.value, { a: 1 });
  });
});
