import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { LabelSelector } from '../../server/src/core/types';
import { compileLabelSelector, isQualifiedName, isValidLabelValue, selectorFromSet } from '../../server/src/core/labels';

// Semantics of LabelSelectorAsSelector (apimachinery/pkg/apis/meta/v1/helpers.go) and
// Requirement.Matches (apimachinery/pkg/labels/selector.go), as tables.
describe('compileLabelSelector (LabelSelectorAsSelector)', () => {
  const cases: { name: string; sel: LabelSelector | undefined; labels: Record<string, string>; want: boolean }[] = [
    { name: 'nil selector matches nothing', sel: undefined, labels: { a: 'b' }, want: false },
    { name: 'empty selector matches everything', sel: {}, labels: {}, want: true },
    { name: 'empty lists match everything', sel: { matchLabels: {}, matchExpressions: [] }, labels: { x: 'y' }, want: true },
    { name: 'matchLabels equal', sel: { matchLabels: { app: 'web' } }, labels: { app: 'web', x: 'y' }, want: true },
    { name: 'matchLabels missing', sel: { matchLabels: { app: 'web' } }, labels: { x: 'y' }, want: false },
    { name: 'matchLabels empty value needs the key present', sel: { matchLabels: { app: '' } }, labels: {}, want: false },
    { name: 'In matches', sel: { matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] }, labels: { tier: 'b' }, want: true },
    { name: 'In needs the key', sel: { matchExpressions: [{ key: 'tier', operator: 'In', values: ['a'] }] }, labels: {}, want: false },
    { name: 'NotIn matches a missing key', sel: { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['a'] }] }, labels: {}, want: true },
    { name: 'NotIn rejects a listed value', sel: { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['a'] }] }, labels: { tier: 'a' }, want: false },
    { name: 'Exists', sel: { matchExpressions: [{ key: 'gpu', operator: 'Exists' }] }, labels: { gpu: '' }, want: true },
    { name: 'DoesNotExist', sel: { matchExpressions: [{ key: 'gpu', operator: 'DoesNotExist' }] }, labels: { gpu: '' }, want: false },
    { name: 'labels and expressions are ANDed', sel: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'gpu', operator: 'DoesNotExist' }] }, labels: { app: 'web', gpu: 'x' }, want: false },
    { name: 'a prototype key is not a label', sel: { matchExpressions: [{ key: 'toString', operator: 'Exists' }] }, labels: {}, want: false },
  ];
  for (const c of cases) test(c.name, () => {
    const s = compileLabelSelector(c.sel);
    assert.equal(s.error, undefined);
    assert.equal(s.matches(c.labels), c.want);
  });

  test('Gt is not a label selector operator', () => {
    const s = compileLabelSelector({ matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] });
    assert.equal(s.error, '"Gt" is not a valid label selector operator');
    assert.equal(s.matches({ a: '5' }), false);
  });
  test('In without values is an error', () => {
    const s = compileLabelSelector({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] });
    assert.match(s.error ?? '', /values set can't be empty/);
  });
  test('an invalid label value in matchLabels is an error', () => {
    const s = compileLabelSelector({ matchLabels: { app: 'not valid!' } });
    assert.match(s.error ?? '', /^values\[0\]\[app\]: Invalid value: "not valid!": a valid label must be an empty string/);
  });
});

describe('selectorFromSet (nodeSelector)', () => {
  test('empty set matches everything', () => assert.equal(selectorFromSet({}).matches({}), true));
  test('not validated: any value compares as a string', () => assert.equal(selectorFromSet({ 'k k': '!' }).matches({ 'k k': '!' }), true));
});

describe('syntax', () => {
  test('isQualifiedName', () => {
    assert.deepEqual(isQualifiedName('example.com/MyName'), []);
    assert.deepEqual(isQualifiedName('a/b/c').length, 1);
    assert.deepEqual(isQualifiedName('/x'), ['prefix part must be non-empty']);
    // An empty name part also fails the regex (content.IsLabelKey reports both).
    assert.deepEqual(isQualifiedName('x/')[0], 'name part must be non-empty');
    assert.equal(isQualifiedName('x/').length, 2);
    assert.deepEqual(isQualifiedName('a'.repeat(64)), ['name part must be no more than 63 bytes']);
    assert.match(isQualifiedName('Bad_Prefix/x')[0] ?? '', /^prefix part a lowercase RFC 1123 subdomain/);
  });
  test('isValidLabelValue', () => {
    assert.deepEqual(isValidLabelValue(''), []);
    assert.deepEqual(isValidLabelValue('a.b-c_d'), []);
    assert.equal(isValidLabelValue('-a').length, 1);
    assert.deepEqual(isValidLabelValue('a'.repeat(64)).length, 1);
  });
});
