import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decodeTyped, fieldNamesAt, schemaTypeAt, unknownFieldMessage } from '../../server/src/yaml/decode';
import { parseYamlText } from '../../server/src/yaml/parse';

const ds = (spec: unknown) => ({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'x' }, spec });

describe('decodeTyped', () => {
  const cases: { name: string; value: unknown; errors: string[]; unknown?: string[] }[] = [
    { name: 'valid DaemonSet', value: ds({ selector: { matchLabels: { a: 'b' } }, template: { spec: { containers: [{ name: 'c', image: 'i' }] } } }), errors: [] },
    { name: 'tolerations as a string', value: ds({ template: { spec: { tolerations: 'x' } } }), errors: ['spec.template.spec.tolerations: expected array, got string'] },
    { name: 'boolean label value', value: { ...ds({}), metadata: { labels: { on: true } } }, errors: ['metadata.labels[on]: expected string, got boolean'] },
    { name: 'number where string', value: ds({ template: { spec: { nodeSelector: { zone: 1 } } } }), errors: ['spec.template.spec.nodeSelector[zone]: expected string, got number'] },
    { name: 'fractional integer', value: ds({ minReadySeconds: 1.5 }), errors: ['json: cannot unmarshal number 1.5 into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32'] },
    { name: 'int-or-string accepts both', value: ds({ updateStrategy: { rollingUpdate: { maxUnavailable: '10%', maxSurge: 1 } } }), errors: [] },
    { name: 'int-or-string rejects bool', value: ds({ updateStrategy: { rollingUpdate: { maxSurge: true } } }), errors: ['spec.updateStrategy.rollingUpdate.maxSurge: expected integer or string, got boolean'] },
    { name: 'quantity accepts a number', value: ds({ template: { spec: { containers: [{ name: 'c', resources: { limits: { cpu: 1 } } }] } } }), errors: [] },
    { name: 'null is a zero value', value: ds({ template: { spec: { tolerations: null } } }), errors: [] },
    { name: 'object expected', value: ds({ template: 'x' }), errors: ['spec.template: expected object, got string'] },
    { name: 'unknown fields', value: ds({ tolerations: [], template: { spec: { nodeSelektor: {} } } }), errors: [], unknown: ['spec.tolerations', 'spec.template.spec.nodeSelektor'] },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const r = decodeTyped(c.value);
      assert.equal(r.known, true);
      assert.deepEqual(r.errors.map((e) => e.message), c.errors);
      assert.deepEqual(r.unknownFields, c.unknown ?? []);
    });
  }

  test('wrongly typed fields are removed from the object', () => {
    const r = decodeTyped<{ spec: { template: { spec: Record<string, unknown> } } }>(ds({ template: { spec: { tolerations: 'x', hostNetwork: true } } }));
    assert.deepEqual(r.object.spec.template.spec, { hostNetwork: true });
  });

  test('a List dispatches on each item kind', () => {
    const r = decodeTyped({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, spec: { unschedulable: 'yes' } }, { kind: 'Unknown', foo: 1 }] });
    assert.deepEqual(r.errors.map((e) => e.field), ['items[0].spec.unschedulable']);
  });

  test('unknown kind is returned untouched', () => {
    const v = { apiVersion: 'example.com/v1', kind: 'Widget', spec: { x: 1 } };
    const r = decodeTyped(v);
    assert.equal(r.known, false);
    assert.equal(r.object, v);
  });

  test('from YAML text', () => {
    const d = parseYamlText('apiVersion: apps/v1\nkind: DaemonSet\nspec:\n  template:\n    spec:\n      tolerations: yes\n').documents[0]!;
    // kubectl (go-yaml v2) reads the unquoted yes as a boolean
    assert.deepEqual(decodeTyped(d.value).errors.map((e) => e.message), ['spec.template.spec.tolerations: expected array, got boolean']);
  });

  test('schema helpers', () => {
    assert.equal(schemaTypeAt('apps/v1', 'DaemonSet', 'spec.template.spec.tolerations[0].value'), 'string');
    assert.ok(fieldNamesAt('apps/v1', 'DaemonSet', 'spec.template.spec.tolerations[0]')!.includes('tolerationSeconds'));
    assert.equal(fieldNamesAt('apps/v1', 'DaemonSet', 'metadata.labels'), undefined);
    assert.equal(unknownFieldMessage('spec.tolerations'), 'unknown field "spec.tolerations"');
  });
});
