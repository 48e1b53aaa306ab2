// Streams as kubectl cuts and reads them: apimachinery v0.35.0's YAMLReader.Read (pkg/util/yaml/decoder.go) ends a
// chunk at every line that starts with `---` and fails on one followed by more than a comment; go.yaml.in/yaml/v2
// v2.4.3 (decode.go parser.parse, parserc.go) then reads each chunk's first document only. Each expected value or
// error is what those two gave for the text; positions are the offsets kce reports.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseYamlText } from '../../server/src/yaml/parse';

interface Doc {
  value?: unknown;
  /** go-yaml's or YAMLReader's message, and the text the error's range covers. */
  error?: [message: string, covers: string];
  /** The text a warning covers (what kubectl ignores). */
  ignored?: string;
}
interface Case {
  name: string;
  yaml: string;
  docs: Doc[];
}

const READER = 'invalid Yaml document separator: ';
const cases: Case[] = [
  {
    name: 'after `...` nothing is read until the next `---` line',
    yaml: 'a: 1\n...\nb: 2\n---\nc: 3\n',
    docs: [{ value: { a: 1 }, ignored: 'b: 2' }, { value: { c: 3 } }],
  },
  { name: 'a comment after `...`', yaml: 'a: 1\n... # c\nb: 2\n', docs: [{ value: { a: 1 }, ignored: 'b: 2' }] },
  {
    name: 'what follows `...` is not even scanned',
    yaml: 'a: 1\n...\n\tbad: [\n---\nb: 2',
    docs: [{ value: { a: 1 }, ignored: '\tbad: [' }, { value: { b: 2 } }],
  },
  {
    name: 'an unknown alias after `...` is never resolved',
    yaml: 'a: 1\n...\nb: *x\n',
    docs: [{ value: { a: 1 }, ignored: 'b: *x' }],
  },
  {
    name: 'a block scalar ends at `...`',
    yaml: 'a: |\n  x\n...\n  y\n',
    docs: [{ value: { a: 'x\n' }, ignored: '  y' }],
  },
  { name: '`...` then `---`', yaml: 'a: 1\n...\n---\nb: 2\n', docs: [{ value: { a: 1 } }, { value: { b: 2 } }] },
  { name: 'two `...`', yaml: 'a: 1\n...\n...\n', docs: [{ value: { a: 1 } }] },
  { name: 'a scalar document', yaml: 'x\n...\n', docs: [{ value: 'x' }] },
  {
    name: 'a chunk that opens with `...`',
    yaml: '...\na: 1\n',
    docs: [{ error: ['did not find expected node content', '...'], ignored: 'a: 1' }],
  },
  {
    name: 'a comment-only chunk ended by `...`',
    yaml: '# c\n...\n---\na: 1\n',
    docs: [{ error: ['did not find expected node content', '...'] }, { value: { a: 1 } }],
  },
  { name: 'an explicit empty document', yaml: '---\n...\n---\na: 1', docs: [{ value: null }, { value: { a: 1 } }] },
  { name: 'explicit start, comment, `...`', yaml: '---\n# c\n...\na: 1\n', docs: [{ value: null, ignored: 'a: 1' }] },
  {
    name: 'a directive is cut from its `---`',
    yaml: '%YAML 1.1\n---\na: 1',
    docs: [{ error: ['did not find expected <document start>', '%YAML 1.1'] }, { value: { a: 1 } }],
  },
  {
    name: 'a directive after `...` is never read',
    yaml: 'a: 1\n...\n%YAML 1.1\n---\nb: 2',
    docs: [{ value: { a: 1 }, ignored: '%YAML 1.1' }, { value: { b: 2 } }],
  },
  { name: 'content on the separator line', yaml: '--- a: 1\n', docs: [{ error: [READER + 'a: 1', '--- a: 1'] }] },
  { name: 'a block scalar on the separator line', yaml: '--- |\n  text\n', docs: [{ error: [READER + '|', '--- |'] }] },
  {
    name: 'a tag on the separator line',
    yaml: 'a: 1\n--- !!map\nb: 2',
    docs: [{ value: { a: 1 } }, { error: [READER + '!!map', '--- !!map'] }],
  },
  { name: 'four dashes', yaml: '----\na: 1\n', docs: [{ error: [READER + '-', '----'] }] },
  { name: 'a comment glued to the separator', yaml: '---#c\na: 1\n', docs: [{ error: ['', ''] }] },
  { name: 'a comment on the separator line', yaml: '--- # c\na: 1\n', docs: [{ value: { a: 1 } }] },
  {
    name: 'spaces, a tab and a comment after the separator',
    yaml: 'a: 1\n--- \t# c\nb: 2',
    docs: [{ value: { a: 1 } }, { value: { b: 2 } }],
  },
  { name: 'CRLF separator', yaml: 'a: 1\n---\r\nb: 2', docs: [{ value: { a: 1 } }, { value: { b: 2 } }] },
  {
    name: '`---` ends a block scalar',
    yaml: 'a: |\n  x\n---\n  y\n',
    docs: [{ value: { a: 'x\n' } }, { value: true }],
  },
  { name: '`---` ends a quoted scalar', yaml: 'a: "x\n---\ny"', docs: [{ error: ['', ''] }, { value: 'y"' }] },
  { name: '`...` inside a quoted scalar', yaml: 'a: "x\n...\ny"', docs: [{ error: ['', ''], ignored: 'y"' }] },
  {
    name: 'a directive inside a document ends it',
    yaml: 'a: 1\n%YAML 1.1\nb: 2\n',
    docs: [{ value: { a: 1 }, ignored: '%YAML 1.1\nb: 2' }],
  },
  {
    name: 'a directive inside a nested mapping',
    yaml: 'a:\n  b: 1\n%YAML 1.1\n  c: 2',
    docs: [{ value: { a: { b: 1 } }, ignored: '%YAML 1.1\n  c: 2' }],
  },
  {
    name: 'a %TAG directive ends it too',
    yaml: 'a: 1\n%TAG ! tag:x,2000:\nb: 2',
    docs: [{ value: { a: 1 }, ignored: '%TAG ! tag:x,2000:\nb: 2' }],
  },
  { name: 'an unknown directive inside a document', yaml: 'a: 1\n%FOO bar\n', docs: [{ error: ['', '%'] }] },
  {
    name: 'a % inside a quoted scalar is text',
    yaml: 'a: "x\n%YAML 1.1\ny"',
    docs: [{ value: { a: 'x %YAML 1.1 y' } }],
  },
  {
    name: 'the root mapping ends before the text',
    yaml: '  a: 1\nb: 2\n',
    docs: [{ value: { a: 1 }, ignored: 'b: 2' }],
  },
  { name: 'what follows the root is not parsed', yaml: '  a: 1\nb: [\n', docs: [{ value: { a: 1 }, ignored: 'b: [' }] },
  { name: 'the root sequence ends before the text', yaml: '  - a\n- b\n', docs: [{ value: ['a'], ignored: '- b' }] },
  { name: 'two separators', yaml: '---\n---\na: 1', docs: [{ value: null }, { value: { a: 1 } }] },
];

describe('streams as kubectl cuts and reads them (YAMLReader v0.35.0 + go-yaml v2.4.3)', () => {
  for (const c of cases) {
    test(`${c.name}: ${JSON.stringify(c.yaml)}`, () => {
      const f = parseYamlText(c.yaml);
      assert.deepEqual(f.errors, []);
      assert.equal(
        f.documents.length,
        c.docs.length,
        JSON.stringify(f.documents.map((d) => c.yaml.slice(d.range[0], d.range[1]))),
      );
      c.docs.forEach((want, i) => {
        const doc = f.documents[i]!;
        if (want.error) {
          const [message, covers] = want.error;
          const e = doc.errors.find((x) => x.message.includes(message));
          assert.ok(e, JSON.stringify(doc.errors));
          if (covers) assert.equal(c.yaml.slice(e.range[0], e.range[1]), covers);
        } else {
          assert.deepEqual(doc.errors, []);
          assert.deepEqual(doc.value, want.value);
        }
        const warning = doc.warnings.find((w) => w.message.startsWith('kubectl does not read this'));
        assert.equal(warning && c.yaml.slice(warning.range[0], warning.range[1]), want.ignored);
      });
    });
  }
});
