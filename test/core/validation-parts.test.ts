import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { FieldError } from '../../server/src/core/types';
import {
  invalid, notSupported, required, tooLong, tooMany, goQuote, asJSON,
  validateTolerations, validateNodeSelectorRequirement, validateNodeFieldSelectorRequirement, validateNodeSelector,
  validatePreferredSchedulingTerms, validatePodAffinityTerm, validateLabelSelector, validateLabels, validateAnnotations,
  isQualifiedName, isValidLabelValue, isDecimalInteger,
} from '../../server/src/core/validation/index';
import { setDefaultsDaemonSet, imageTag } from '../../server/src/core/defaults';

const pairs = (errs: FieldError[]) => errs.map((e) => [e.field, e.reason]);
const off = { TaintTolerationComparisonOperators: false };
const on = { TaintTolerationComparisonOperators: true };

describe('field errors (field/errors_test.go)', () => {
  test('TestNotSupported', () => {
    assert.equal(notSupported('f', 'v', ['a', 'b', 'c']).message, 'f: Unsupported value: "v": supported values: "a", "b", "c"');
  });
  test('TestErrorBody int', () => assert.equal(invalid('bla', 2, 'details').message, 'bla: Invalid value: 2: details'));
  test('TestErrorUsefulMessage nil', () => assert.equal(invalid('', null, '').message, ': Invalid value: null'));
  test('required/forbidden carry no value', () => assert.equal(required('f', 'd').message, 'f: Required value: d'));
  test('TooLong omits the value', () => assert.equal(tooLong('f', 262144).message, 'f: Too long: may not be more than 262144 bytes'));
  test('TooMany', () => assert.equal(tooMany('f', 3, 1).message, 'f: Too many: 3: must have at most 1 item'));
  test('%q escapes like strconv.Quote', () => {
    assert.equal(goQuote('a"b\\c\n\u0001é'), '"a\\"b\\\\c\\n\\x01é"');
    assert.equal(goQuote('\u200b'), '"\\u200b"');
  });
  test('maps and structs render as JSON with HTML escaping', () => {
    assert.equal(invalid('f', { k: '<v>' }, 'd').message, 'f: Invalid value: {"k":"\\u003cv\\u003e"}: d');
    assert.equal(invalid('f', asJSON('x'), 'd').message, 'f: Invalid value: "x": d');
  });
});

describe('TestValidateTolerations (core/validation)', () => {
  const ok = [
    { key: 'foo', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' },
    { key: 'foo', value: 'bar', effect: 'NoExecute', tolerationSeconds: 20 },
    { operator: 'Exists' },
    { key: 'foo', operator: 'Exists' },
  ];
  test('valid tolerations', () => assert.deepEqual(validateTolerations(ok, 'tolerations', off), []));
  const cases: Array<[string, object, string[][]]> = [
    ['invalid key', { key: 'nospecialchars^=@', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }, [['tolerations[0].key', 'FieldValueInvalid']]],
    ['operator must be Exists when key is empty', { operator: 'Equal', value: 'bar', effect: 'NoSchedule' }, [['tolerations[0].operator', 'FieldValueInvalid']]],
    ['value must be empty when operator is Exists', { key: 'foo', operator: 'Exists', value: 'bar' }, [['tolerations[0].operator', 'FieldValueInvalid']]],
    ['operator must be Equal or Exists', { key: 'foo', operator: 'In', value: 'bar' }, [['tolerations[0].operator', 'FieldValueNotSupported']]],
    ['effect must be NoExecute when tolerationSeconds is set', { key: 'foo', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 20 }, [['tolerations[0].effect', 'FieldValueInvalid']]],
    ['invalid effect', { key: 'foo', operator: 'Exists', effect: 'Bogus' }, [['tolerations[0].effect', 'FieldValueNotSupported']]],
    ['invalid Equal value is reported on operator', { key: 'foo', value: 'a b' }, [['tolerations[0].operator', 'FieldValueInvalid']]],
  ];
  for (const [name, t, expect] of cases) {
    test(name, () => assert.deepEqual(pairs(validateTolerations([t], 'tolerations', off)), expect));
  }
  test('Gt with the gate off is an unsupported operator', () => {
    const [e] = validateTolerations([{ key: 'sla', operator: 'Gt', value: '950' }], 'tolerations', off);
    assert.equal(e?.message, 'tolerations[0].operator: Unsupported value: "Gt": supported values: "Equal", "Exists"');
  });
  test('Gt with the gate on needs a canonical decimal integer', () => {
    assert.deepEqual(validateTolerations([{ key: 'sla', operator: 'Gt', value: '950' }], 'tolerations', on), []);
    assert.deepEqual(pairs(validateTolerations([{ key: 'sla', operator: 'Lt', value: '0950' }], 'tolerations', on)),
      [['tolerations[0].value', 'FieldValueInvalid']]);
  });
});

describe('node selectors (core/validation)', () => {
  test('In without values', () => assert.deepEqual(pairs(validateNodeSelectorRequirement({ key: 'k', operator: 'In' }, false, 'r')), [['r.values', 'FieldValueRequired']]));
  test('Exists with values', () => assert.deepEqual(pairs(validateNodeSelectorRequirement({ key: 'k', operator: 'Exists', values: ['a'] }, false, 'r')), [['r.values', 'FieldValueForbidden']]));
  test('Gt needs a single value (not checked as integer here)', () => {
    assert.deepEqual(pairs(validateNodeSelectorRequirement({ key: 'k', operator: 'Gt', values: ['1', '2'] }, false, 'r')), [['r.values', 'FieldValueRequired']]);
    assert.deepEqual(validateNodeSelectorRequirement({ key: 'k', operator: 'Lt', values: ['abc'] }, false, 'r'), []);
  });
  test('invalid operator and key', () => {
    assert.deepEqual(pairs(validateNodeSelectorRequirement({ key: '', operator: 'Foo' }, false, 'r')),
      [['r.operator', 'FieldValueInvalid'], ['r.key', 'FieldValueInvalid'], ['r.key', 'FieldValueInvalid']]);
  });
  test('matchFields: only metadata.name, In/NotIn with one value', () => {
    assert.deepEqual(validateNodeFieldSelectorRequirement({ key: 'metadata.name', operator: 'In', values: ['node-1'] }, 'f'), []);
    assert.deepEqual(pairs(validateNodeFieldSelectorRequirement({ key: 'metadata.labels', operator: 'Exists' }, 'f')),
      [['f.operator', 'FieldValueInvalid'], ['f.key', 'FieldValueInvalid']]);
    assert.deepEqual(pairs(validateNodeFieldSelectorRequirement({ key: 'metadata.name', operator: 'In', values: ['a', 'B'] }, 'f')),
      [['f.values', 'FieldValueRequired'], ['f.values[1]', 'FieldValueInvalid']]);
  });
  test('no terms', () => assert.equal(validateNodeSelector({ nodeSelectorTerms: [] }, false, 'ns')[0]?.message,
    'ns.nodeSelectorTerms: Required value: must have at least one node selector term'));
  test('preferred weight 1-100, invalid label values allowed', () => {
    assert.deepEqual(pairs(validatePreferredSchedulingTerms([{ weight: 0, preference: { matchExpressions: [{ key: 'k', operator: 'In', values: ['a b'] }] } }], 'p')),
      [['p[0].weight', 'FieldValueInvalid']]);
  });
  test('pod affinity term: topologyKey required', () => {
    assert.deepEqual(pairs(validatePodAffinityTerm({ topologyKey: '' }, false, 't')),
      [['t.topologyKey', 'FieldValueRequired'], ['t.topologyKey', 'FieldValueInvalid'], ['t.topologyKey', 'FieldValueInvalid']]);
    assert.deepEqual(pairs(validatePodAffinityTerm({ topologyKey: 'zone', namespaces: ['Bad'] }, false, 't')), [['t.namespace', 'FieldValueInvalid']]);
  });
});

describe('label selectors, labels and annotations (meta/v1/validation, objectmeta)', () => {
  test('selector operators', () => {
    const errs = validateLabelSelector({ matchExpressions: [
      { key: 'a', operator: 'In' }, { key: 'b', operator: 'Exists', values: ['x'] }, { key: 'c', operator: 'Gt', values: ['1'] },
      { key: 'd', operator: 'In', values: ['bad value'] }] }, {}, 's');
    assert.deepEqual(pairs(errs), [
      ['s.matchExpressions[0].values', 'FieldValueRequired'],
      ['s.matchExpressions[1].values', 'FieldValueForbidden'],
      ['s.matchExpressions[2].operator', 'FieldValueInvalid'],
      ['s.matchExpressions[3].values[0]', 'FieldValueInvalid'],
    ]);
  });
  test('qualified names', () => {
    assert.deepEqual(isQualifiedName('example.com/MyName'), []);
    assert.deepEqual(isQualifiedName('/a'), ['prefix part must be non-empty']);
    assert.equal(isQualifiedName('a/b/c').length, 1);
    assert.equal(isQualifiedName('a'.repeat(64))[0], 'name part must be no more than 63 bytes');
  });
  test('label values', () => {
    assert.deepEqual(isValidLabelValue(''), []);
    assert.equal(isValidLabelValue('-a').length, 1);
  });
  test('labels map', () => assert.deepEqual(pairs(validateLabels({ ok: 'v', 'x/': 'bad value' }, 'l')),
    [['l', 'FieldValueInvalid'], ['l', 'FieldValueInvalid'], ['l', 'FieldValueInvalid']]));
  test('annotation keys ignore case; total size capped at 256 KiB', () => {
    assert.deepEqual(validateAnnotations({ 'Example.com/Key': 'v' }, 'a'), []);
    assert.deepEqual(pairs(validateAnnotations({ k: 'x'.repeat(256 * 1024) }, 'a')), [['a', 'FieldValueTooLong']]);
  });
  test('decimal integers', () => {
    assert.deepEqual(isDecimalInteger('0'), []);
    assert.deepEqual(isDecimalInteger('-12'), []);
    assert.equal(isDecimalInteger('+1').length, 1);
    assert.equal(isDecimalInteger('-0').length, 1);
    assert.deepEqual(isDecimalInteger(''), ['must be non-empty']);
  });
});

describe('SetDefaults_DaemonSet (apps/v1/defaults_test.go)', () => {
  test('empty DaemonSet gets RollingUpdate 1/0, revisionHistoryLimit 10, pod defaults', () => {
    const input = { spec: { template: { spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
    const out = setDefaultsDaemonSet(input);
    assert.deepEqual(out.spec?.updateStrategy, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
    assert.equal(out.spec?.revisionHistoryLimit, 10);
    const spec = out.spec?.template?.spec;
    assert.equal(spec?.restartPolicy, 'Always');
    assert.equal(spec?.dnsPolicy, 'ClusterFirst');
    assert.equal(spec?.schedulerName, 'default-scheduler');
    assert.equal(spec?.terminationGracePeriodSeconds, 30);
    assert.equal(spec?.containers?.[0]?.['imagePullPolicy'], 'Always');
    assert.equal(spec?.containers?.[0]?.['terminationMessagePolicy'], 'File');
    assert.deepEqual(input, { spec: { template: { spec: { containers: [{ name: 'c', image: 'nginx' }] } } } });
  });
  test('OnDelete gets no rollingUpdate; explicit values are kept', () => {
    assert.deepEqual(setDefaultsDaemonSet({ spec: { updateStrategy: { type: 'OnDelete' } } }).spec?.updateStrategy, { type: 'OnDelete' });
    assert.deepEqual(setDefaultsDaemonSet({ spec: { updateStrategy: { rollingUpdate: { maxSurge: '10%' } }, revisionHistoryLimit: 0 } }).spec,
      { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '10%', maxUnavailable: 1 } }, revisionHistoryLimit: 0,
        template: { spec: { dnsPolicy: 'ClusterFirst', restartPolicy: 'Always', securityContext: {}, terminationGracePeriodSeconds: 30,
          schedulerName: 'default-scheduler' } } });
  });
  test('tolerations are not defaulted', () => {
    const out = setDefaultsDaemonSet({ spec: { template: { spec: { tolerations: [{ key: 'k' }] } } } });
    assert.deepEqual(out.spec?.template?.spec?.tolerations, [{ key: 'k' }]);
  });
  test('image pull policy follows the tag', () => {
    assert.equal(imageTag('nginx'), 'latest');
    assert.equal(imageTag('nginx:1.25'), '1.25');
    assert.equal(imageTag('registry.example:5000/a/b:latest'), 'latest');
    assert.equal(imageTag('nginx@sha256:' + 'a'.repeat(64)), '');
    assert.equal(imageTag('Bad Image'), '');
  });
});
