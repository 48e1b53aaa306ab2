// Toleration syntax, as pkg/apis/core/validation ValidateTolerations checks it at KUBERNETES_TAG.
import type { FieldError, Toleration } from '../types';
import type { FeatureGates } from '../k8sVersion';
import { child, index, type FieldPath } from '../fieldPath';
import { asJSON, invalid, notSupported, required } from './fieldErrors';
import { isDecimalInteger, isValidLabelValue, validateLabelName } from './names';

export { TAINT_EFFECTS } from '../vocabulary';
import { TAINT_EFFECTS } from '../vocabulary';

/** Operators offered in NotSupported errors; Lt/Gt only once the gate allows them. */
export function supportedTolerationOperators(gates: Pick<FeatureGates, 'TaintTolerationComparisonOperators'>): string[] {
  return gates.TaintTolerationComparisonOperators ? ['Equal', 'Exists', 'Lt', 'Gt'] : ['Equal', 'Exists'];
}

/** core.Toleration as json.Marshal prints it: Go field names, no omitempty. */
function internalToleration(t: Toleration): Record<string, unknown> {
  return {
    Key: t.key ?? '',
    Operator: t.operator ?? '',
    Value: t.value ?? '',
    Effect: t.effect ?? '',
    TolerationSeconds: t.tolerationSeconds ?? null,
  };
}

// Port of validateTaintEffect (pkg/apis/core/validation/validation.go).
export function validateTaintEffect(effect: string, allowEmpty: boolean, path: FieldPath): FieldError[] {
  if (!allowEmpty && effect.length === 0) return [required(path, '')];
  if ((TAINT_EFFECTS as readonly string[]).includes(effect)) return [];
  return [notSupported(path, asJSON(effect), TAINT_EFFECTS)];
}

// Port of ValidateTolerations (pkg/apis/core/validation/validation.go).
export function validateTolerations(
  tolerations: Toleration[] | undefined,
  path: FieldPath,
  gates: Pick<FeatureGates, 'TaintTolerationComparisonOperators'>,
): FieldError[] {
  const errs: FieldError[] = [];
  (tolerations ?? []).forEach((t, i) => {
    const idx = index(path, i);
    const key = t?.key ?? '';
    const operator = t?.operator ?? '';
    const value = t?.value ?? '';
    const effect = t?.effect ?? '';
    if (key.length > 0) errs.push(...validateLabelName(key, child(idx, 'key')));
    // An empty key only makes sense as "tolerate everything", which needs Exists.
    if (key.length === 0 && operator !== 'Exists') {
      errs.push(invalid(child(idx, 'operator'), asJSON(operator),
        'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (t?.tolerationSeconds !== undefined && t?.tolerationSeconds !== null && effect !== 'NoExecute') {
      errs.push(invalid(child(idx, 'effect'), asJSON(effect), "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    switch (operator) {
      case 'Equal':
      case '': {
        const msgs = isValidLabelValue(value);
        if (msgs.length !== 0) errs.push(invalid(child(idx, 'operator'), value, msgs.join(';')));
        break;
      }
      case 'Exists':
        // Upstream reports the whole (internal, untagged) toleration struct as the bad value.
        if (value.length > 0) errs.push(invalid(child(idx, 'operator'), asJSON(internalToleration(t)), "value must be empty when `operator` is 'Exists'"));
        break;
      case 'Lt':
      case 'Gt': {
        // Behind TaintTolerationComparisonOperators (alpha in 1.35): unknown operators while off.
        if (!gates.TaintTolerationComparisonOperators) {
          errs.push(notSupported(child(idx, 'operator'), asJSON(operator), supportedTolerationOperators(gates)));
          break;
        }
        const msgs = isDecimalInteger(value);
        if (msgs.length !== 0) errs.push(invalid(child(idx, 'value'), value, msgs.join('; ')));
        break;
      }
      default:
        errs.push(notSupported(child(idx, 'operator'), asJSON(operator), supportedTolerationOperators(gates)));
    }
    if (effect.length > 0) errs.push(...validateTaintEffect(effect, true, child(idx, 'effect')));
  });
  return errs;
}
