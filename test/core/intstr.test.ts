import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  getScaledValueFromIntOrPercent,
  getValueFromIntOrPercent,
  getIntOrPercentValueSafely,
  goAtoi,
  parseIntOrString,
  isIntString,
} from '../../server/src/core/intstr';
import type { IntOrString } from '../../server/src/core/types';

// Upstream TestGetIntFromIntOrString (intstr_test.go) has unnamed cases; names here describe the input.
const safelyCases: { name: string; input: IntOrString; expectErr: boolean; expectVal?: number; expectPerc: boolean }[] = [
  { name: 'FromInt(200)', input: 200, expectErr: false, expectVal: 200, expectPerc: false },
  { name: 'FromString("200")', input: '200', expectErr: true, expectPerc: false },
  { name: 'FromString("30%0")', input: '30%0', expectErr: true, expectPerc: false },
  { name: 'FromString("40%")', input: '40%', expectErr: false, expectVal: 40, expectPerc: true },
  { name: 'FromString("%")', input: '%', expectErr: true, expectPerc: false },
  { name: 'FromString("a%")', input: 'a%', expectErr: true, expectPerc: false },
  { name: 'FromString("a")', input: 'a', expectErr: true, expectPerc: false },
  { name: 'FromString("40#")', input: '40#', expectErr: true, expectPerc: false },
  { name: 'FromString("40%%")', input: '40%%', expectErr: true, expectPerc: false },
];

describe('TestGetIntFromIntOrString (getIntOrPercentValueSafely)', () => {
  for (const c of safelyCases) {
    test(c.name, () => {
      const r = getIntOrPercentValueSafely(c.input);
      assert.equal(!r.ok, c.expectErr);
      if (r.ok) {
        assert.equal(r.value, c.expectVal);
        assert.equal(r.isPercent, c.expectPerc);
      }
    });
  }
});

const scaledCases: { name: string; input: IntOrString; total?: number; roundUp?: boolean; expectErr: boolean; expectVal?: number }[] = [
  { name: 'FromInt(123)', input: 123, expectErr: false, expectVal: 123 },
  { name: '"90%" of 100 rounded up', input: '90%', total: 100, roundUp: true, expectErr: false, expectVal: 90 },
  { name: '"90%" of 95 rounded up', input: '90%', total: 95, roundUp: true, expectErr: false, expectVal: 86 },
  { name: '"90%" of 95 rounded down', input: '90%', total: 95, roundUp: false, expectErr: false, expectVal: 85 },
  { name: '"%"', input: '%', expectErr: true },
  { name: '"90#"', input: '90#', expectErr: true },
  { name: '"#%"', input: '#%', expectErr: true },
  { name: '"90"', input: '90', expectErr: true },
];

describe('TestGetIntFromIntOrPercent (getScaledValueFromIntOrPercent)', () => {
  for (const c of scaledCases) {
    test(c.name, () => {
      const r = getScaledValueFromIntOrPercent(c.input, c.total ?? 0, c.roundUp ?? false);
      assert.equal(!r.ok, c.expectErr);
      if (r.ok) assert.equal(r.value, c.expectVal);
    });
  }
  test('TestGetValueFromIntOrPercentNil', () => {
    const r = getScaledValueFromIntOrPercent(undefined, 0, false);
    assert.deepEqual(r, { ok: false, error: 'nil value for IntOrString' });
  });
});

// Legacy GetValueFromIntOrPercent (older upstream TestGetValueFromIntOrPercent table).
const legacyCases: { name: string; input: IntOrString; total?: number; roundUp?: boolean; expectErr: boolean; expectVal?: number }[] = [
  { name: 'FromInt(123)', input: 123, expectErr: false, expectVal: 123 },
  { name: '"90%" of 100 rounded up', input: '90%', total: 100, roundUp: true, expectErr: false, expectVal: 90 },
  { name: '"90%" of 95 rounded up', input: '90%', total: 95, roundUp: true, expectErr: false, expectVal: 86 },
  { name: '"90%" of 95 rounded down', input: '90%', total: 95, roundUp: false, expectErr: false, expectVal: 85 },
  { name: '"%"', input: '%', expectErr: true },
  { name: '"90#"', input: '90#', expectErr: true },
  { name: '"#%"', input: '#%', expectErr: true },
];

describe('TestGetValueFromIntOrPercent (legacy getValueFromIntOrPercent)', () => {
  for (const c of legacyCases) {
    test(c.name, () => {
      const r = getValueFromIntOrPercent(c.input, c.total ?? 0, c.roundUp ?? false);
      assert.equal(!r.ok, c.expectErr);
      if (r.ok) assert.equal(r.value, c.expectVal);
    });
  }
  test('legacy reads a bare numeric string as a percentage', () => {
    assert.deepEqual(getValueFromIntOrPercent('50', 10, true), { ok: true, value: 5, isPercent: true });
    // and strips every %, so "40%%" is 40%
    assert.deepEqual(getValueFromIntOrPercent('40%%', 10, false), { ok: true, value: 4, isPercent: true });
  });
});

describe('error messages as upstream prints them', () => {
  test('string that is not a percent', () => {
    assert.deepEqual(getScaledValueFromIntOrPercent('1', 10, true), {
      ok: false,
      error: 'invalid value for IntOrString: invalid type: string is not a percentage',
    });
  });
  test('percent with a non-number', () => {
    assert.deepEqual(getScaledValueFromIntOrPercent('a%', 10, true), {
      ok: false,
      error: 'invalid value for IntOrString: invalid value "a%": strconv.Atoi: parsing "a": invalid syntax',
    });
  });
  test('percent out of int64 range', () => {
    const r = getScaledValueFromIntOrPercent('99999999999999999999%', 10, true);
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.error, /value out of range$/);
  });
});

describe('edge cases', () => {
  test('rounding: 25% of 10 is 3 up, 2 down', () => {
    assert.deepEqual(getScaledValueFromIntOrPercent('25%', 10, true), { ok: true, value: 3, isPercent: true });
    const down = getScaledValueFromIntOrPercent('25%', 10, false);
    assert.ok(down.ok);
    assert.equal(down.value, 2);
  });
  test('0% and 100%', () => {
    assert.deepEqual(getScaledValueFromIntOrPercent('0%', 7, true), { ok: true, value: 0, isPercent: true });
    assert.deepEqual(getScaledValueFromIntOrPercent('100%', 7, false), { ok: true, value: 7, isPercent: true });
  });
  test('percent over 100 and signed percents are parsed like Atoi', () => {
    assert.deepEqual(getScaledValueFromIntOrPercent('150%', 2, true), { ok: true, value: 3, isPercent: true });
    assert.deepEqual(getScaledValueFromIntOrPercent('+10%', 10, true), { ok: true, value: 1, isPercent: true });
    assert.deepEqual(getScaledValueFromIntOrPercent('-10%', 15, true), { ok: true, value: -1, isPercent: true });
  });
  test('whitespace and decimals are not numbers', () => {
    assert.equal(getScaledValueFromIntOrPercent(' 10%', 10, true).ok, false);
    assert.equal(getScaledValueFromIntOrPercent('1.5%', 10, true).ok, false);
  });
  test('an int is returned as is, not scaled', () => {
    assert.deepEqual(getScaledValueFromIntOrPercent(3, 1000, false), { ok: true, value: 3, isPercent: false });
  });
  test('a non-integer number is rejected', () => {
    assert.equal(getScaledValueFromIntOrPercent(1.5, 10, true).ok, false);
  });
  test('goAtoi', () => {
    assert.deepEqual(goAtoi('42'), { ok: true, value: 42 });
    assert.deepEqual(goAtoi('-0'), { ok: true, value: 0 });
    assert.equal(goAtoi('').ok, false);
    assert.equal(goAtoi('+').ok, false);
    assert.equal(goAtoi('1_000').ok, false);
    assert.equal(goAtoi('٣').ok, false); // non-ASCII digit
  });
  test('Parse: ints given as strings', () => {
    assert.equal(parseIntOrString('1'), 1);
    assert.equal(parseIntOrString('-7'), -7);
    assert.equal(parseIntOrString('10%'), '10%');
    assert.equal(parseIntOrString('2147483648'), '2147483648'); // beyond int32 stays a string
    assert.equal(isIntString('12'), true);
    assert.equal(isIntString('12%'), false);
  });
});
