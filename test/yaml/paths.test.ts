import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseYamlText } from '../../server/src/yaml/parse';
import { locatePath, pathAtOffset, rangeOfPath } from '../../server/src/yaml/paths';
import { keyStyleFor } from '../../server/src/yaml/decode';

const slice = (text: string, r: [number, number] | undefined) => (r ? text.slice(r[0], r[1]) : undefined);

const DS = [
  'apiVersion: apps/v1',
  'kind: DaemonSet',
  'metadata:',
  '  name: agent # 🚀 emoji before',
  '  labels: {app: agent, "tier": "node"}',
  'spec:',
  '  template:',
  '    spec:',
  '      nodeSelector:',
  '        kubernetes.io/os: linux',
  '      tolerations:',
  '      - key: a',
  '        operator: Exists',
  '      - key: 🙂b',
  '        effect: NoSchedule',
  '',
].join('\n');

describe('rangeOfPath', () => {
  const cases: { name: string; text: string; doc?: number; path: string; part: 'key' | 'value' | 'entry'; want: string; exact?: boolean }[] = [
    { name: 'top-level value', text: DS, path: 'kind', part: 'value', want: 'DaemonSet' },
    { name: 'key', text: DS, path: 'metadata.name', part: 'key', want: 'name' },
    { name: 'entry', text: DS, path: 'metadata.name', part: 'entry', want: 'name: agent' },
    { name: 'flow map, bracket key', text: DS, path: 'metadata.labels[app]', part: 'value', want: 'agent' },
    { name: 'flow map, quoted key and value', text: DS, path: 'metadata.labels[tier]', part: 'value', want: '"node"' },
    { name: 'label key with dots and slash', text: DS, path: 'spec.template.spec.nodeSelector[kubernetes.io/os]', part: 'key', want: 'kubernetes.io/os' },
    { name: 'list index after emoji', text: DS, path: 'spec.template.spec.tolerations[1].effect', part: 'value', want: 'NoSchedule' },
    { name: 'emoji value', text: DS, path: 'spec.template.spec.tolerations[1].key', part: 'value', want: '🙂b' },
    { name: 'missing list index falls back to the list key', text: DS, path: 'spec.template.spec.tolerations[5]', part: 'value', want: 'tolerations', exact: false },
    { name: 'missing top-level field points at the first key', text: DS, path: 'status.x', part: 'value', want: 'apiVersion', exact: false },
    { name: 'CRLF', text: 'a: 1\r\nb:\r\n  c: "x y"\r\n', path: 'b.c', part: 'value', want: '"x y"' },
    { name: 'tabs in values', text: 'a:\t1\nb: "t\\tx"\n', path: 'b', part: 'value', want: '"t\\tx"' },
    { name: 'second document', text: 'a: 1\n---\na: 22\n', doc: 1, path: 'a', part: 'value', want: '22' },
    { name: 'alias follows its anchor', text: 'x: &n {k: v}\nz: *n\n', path: 'z.k', part: 'value', want: 'v' },
    { name: 'merge key field', text: 'x: &n {k: v}\nz:\n  <<: *n\n  j: w\n', path: 'z.k', part: 'value', want: 'v' },
    // go-yaml v2 reads the plain key `y` as the boolean true, which sigs.k8s.io/yaml turns into the key "true"
    { name: 'a YAML 1.1 boolean key is found under its JSON name', text: 'y: 1\n', path: 'true', part: 'key', want: 'y' },
    { name: 'flow sequence index', text: 'v: [a, b, c]\n', path: 'v[2]', part: 'value', want: 'c' },
    { name: 'bracket on map with a numeric key', text: 'm:\n  "0": zero\n', path: 'm[0]', part: 'value', want: 'zero' },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const doc = parseYamlText(c.text).documents[c.doc ?? 0]!;
      const loc = locatePath(doc, c.path, c.part)!;
      if (c.exact === false) {
        assert.equal(loc.exact, false);
        assert.equal(slice(c.text, loc.range), c.want);
      } else {
        assert.equal(loc.exact, true);
        assert.equal(slice(c.text, loc.range), c.want);
      }
    });
  }

  test('missing toleration field lands on the toleration item (exact offsets)', () => {
    const doc = parseYamlText(DS).documents[0]!;
    const r = rangeOfPath(doc, 'spec.template.spec.tolerations[0].effect', 'value')!;
    const start = DS.indexOf('key: a');
    assert.equal(r[0], start);
    assert.equal(DS.slice(r[0], r[1]).trimEnd(), 'key: a\n        operator: Exists');
  });

  test('UTF-16 offsets: emoji count as two units', () => {
    const text = 'a: "😀"\nb: x\n';
    const doc = parseYamlText(text).documents[0]!;
    assert.deepEqual(rangeOfPath(doc, 'b', 'value'), [11, 12]);
  });
});

describe('pathAtOffset', () => {
  const doc = parseYamlText(DS).documents[0]!;
  const ks = keyStyleFor('apps/v1', 'DaemonSet');
  const cases: { name: string; at: string; want: { path: string; part: 'key' | 'value' } }[] = [
    { name: 'on a struct key', at: 'kind', want: { path: 'kind', part: 'key' } },
    { name: 'on a label value in a flow map', at: 'agent,', want: { path: 'metadata.labels[app]', part: 'value' } },
    { name: 'on a nodeSelector key', at: 'kubernetes.io/os', want: { path: 'spec.template.spec.nodeSelector[kubernetes.io/os]', part: 'key' } },
    { name: 'on a toleration effect value', at: 'NoSchedule', want: { path: 'spec.template.spec.tolerations[1].effect', part: 'value' } },
  ];
  for (const c of cases) {
    test(c.name, () => {
      assert.deepEqual(pathAtOffset(doc, DS.indexOf(c.at) + 1, ks), c.want);
    });
  }
  test('round trip: rangeOfPath(pathAtOffset(x)) contains x', () => {
    for (let off = 0; off < DS.length; off += 7) {
      const p = pathAtOffset(doc, off, ks);
      if (!p) continue;
      const r = rangeOfPath(doc, p.path, p.part)!;
      assert.ok(r[0] <= off && off <= r[1], `${off} ${p.path} ${JSON.stringify(r)}`);
    }
  });
  test('second document of a stream uses absolute offsets', () => {
    const text = 'a: 1\n---\nb: {c: d}\n';
    const d = parseYamlText(text).documents[1]!;
    assert.deepEqual(pathAtOffset(d, text.indexOf('d}')), { path: 'b.c', part: 'value' });
    assert.equal(pathAtOffset(d, 0), undefined);
  });
});
