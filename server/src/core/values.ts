// Plain JSON values as YAML decodes them: the object test and reading a value at a field path, written once.
import { parseFieldPath, type FieldPath } from './fieldPath';

/** A JSON object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The value at a field path of a plain value ('' is the root; `[n]` indexes lists, `[key]` reads map keys). */
export function valueAtPath(root: unknown, path: FieldPath): unknown {
  let cur: unknown = root;
  for (const step of parseFieldPath(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if ('field' in step) cur = Array.isArray(cur) ? undefined : (cur as Record<string, unknown>)[step.field];
    else if (Array.isArray(cur)) cur = /^\d+$/.test(step.bracket) ? cur[Number(step.bracket)] : undefined;
    else cur = Object.hasOwn(cur, step.bracket) ? (cur as Record<string, unknown>)[step.bracket] : undefined;
  }
  return cur;
}
