// Differential cases: what kubectl makes of a YAML text, each with the value (or the error) that
// go.yaml.in/yaml/v2 v2.4.3 (decoding into interface{}) and sigs.k8s.io/yaml v1.6.0 (YAML to JSON) give,
// the versions Kubernetes v1.35.0 builds with. Each case names its source: a test case of go-yaml's
// decode_test.go (`unmarshalTests`, `unmarshalErrorTests`, `mergeTests`) or sigs.k8s.io/yaml's
// yaml_test.go (`TestYAMLToJSON`), or the go-yaml function whose behaviour it pins.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseYamlText } from '../../server/src/yaml/parse';
import { exactInteger } from '../../server/src/yaml/toValue';

interface Case {
  yaml: string;
  /** The JSON value kubectl sends. */
  want?: unknown;
  /** Substring of the error; the value is not checked. */
  error?: string;
  /** Where the case comes from. */
  from: string;
}

const UT = 'go-yaml v2.4.3 decode_test.go unmarshalTests';
const UET = 'go-yaml v2.4.3 decode_test.go unmarshalErrorTests';
const SIGS = 'sigs.k8s.io/yaml v1.6.0 yaml_test.go TestYAMLToJSON';

const cases: Case[] = [
  // YAML 1.1 scalars as kubectl types them
  { yaml: 'v: hi', want: { v: 'hi' }, from: UT },
  { yaml: 'v: true', want: { v: true }, from: UT },
  { yaml: 'v: 10', want: { v: 10 }, from: UT },
  { yaml: 'v: 0b10', want: { v: 2 }, from: UT },
  { yaml: 'v: 0xA', want: { v: 10 }, from: UT },
  { yaml: 'v: 4294967296', want: { v: 4294967296 }, from: UT },
  { yaml: 'v: .1', want: { v: 0.1 }, from: UT },
  { yaml: 'v: -.1', want: { v: -0.1 }, from: UT },
  { yaml: 'canonical: 6.8523e+5', want: { canonical: 685230 }, from: UT + ' (floats from spec)' },
  { yaml: 'expo: 685.230_15e+03', want: { expo: 685230.15 }, from: UT + ' (floats from spec)' },
  { yaml: 'fixed: 685_230.15', want: { fixed: 685230.15 }, from: UT + ' (floats from spec)' },
  { yaml: 'canonical: y', want: { canonical: true }, from: UT + ' (bools from spec)' },
  { yaml: 'answer: NO', want: { answer: false }, from: UT + ' (bools from spec)' },
  { yaml: 'logical: True', want: { logical: true }, from: UT + ' (bools from spec)' },
  { yaml: 'option: on', want: { option: true }, from: UT + ' (bools from spec)' },
  { yaml: 'decimal: +685_230', want: { decimal: 685230 }, from: UT + ' (ints from spec)' },
  { yaml: 'octal: 02472256', want: { octal: 685230 }, from: UT + ' (ints from spec)' },
  { yaml: 'hexa: 0x_0A_74_AE', want: { hexa: 685230 }, from: UT + ' (ints from spec)' },
  { yaml: 'bin: 0b1010_0111_0100_1010_1110', want: { bin: 685230 }, from: UT + ' (ints from spec)' },
  { yaml: 'bin: -0b101010', want: { bin: -42 }, from: UT + ' (ints from spec)' },
  { yaml: 'empty:', want: { empty: null }, from: UT + ' (nulls from spec)' },
  { yaml: 'canonical: ~', want: { canonical: null }, from: UT + ' (nulls from spec)' },
  { yaml: 'seq: [A,1,C]', want: { seq: ['A', 1, 'C'] }, from: UT + ' (flow sequence)' },
  { yaml: 'a: -b_c', want: { a: '-b_c' }, from: UT },
  { yaml: 'a: 50cent_of_dollar', want: { a: '50cent_of_dollar' }, from: UT },
  { yaml: 'a: 1:1\n', want: { a: '1:1' }, from: UT + ' (no base-60 numbers)' },
  { yaml: 'a: 1.2.3.4\n', want: { a: '1.2.3.4' }, from: UT },
  { yaml: 'a: 2015-01-01', want: { a: '2015-01-01' }, from: UT + ' (timestamps stay strings in interface{})' },
  { yaml: 'a: 123456e1\n', want: { a: 1234560 }, from: UT },
  { yaml: 'a: 08', want: { a: 8 }, from: 'go-yaml v2.4.3 resolve.go resolve (not octal, but a yamlStyleFloat)' },
  { yaml: 'a: 1e400', want: { a: '1e400' }, from: 'go-yaml v2.4.3 resolve.go resolve (ParseFloat range error: a string)' },
  { yaml: 'v: !!float \'1.1\'', want: { v: 1.1 }, from: UT },
  { yaml: 'v: !!null \'\'', want: { v: null }, from: UT },
  { yaml: 'v: ! test', want: { v: 'test' }, from: UT },
  { yaml: 'a: !!str 2015-01-01', want: { a: '2015-01-01' }, from: UT },
  { yaml: 'a: !!binary gIGC\n', want: { a: '\ufffd\ufffd\ufffd' }, from: SIGS },
  { yaml: 't: 1000000000000000000000000000000000000\n', want: { t: 1e36 }, from: SIGS },
  { yaml: 'v: !!float \'error\'', error: 'cannot decode !!str `error` as a !!float', from: UET },
  { yaml: 'a: !!binary ==', error: '!!binary value contains invalid base64 data', from: UET },
  // map keys: sigs.k8s.io/yaml turns YAML keys into JSON keys
  { yaml: 'True: a', want: { true: 'a' }, from: SIGS },
  { yaml: 'no: a', want: { false: 'a' }, from: SIGS },
  { yaml: '1: a', want: { 1: 'a' }, from: SIGS },
  { yaml: '1.2: a', want: { '1.2': 'a' }, from: SIGS },
  { yaml: '1000000000000000000000000000000000000: a', want: { '1e+36': 'a' }, from: SIGS },
  { yaml: '1e+36: a', want: { '1e+36': 'a' }, from: SIGS },
  { yaml: '"1e+36": a\n', want: { '1e+36': 'a' }, from: SIGS },
  { yaml: '~: a', error: 'unsupported map key', from: SIGS + ' (cases that should produce errors)' },
  { yaml: 'null: a', error: 'unsupported map key', from: SIGS + ' (cases that should produce errors)' },
  { yaml: 'a: .inf', error: 'json: unsupported value: +Inf', from: 'sigs.k8s.io/yaml v1.6.0 yaml.go yamlToJSONTarget (json.Marshal)' },
  // quoted scalars: go-yaml's escapes and folding (scannerc.go yaml_parser_scan_flow_scalar)
  { yaml: "'1': '\"2\"'", want: { 1: '"2"' }, from: UT },
  { yaml: "v:\n- A\n- 'B\n\n  C'\n", want: { v: ['A', 'B\nC'] }, from: UT },
  { yaml: 'a: "it\\\'s"', want: { a: "it's" }, from: 'go-yaml v2.4.3 scannerc.go yaml_parser_scan_flow_scalar (escape \\\')' },
  { yaml: 'a: "x\\/y"', error: 'found unknown escape character', from: 'go-yaml v2.4.3 scannerc.go yaml_parser_scan_flow_scalar (no \\/ in YAML 1.1)' },
  { yaml: 'a: "\\x41\\u00e9\\U0001F600"', want: { a: 'Aé😀' }, from: 'go-yaml v2.4.3 scannerc.go yaml_parser_scan_flow_scalar' },
  { yaml: 'a: "\\ud800"', error: 'found invalid Unicode character escape code', from: 'go-yaml v2.4.3 scannerc.go yaml_parser_scan_flow_scalar' },
  { yaml: 'a: "one \\\n    two"', want: { a: 'one two' }, from: 'go-yaml v2.4.3 scannerc.go yaml_parser_scan_flow_scalar (escaped line break)' },
  {
    yaml: 'spec:\n  description: \'first line\n  second line\'\n  x: 1\n',
    want: { spec: { description: 'first line second line', x: 1 } },
    from: 'go-yaml v2.4.3 scannerc.go yaml_parser_scan_flow_scalar (no indentation check on continuation lines)',
  },
  {
    yaml: 'a:\n  b: "one\ntwo"\n  c: d\n',
    want: { a: { b: 'one two', c: 'd' } },
    from: 'go-yaml v2.4.3 scannerc.go yaml_parser_scan_flow_scalar (no indentation check on continuation lines)',
  },
  // anchors, aliases and merge keys
  { yaml: 'a: &x 1\nb: &y 2\nc: *x\nd: *y\n', want: { a: 1, b: 2, c: 1, d: 2 }, from: UT },
  {
    yaml: 'First occurrence: &anchor Foo\nSecond occurrence: *anchor\nOverride anchor: &anchor Bar\nReuse anchor: *anchor\n',
    want: { 'First occurrence': 'Foo', 'Second occurrence': 'Foo', 'Override anchor': 'Bar', 'Reuse anchor': 'Bar' },
    from: UT + ' (yaml-test-suite 3GZX)',
  },
  { yaml: 'a: *b\n', error: "unknown anchor 'b' referenced", from: UET },
  { yaml: 'b: *a\na: &a {c: 1}', error: "unknown anchor 'a' referenced", from: UET },
  { yaml: 'a: &a\n  b: *a\n', error: "anchor 'a' value contains itself", from: UET },
  { yaml: 'a: &x null\n<<:\n- *x\nb: &x {}\n', error: 'map merge requires map or sequence of maps as the value', from: UET },
  { yaml: 'value: -', error: '', from: UET },
  { yaml: 'v: [A,', error: '', from: UET },
  // the other tabs: the `yaml` package and go-yaml agree on these
  { yaml: 'a: b\tc\n', want: { a: 'b\tc' }, from: 'go-yaml v2.4.3 scannerc.go yaml_parser_scan_plain_scalar (tabs inside a scalar)' },
  { yaml: 'a:\n\tb: 1\n', error: '', from: 'go-yaml v2.4.3 scannerc.go yaml_parser_scan_to_next_token (no tab in indentation)' },
  { yaml: 'scalar: | # Comment\n\n literal\n\n \ttext\n\n', want: { scalar: '\nliteral\n\n\ttext\n' }, from: UT + ' (literal block scalar)' },
];

const mergeTests = `
anchors:
  list:
    - &CENTER { "x": 1, "y": 2 }
    - &LEFT   { "x": 0, "y": 2 }
    - &BIG    { "r": 10 }
    - &SMALL  { "r": 1 }
plain:
  "x": 1
  "y": 2
  "r": 10
  label: center/big
mergeOne:
  << : *CENTER
  "r": 10
  label: center/big
mergeMultiple:
  << : [ *CENTER, *BIG ]
  label: center/big
override:
  << : [ *BIG, *LEFT, *SMALL ]
  "x": 1
  label: center/big
shortTag:
  !!merge "<<" : [ *CENTER, *BIG ]
  label: center/big
longTag:
  !<tag:yaml.org,2002:merge> "<<" : [ *CENTER, *BIG ]
  label: center/big
inlineMap:
  << : {"x": 1, "y": 2, "r": 10}
  label: center/big
inlineSequenceMap:
  << : [ *CENTER, {"r": 10} ]
  label: center/big
`;

describe('YAML read as kubectl reads it (go-yaml v2 + sigs.k8s.io/yaml)', () => {
  for (const c of cases) {
    test(`${JSON.stringify(c.yaml)} — ${c.from}`, () => {
      const f = parseYamlText(c.yaml);
      const doc = f.documents[0]!;
      const errors = [...f.errors, ...doc.errors];
      if (c.error !== undefined) {
        assert.ok(errors.length > 0, 'expected an error');
        assert.ok(errors.some((e) => e.message.includes(c.error!)), JSON.stringify(errors.map((e) => e.message)));
        for (const e of errors) assert.ok(e.range[0] >= 0 && e.range[1] <= c.yaml.length && e.range[0] <= e.range[1]);
      } else {
        assert.deepEqual(errors, []);
        assert.deepEqual(doc.value, c.want);
      }
    });
  }

  test('mergeTests: every map equals the plain one — go-yaml v2.4.3 decode_test.go TestMerge', () => {
    const doc = parseYamlText(mergeTests).documents[0]!;
    assert.deepEqual(doc.errors, []);
    const v = doc.value as Record<string, Record<string, unknown>>;
    const want = { x: 1, y: 2, r: 10, label: 'center/big' };
    for (const name of Object.keys(v).filter((k) => k !== 'anchors')) assert.deepEqual(v[name], want, name);
  });

  test('a key before a merge is overwritten by it (go-yaml v2.4.3 decode.go mapping/merge write in order)', () => {
    const doc = parseYamlText('base: &b {k: merged}\nm:\n  k: own\n  <<: *b\n').documents[0]!;
    assert.deepEqual((doc.value as Record<string, unknown>).m, { k: 'merged' });
  });

  test('integers beyond 2^53 keep their exact value beside the JS number — sigs.k8s.io/yaml TestYAMLToJSON', () => {
    const doc = parseYamlText('t: 9007199254740993\nu: 18446744073709551615\n').documents[0]!;
    const v = doc.value as Record<string, unknown>;
    assert.equal(exactInteger(v, 't'), 9007199254740993n);
    assert.equal(exactInteger(v, 'u'), 18446744073709551615n);
    assert.equal(typeof v.t, 'number');
  });

  test('the unknown anchor and the bad escape are located on the alias and the escape', () => {
    const text = 'a: 1\nb: *nosuchanchor\nc: "x\\qy"\n';
    const doc = parseYamlText(text).documents[0]!;
    const alias = doc.errors.find((e) => e.message.startsWith('unknown anchor'))!;
    assert.equal(text.slice(alias.range[0], alias.range[1]), '*nosuchanchor');
    const esc = doc.errors.find((e) => e.message.includes('unknown escape'))!;
    assert.equal(text.slice(esc.range[0], esc.range[1]), '\\q');
  });

  test('AST scalars carry the typed value, keys their JSON name', () => {
    const doc = parseYamlText('on: 0x10\nx: "a\\\'b"\n').documents[0]!;
    assert.deepEqual(doc.value, { true: 16, x: "a'b" });
    const items = (doc.ast!.contents as unknown as { items: { key: { value: unknown }; value: { value: unknown } }[] }).items;
    assert.deepEqual(items.map((p) => [p.key.value, p.value.value]), [['true', 16], ['x', "a'b"]]);
  });
});
