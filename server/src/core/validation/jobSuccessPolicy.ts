// The parts of Job validation about who manages a Job and when an Indexed Job counts as succeeded: spec.managedBy
// (a domain-prefixed path) and spec.successPolicy (rules over succeeded indexes and counts). Read from
// pkg/apis/batch/validation/validation.go and apimachinery v0.35.0 pkg/util/validation/validation.go.
import type { FieldError } from '../types';
import { child, index, type FieldPath } from '../fieldPath';
import { invalid, required, tooLong, tooMany } from './fieldErrors';
import { isDNS1123Subdomain, regexError, utf8Length, validateNonnegativeField } from './names';
import type { JobSpec } from './workloadTypes';
import { isSet } from './workloadTypes';

const MAX_SUCCEEDED_INDEXES_LENGTH = 64 * 1024;
const MAX_SUCCESS_POLICY_RULES = 20;
// RFC 3986 path characters: unreserved, percent-encoded octets, sub-delims, ':' and '/'.
const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const httpPathRe = new RegExp('^' + HTTP_PATH_FMT + '$');

// Port of IsDomainPrefixedPath (apimachinery/pkg/util/validation/validation.go).
export function isDomainPrefixedPath(path: FieldPath, value: string): FieldError[] {
  if (value.length === 0) return [required(path, '')];
  const slash = value.indexOf('/');
  const host = slash < 0 ? value : value.slice(0, slash);
  const rest = slash < 0 ? '' : value.slice(slash + 1);
  if (slash < 0 || host.length === 0 || rest.length === 0) {
    return [invalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  }
  const errs = isDNS1123Subdomain(host).map((msg) => invalid(path, host, msg));
  if (!httpPathRe.test(rest)) errs.push(invalid(path, rest, regexError('Invalid path', HTTP_PATH_FMT)));
  return errs;
}

/** Go's strconv.Atoi on a 64-bit platform: optional sign, decimal digits, in int64 range. */
function atoi(s: string): number | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  if (n > 9223372036854775807n || n < -9223372036854775808n) return undefined;
  return Number(n);
}

// Port of parseIndexInterval (pkg/apis/batch/validation/validation.go).
function parseIndexInterval(interval: string, completions: number): [number, number] | string {
  const limits = interval.split('-');
  if (limits.length > 2) {
    return `the fragment ${JSON.stringify(interval)} violates the requirement that an index interval can have at most two parts separated by '-'`;
  }
  const x = atoi(limits[0]!);
  if (x === undefined) return `cannot convert string to integer for index: ${JSON.stringify(limits[0])}`;
  if (x >= completions) return `too large index: ${JSON.stringify(limits[0])}`;
  if (limits.length === 1) return [x, x];
  const y = atoi(limits[1]!);
  if (y === undefined) return `cannot convert string to integer for index: ${JSON.stringify(limits[1])}`;
  if (y >= completions) return `too large index: ${JSON.stringify(limits[1])}`;
  if (x >= y) return `non-increasing order, previous: ${x}, current: ${y}`;
  return [x, y];
}

// Port of validateIndexesFormat (pkg/apis/batch/validation/validation.go): the number of indexes, or the error text.
export function validateIndexesFormat(indexes: string, completions: number): number | string {
  if (indexes.length === 0) return 0;
  let last: number | undefined;
  let total = 0;
  for (const interval of indexes.split(',')) {
    const r = parseIndexInterval(interval, completions);
    if (typeof r === 'string') return r;
    const [x, y] = r;
    if (last !== undefined && last >= x) return `non-increasing order, previous: ${last}, current: ${x}`;
    total += y - x + 1;
    last = y;
  }
  return total;
}

interface SuccessPolicyRule {
  succeededIndexes?: string;
  succeededCount?: number;
}

// Port of validateSuccessPolicyRule (pkg/apis/batch/validation/validation.go). Upstream dereferences
// spec.completions unchecked; without completions (already reported as required) the checks needing it are skipped.
function validateSuccessPolicyRule(spec: JobSpec, rule: SuccessPolicyRule, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const completions = isSet(spec.completions) ? spec.completions : undefined;
  if (!isSet(rule.succeededCount) && !isSet(rule.succeededIndexes)) {
    errs.push(required(path, 'at least one of succeededCount or succeededIndexes must be specified'));
  }
  let totalIndexes = 0;
  if (typeof rule.succeededIndexes === 'string') {
    const p = child(path, 'succeededIndexes');
    if (utf8Length(rule.succeededIndexes) > MAX_SUCCEEDED_INDEXES_LENGTH) errs.push(tooLong(p, MAX_SUCCEEDED_INDEXES_LENGTH));
    if (completions !== undefined) {
      const r = validateIndexesFormat(rule.succeededIndexes, completions);
      if (typeof r === 'string') errs.push(invalid(p, rule.succeededIndexes, `error parsing succeededIndexes: ${r}`));
      else totalIndexes = r;
    }
  }
  if (typeof rule.succeededCount === 'number') {
    const p = child(path, 'succeededCount');
    errs.push(...validateNonnegativeField(rule.succeededCount, p));
    if (completions !== undefined && rule.succeededCount > completions) {
      const msg = `must be less than or equal to ${completions} (the number of specified completions)`;
      errs.push(invalid(p, rule.succeededCount, msg));
    }
    if (isSet(rule.succeededIndexes) && rule.succeededCount > totalIndexes) {
      const msg = `must be less than or equal to ${totalIndexes} (the number of indexes in the specified succeededIndexes field)`;
      errs.push(invalid(p, rule.succeededCount, msg));
    }
  }
  return errs;
}

// Port of validateSuccessPolicy (pkg/apis/batch/validation/validation.go); called for Indexed Jobs only.
export function validateSuccessPolicy(spec: JobSpec, path: FieldPath): FieldError[] {
  const policy = (spec as { successPolicy?: { rules?: unknown } }).successPolicy;
  const rules = Array.isArray(policy?.rules) ? (policy.rules as SuccessPolicyRule[]) : [];
  const rulesPath = child(path, 'rules');
  const errs: FieldError[] = [];
  if (rules.length === 0) {
    errs.push(required(rulesPath, 'at least one rules must be specified when the successPolicy is specified'));
  }
  if (rules.length > MAX_SUCCESS_POLICY_RULES) errs.push(tooMany(rulesPath, rules.length, MAX_SUCCESS_POLICY_RULES));
  rules.forEach((rule, i) => errs.push(...validateSuccessPolicyRule(spec, rule ?? {}, index(rulesPath, i))));
  return errs;
}
