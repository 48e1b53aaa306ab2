// field.Error constructors and the exact text kube-apiserver prints for them.
import type { ErrorReason, FieldError } from '../types';
import type { FieldPath } from '../fieldPath';
import { VALIDATION_TYPE_TEXT } from '../../codes/validation';

/** Human form of each reason, as field.ErrorType.String() returns it (kept in the code registry). */
const TYPE_TEXT: Readonly<Record<ErrorReason, string>> = VALIDATION_TYPE_TEXT;

/**
 * Wraps a bad value that Go holds in a non-string type (intstr.IntOrString, *string, a struct), or in a named
 * string type (core.TaintEffect, core.RestartPolicy, metav1.LabelSelectorOperator…): ErrorBody's type switch
 * matches only plain `string`, so those go through json.Marshal (`"A\u0026B"`) rather than %q (`"A&B"`).
 */
export class AsJSON {
  constructor(readonly value: unknown) {}
}
export function asJSON(value: unknown): AsJSON {
  return new AsJSON(value);
}

/** Marks a value as a Go map: json.Marshal sorts map keys. Returns a copy with sorted keys. */
export function goMap<T>(m: Record<string, T> | undefined | null): Record<string, T> | null {
  if (m === undefined || m === null) return null;
  const out: Record<string, T> = {};
  for (const k of Object.keys(m).sort(byteOrder)) out[k] = m[k] as T;
  return out;
}

/** Go compares strings byte-wise (UTF-8); for the BMP this equals code unit order except surrogates. */
function byteOrder(a: string, b: string): number {
  const ea = new TextEncoder().encode(a);
  const eb = new TextEncoder().encode(b);
  const n = Math.min(ea.length, eb.length);
  for (let i = 0; i < n; i++) {
    const d = (ea[i] as number) - (eb[i] as number);
    if (d !== 0) return d;
  }
  return ea.length - eb.length;
}

const OMIT: unique symbol = Symbol('omitValue');
/** field.OmitValueType{}: the error prints its type and detail without a value. */
export const OMIT_VALUE: typeof OMIT = OMIT;

// Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

// Port of strconv.Quote (Go standard library, strconv/quote.go), for valid UTF-16 input.
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (ch === '"' || ch === '\\') { out += '\\' + ch; continue; }
    if (PRINTABLE.test(ch)) { out += ch; continue; }
    switch (cp) {
      case 0x07: out += '\\a'; continue;
      case 0x08: out += '\\b'; continue;
      case 0x0c: out += '\\f'; continue;
      case 0x0a: out += '\\n'; continue;
      case 0x0d: out += '\\r'; continue;
      case 0x09: out += '\\t'; continue;
      case 0x0b: out += '\\v'; continue;
    }
    // A lone surrogate reaches Go as U+FFFD after decoding, which is printable.
    if (cp >= 0xd800 && cp <= 0xdfff) out += '\ufffd';
    else if (cp < 0x20 || cp === 0x7f) out += '\\x' + hex(cp, 2);
    else if (cp < 0x10000) out += '\\u' + hex(cp, 4);
    else out += '\\U' + hex(cp, 8);
  }
  return out + '"';
}

// Port of encoding/json string encoding (Go standard library, encoding/json/encode.go) with HTML escaping on.
function jsonString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    switch (ch) {
      case '"': out += '\\"'; continue;
      case '\\': out += '\\\\'; continue;
      case '\n': out += '\\n'; continue;
      case '\r': out += '\\r'; continue;
      case '\t': out += '\\t'; continue;
      case '\b': out += '\\b'; continue;
      case '\f': out += '\\f'; continue;
    }
    if (cp < 0x20 || ch === '<' || ch === '>' || ch === '&' || cp === 0x2028 || cp === 0x2029) {
      out += '\\u' + hex(cp, 4);
    } else if (cp >= 0xd800 && cp <= 0xdfff) {
      out += '\\ufffd';
    } else {
      out += ch;
    }
  }
  return out + '"';
}

/** json.Marshal as Go would print the value; object keys keep their order (use goMap for maps). */
export function goJSON(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (v instanceof AsJSON) return goJSON(v.value);
  switch (typeof v) {
    case 'string': return jsonString(v);
    case 'number': return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean': return v ? 'true' : 'false';
    case 'bigint': return v.toString();
    case 'object': {
      if (Array.isArray(v)) return '[' + v.map((x) => goJSON(x)).join(',') + ']';
      const parts: string[] = [];
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (x === undefined) continue;
        parts.push(jsonString(k) + ':' + goJSON(x));
      }
      return '{' + parts.join(',') + '}';
    }
    default: return 'null';
  }
}

// Go's %v for float64 uses %g with the shortest representation; ints print plainly.
function goNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? '+Inf' : '-Inf';
  const exp = Math.floor(Math.log10(Math.abs(n)));
  if (exp < -4 || exp >= 21) {
    const [m, e] = n.toExponential().split('e') as [string, string];
    const sign = e.startsWith('-') ? '-' : '+';
    const digits = e.replace(/^[+-]/, '').padStart(2, '0');
    return `${m}e${sign}${digits}`;
  }
  return String(n);
}

function renderValue(v: unknown): string {
  if (v instanceof AsJSON) return goJSON(v.value);
  switch (typeof v) {
    case 'string': return goQuote(v);
    case 'number': return goNumber(v);
    case 'boolean': return v ? 'true' : 'false';
    default: return goJSON(v);
  }
}

// Port of (*Error).ErrorBody (apimachinery/pkg/util/validation/field/errors.go).
function errorBody(reason: ErrorReason, badValue: unknown, detail: string): string {
  let s: string;
  switch (reason) {
    case 'FieldValueRequired':
    case 'FieldValueForbidden':
    case 'FieldValueTooLong':
    case 'InternalError':
      s = TYPE_TEXT[reason];
      break;
    default:
      s = badValue === OMIT ? TYPE_TEXT[reason] : `${TYPE_TEXT[reason]}: ${renderValue(badValue)}`;
  }
  if (detail.length !== 0) s += `: ${detail}`;
  return s;
}

function make(reason: ErrorReason, field: FieldPath, badValue: unknown, detail: string): FieldError {
  const plain = badValue instanceof AsJSON ? badValue.value : badValue === OMIT ? undefined : badValue;
  const err: FieldError = {
    reason,
    type: TYPE_TEXT[reason],
    field,
    detail,
    message: `${field}: ${errorBody(reason, badValue, detail)}`,
  };
  if (plain !== undefined) err.badValue = plain;
  return err;
}

// Port of field.Required (apimachinery/pkg/util/validation/field/errors.go).
export function required(field: FieldPath, detail: string): FieldError {
  return make('FieldValueRequired', field, '', detail);
}

// Port of field.Invalid (apimachinery/pkg/util/validation/field/errors.go).
export function invalid(field: FieldPath, value: unknown, detail: string): FieldError {
  return make('FieldValueInvalid', field, value, detail);
}

// Port of field.Forbidden (apimachinery/pkg/util/validation/field/errors.go).
export function forbidden(field: FieldPath, detail: string): FieldError {
  return make('FieldValueForbidden', field, '', detail);
}

// Port of field.NotSupported (apimachinery/pkg/util/validation/field/errors.go).
export function notSupported(field: FieldPath, value: unknown, validValues: readonly string[]): FieldError {
  const detail = validValues.length > 0 ? 'supported values: ' + validValues.map((v) => goQuote(v)).join(', ') : '';
  return make('FieldValueNotSupported', field, value, detail);
}

// Port of field.Duplicate (apimachinery/pkg/util/validation/field/errors.go).
export function duplicate(field: FieldPath, value: unknown): FieldError {
  return make('FieldValueDuplicate', field, value, '');
}

// Port of field.NotFound (apimachinery/pkg/util/validation/field/errors.go).
export function notFound(field: FieldPath, value: unknown): FieldError {
  return make('FieldValueNotFound', field, value, '');
}

// Port of field.TypeInvalid (apimachinery/pkg/util/validation/field/errors.go).
export function typeInvalid(field: FieldPath, value: unknown, detail: string): FieldError {
  return make('FieldValueTypeInvalid', field, value, detail);
}

// Port of field.TooLong (apimachinery/pkg/util/validation/field/errors.go).
export function tooLong(field: FieldPath, maxLength: number): FieldError {
  const detail = maxLength >= 0 ? `may not be more than ${maxLength} ${maxLength === 1 ? 'byte' : 'bytes'}` : 'value is too long';
  return make('FieldValueTooLong', field, '<value omitted>', detail);
}

// Port of field.TooMany (apimachinery/pkg/util/validation/field/errors.go).
export function tooMany(field: FieldPath, actualQuantity: number, maxQuantity: number): FieldError {
  const detail = maxQuantity >= 0 ? `must have at most ${maxQuantity} ${maxQuantity === 1 ? 'item' : 'items'}` : 'has too many items';
  return make('FieldValueTooMany', field, actualQuantity >= 0 ? actualQuantity : OMIT, detail);
}

// Port of field.InternalError (apimachinery/pkg/util/validation/field/errors.go).
export function internalError(field: FieldPath, err: Error | string): FieldError {
  const text = typeof err === 'string' ? err : err.message;
  return make('InternalError', field, text, text);
}
