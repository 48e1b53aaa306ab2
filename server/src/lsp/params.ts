// Parameters of the custom kce/* requests, checked before use: a client (or anything speaking LSP to the
// server) gets InvalidParams with the field and the rule, never a simulation over nonsense values.
import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';

const INT32_MAX = 2 ** 31 - 1;

function invalid(method: string, message: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, `${method}: ${message}`);
}

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `uri` a string, `documentIndex` an integer ≥ 0, `item` (a List's item) absent or an integer ≥ 0. */
export function checkDocumentRef(method: string, p: unknown): void {
  if (!isObj(p)) throw invalid(method, 'params must be an object with uri and documentIndex');
  if (typeof p.uri !== 'string' || !p.uri) throw invalid(method, 'uri must be a non-empty string');
  if (!Number.isSafeInteger(p.documentIndex) || (p.documentIndex as number) < 0) {
    throw invalid(method, `documentIndex must be an integer ≥ 0 (got ${JSON.stringify(p.documentIndex)})`);
  }
  if (p.item !== undefined && (!Number.isSafeInteger(p.item) || (p.item as number) < 0)) {
    throw invalid(method, `item must be an integer ≥ 0 (got ${JSON.stringify(p.item)})`);
  }
}

// An IntOrString as the rolling-update fields take it: an int32 ≥ 0, or "N%" with N ≥ 0.
function checkIntOrPercent(method: string, name: string, v: unknown): void {
  if (v === undefined) return;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= INT32_MAX) return;
  if (typeof v === 'string' && /^[0-9]{1,10}%$/.test(v) && Number(v.slice(0, -1)) <= INT32_MAX) return;
  throw invalid(method, `${name} must be an integer ≥ 0 or a percentage such as "25%" (got ${JSON.stringify(v)})`);
}

/** kce/plan: burstReplicas, when given, is a whole number ≥ 1 (the controller's BurstReplicas). */
export function checkPlanParams(p: unknown): void {
  checkDocumentRef('kce/plan', p);
  const b = (p as Record<string, unknown>).burstReplicas;
  if (b !== undefined && (!Number.isInteger(b) || (b as number) < 1 || (b as number) > INT32_MAX)) {
    throw invalid('kce/plan', `burstReplicas must be an integer ≥ 1 (got ${JSON.stringify(b)})`);
  }
}

/** kce/rollout: maxSurge and maxUnavailable overrides, when given, are valid IntOrString values. */
export function checkRolloutParams(p: unknown): void {
  checkDocumentRef('kce/rollout', p);
  const o = p as Record<string, unknown>;
  checkIntOrPercent('kce/rollout', 'maxSurge', o.maxSurge);
  checkIntOrPercent('kce/rollout', 'maxUnavailable', o.maxUnavailable);
}
