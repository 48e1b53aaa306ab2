// One term of a node selector, parsed as component-helpers' nodeaffinity package parses it: label requirements
// (matchExpressions) and node-field requirements (matchFields), with located parse errors. Values of the wrong shape
// (the API server would refuse them) become parse errors too, never a throw.
import type { FieldError, NodeSelectorRequirement, NodeSelectorTerm } from './types';
import { child, index, type FieldPath } from './fieldPath';
import { isObject } from './values';
import { NODE_FIELD_SELECTOR_OPERATORS, NODE_SELECTOR_OPERATORS } from './vocabulary';
import { fieldInvalid, fieldNotSupported, newRequirement, type Requirement, type SelectorOperator } from './labels';

export const OBJECT_NAME_FIELD = 'metadata.name';

const VALID_SELECTOR_OPERATORS = NODE_SELECTOR_OPERATORS;
const VALID_FIELD_SELECTOR_OPERATORS = NODE_FIELD_SELECTOR_OPERATORS;
const NODE_SELECTOR_OPS: Record<string, SelectorOperator> = {
  In: 'In',
  NotIn: 'NotIn',
  Exists: 'Exists',
  DoesNotExist: 'DoesNotExist',
  Gt: 'Gt',
  Lt: 'Lt',
};

/** A parsed matchFields entry: OneTermEqualSelector (In) or OneTermNotEqualSelector (NotIn). */
export interface FieldRequirement {
  key: string;
  equal: boolean;
  value: string;
}

/** One term of a node selector, parsed. A term with parse errors never matches. */
export interface CompiledTerm {
  /** Index in the original nodeSelectorTerms list. */
  index: number;
  path: FieldPath;
  /** Undefined when the term has no matchExpressions (then labels are not checked). */
  expressions?: Requirement[];
  /** Undefined when the term has no matchFields. */
  fields?: FieldRequirement[];
  parseErrors: FieldError[];
}

/** A list that is absent or empty. A value of another shape is not empty: it becomes a located parse error. */
export function isNoList(v: unknown): boolean {
  return v === undefined || v === null || (Array.isArray(v) && v.length === 0);
}

export function isEmptyTerm(t: NodeSelectorTerm | undefined | null): boolean {
  if (t === undefined || t === null) return true;
  return typeof t === 'object' && isNoList(t.matchExpressions) && isNoList(t.matchFields);
}

// A document the API server would refuse (a map where a list belongs) can still reach the engine: such a value
// gives a located error and matches nothing, instead of a crash.
export function shapeOf(v: unknown): unknown {
  return typeof v === 'object' && v !== null ? (Array.isArray(v) ? 'a list' : 'a map') : v;
}

export function notAList(path: FieldPath, v: unknown): FieldError {
  return fieldInvalid(path, shapeOf(v), 'must be a list');
}

/** The key and values of one requirement have the types the API declares (string, list of strings). */
function requirementShapeErrors(expr: unknown, p: FieldPath): FieldError[] {
  if (!isObject(expr)) return [fieldInvalid(p, shapeOf(expr), 'must be a map with key, operator and values')];
  const errors: FieldError[] = [];
  if (expr.key !== undefined && expr.key !== null && typeof expr.key !== 'string') {
    errors.push(fieldInvalid(child(p, 'key'), shapeOf(expr.key), 'must be a string'));
  }
  const values = expr.values;
  if (values !== undefined && values !== null && !(Array.isArray(values) && values.every((v) => typeof v === 'string'))) {
    errors.push(fieldInvalid(child(p, 'values'), shapeOf(values), 'must be a list of strings'));
  }
  return errors;
}

// Port of nodeSelectorRequirementsAsSelector (component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go).
export function nodeSelectorRequirementsAsSelector(
  reqs: readonly NodeSelectorRequirement[],
  path: FieldPath,
): { requirements: Requirement[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const requirements: Requirement[] = [];
  reqs.forEach((expr, i) => {
    const p = index(path, i);
    const shape = requirementShapeErrors(expr, p);
    if (shape.length) {
      errors.push(...shape);
      return;
    }
    const op = Object.hasOwn(NODE_SELECTOR_OPS, expr.operator) ? NODE_SELECTOR_OPS[expr.operator] : undefined;
    if (op === undefined) {
      errors.push(fieldNotSupported(child(p, 'operator'), expr.operator, VALID_SELECTOR_OPERATORS));
      return;
    }
    const r = newRequirement(expr.key ?? '', op, expr.values, p);
    if (r.errors.length) errors.push(...r.errors);
    else requirements.push(r.requirement);
  });
  return { requirements, errors };
}

// Port of nodeSelectorRequirementsAsFieldSelector (component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go).
export function nodeSelectorRequirementsAsFieldSelector(
  reqs: readonly NodeSelectorRequirement[],
  path: FieldPath,
): { fields: FieldRequirement[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const fields: FieldRequirement[] = [];
  reqs.forEach((expr, i) => {
    const p = index(path, i);
    const shape = requirementShapeErrors(expr, p);
    if (shape.length) {
      errors.push(...shape);
      return;
    }
    if (expr.operator === 'In' || expr.operator === 'NotIn') {
      const values = expr.values ?? [];
      if (values.length !== 1) errors.push(fieldInvalid(child(p, 'values'), values, 'must have one element'));
      else fields.push({ key: expr.key ?? '', equal: expr.operator === 'In', value: values[0] as string });
    } else {
      errors.push(fieldNotSupported(child(p, 'operator'), expr.operator, VALID_FIELD_SELECTOR_OPERATORS));
    }
  });
  return { fields, errors };
}

// Port of newNodeSelectorTerm (component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go).
export function newNodeSelectorTerm(term: NodeSelectorTerm, i: number, path: FieldPath): CompiledTerm {
  const parsed: CompiledTerm = { index: i, path, parseErrors: [] };
  if (!isObject(term)) {
    parsed.parseErrors.push(fieldInvalid(path, shapeOf(term), 'must be a map with matchExpressions or matchFields'));
    return parsed;
  }
  const exprs: unknown = term.matchExpressions;
  const exprsPath = child(path, 'matchExpressions');
  if (!isNoList(exprs) && !Array.isArray(exprs)) {
    parsed.parseErrors.push(notAList(exprsPath, exprs));
  } else if (Array.isArray(exprs) && exprs.length) {
    const r = nodeSelectorRequirementsAsSelector(exprs as NodeSelectorRequirement[], exprsPath);
    if (r.errors.length) parsed.parseErrors.push(...r.errors);
    else parsed.expressions = r.requirements;
  }
  const fields: unknown = term.matchFields;
  const fieldsPath = child(path, 'matchFields');
  if (!isNoList(fields) && !Array.isArray(fields)) {
    parsed.parseErrors.push(notAList(fieldsPath, fields));
  } else if (Array.isArray(fields) && fields.length) {
    const r = nodeSelectorRequirementsAsFieldSelector(fields as NodeSelectorRequirement[], fieldsPath);
    if (r.errors.length) parsed.parseErrors.push(...r.errors);
    else parsed.fields = r.fields;
  }
  return parsed;
}
