// Taints and tolerations as k8s.io/api core/v1 and component-helpers match them, with the
// TaintTolerationComparisonOperators gate passed in explicitly (off: Gt/Lt tolerate nothing).
import type { Taint, Toleration } from './types';
import { isDecimalInteger as decimalIntegerErrors } from './validation/names';
import { parseInt64 } from './labels';

export type TaintFilter = (taint: Taint) => boolean;

/** Port of content.IsDecimalInteger (apimachinery/pkg/api/validate/content): canonical form, no `+`, no leading zeros. */
export function isDecimalInteger(value: string): boolean {
  return decimalIntegerErrors(value).length === 0;
}

/** Parse a Gt/Lt operand the way compareNumericValues does; a string says why it fails. */
function numericOperand(v: string): number | bigint | string {
  if (!isDecimalInteger(v)) return 'must be a valid decimal integer in canonical form';
  const n = parseInt64(v);
  return n === undefined ? 'value out of range' : n;
}

/** The outcome of one toleration against one taint, with the reason when it does not tolerate. */
export interface TolerationCheck {
  tolerated: boolean;
  /** Why not, in a few words (for placement reasons); undefined when tolerated. */
  why?: string;
  /** Set when a Gt/Lt comparison could not parse a value (upstream logs it and does not tolerate). */
  parseError?: string;
}

const OK: TolerationCheck = Object.freeze({ tolerated: true });

// Port of compareNumericValues (staging/src/k8s.io/api/core/v1/toleration.go).
function compareNumericValues(tolVal: string, taintVal: string, op: 'Gt' | 'Lt'): TolerationCheck {
  const t = numericOperand(tolVal);
  if (typeof t === 'string') {
    const parseError = `failed to parse toleration value ${JSON.stringify(tolVal)} as int64: ${t}`;
    return { tolerated: false, why: parseError, parseError };
  }
  const n = numericOperand(taintVal);
  if (typeof n === 'string') {
    const parseError = `failed to parse taint value ${JSON.stringify(taintVal)} as int64: ${n}`;
    return { tolerated: false, why: parseError, parseError };
  }
  const ok = op === 'Lt' ? n < t : n > t;
  return ok ? OK : { tolerated: false, why: `taint value ${taintVal} is not ${op === 'Lt' ? 'less' : 'greater'} than ${tolVal}` };
}

// Port of Toleration.ToleratesTaint (staging/src/k8s.io/api/core/v1/toleration.go), with the reason when it does not.
export function checkToleration(tol: Toleration, taint: Taint, enableComparisonOperators: boolean): TolerationCheck {
  const effect = tol.effect ?? '';
  if (effect.length > 0 && effect !== taint.effect) return { tolerated: false, why: `effect ${effect} is not ${taint.effect}` };
  const k = tol.key ?? '';
  if (k.length > 0 && k !== taint.key) return { tolerated: false, why: `key ${JSON.stringify(k)} is not ${JSON.stringify(taint.key)}` };
  const tolValue = tol.value ?? '';
  const taintValue = taint.value ?? '';
  switch (tol.operator ?? '') {
    case '':
    case 'Equal':
      return tolValue === taintValue ? OK : { tolerated: false, why: `value ${JSON.stringify(tolValue)} is not ${JSON.stringify(taintValue)}` };
    case 'Exists':
      return OK;
    case 'Gt':
    case 'Lt':
      if (!enableComparisonOperators) {
        return { tolerated: false, why: `operator ${tol.operator} needs the TaintTolerationComparisonOperators feature gate` };
      }
      return compareNumericValues(tolValue, taintValue, tol.operator as 'Gt' | 'Lt');
    default:
      return { tolerated: false, why: `operator ${JSON.stringify(tol.operator)} is not supported` };
  }
}

// Port of Toleration.ToleratesTaint (staging/src/k8s.io/api/core/v1/toleration.go).
export function toleratesTaint(tol: Toleration, taint: Taint, enableComparisonOperators: boolean): boolean {
  // The common cases stay free of allocation; only Gt/Lt go through the detailed check.
  // `!= null` rather than `!== undefined`: a bad document can carry an explicit null here.
  const effect = tol.effect;
  if (effect != null && effect !== '' && effect !== taint.effect) return false;
  const k = tol.key;
  if (k != null && k !== '' && k !== taint.key) return false;
  switch (tol.operator ?? '') {
    case '':
    case 'Equal':
      return (tol.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    case 'Gt':
    case 'Lt':
      return enableComparisonOperators && compareNumericValues(tol.value ?? '', taint.value ?? '', tol.operator as 'Gt' | 'Lt').tolerated;
    default:
      return false;
  }
}

// Port of TolerationsTolerateTaint (component-helpers/scheduling/corev1/helpers.go).
export function tolerationsTolerateTaint(tolerations: readonly Toleration[] | undefined, taint: Taint, enableComparisonOperators: boolean): boolean {
  if (tolerations === undefined) return false;
  for (let i = 0; i < tolerations.length; i++) {
    if (toleratesTaint(tolerations[i] as Toleration, taint, enableComparisonOperators)) return true;
  }
  return false;
}

// Port of FindMatchingUntoleratedTaint (component-helpers/scheduling/corev1/helpers.go).
// Returns the first filtered taint that no toleration tolerates, or undefined when all are tolerated.
export function findMatchingUntoleratedTaint(
  taints: readonly Taint[] | undefined,
  tolerations: readonly Toleration[] | undefined,
  filter: TaintFilter | undefined | null,
  enableComparisonOperators: boolean,
): Taint | undefined {
  if (taints === undefined) return undefined;
  for (let i = 0; i < taints.length; i++) {
    const taint = taints[i] as Taint;
    if (filter && !filter(taint)) continue;
    if (!tolerationsTolerateTaint(tolerations, taint, enableComparisonOperators)) return taint;
  }
  return undefined;
}

// Port of Taint.ToString (staging/src/k8s.io/api/core/v1/taint.go).
export function taintToString(taint: Taint): string {
  return taint.value ? `${taint.key}=${taint.value}:${taint.effect}` : `${taint.key}:${taint.effect}`;
}

/** Only these two effects stop a daemon pod (predicates in daemon_controller.go). */
export const isNoScheduleOrNoExecute: TaintFilter = (t) => t.effect === 'NoExecute' || t.effect === 'NoSchedule';
export const isNoExecute: TaintFilter = (t) => t.effect === 'NoExecute';

/**
 * Why no toleration covers `taint`, as one short clause: no toleration names the key, or the closest ones
 * (same key or empty key) fail for the reasons listed with their indexes in `tolerations`.
 * `userCount` is the number of tolerations written in the manifest; later ones are the automatic daemon ones.
 */
export function explainUntolerated(
  taint: Taint,
  tolerations: readonly Toleration[],
  enableComparisonOperators: boolean,
  userCount = tolerations.length,
): string {
  const near: string[] = [];
  tolerations.forEach((tol, i) => {
    const k = tol.key ?? '';
    if (k.length > 0 && k !== taint.key) return;
    const c = checkToleration(tol, taint, enableComparisonOperators);
    if (c.tolerated) return;
    const label = i < userCount ? `toleration [${i}]` : 'automatic daemon toleration';
    near.push(`${label} ${describeToleration(tol)}: ${c.why ?? 'does not match'}`);
  });
  if (near.length === 0) return `no toleration with key ${JSON.stringify(taint.key)}`;
  return near.join('; ');
}

/** Compact human form of a toleration: `key=value:Effect`, `key Exists`, `key Gt 5:NoSchedule`. */
export function describeToleration(tol: Toleration): string {
  const k = tol.key ?? '';
  const op = tol.operator ?? '';
  const effect = tol.effect ? `:${tol.effect}` : '';
  if (op === 'Exists') return `${k || '*'} Exists${effect}`;
  if (op === 'Gt' || op === 'Lt') return `${k} ${op} ${tol.value ?? ''}${effect}`;
  if (op === '' || op === 'Equal') return `${k}=${tol.value ?? ''}${effect}`;
  return `${k} ${op} ${tol.value ?? ''}${effect}`;
}
