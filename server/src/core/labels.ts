// Label selectors as k8s.io/apimachinery evaluates them: requirements with the operators of
// pkg/selection, parsed once and matched many times. Pure: plain objects in, plain results out.
import type { FieldError, LabelSelector } from './types';
import { child, index, key as keyPath, type FieldPath } from './fieldPath';
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from './validation/names';

export type SelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt' | 'Equals';

/** One parsed requirement. `num` is the parsed operand of Gt/Lt. */
export interface Requirement {
  key: string;
  operator: SelectorOperator;
  values: readonly string[];
  num?: number | bigint;
}

export type Labels = Readonly<Record<string, string>>;

/**
 * A label's value. Label values are strings and everything Object.prototype holds is a function or an
 * object, so a type check keeps keys such as `constructor` from hitting the prototype — and is much
 * cheaper than an own-property test on the large dictionary-mode label maps of real nodes.
 */
export function labelValue(labels: Labels | undefined, k: string): string | undefined {
  const v = labels === undefined ? undefined : (labels as Record<string, unknown>)[k];
  return typeof v === 'string' ? v : undefined;
}

// ---------- field errors (field.Invalid / field.NotSupported) ----------

/** Go's %q / %#v rendering of the bad values we produce (strings and string lists). */
export function goValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[]string{${v.map((x) => JSON.stringify(String(x))).join(', ')}}`;
  return String(v);
}

export function fieldInvalid(field: FieldPath, badValue: unknown, detail: string): FieldError {
  return {
    reason: 'FieldValueInvalid',
    type: 'Invalid value',
    field,
    badValue,
    detail,
    message: `${field}: Invalid value: ${goValue(badValue)}: ${detail}`,
  };
}

export function fieldNotSupported(field: FieldPath, badValue: unknown, valid: readonly string[]): FieldError {
  const detail = valid.length ? `supported values: ${valid.map((v) => JSON.stringify(v)).join(', ')}` : '';
  return {
    reason: 'FieldValueNotSupported',
    type: 'Unsupported value',
    field,
    badValue,
    detail,
    message: `${field}: Unsupported value: ${goValue(badValue)}${detail ? `: ${detail}` : ''}`,
  };
}

// ---------- syntax checks ----------
// One implementation of the label-key / label-value / subdomain formats, shared with API validation.
export { isDNS1123Subdomain, isQualifiedName, isValidLabelValue };

// ---------- strconv.ParseInt(s, 10, 64) ----------

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;
const DIGITS = /^[+-]?[0-9]+$/;

/**
 * Port of strconv.ParseInt with base 10 and 64 bits: an optional sign, then ASCII digits only
 * (leading zeros allowed, no spaces, no underscores), inside the int64 range. Undefined on error.
 * Small values come back as numbers, large ones as bigints; `<`/`>` compare the two exactly.
 */
export function parseInt64(s: string): number | bigint | undefined {
  if (!DIGITS.test(s)) return undefined;
  const digits = s.charCodeAt(0) === 43 || s.charCodeAt(0) === 45 ? s.length - 1 : s.length;
  if (digits <= 15) return Number(s);
  const b = BigInt(s);
  return b > INT64_MAX || b < INT64_MIN ? undefined : b;
}

// ---------- requirements ----------

const VALID_REQUIREMENT_OPERATORS = ['in', 'notin', '=', '==', '!=', 'gt', 'lt', 'exists', '!'];

// Port of NewRequirement (apimachinery/pkg/labels/selector.go); errors carry paths under `path`.
export function newRequirement(
  k: string,
  operator: SelectorOperator,
  values: readonly string[] | undefined,
  path: FieldPath,
): { requirement: Requirement; errors: FieldError[] } {
  const vals = values ?? [];
  const errors: FieldError[] = [];
  const keyErrs = isQualifiedName(k);
  if (keyErrs.length) errors.push(fieldInvalid(child(path, 'key'), k, keyErrs.join('; ')));
  const valuesPath = child(path, 'values');
  const requirement: Requirement = { key: k, operator, values: vals };
  switch (operator) {
    case 'In':
    case 'NotIn':
      if (vals.length === 0) errors.push(fieldInvalid(valuesPath, vals, "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case 'Equals':
      if (vals.length !== 1) errors.push(fieldInvalid(valuesPath, vals, 'exact-match compatibility requires one single value'));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (vals.length !== 0) errors.push(fieldInvalid(valuesPath, vals, 'values set must be empty for exists and does not exist'));
      break;
    case 'Gt':
    case 'Lt': {
      if (vals.length !== 1) errors.push(fieldInvalid(valuesPath, vals, "for 'Gt', 'Lt' operators, exactly one value is required"));
      vals.forEach((v, i) => {
        const n = parseInt64(v);
        if (n === undefined) errors.push(fieldInvalid(index(valuesPath, i), v, "for 'Gt', 'Lt' operators, the value must be an integer"));
        else if (vals.length === 1) requirement.num = n;
      });
      break;
    }
    default:
      errors.push(fieldNotSupported(child(path, 'operator'), operator, VALID_REQUIREMENT_OPERATORS));
  }
  vals.forEach((v, i) => {
    const e = isValidLabelValue(v);
    if (e.length) errors.push(fieldInvalid(keyPath(index(valuesPath, i), k), v, e.join('; ')));
  });
  return { requirement, errors };
}

// Port of Requirement.Matches (apimachinery/pkg/labels/selector.go).
export function requirementMatches(r: Requirement, labels: Labels | undefined): boolean {
  const v = labelValue(labels, r.key);
  switch (r.operator) {
    case 'In':
    case 'Equals':
      return v !== undefined && r.values.includes(v);
    case 'NotIn':
      return v === undefined || !r.values.includes(v);
    case 'Exists':
      return v !== undefined;
    case 'DoesNotExist':
      return v === undefined;
    case 'Gt':
    case 'Lt': {
      if (v === undefined || r.num === undefined) return false;
      const n = parseInt64(v);
      if (n === undefined) return false;
      return r.operator === 'Gt' ? n > r.num : n < r.num;
    }
    default:
      return false;
  }
}

/** A selector compiled once: `matches` allocates nothing. `error` is set when it did not parse (then it matches nothing). */
export interface CompiledLabelSelector {
  matches(labels: Labels | undefined): boolean;
  /** Parsed requirements, sorted by key (as internalSelector.Add sorts them). Empty for everything/nothing. */
  readonly requirements: readonly Requirement[];
  /** True for labels.Everything(), false for labels.Nothing(), undefined otherwise. */
  readonly constant?: boolean;
  error?: string;
}

const EVERYTHING: CompiledLabelSelector = Object.freeze({ matches: () => true, requirements: [], constant: true });
const NOTHING: CompiledLabelSelector = Object.freeze({ matches: () => false, requirements: [], constant: false });

function fromRequirements(reqs: Requirement[]): CompiledLabelSelector {
  reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    requirements: reqs,
    matches(labels) {
      for (let i = 0; i < reqs.length; i++) if (!requirementMatches(reqs[i] as Requirement, labels)) return false;
      return true;
    },
  };
}

const LABEL_SELECTOR_OPS: Record<string, SelectorOperator> = { In: 'In', NotIn: 'NotIn', Exists: 'Exists', DoesNotExist: 'DoesNotExist' };

// Port of LabelSelectorAsSelector (apimachinery/pkg/apis/meta/v1/helpers.go).
export function compileLabelSelector(sel: LabelSelector | undefined | null): CompiledLabelSelector {
  if (sel === undefined || sel === null) return NOTHING;
  const matchLabels = sel.matchLabels ?? {};
  const exprs = sel.matchExpressions ?? [];
  const labelKeys = Object.keys(matchLabels).sort();
  if (labelKeys.length + exprs.length === 0) return EVERYTHING;
  const reqs: Requirement[] = [];
  const fail = (message: string): CompiledLabelSelector => ({ matches: () => false, requirements: [], error: message });
  // Go walks matchLabels in map order and stops at the first error; sorted keys make ours deterministic.
  for (const k of labelKeys) {
    const { requirement, errors } = newRequirement(k, 'Equals', [matchLabels[k] as string], '');
    if (errors.length) return fail(aggregateMessage(errors));
    reqs.push(requirement);
  }
  for (const expr of exprs) {
    const op = Object.hasOwn(LABEL_SELECTOR_OPS, expr.operator) ? LABEL_SELECTOR_OPS[expr.operator] : undefined;
    if (op === undefined) return fail(`${JSON.stringify(expr.operator)} is not a valid label selector operator`);
    const { requirement, errors } = newRequirement(expr.key ?? '', op, expr.values ? [...expr.values] : [], '');
    if (errors.length) return fail(aggregateMessage(errors));
    reqs.push(requirement);
  }
  return fromRequirements(reqs);
}

// Port of SelectorFromValidatedSet (apimachinery/pkg/labels/selector.go): no validation, empty matches everything.
export function selectorFromSet(set: Record<string, string> | undefined | null): CompiledLabelSelector {
  const keys = set ? Object.keys(set) : [];
  if (keys.length === 0) return EVERYTHING;
  return fromRequirements(keys.map((k) => ({ key: k, operator: 'Equals' as const, values: [(set as Record<string, string>)[k] as string] })));
}

/** What errors.NewAggregate(...).Error() prints: one message, or `[a, b]`. */
export function aggregateMessage(errors: readonly FieldError[]): string {
  if (errors.length === 1) return (errors[0] as FieldError).message;
  return `[${errors.map((e) => e.message).join(', ')}]`;
}

/** Human form of one requirement, close to Requirement.String() but with API operator names. */
export function describeRequirement(r: { key: string; operator: string; values?: readonly string[] }): string {
  switch (r.operator) {
    case 'Exists':
    case 'DoesNotExist':
      return `${r.key} ${r.operator}`;
    case 'Equals':
      return `${r.key}=${r.values?.[0] ?? ''}`;
    case 'Gt':
    case 'Lt':
      return `${r.key} ${r.operator} ${r.values?.[0] ?? ''}`;
    default:
      return `${r.key} ${r.operator} [${(r.values ?? []).join(', ')}]`;
  }
}
