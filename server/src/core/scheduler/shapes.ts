// Shape checks for values the plugins parse. The API server refuses a document whose list is a map or whose string is
// a number, but such a document can still reach the engine (analysis goes on past decode errors): these checks turn
// it into an error message the plugin reports, instead of a crash inside a parser that trusts its types.

import { isObject } from '../values';

const isAbsent = (v: unknown): boolean => v === undefined || v === null;
const isStringList = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Why `v` is not a list of strings (absent is fine), or undefined. */
export function stringListError(v: unknown, what: string): string | undefined {
  return isAbsent(v) || isStringList(v) ? undefined : `${what} must be a list of strings`;
}

/** Why a metav1.LabelSelector does not have the API's types (absent is fine), or undefined. */
export function labelSelectorShapeError(sel: unknown, what = 'labelSelector'): string | undefined {
  if (isAbsent(sel)) return undefined;
  if (!isObject(sel)) return `${what} must be a map`;
  const labels = sel.matchLabels;
  if (!isAbsent(labels) && !(isObject(labels) && Object.values(labels).every((x) => typeof x === 'string'))) {
    return `${what}.matchLabels must be a map of strings`;
  }
  const exprs = sel.matchExpressions;
  if (isAbsent(exprs)) return undefined;
  if (!Array.isArray(exprs)) return `${what}.matchExpressions must be a list`;
  for (let i = 0; i < exprs.length; i++) {
    const e: unknown = exprs[i];
    const at = `${what}.matchExpressions[${i}]`;
    if (!isObject(e)) return `${at} must be a map`;
    if (typeof e.key !== 'string' || typeof e.operator !== 'string') return `${at}: key and operator must be strings`;
    const values = stringListError(e.values, `${at}.values`);
    if (values) return values;
  }
  return undefined;
}
