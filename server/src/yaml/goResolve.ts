// Scalars typed the way kubectl types them. kubectl reads YAML with sigs.k8s.io/yaml v1.6.0, which decodes
// with go.yaml.in/yaml/v2 v2.4.3 (YAML 1.1 rules) into interface{} and then converts the result to JSON.
// This module answers, for one scalar, what that pipeline makes of it: the JSON value, or the JSON key.

export type GoTag = 'str' | 'int' | 'float' | 'bool' | 'null' | 'merge';

export interface Resolved {
  tag: GoTag;
  /** The JSON value (a number for int and float; the JS number may round an integer beyond 2^53). */
  value: string | number | boolean | null;
  /** Integers: the exact value (go-yaml gives int64, or uint64 above int64's range). */
  int?: bigint;
}

const MAP = new Map<string, Resolved>();
const put = (tag: GoTag, value: Resolved['value'], words: string[]) => words.forEach((w) => MAP.set(w, { tag, value }));
put('bool', true, ['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']);
put('bool', false, ['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']);
put('null', null, ['', '~', 'null', 'Null', 'NULL']);
put('float', NaN, ['.nan', '.NaN', '.NAN']);
put('float', Infinity, ['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF']);
put('float', -Infinity, ['-.inf', '-.Inf', '-.INF']);
put('merge', '<<', ['<<']);

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** strconv.ParseInt / ParseUint with base 0 (prefixes 0x, 0o, 0b, and a leading 0 for octal); no range check. */
function parseGoInt(s: string, allowSign: boolean): bigint | undefined {
  let body = s;
  let neg = false;
  if (body[0] === '+' || body[0] === '-') {
    if (!allowSign) return undefined;
    neg = body[0] === '-';
    body = body.slice(1);
  }
  let digits: RegExp;
  let prefix = '';
  if (/^0[xX]/.test(body)) [digits, prefix, body] = [/^[0-9a-fA-F]+$/, '0x', body.slice(2)];
  else if (/^0[oO]/.test(body)) [digits, prefix, body] = [/^[0-7]+$/, '0o', body.slice(2)];
  else if (/^0[bB]/.test(body)) [digits, prefix, body] = [/^[01]+$/, '0b', body.slice(2)];
  else if (body.length > 1 && body[0] === '0') [digits, prefix, body] = [/^[0-7]+$/, '0o', body.slice(1)];
  else digits = /^[0-9]+$/;
  if (!digits.test(body)) return undefined;
  const v = BigInt(prefix + body);
  return neg ? -v : v;
}

/** strconv.ParseFloat(s, 64) for the forms that reach it here; undefined on a syntax or range error. */
function parseGoFloat(s: string): number | undefined {
  if (!/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(s)) return undefined;
  const v = Number(s);
  return Number.isFinite(v) ? v : undefined; // out of range: Go returns ErrRange and go-yaml keeps a string
}

function intResult(v: bigint): Resolved {
  return { tag: 'int', value: Number(v), int: v };
}

// resolve (go-yaml v2 resolve.go), for a scalar without a tag: plain scalars only (quoted ones are strings).
export function resolvePlain(s: string): Resolved {
  const known = MAP.get(s);
  if (known) return known;
  const c = s[0];
  if (c === '.') {
    const f = parseGoFloat(s);
    if (f !== undefined) return { tag: 'float', value: f };
  } else if (c === '+' || c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
    // Timestamps (YYYY-…) stay strings when decoded into interface{}, which is what kubectl does.
    const plain = s.replace(/_/g, '');
    const i = parseGoInt(plain, true);
    if (i !== undefined && i >= INT64_MIN && i <= INT64_MAX) return intResult(i);
    const u = parseGoInt(plain, false);
    if (u !== undefined && u <= UINT64_MAX) return intResult(u);
    if (YAML_STYLE_FLOAT.test(plain)) {
      const f = parseGoFloat(plain);
      if (f !== undefined) return { tag: 'float', value: f };
    }
    // go-yaml's own binary fallbacks are covered by base 0 above
  }
  return { tag: 'str', value: s };
}

/** The outcome of an explicitly tagged scalar (`!!int 3`), or an error as go-yaml words it. */
export function resolveTagged(tag: string, s: string, quoted: boolean): Resolved | { error: string } {
  const short = tag.replace(/^tag:yaml\.org,2002:/, '!!');
  switch (short) {
    case '!!str':
      return { tag: 'str', value: s };
    case '!!binary': {
      const b64 = s.replace(/[\r\n]/g, '');
      if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(b64)) {
        return { error: '!!binary value contains invalid base64 data' };
      }
      return { tag: 'str', value: Buffer.from(b64, 'base64').toString('utf8') };
    }
    case '!!int':
    case '!!float':
    case '!!bool':
    case '!!null':
    case '!!timestamp': {
      const r = resolvePlain(s);
      const rtag = /^[0-9]{4}-/.test(s) && r.tag === 'str' ? 'timestamp' : r.tag;
      const want = short.slice(2);
      if (rtag === want) return r;
      if (want === 'float' && r.tag === 'int') return { tag: 'float', value: r.value };
      if (want === 'timestamp' && rtag === 'timestamp') return r;
      const got = quoted && r.tag === 'str' ? 'str' : rtag;
      return { error: `cannot decode !!${got} \`${s}\` as a ${short}` };
    }
    default:
      // tags go-yaml does not resolve (local `!foo`, `!!set`…) leave the text as it is
      return { tag: 'str', value: s };
  }
}

/** Go's strconv.FormatFloat(f, 'g', -1, 32), as sigs.k8s.io/yaml renders a float map key. */
function formatFloat32(f: number): string {
  if (Number.isNaN(f)) return '.nan';
  if (f === Infinity) return '.inf';
  if (f === -Infinity) return '-.inf';
  const f32 = Math.fround(f);
  if (f32 === 0) return Object.is(f32, -0) ? '-0' : '0';
  let digits = '';
  for (let p = 1; p <= 9; p++) {
    digits = Math.abs(f32).toPrecision(p);
    if (Math.fround(Number(digits)) === Math.abs(f32)) break;
  }
  const [mant, expPart] = Number(digits).toExponential().split('e');
  const exp = Number(expPart);
  const sign = f32 < 0 ? '-' : '';
  if (exp < -4 || exp >= 6) {
    const e = Math.abs(exp) < 10 ? `0${Math.abs(exp)}` : String(Math.abs(exp));
    return `${sign}${mant}e${exp < 0 ? '-' : '+'}${e}`;
  }
  return sign + String(Number(digits));
}

/** The JSON object key sigs.k8s.io/yaml makes of a resolved map key, or its error for keys JSON cannot hold. */
export function jsonKey(r: Resolved): string | { error: string } {
  switch (r.tag) {
    case 'str':
    case 'merge':
      return String(r.value);
    case 'bool':
      return r.value ? 'true' : 'false';
    case 'int':
      if (r.int !== undefined && r.int > INT64_MAX) return { error: `unsupported map key of type: uint64, key: ${r.int}` };
      return String(r.int ?? r.value);
    case 'float':
      return formatFloat32(r.value as number);
    case 'null':
      return { error: 'unsupported map key of type: %!s(<nil>), key: <nil>' };
  }
}
