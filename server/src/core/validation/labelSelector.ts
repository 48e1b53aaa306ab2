// metav1.LabelSelector: syntax validation, and conversion to a matcher the way
// LabelSelectorAsSelector does it (used for the selector/template-labels check).
import type { FieldError, LabelSelector, LabelSelectorRequirement } from '../types';
import { child, index, type FieldPath } from '../fieldPath';
import { asJSON, forbidden, invalid, required } from './fieldErrors';
import { isQualifiedName, isValidLabelValue, validateLabelName, validateLabels } from './names';

export interface LabelSelectorValidationOptions {
  /** Skip label-value syntax checks on matchExpressions values (kept for objects that already had them). */
  allowInvalidLabelValueInSelector?: boolean;
}

// Port of ValidateLabelSelectorRequirement (apimachinery/pkg/apis/meta/v1/validation/validation.go).
export function validateLabelSelectorRequirement(
  sr: LabelSelectorRequirement,
  opts: LabelSelectorValidationOptions,
  path: FieldPath,
): FieldError[] {
  const errs: FieldError[] = [];
  const values = sr.values ?? [];
  switch (sr.operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) errs.push(required(child(path, 'values'), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) errs.push(forbidden(child(path, 'values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    default:
      errs.push(invalid(child(path, 'operator'), asJSON(sr.operator ?? ''), 'not a valid selector operator'));
  }
  errs.push(...validateLabelName(sr.key ?? '', child(path, 'key')));
  if (!opts.allowInvalidLabelValueInSelector) {
    values.forEach((value, i) => {
      for (const msg of isValidLabelValue(value)) errs.push(invalid(index(child(path, 'values'), i), value, msg));
    });
  }
  return errs;
}

// Port of ValidateLabelSelector (apimachinery/pkg/apis/meta/v1/validation/validation.go).
export function validateLabelSelector(
  ps: LabelSelector | undefined | null,
  opts: LabelSelectorValidationOptions,
  path: FieldPath,
): FieldError[] {
  if (!ps) return [];
  const errs = validateLabels(ps.matchLabels, child(path, 'matchLabels'));
  (ps.matchExpressions ?? []).forEach((expr, i) => {
    errs.push(...validateLabelSelectorRequirement(expr, opts, index(child(path, 'matchExpressions'), i)));
  });
  return errs;
}

type Op = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Equals';
interface Requirement { key: string; op: Op; values: string[] }

/** A compiled selector: `nothing` matches no label set, an empty list matches every set. */
export type Selector = { nothing: true } | { nothing: false; requirements: Requirement[] };

// Port of labels.NewRequirement's checks (apimachinery/pkg/labels/selector.go): true when it would fail.
function requirementInvalid(key: string, op: Op, values: string[]): boolean {
  if (isQualifiedName(key).length > 0) return true;
  switch (op) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) return true;
      break;
    case 'Equals':
      if (values.length !== 1) return true;
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length !== 0) return true;
      break;
  }
  return values.some((v) => isValidLabelValue(v).length > 0);
}

// Port of LabelSelectorAsSelector (apimachinery/pkg/apis/meta/v1/helpers.go). Returns null where Go returns an error.
export function labelSelectorAsSelector(ps: LabelSelector | undefined | null): Selector | null {
  if (!ps) return { nothing: true };
  const matchLabels = ps.matchLabels ?? {};
  const exprs = ps.matchExpressions ?? [];
  const requirements: Requirement[] = [];
  for (const [k, v] of Object.entries(matchLabels)) {
    if (requirementInvalid(k, 'Equals', [v])) return null;
    requirements.push({ key: k, op: 'Equals', values: [v] });
  }
  for (const expr of exprs) {
    let op: Op;
    switch (expr.operator) {
      case 'In': op = 'In'; break;
      case 'NotIn': op = 'NotIn'; break;
      case 'Exists': op = 'Exists'; break;
      case 'DoesNotExist': op = 'DoesNotExist'; break;
      default: return null;
    }
    const values = [...(expr.values ?? [])];
    if (requirementInvalid(expr.key ?? '', op, values)) return null;
    requirements.push({ key: expr.key ?? '', op, values });
  }
  return { nothing: false, requirements };
}

// Port of internalSelector.Matches / Requirement.Matches (apimachinery/pkg/labels/selector.go).
export function selectorMatches(sel: Selector, labels: Record<string, string> | undefined): boolean {
  if (sel.nothing) return false;
  const ls = labels ?? {};
  for (const r of sel.requirements) {
    const has = Object.prototype.hasOwnProperty.call(ls, r.key);
    const v = ls[r.key];
    switch (r.op) {
      case 'Equals':
      case 'In':
        if (!has || !r.values.includes(v as string)) return false;
        break;
      case 'NotIn':
        if (has && r.values.includes(v as string)) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
    }
  }
  return true;
}
