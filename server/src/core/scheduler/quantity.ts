// resource.Quantity (k8s.io/apimachinery/pkg/api/resource, read at v0.35.0): parsing of `500m`, `1.5Gi`, `1e3`,
// comparison, the integer values the scheduler reads (Value, MilliValue) and the canonical text (String).
// One exact representation replaces upstream's int64/inf.Dec pair: value = unscaled × 10^exp, with bigint digits.

export type QuantityFormat = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

const SPLIT_RE = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
export const ERR_FORMAT_WRONG = `quantities must match the regular expression '${SPLIT_RE}'`;
export const ERR_NUMERIC = 'unable to parse numeric part of quantity';
export const ERR_SUFFIX = "unable to parse quantity's suffix";

/** Upstream's maxInt64Factors: how many decimal digits an int64 always holds. */
const MAX_INT64_FACTORS = 18;
const NANO = -9;
const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);

export class Quantity {
  constructor(
    /** value = unscaled × 10^exp */
    readonly unscaled: bigint,
    readonly exp: number,
    readonly format: QuantityFormat,
    /** The input text when it was already canonical (upstream keeps it and prints it back). */
    private cached?: string,
  ) {}

  sign(): number {
    return this.unscaled === 0n ? 0 : this.unscaled < 0n ? -1 : 1;
  }

  isZero(): boolean {
    return this.unscaled === 0n;
  }

  // Port of Quantity.Cmp (apimachinery/pkg/api/resource/quantity.go).
  cmp(y: Quantity): number {
    return compareScaled(this.unscaled, this.exp, y.unscaled, y.exp);
  }

  // Port of Quantity.ScaledValue (apimachinery/pkg/api/resource/quantity.go): rounded away from zero, as a bigint
  // (upstream's int64 representation rounds so; no int64 wrap-around here).
  scaledValueBig(scale: number): bigint {
    return roundAwayFromZero(this.unscaled, this.exp - scale);
  }

  // Port of Quantity.Value (apimachinery/pkg/api/resource/quantity.go); exact up to 2^53.
  value(): number {
    return Number(this.scaledValueBig(0));
  }

  // Port of Quantity.MilliValue (apimachinery/pkg/api/resource/quantity.go); exact up to 2^53.
  milliValue(): number {
    return Number(this.scaledValueBig(-3));
  }

  // Port of Quantity.String (apimachinery/pkg/api/resource/quantity.go).
  toString(): string {
    if (this.cached === undefined) {
      const [number, suffix] = this.canonicalize();
      this.cached = number + suffix;
    }
    return this.cached;
  }

  // Port of Quantity.CanonicalizeBytes (apimachinery/pkg/api/resource/quantity.go).
  canonicalize(): [string, string] {
    if (this.isZero()) return ['0', ''];
    let format = this.format;
    let rounded: bigint | undefined;
    if (format === 'BinarySI') {
      if (this.cmp(INT_1024_NEG) > 0 && this.cmp(INT_1024) < 0) format = 'DecimalSI';
      else {
        rounded = roundAwayFromZero(this.unscaled, this.exp);
        if (compareScaled(rounded, 0, this.unscaled, this.exp) !== 0) format = 'DecimalSI';
      }
    }
    if (format !== 'BinarySI') {
      const [number, exponent] = canonicalDecimal(this.unscaled, this.exp);
      return [number, constructSuffix(10, exponent, format) ?? ''];
    }
    const [amount, times] = removeFactors(rounded as bigint, 1024n);
    return [amount.toString(), constructSuffix(2, times * 10, 'BinarySI') ?? ''];
  }
}

/** v × 10^exp as an integer, rounded away from zero (inf.Dec Round with RoundUp at scale 0). */
function roundAwayFromZero(v: bigint, exp: number): bigint {
  if (exp >= 0) {
    // Beyond int64 upstream wraps around; here the value saturates instead.
    if (v !== 0n && (v < 0n ? -v : v).toString().length + exp > 19) {
      const big = v * pow10(Math.min(exp, 20));
      if (big > MAX_INT64) return MAX_INT64;
      if (big < MIN_INT64) return MIN_INT64;
    }
    return v * pow10(exp);
  }
  const divisor = pow10Capped(-exp, v);
  if (divisor === undefined) return v === 0n ? 0n : v > 0n ? 1n : -1n;
  const q = v / divisor;
  if (v % divisor === 0n) return q;
  return v > 0n ? q + 1n : q - 1n;
}

const INT_1024 = new Quantity(1024n, 0, 'DecimalSI');
const INT_1024_NEG = new Quantity(-1024n, 0, 'DecimalSI');

const POW10: bigint[] = [1n];
function pow10(n: number): bigint {
  if (n < 64) {
    while (POW10.length <= n) POW10.push((POW10[POW10.length - 1] as bigint) * 10n);
    return POW10[n] as bigint;
  }
  return 10n ** BigInt(n);
}

/** 10^n, or undefined when it exceeds |v| by so much that v / 10^n rounds to zero or one unit. */
function pow10Capped(n: number, v: bigint): bigint | undefined {
  const digits = (v < 0n ? -v : v).toString().length;
  return n > digits + 1 ? undefined : pow10(n);
}

/** Compare a×10^ea with b×10^eb exactly, without building huge powers when the exponents are far apart. */
function compareScaled(a: bigint, ea: number, b: bigint, eb: number): number {
  const sa = a === 0n ? 0 : a < 0n ? -1 : 1;
  const sb = b === 0n ? 0 : b < 0n ? -1 : 1;
  if (sa !== sb || sa === 0) return sa < sb ? -1 : sa > sb ? 1 : 0;
  const magA = (a < 0n ? -a : a).toString().length + ea;
  const magB = (b < 0n ? -b : b).toString().length + eb;
  if (magA !== magB) return (magA > magB ? 1 : -1) * sa;
  const e = Math.min(ea, eb);
  const x = a * pow10(ea - e);
  const y = b * pow10(eb - e);
  return x < y ? -1 : x > y ? 1 : 0;
}

// Port of removeBigIntFactors (apimachinery/pkg/api/resource/math.go).
function removeFactors(value: bigint, factor: bigint): [bigint, number] {
  let v = value;
  let times = 0;
  while (v !== 0n && v % factor === 0n) {
    v /= factor;
    times++;
  }
  return [v, times];
}

// Port of infDecAmount.AsCanonicalBytes (apimachinery/pkg/api/resource/amount.go).
function canonicalDecimal(unscaled: bigint, exp: number): [string, number] {
  let [amount, times] = removeFactors(unscaled, 10n);
  let exponent = exp + times;
  while (exponent % 3 !== 0) {
    amount *= 10n;
    exponent--;
  }
  return [amount.toString(), exponent];
}

const DEC_SUFFIXES: ReadonlyArray<readonly [string, number]> = [
  ['n', -9], ['u', -6], ['m', -3], ['', 0], ['k', 3], ['M', 6], ['G', 9], ['T', 12], ['P', 15], ['E', 18],
];
const BIN_SUFFIXES: ReadonlyArray<readonly [string, number]> = [
  ['Ki', 10], ['Mi', 20], ['Gi', 30], ['Ti', 40], ['Pi', 50], ['Ei', 60],
];

// Port of suffixHandler.constructBytes (apimachinery/pkg/api/resource/suffix.go).
function constructSuffix(base: 2 | 10, exponent: number, format: QuantityFormat): string | undefined {
  if (format === 'DecimalExponent') {
    if (base !== 10) return undefined;
    return exponent === 0 ? '' : `e${exponent}`;
  }
  if (format === 'DecimalSI') {
    if (base === 2 && exponent === 0) return '';
    if (base !== 10) return undefined;
    return DEC_SUFFIXES.find(([, e]) => e === exponent)?.[0];
  }
  if (base !== 2) return undefined;
  return BIN_SUFFIXES.find(([, e]) => e === exponent)?.[0];
}

// Port of fastLookup.interpret and suffixHandler.interpret (apimachinery/pkg/api/resource/suffix.go).
function interpretSuffix(s: string): { base: 2 | 10; exponent: number; format: QuantityFormat } | undefined {
  const dec = DEC_SUFFIXES.find(([k]) => k === s);
  if (dec) return { base: 10, exponent: dec[1], format: 'DecimalSI' };
  const bin = BIN_SUFFIXES.find(([k]) => k === s);
  if (bin) return { base: 2, exponent: bin[1], format: 'BinarySI' };
  if (s.length > 1 && (s[0] === 'E' || s[0] === 'e')) {
    const digits = s.slice(1);
    if (!/^[+-]?[0-9]+$/.test(digits)) return undefined;
    const n = BigInt(digits);
    if (n > MAX_INT64 || n < MIN_INT64) return undefined;
    // Upstream truncates the int64 to int32.
    return { base: 10, exponent: Number(BigInt.asIntN(32, n)), format: 'DecimalExponent' };
  }
  return undefined;
}

export interface QuantityParts {
  positive: boolean;
  value: string;
  num: string;
  denom: string;
  suffix: string;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

// Port of parseQuantityString (apimachinery/pkg/api/resource/quantity.go).
export function parseQuantityString(str: string): QuantityParts | { error: string } {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (pos < end && (str[0] === '-' || str[0] === '+')) {
    positive = str[0] !== '-';
    pos++;
  }
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  if (i >= end) return { positive, value: str, num: str.slice(pos), denom: '', suffix: '' };
  const num = str.slice(pos, i) || '0';
  pos = i;
  let denom = '';
  if (str[pos] === '.') {
    pos++;
    i = pos;
    while (i < end && isDigit(str[i])) i++;
    denom = str.slice(pos, i);
    if (i >= end) return { positive, value: str, num, denom, suffix: '' };
    pos = i;
  }
  const value = str.slice(0, pos);
  const suffixStart = pos;
  while (pos < end && 'eEinumkKMGTP'.includes(str[pos] as string)) pos++;
  if (pos >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  if (str[pos] === '-' || str[pos] === '+') pos++;
  while (pos < end && isDigit(str[pos])) pos++;
  if (pos >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  return { error: ERR_FORMAT_WRONG };
}

/** A quantity, or the reason it does not parse (upstream's error text). */
export type ParsedQuantity = { quantity: Quantity; error?: undefined } | { quantity?: undefined; error: string };

// Port of ParseQuantity (apimachinery/pkg/api/resource/quantity.go).
export function parseQuantity(str: string): ParsedQuantity {
  if (str.length === 0) return { error: ERR_FORMAT_WRONG };
  if (str === '0') return { quantity: new Quantity(0n, 0, 'DecimalSI', str) };
  const parts = parseQuantityString(str);
  if ('error' in parts) return parts;
  const { positive, num, denom } = parts;
  const suf = interpretSuffix(parts.suffix);
  if (!suf) return { error: ERR_SUFFIX };
  let { format } = suf;
  const { base, exponent } = suf;

  // The int64 fast path decides whether the input text is kept as the canonical one.
  let precision = 0;
  let scale = 0;
  let mantissa = 1n;
  if (format === 'BinarySI') {
    if (exponent >= 0 && denom.length === 0) {
      mantissa = 1n << BigInt(exponent);
      precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
    } else precision = -1;
  } else {
    scale = exponent;
    precision = MAX_INT64_FACTORS - (num.length + denom.length);
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= NANO) {
      const shifted = num + denom;
      const v = BigInt(shifted);
      let result = v * mantissa;
      if (result <= MAX_INT64) {
        if (!positive) result = -result;
        let keep: boolean;
        if (format === 'BinarySI') keep = exponent % 10 === 0 && (v & 7n) !== 0n;
        else keep = scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
        return { quantity: new Quantity(result, scale, format, keep ? str : undefined) };
      }
    }
  }

  // The arbitrary-precision path: exact value, rounded up to nano units.
  if (!/[0-9]/.test(parts.value)) return { error: ERR_NUMERIC };
  let unscaled = BigInt(num + denom);
  let exp = -denom.length;
  if (base === 10) exp += exponent;
  else unscaled <<= BigInt(exponent);
  if (unscaled !== 0n && exp < NANO) {
    const divisor = pow10Capped(NANO - exp, unscaled);
    unscaled = divisor === undefined ? 1n : unscaled / divisor + (unscaled % divisor === 0n ? 0n : 1n);
    exp = NANO;
  }
  if (format === 'BinarySI' && compareScaled(unscaled, exp, MAX_INT64, 0) > 0) {
    unscaled = MAX_INT64;
    exp = 0;
  }
  if (format === 'BinarySI' && unscaled !== 0n && compareScaled(unscaled, exp, 1n, 0) < 0) format = 'DecimalSI';
  return { quantity: new Quantity(positive ? unscaled : -unscaled, exp, format) };
}

/** Parse or throw; for values known to be valid (tests, constants). */
export function mustParseQuantity(str: string): Quantity {
  const r = parseQuantity(str);
  if (r.error !== undefined) throw new Error(`cannot parse '${str}': ${r.error}`);
  return r.quantity;
}

/** A quantity as it appears in a ResourceList (JSON numbers are read as their decimal text, as UnmarshalJSON does). */
export function quantityText(v: string | number): string {
  return typeof v === 'number' ? String(v) : v.trim();
}
