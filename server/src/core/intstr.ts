// int-or-string arithmetic as k8s.io/apimachinery/pkg/util/intstr does it: percentages scaled
// against a total and rounded up or down, with upstream's error messages.
// Pure: plain values in, a result object out (never throws).
import type { IntOrString } from './types';
import { goQuote } from './validation/fieldErrors';

export type IntOrPercentResult =
  | { ok: true; value: number; isPercent: boolean }
  | { ok: false; error: string };

/** The result of Go's strconv.Atoi on a 64-bit platform. */
export type AtoiResult = { ok: true; value: number } | { ok: false; error: string };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

// Port of Atoi (Go strconv/atoi.go), base 10, 64-bit int: optional sign, ASCII digits only.
export function goAtoi(s: string): AtoiResult {
  const syntax = { ok: false as const, error: `strconv.Atoi: parsing ${goQuote(s)}: invalid syntax` };
  let digits = s;
  if (s.startsWith('+') || s.startsWith('-')) digits = s.slice(1);
  if (digits.length === 0 || !/^[0-9]+$/.test(digits)) return syntax;
  const big = BigInt(s.startsWith('+') ? digits : s);
  if (big < INT64_MIN || big > INT64_MAX) {
    return { ok: false, error: `strconv.Atoi: parsing ${goQuote(s)}: value out of range` };
  }
  return { ok: true, value: Number(big) };
}

function intValue(v: number): IntOrPercentResult {
  // JSON decoding into IntVal (int32) rejects anything else before this code could run upstream.
  if (!Number.isInteger(v) || v < INT32_MIN || v > INT32_MAX) {
    return { ok: false, error: `invalid value ${String(v)}: not a 32-bit integer` };
  }
  return { ok: true, value: v, isPercent: false };
}

// Port of getIntOrPercentValueSafely (apimachinery/pkg/util/intstr/intstr.go).
export function getIntOrPercentValueSafely(v: IntOrString): IntOrPercentResult {
  if (typeof v === 'number') return intValue(v);
  if (typeof v !== 'string') return { ok: false, error: 'invalid type: neither int nor percentage' };
  // A string must end in '%': "1" is not taken as an int here (only the legacy function does that).
  if (!v.endsWith('%')) return { ok: false, error: 'invalid type: string is not a percentage' };
  const n = goAtoi(v.slice(0, -1));
  if (!n.ok) return { ok: false, error: `invalid value ${goQuote(v)}: ${n.error}` };
  return { ok: true, value: n.value, isPercent: true };
}

// Port of getIntOrPercentValue (apimachinery/pkg/util/intstr/intstr.go).
export function getIntOrPercentValue(v: IntOrString): IntOrPercentResult {
  if (typeof v === 'number') return intValue(v);
  if (typeof v !== 'string') return { ok: false, error: 'invalid type: neither int nor percentage' };
  // The legacy reading drops every '%' and treats any string as a percentage, "1" included.
  const n = goAtoi(v.split('%').join(''));
  if (!n.ok) return { ok: false, error: `invalid value ${goQuote(v)}: ${n.error}` };
  return { ok: true, value: n.value, isPercent: true };
}

function scale(
  v: IntOrString | null | undefined,
  total: number,
  roundUp: boolean,
  read: (v: IntOrString) => IntOrPercentResult,
): IntOrPercentResult {
  if (v === null || v === undefined) return { ok: false, error: 'nil value for IntOrString' };
  const r = read(v);
  if (!r.ok) return { ok: false, error: `invalid value for IntOrString: ${r.error}` };
  if (!r.isPercent) return r;
  const exact = (r.value * total) / 100;
  return { ok: true, value: roundUp ? Math.ceil(exact) : Math.floor(exact), isPercent: true };
}

// Port of GetScaledValueFromIntOrPercent (apimachinery/pkg/util/intstr/intstr.go).
export function getScaledValueFromIntOrPercent(
  v: IntOrString | null | undefined,
  total: number,
  roundUp: boolean,
): IntOrPercentResult {
  return scale(v, total, roundUp, getIntOrPercentValueSafely);
}

// Port of GetValueFromIntOrPercent (apimachinery/pkg/util/intstr/intstr.go); deprecated upstream.
export function getValueFromIntOrPercent(
  v: IntOrString | null | undefined,
  total: number,
  roundUp: boolean,
): IntOrPercentResult {
  return scale(v, total, roundUp, getIntOrPercentValue);
}

// Port of Parse (apimachinery/pkg/util/intstr/intstr.go).
export function parseIntOrString(val: string): IntOrString {
  // ParseInt(val, 10, 32): same syntax as Atoi, but the value must fit in int32.
  const n = goAtoi(val);
  if (n.ok && n.value >= INT32_MIN && n.value <= INT32_MAX) return n.value;
  return val;
}

/** True when a string holds what Parse would turn into an int (`"1"`, `"-3"`, `"+7"`). */
export function isIntString(val: string): boolean {
  return typeof parseIntOrString(val) === 'number';
}
