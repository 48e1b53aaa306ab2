// The cron schedule parser kube-apiserver validates CronJob schedules with: github.com/robfig/cron/v3 (v3.0.1)
// ParseStandard, which accepts five fields (minute hour day-of-month month day-of-week), names (jan, mon), `*`,
// `?`, ranges, steps and the descriptors @yearly … @hourly and @every <duration>. Only its error text matters here.

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const SECONDS: Bounds = { min: 0, max: 59 };
const MINUTES: Bounds = { min: 0, max: 59 };
const HOURS: Bounds = { min: 0, max: 23 };
const DOM: Bounds = { min: 1, max: 31 };
const MONTHS: Bounds = {
  min: 1,
  max: 12,
  names: { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 },
};
const DOW: Bounds = { min: 0, max: 6, names: { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } };

class CronError extends Error {}

const MAX_INT64 = 9223372036854775807n;

/** Go's strconv.Atoi and its error text. */
function atoi(s: string): number {
  const m = /^[+-]?[0-9]+$/.exec(s);
  if (!m) throw new CronError(`strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = BigInt(s);
  if (n > MAX_INT64 || n < -MAX_INT64 - 1n)
    throw new CronError(`strconv.Atoi: parsing ${JSON.stringify(s)}: value out of range`);
  return Number(n);
}

// Port of mustParseInt (robfig/cron/v3 parser.go).
function mustParseInt(expr: string): number {
  let num: number;
  try {
    num = atoi(expr);
  } catch (e) {
    throw new CronError(`failed to parse int from ${expr}: ${(e as Error).message}`);
  }
  if (num < 0) throw new CronError(`negative number (${num}) not allowed: ${expr}`);
  return num;
}

// Port of parseIntOrName (robfig/cron/v3 parser.go).
function parseIntOrName(expr: string, names: Record<string, number> | undefined): number {
  const named = names?.[expr.toLowerCase()];
  return named !== undefined ? named : mustParseInt(expr);
}

// Port of getRange (robfig/cron/v3 parser.go), validation only.
function getRange(expr: string, r: Bounds): void {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = (rangeAndStep[0] as string).split('-');
  let start: number;
  let end: number;
  let step: number;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = r.min;
    end = r.max;
  } else {
    start = parseIntOrName(lowAndHigh[0] as string, r.names);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = parseIntOrName(lowAndHigh[1] as string, r.names);
    else throw new CronError(`too many hyphens: ${expr}`);
  }
  if (rangeAndStep.length === 1) step = 1;
  else if (rangeAndStep.length === 2) {
    step = mustParseInt(rangeAndStep[1] as string);
    if (lowAndHigh.length === 1) end = r.max; // "N/step" means "N-max/step"
  } else throw new CronError(`too many slashes: ${expr}`);
  if (start < r.min) throw new CronError(`beginning of range (${start}) below minimum (${r.min}): ${expr}`);
  if (end > r.max) throw new CronError(`end of range (${end}) above maximum (${r.max}): ${expr}`);
  if (start > end) throw new CronError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new CronError(`step of range should be a positive number: ${expr}`);
}

// Port of getField (robfig/cron/v3 parser.go): comma-separated ranges (empty items are skipped, as FieldsFunc does).
function getField(field: string, r: Bounds): void {
  for (const expr of field.split(',')) if (expr !== '') getRange(expr, r);
}

const UNITS: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };

/** Go's time.ParseDuration, for its error text (valid durations need no value here). */
function checkDuration(orig: string): void {
  const q = JSON.stringify(orig);
  let s = orig.replace(/^[-+]/, '');
  if (s === '0') return;
  if (s === '') throw new CronError(`time: invalid duration ${q}`);
  while (s !== '') {
    const num = /^([0-9]*)(\.[0-9]*)?/.exec(s) as RegExpExecArray;
    if (num[0] === '' || num[0] === '.') throw new CronError(`time: invalid duration ${q}`);
    s = s.slice(num[0].length);
    const unit = /^[^0-9.]*/.exec(s)![0];
    if (unit === '') throw new CronError(`time: missing unit in duration ${q}`);
    if (UNITS[unit] === undefined) throw new CronError(`time: unknown unit ${JSON.stringify(unit)} in duration ${q}`);
    s = s.slice(unit.length);
  }
}

// Port of parseDescriptor (robfig/cron/v3 parser.go), validation only.
function parseDescriptor(descriptor: string): void {
  if (['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'].includes(descriptor)) return;
  const every = '@every ';
  if (descriptor.startsWith(every)) {
    try {
      checkDuration(descriptor.slice(every.length));
    } catch (e) {
      throw new CronError(`failed to parse duration ${descriptor}: ${(e as Error).message}`);
    }
    return;
  }
  throw new CronError(`unrecognized descriptor: ${descriptor}`);
}

/**
 * Port of Parser.Parse with ParseStandard's options (robfig/cron/v3 parser.go): the error kube-apiserver puts
 * in its message, or undefined when the schedule parses. `isTimeZone` answers time.LoadLocation for CRON_TZ=.
 */
export function cronParseStandardError(spec: string, isTimeZone: (tz: string) => boolean): string | undefined {
  try {
    if (spec.length === 0) throw new CronError('empty spec string');
    let rest = spec;
    if (rest.startsWith('TZ=') || rest.startsWith('CRON_TZ=')) {
      const i = rest.indexOf(' ');
      const eq = rest.indexOf('=');
      // Upstream slices up to the first space; without one it panics (kube-apiserver answers 500).
      const tz = i < 0 ? rest.slice(eq + 1) : rest.slice(eq + 1, i);
      if (!isTimeZone(tz)) throw new CronError(`provided bad location ${tz}: unknown time zone ${tz}`);
      rest = i < 0 ? '' : rest.slice(i).trim();
    }
    if (rest.startsWith('@')) {
      parseDescriptor(rest);
      return undefined;
    }
    const fields = rest.split(/[ \t\n\v\f\r\u0085\u00a0]+/).filter((f) => f !== '');
    if (fields.length !== 5)
      throw new CronError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
    const bounds = [MINUTES, HOURS, DOM, MONTHS, DOW];
    getField('0', SECONDS);
    fields.forEach((f, i) => getField(f, bounds[i] as Bounds));
    return undefined;
  } catch (e) {
    if (e instanceof CronError) return e.message;
    throw e;
  }
}
