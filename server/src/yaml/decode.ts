// Typed decode of a plain value against the Kubernetes schema of its kind, the way kube-apiserver's
// JSON decoding treats it: a wrongly typed field is an error (and is dropped from the result), an
// unknown field is reported like kubectl's strict-decoding warning. The schema (schema/generate.mjs) is built
// from the Go types of k8s.io/api and k8s.io/apimachinery v0.35.0 kept in schema/go-types.tsv; unknown fields
// stay warnings, as kubectl's strict field validation only warns by default.
import { child, index, key, parseFieldPath } from '../core/fieldPath';
import type { FieldPath } from '../core/fieldPath';
import subset from './schema/k8s-subset.json';
import { exactInteger } from './toValue';

type Prim = 'string' | 'integer' | 'int32' | 'int64' | 'number' | 'boolean' | 'any' | 'int-or-string' | 'quantity';
export type SchemaType = Prim | `#${string}` | { o: Record<string, SchemaType> } | { a: SchemaType } | { m: SchemaType };

interface Subset {
  roots: Record<string, string>;
  types: Record<string, SchemaType>;
}

const SCHEMA = subset as unknown as Subset;

export interface DecodeError {
  field: FieldPath;
  /** `<field>: expected <type>, got <json type>` */
  message: string;
  expected: string;
  got: string;
}

export interface DecodeResult<T = unknown> {
  object: T;
  errors: DecodeError[];
  /** Fields the schema does not know (kubectl: `unknown field "spec.tolerations"`). */
  unknownFields: FieldPath[];
  /** False when no schema is known for the apiVersion/kind (the value is returned untouched). */
  known: boolean;
}

function deref(t: SchemaType | undefined): SchemaType | undefined {
  let cur = t;
  for (let i = 0; i < 16 && typeof cur === 'string' && cur.startsWith('#'); i++) cur = SCHEMA.types[cur.slice(1)];
  return cur;
}

/** The schema root for an apiVersion/kind pair ("apps/v1", "DaemonSet"), if this product knows it. */
export function schemaFor(apiVersion: string | undefined, kind: string | undefined): SchemaType | undefined {
  if (!apiVersion || !kind) return undefined;
  const ref = SCHEMA.roots[`${apiVersion}/${kind}`];
  return ref ? deref(ref as SchemaType) : undefined;
}

/** The schema type at a field path below a kind's root (undefined when the path leaves the schema). */
export function schemaTypeAt(apiVersion: string | undefined, kind: string | undefined, path: FieldPath): SchemaType | undefined {
  let t = schemaFor(apiVersion, kind);
  for (const step of parseFieldPath(path)) {
    t = deref(t);
    if (!t || typeof t === 'string') return undefined;
    if ('field' in step) t = 'o' in t ? t.o[step.field] : undefined;
    else if ('a' in t) t = t.a;
    else if ('m' in t) t = t.m;
    else if ('o' in t) t = t.o[step.bracket];
    else return undefined;
  }
  return deref(t);
}

/** Struct field names at a path (for completion); undefined when the path is not a struct. */
export function fieldNamesAt(apiVersion: string | undefined, kind: string | undefined, path: FieldPath): string[] | undefined {
  const t = schemaTypeAt(apiVersion, kind, path);
  return t && typeof t !== 'string' && 'o' in t ? Object.keys(t.o) : undefined;
}

/** Whether the mapping at `parent` is a map (keys render as `[key]`) or a struct (keys render as `.field`). */
export function keyStyleFor(apiVersion: string | undefined, kind: string | undefined): (parent: FieldPath, k: string) => 'field' | 'key' {
  return (parent, k) => {
    const t = schemaTypeAt(apiVersion, kind, parent);
    if (t && typeof t !== 'string') return 'm' in t ? 'key' : 'field';
    return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? 'field' : 'key';
  };
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  if (t === 'object') return 'object';
  return t; // string | number | boolean
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const NO_VALUE = Symbol('drop');

/** Go's zero value of a list element or map value of this type (null where the type has none here). */
function zeroOf(t0: SchemaType): unknown {
  const t = deref(t0);
  switch (t) {
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'integer':
    case 'int32':
    case 'int64':
    case 'number':
      return 0;
  }
  if (t === undefined || typeof t === 'string') return null;
  return 'a' in t ? [] : {};
}

interface Ctx {
  errors: DecodeError[];
  unknown: FieldPath[];
  depth: number;
}

function fail(ctx: Ctx, field: FieldPath, expected: string, v: unknown): typeof NO_VALUE {
  const got = jsonType(v);
  ctx.errors.push({ field, expected, got, message: `${field || '<root>'}: expected ${expected}, got ${got}` });
  return NO_VALUE;
}

function setOwn(obj: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
  else obj[k] = v;
}

const INT_RANGES = { int32: [-(2n ** 31n), 2n ** 31n - 1n], int64: [-(2n ** 63n), 2n ** 63n - 1n] } as const;

/** Whether encoding/json puts this number into a Go int32/int64: an integer literal within range. */
function fitsInt(v: number, kind: 'int32' | 'int64', exact?: bigint): boolean {
  if (!Number.isInteger(v)) return false;
  const n = exact ?? BigInt(v);
  return n >= INT_RANGES[kind][0] && n <= INT_RANGES[kind][1];
}

/** The JSON number kubectl sends (exact digits for large integers; JS and Go agree on float formatting). */
function numberLiteral(v: number, exact?: bigint): string {
  return exact !== undefined ? exact.toString() : String(v);
}

// encoding/json's UnmarshalTypeError text, as kube-apiserver returns it for a number a Go integer cannot hold.
function overflow(ctx: Ctx, path: FieldPath, kind: 'int32' | 'int64', v: number, structName: string, exact?: bigint): typeof NO_VALUE {
  const lit = numberLiteral(v, exact);
  const where = structName ? `Go struct field ${structName}.${path.replace(/\[[^\]]*\]/g, '')}` : 'Go value';
  ctx.errors.push({ field: path, expected: kind, got: 'number', message: `json: cannot unmarshal number ${lit} into ${where} of type ${kind}` });
  return NO_VALUE;
}

function decodeValue(ctx: Ctx, t0: SchemaType | undefined, v: unknown, path: FieldPath, structName = '', exact?: bigint): unknown {
  // null is the zero value for every Go type: accepted everywhere, as encoding/json does
  if (v === null || v === undefined) return null;
  // the Go struct a named type decodes into: encoding/json names it in its errors
  const self = typeof t0 === 'string' && t0.startsWith('#') ? t0.slice(1) : undefined;
  const t = deref(t0);
  if (t === undefined || t === 'any') return v;
  if (ctx.depth > 200) return v;
  switch (t) {
    case 'string':
      return typeof v === 'string' ? v : fail(ctx, path, 'string', v);
    case 'boolean':
      return typeof v === 'boolean' ? v : fail(ctx, path, 'boolean', v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v) ? v : fail(ctx, path, 'integer', v);
    case 'int32':
    case 'int64':
      if (typeof v !== 'number') return fail(ctx, path, 'integer', v);
      return fitsInt(v, t, exact) ? v : overflow(ctx, path, t, v, structName, exact);
    case 'number':
      return typeof v === 'number' ? v : fail(ctx, path, 'number', v);
    case 'int-or-string':
      // IntOrString.UnmarshalJSON decodes a number into an int32 on its own (no struct in the message)
      if (typeof v === 'number') return fitsInt(v, 'int32', exact) ? v : overflow(ctx, path, 'int32', v, '', exact);
      return typeof v === 'string' ? v : fail(ctx, path, 'integer or string', v);
    case 'quantity':
      return typeof v === 'string' || typeof v === 'number' ? v : fail(ctx, path, 'quantity (string or number)', v);
  }
  if (typeof t === 'string') return v;
  ctx.depth++;
  try {
    if ('a' in t) {
      if (!Array.isArray(v)) return fail(ctx, path, 'array', v);
      const out: unknown[] = [];
      for (let i = 0; i < v.length; i++) {
        const d = decodeValue(ctx, t.a, v[i], index(path, i), structName, exactInteger(v, i));
        // Go keeps the element slot with its zero value (an empty struct, "", 0), so consumers never see null
        out.push(d === NO_VALUE || d === null ? zeroOf(t.a) : d);
      }
      return out;
    }
    if (!isPlainObject(v)) return fail(ctx, path, 'object', v);
    const out: Record<string, unknown> = {};
    if ('m' in t) {
      for (const [k, x] of Object.entries(v)) {
        const d = decodeValue(ctx, t.m, x, key(path, k), structName, exactInteger(v, k));
        if (d !== NO_VALUE) setOwn(out, k, d === null ? zeroOf(t.m) : d);
      }
      return out;
    }
    for (const [k, x] of Object.entries(v)) {
      const ft = Object.prototype.hasOwnProperty.call(t.o, k) ? t.o[k] : undefined;
      const p = child(path, k);
      if (ft === undefined) {
        ctx.unknown.push(p);
        continue;
      }
      const d = decodeValue(ctx, ft, x, p, self ?? structName, exactInteger(v, k));
      // An explicit null struct field is Go's zero value or a nil pointer: the same as leaving it out.
      if (d !== NO_VALUE && d !== null) setOwn(out, k, d);
    }
    return out;
  } finally {
    ctx.depth--;
  }
}

function decodeRoot(ctx: Ctx, value: unknown, path: FieldPath): { object: unknown; known: boolean } {
  if (!isPlainObject(value)) return { object: value, known: false };
  const apiVersion = typeof value.apiVersion === 'string' ? value.apiVersion : undefined;
  const kind = typeof value.kind === 'string' ? value.kind : undefined;
  const schema = schemaFor(apiVersion, kind);
  if (!schema) return { object: value, known: false };
  const object = decodeValue(ctx, schema, value, path);
  const obj = object === NO_VALUE ? {} : object;
  // A List's items are raw objects: decode each by its own apiVersion/kind.
  if (kind === 'List' && isPlainObject(obj) && Array.isArray(obj.items)) {
    obj.items = obj.items.map((it, i) => decodeRoot(ctx, it, index(child(path, 'items'), i)).object);
  }
  return { object: obj, known: true };
}

/** Decode a document's plain value against the schema of its apiVersion/kind. Never throws. */
export function decodeTyped<T = unknown>(value: unknown): DecodeResult<T> {
  const ctx: Ctx = { errors: [], unknown: [], depth: 0 };
  const { object, known } = decodeRoot(ctx, value, '');
  return { object: object as T, errors: ctx.errors, unknownFields: ctx.unknown, known };
}

/** Kubectl's wording for an unknown field. */
export function unknownFieldMessage(path: FieldPath): string {
  return `unknown field ${JSON.stringify(path)}`;
}
