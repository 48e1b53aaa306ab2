import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseYamlText } from '../../server/src/yaml/parse';
import { findYaml11Traps, yaml11PlainKind } from '../../server/src/yaml/scalars';

describe('yaml11PlainKind (go-yaml v2 resolve)', () => {
  const cases: [string, string | undefined][] = [
    ['yes', 'bool'], ['Yes', 'bool'], ['YES', 'bool'], ['yEs', undefined], ['y', 'bool'], ['N', 'bool'],
    ['on', 'bool'], ['Off', 'bool'], ['true', 'bool'], ['FALSE', 'bool'], ['tRue', undefined],
    ['~', 'null'], ['null', 'null'], ['Null', 'null'], ['nULL', undefined],
    ['123', 'int'], ['-7', 'int'], ['+7', 'int'], ['0755', 'int'], ['0x1F', 'int'], ['0b101', 'int'], ['0o17', 'int'], ['1_000', 'int'],
    ['089', 'float'], ['1.5', 'float'], ['1e3', 'float'], ['.5', 'float'], ['.inf', 'float'], ['-.Inf', 'float'], ['.nan', 'float'],
    ['18446744073709551615', 'int'], ['99999999999999999999', 'float'],
    ['2001-12-14', undefined], ['1.2.3', undefined], ['v1', undefined], ['linux', undefined], ['0x', undefined], ['-', undefined],
  ];
  for (const [src, want] of cases) test(`${JSON.stringify(src)} -> ${want}`, () => assert.equal(yaml11PlainKind(src), want));
});

describe('findYaml11Traps', () => {
  const text = [
    'apiVersion: apps/v1',
    'kind: DaemonSet',
    'metadata:',
    '  name: yes',            // not a string position we check
    '  labels:',
    '    enabled: on',         // value trap
    '    quoted: "on"',        // quoted: fine
    '    yes: x',              // key trap
    '    ver: 1.10',           // float
    '  annotations: {a: no, b: !!str no}',
    'spec:',
    '  template:',
    '    spec:',
    '      nodeSelector:',
    '        gpu: true',
    '      tolerations:',
    '      - key: k',
    '        value: 0755',
    '      affinity:',
    '        nodeAffinity:',
    '          requiredDuringSchedulingIgnoredDuringExecution:',
    '            nodeSelectorTerms:',
    '            - matchExpressions:',
    '              - key: z',
    '                operator: In',
    '                values: [a, Y, 3]',
    '      containers:',
    '      - name: c',
    '        env:',
    '        - name: E',
    '          value: off',
    '        args: ["--x", ~]',
    '',
  ].join('\n');
  const traps = findYaml11Traps(parseYamlText(text).documents[0]!);
  const got = traps.map((t) => [t.path, t.source, t.readsAs, t.isKey]);
  test('every trap in a string position, none elsewhere', () => {
    assert.deepEqual(got, [
      ['metadata.labels[enabled]', 'on', 'bool', false],
      // the key's path is its JSON name: go-yaml reads `yes` as true, sigs.k8s.io/yaml writes the key "true"
      ['metadata.labels[true]', 'yes', 'bool', true],
      ['metadata.labels[ver]', '1.10', 'float', false],
      ['metadata.annotations[a]', 'no', 'bool', false],
      ['spec.template.spec.nodeSelector[gpu]', 'true', 'bool', false],
      ['spec.template.spec.tolerations[0].value', '0755', 'int', false],
      ['spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[1]', 'Y', 'bool', false],
      ['spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[2]', '3', 'int', false],
      ['spec.template.spec.containers[0].env[0].value', 'off', 'bool', false],
      ['spec.template.spec.containers[0].args[1]', '~', 'null', false],
    ]);
  });
  test('ranges cover the source form', () => {
    for (const t of traps) assert.equal(text.slice(t.range[0], t.range[1]), t.source);
  });
  test('CRLF and a second document keep absolute ranges', () => {
    const t2 = 'a: 1\r\n---\r\nmetadata:\r\n  labels:\r\n    x: no\r\n';
    const tr = findYaml11Traps(parseYamlText(t2).documents[1]!);
    assert.equal(tr.length, 1);
    assert.equal(t2.slice(tr[0]!.range[0], tr[0]!.range[1]), 'no');
  });
});
