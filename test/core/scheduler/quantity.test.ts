// Ported from k8s.io/apimachinery/pkg/api/resource/quantity_test.go (v0.35.0). Upstream cases have no names; each
// is named by its input, as upstream's failure messages name them.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  mustParseQuantity,
  parseQuantity,
  parseQuantityString,
  Quantity,
  type QuantityFormat,
} from '../../../server/src/core/scheduler/quantity';

const q = (unscaled: string | number, exp: number, format: QuantityFormat): Quantity =>
  new Quantity(BigInt(unscaled), exp, format);

// TestParseQuantityString: input, positive, value, num, denom, suffix.
const splitCases: [string, boolean, string, string, string, string][] = [
  ['0.025Ti', true, '0.025', '0', '025', 'Ti'],
  ['1.025Ti', true, '1.025', '1', '025', 'Ti'],
  ['-1.025Ti', false, '-1.025', '1', '025', 'Ti'],
  ['.', true, '.', '0', '', ''],
  ['-.', false, '-.', '0', '', ''],
  ['1E-3', true, '1', '1', '', 'E-3'],
];

describe('TestParseQuantityString', () => {
  for (const [input, positive, value, num, denom, suffix] of splitCases) {
    test(input, () => assert.deepEqual(parseQuantityString(input), { positive, value, num, denom, suffix }));
  }
});

// TestQuantityParse: input and the expected value unscaled × 10^exp with its format.
const parseCases: [string, string, number, QuantityFormat][] = [
  ['0', '0', 0, 'DecimalSI'],
  ['0n', '0', 0, 'DecimalSI'],
  ['0u', '0', 0, 'DecimalSI'],
  ['0m', '0', 0, 'DecimalSI'],
  ['0Ki', '0', 0, 'BinarySI'],
  ['0k', '0', 0, 'DecimalSI'],
  ['0Mi', '0', 0, 'BinarySI'],
  ['0M', '0', 0, 'DecimalSI'],
  ['0Gi', '0', 0, 'BinarySI'],
  ['0G', '0', 0, 'DecimalSI'],
  ['0Ti', '0', 0, 'BinarySI'],
  ['0T', '0', 0, 'DecimalSI'],
  // Quantity less numbers are allowed
  ['1', '1', 0, 'DecimalSI'],
  // Binary suffixes
  ['1Ki', '1024', 0, 'BinarySI'],
  ['8Ki', '8192', 0, 'BinarySI'],
  ['7Mi', '7340032', 0, 'BinarySI'],
  ['6Gi', '6442450944', 0, 'BinarySI'],
  ['5Ti', '5497558138880', 0, 'BinarySI'],
  ['4Pi', '4503599627370496', 0, 'BinarySI'],
  ['3Ei', '3458764513820540928', 0, 'BinarySI'],
  ['10Ti', '10995116277760', 0, 'BinarySI'],
  ['100Ti', '109951162777600', 0, 'BinarySI'],
  // Decimal suffixes
  ['5n', '5', -9, 'DecimalSI'],
  ['4u', '4', -6, 'DecimalSI'],
  ['3m', '3', -3, 'DecimalSI'],
  ['9', '9', 0, 'DecimalSI'],
  ['8k', '8', 3, 'DecimalSI'],
  ['50k', '5', 4, 'DecimalSI'],
  ['7M', '7', 6, 'DecimalSI'],
  ['6G', '6', 9, 'DecimalSI'],
  ['5T', '5', 12, 'DecimalSI'],
  ['40T', '4', 13, 'DecimalSI'],
  ['300T', '3', 14, 'DecimalSI'],
  ['2P', '2', 15, 'DecimalSI'],
  ['1E', '1', 18, 'DecimalSI'],
  // Decimal exponents
  ['1E-3', '1', -3, 'DecimalExponent'],
  ['1e3', '1', 3, 'DecimalExponent'],
  ['1E6', '1', 6, 'DecimalExponent'],
  ['1e9', '1', 9, 'DecimalExponent'],
  ['1E12', '1', 12, 'DecimalExponent'],
  ['1e15', '1', 15, 'DecimalExponent'],
  ['1E18', '1', 18, 'DecimalExponent'],
  // Nonstandard but still parsable
  ['1e14', '1', 14, 'DecimalExponent'],
  ['1e13', '1', 13, 'DecimalExponent'],
  ['1e3', '1', 3, 'DecimalExponent'],
  ['100.035k', '100035', 0, 'DecimalSI'],
  // Things that look like floating point
  ['0.001', '1', -3, 'DecimalSI'],
  ['0.0005k', '5', -1, 'DecimalSI'],
  ['0.005', '5', -3, 'DecimalSI'],
  ['0.05', '5', -2, 'DecimalSI'],
  ['0.5', '5', -1, 'DecimalSI'],
  ['0.00050k', '5', -1, 'DecimalSI'],
  ['0.00500', '5', -3, 'DecimalSI'],
  ['0.05000', '5', -2, 'DecimalSI'],
  ['0.50000', '5', -1, 'DecimalSI'],
  ['0.5e0', '5', -1, 'DecimalExponent'],
  ['0.5e-1', '5', -2, 'DecimalExponent'],
  ['0.5e-2', '5', -3, 'DecimalExponent'],
  ['0.5e0', '5', -1, 'DecimalExponent'],
  ['10.035M', '10035', 3, 'DecimalSI'],
  ['1.2e3', '12', 2, 'DecimalExponent'],
  ['1.3E+6', '13', 5, 'DecimalExponent'],
  ['1.40e9', '14', 8, 'DecimalExponent'],
  ['1.53E12', '153', 10, 'DecimalExponent'],
  ['1.6e15', '16', 14, 'DecimalExponent'],
  ['1.7E18', '17', 17, 'DecimalExponent'],
  ['9.01', '901', -2, 'DecimalSI'],
  ['8.1k', '81', 2, 'DecimalSI'],
  ['7.123456M', '7123456', 0, 'DecimalSI'],
  ['6.987654321G', '6987654321', 0, 'DecimalSI'],
  ['5.444T', '5444', 9, 'DecimalSI'],
  ['40.1T', '401', 11, 'DecimalSI'],
  ['300.2T', '3002', 11, 'DecimalSI'],
  ['2.5P', '25', 14, 'DecimalSI'],
  ['1.01E', '101', 16, 'DecimalSI'],
  // Things that saturate/round
  ['3.001n', '4', -9, 'DecimalSI'],
  ['1.1E-9', '2', -9, 'DecimalExponent'],
  ['0.0000000001', '1', -9, 'DecimalSI'],
  ['0.0000000005', '1', -9, 'DecimalSI'],
  ['0.00000000050', '1', -9, 'DecimalSI'],
  ['0.5e-9', '1', -9, 'DecimalExponent'],
  ['0.9n', '1', -9, 'DecimalSI'],
  ['0.00000012345', '124', -9, 'DecimalSI'],
  ['0.00000012354', '124', -9, 'DecimalSI'],
  ['9Ei', '9223372036854775807', 0, 'BinarySI'],
  ['9223372036854775807Ki', '9223372036854775807', 0, 'BinarySI'],
  ['12E', '12', 18, 'DecimalSI'],
  // We'll accept fractional binary stuff, too.
  ['100.035Ki', '10243584', -2, 'BinarySI'],
  ['0.5Mi', '524288', 0, 'BinarySI'],
  ['0.05Gi', '536870912', -1, 'BinarySI'],
  ['0.025Ti', '274877906944', -1, 'BinarySI'],
  // Things written by trolls
  ['0.000000000001Ki', '2', -9, 'DecimalSI'],
  ['.001', '1', -3, 'DecimalSI'],
  ['.0001k', '100', -3, 'DecimalSI'],
  ['1.', '1', 0, 'DecimalSI'],
  ['1.G', '1', 9, 'DecimalSI'],
  ['1.', '1', 0, 'DecimalSI'],
  ['1.G', '1', 9, 'DecimalSI'],
];

const invalid = ['1.1.M', '1+1.0M', '0.1mi', '0.1am', 'aoeu', '.5i', '1i', '-3.01i', '-3.01e-', ' 1', '1 '];

describe('TestQuantityParse', () => {
  test('empty string is an error', () => assert.ok(parseQuantity('').error));
  for (const [input, unscaled, exp, format] of parseCases) {
    test(input, () => {
      const want = q(unscaled, exp, format);
      const got = mustParseQuantity(input);
      assert.equal(got.cmp(want), 0, `${input}: got ${got.toString()}, want ${want.toString()}`);
      assert.equal(got.format, format);
      // Rebuilt from its parts, the input parses to the same value.
      const parts = parseQuantityString(input);
      assert.ok(!('error' in parts));
      const rebuilt = `${parts.positive ? '' : '-'}${parts.num}${parts.denom ? `.${parts.denom}` : ''}${parts.suffix}`;
      assert.equal(mustParseQuantity(rebuilt).cmp(got), 0);
      // The negative version.
      const neg = mustParseQuantity(`-${input}`);
      assert.equal(neg.cmp(q(`${-BigInt(unscaled)}`, exp, format)), 0);
      assert.equal(neg.format, format);
      // With an explicit +.
      const plus = mustParseQuantity(`+${input}`);
      assert.equal(plus.cmp(want), 0);
      assert.equal(plus.format, format);
    });
  }
  for (const input of invalid) {
    test(`invalid: ${JSON.stringify(input)}`, () => assert.ok(parseQuantity(input).error));
  }
});

describe('TestQuantityCmp', () => {
  const table: [string, string, number][] = [
    ['0', '0', 0],
    ['100m', '50m', 1],
    ['50m', '100m', -1],
    ['10000T', '100Gi', 1],
  ];
  for (const [x, y, expect] of table) {
    test(`${x} vs ${y}`, () => assert.equal(mustParseQuantity(x).cmp(mustParseQuantity(y)), expect));
  }
});

// TestQuantityString: value, canonical text, and an alternate spelling that must canonicalize to it.
const stringCases: [string, number, QuantityFormat, string, string][] = [
  ['1073741824', 0, 'BinarySI', '1Gi', '1024Mi'],
  ['314572800', 0, 'BinarySI', '300Mi', '307200Ki'],
  ['6144', 0, 'BinarySI', '6Ki', ''],
  ['1074815565824', 0, 'BinarySI', '1001Gi', '1025024Mi'],
  ['1099511627776', 0, 'BinarySI', '1Ti', '1024Gi'],
  ['5', 0, 'BinarySI', '5', '5000m'],
  ['500', -3, 'BinarySI', '500m', '0.5'],
  ['1', 9, 'DecimalSI', '1G', '1000M'],
  ['1000', 6, 'DecimalSI', '1G', '0.001T'],
  ['1000000', 3, 'DecimalSI', '1G', ''],
  ['1000000000', 0, 'DecimalSI', '1G', ''],
  ['1', -3, 'DecimalSI', '1m', '1000u'],
  ['80', -3, 'DecimalSI', '80m', ''],
  ['1080', -3, 'DecimalSI', '1080m', '1.08'],
  ['108', -2, 'DecimalSI', '1080m', '1080000000n'],
  ['10800', -4, 'DecimalSI', '1080m', ''],
  ['300', 6, 'DecimalSI', '300M', ''],
  ['1', 12, 'DecimalSI', '1T', ''],
  ['1234567', 6, 'DecimalSI', '1234567M', ''],
  ['1234567', -3, 'BinarySI', '1234567m', ''],
  ['3', 3, 'DecimalSI', '3k', ''],
  ['1025', 0, 'BinarySI', '1025', ''],
  ['0', 0, 'DecimalSI', '0', ''],
  ['0', 0, 'BinarySI', '0', ''],
  ['1', 9, 'DecimalExponent', '1e9', '.001e12'],
  ['1', -3, 'DecimalExponent', '1e-3', '0.001e0'],
  ['1', -9, 'DecimalExponent', '1e-9', '1000e-12'],
  ['80', -3, 'DecimalExponent', '80e-3', ''],
  ['300', 6, 'DecimalExponent', '300e6', ''],
  ['1', 12, 'DecimalExponent', '1e12', ''],
  ['1', 3, 'DecimalExponent', '1e3', ''],
  ['3', 3, 'DecimalExponent', '3e3', ''],
  ['3', 3, 'DecimalSI', '3k', ''],
  ['0', 0, 'DecimalExponent', '0', '00'],
  ['1', -9, 'DecimalSI', '1n', ''],
  ['80', -9, 'DecimalSI', '80n', ''],
  ['1080', -9, 'DecimalSI', '1080n', ''],
  ['108', -8, 'DecimalSI', '1080n', ''],
  ['10800', -10, 'DecimalSI', '1080n', ''],
  ['1', -6, 'DecimalSI', '1u', ''],
  ['80', -6, 'DecimalSI', '80u', ''],
  ['1080', -6, 'DecimalSI', '1080u', ''],
];

describe('TestQuantityString', () => {
  for (const [unscaled, exp, format, expect, alternate] of stringCases) {
    test(`${unscaled}e${exp} ${format} → ${expect}`, () => {
      assert.equal(q(unscaled, exp, format).toString(), expect);
      assert.equal(mustParseQuantity(expect).toString(), expect);
      if (alternate) assert.equal(mustParseQuantity(alternate).toString(), expect);
      if (unscaled !== '0') assert.equal(q(`-${unscaled}`, exp, format).toString(), `-${expect}`);
    });
  }
});

describe('TestQuantityParseEmit', () => {
  const table: [string, string][] = [
    ['1Ki', '1Ki'],
    ['1Mi', '1Mi'],
    ['1Gi', '1Gi'],
    ['1024Mi', '1Gi'],
    ['1000M', '1G'],
    ['.001Ki', '1024m'],
    ['.000001Ki', '1024u'],
    ['.000000001Ki', '1024n'],
    ['.000000000001Ki', '2n'],
  ];
  for (const [input, expect] of table) {
    test(input, () => {
      assert.equal(mustParseQuantity(input).toString(), expect);
      assert.equal(mustParseQuantity(`-${input}`).toString(), `-${expect}`);
    });
  }
});

describe('TestScaledValue', () => {
  const NANO = -9, MICRO = -6, MILLI = -3;
  const table: [number, number, number][] = [
    [NANO, NANO, 1], [NANO, MICRO, 1], [NANO, MILLI, 1], [NANO, 0, 1],
    [MICRO, NANO, 1000], [MICRO, MICRO, 1], [MICRO, MILLI, 1], [MICRO, 0, 1],
    [MILLI, NANO, 1000 * 1000], [MILLI, MICRO, 1000], [MILLI, MILLI, 1], [MILLI, 0, 1],
    [0, NANO, 1000 * 1000 * 1000], [0, MICRO, 1000 * 1000], [0, MILLI, 1000], [0, 0, 1],
    [2, -2, 100 * 100],
  ];
  for (const [from, to, expected] of table) {
    test(`${from} to ${to}`, () => assert.equal(q(1, from, 'DecimalSI').scaledValueBig(to), BigInt(expected)));
  }
});

describe('values the scheduler reads', () => {
  test('MilliValue and Value round up', () => {
    assert.equal(mustParseQuantity('100m').milliValue(), 100);
    assert.equal(mustParseQuantity('1.5').milliValue(), 1500);
    assert.equal(mustParseQuantity('0.1m').milliValue(), 1);
    assert.equal(mustParseQuantity('1Gi').value(), 1073741824);
    assert.equal(mustParseQuantity('1500m').value(), 2);
  });
  test('errors carry upstream text', () => {
    assert.match(parseQuantity('1x').error ?? '', /quantities must match the regular expression/);
    assert.equal(parseQuantity('1mm').error, "unable to parse quantity's suffix");
  });
  test('huge exponents neither hang nor wrap', () => {
    assert.equal(mustParseQuantity('1e999999999').value(), Number((1n << 63n) - 1n));
    assert.equal(mustParseQuantity('1e-999999999').milliValue(), 1);
  });
});
