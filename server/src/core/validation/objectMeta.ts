// metadata of a created object, as ValidateObjectMeta checks it.
import type { FieldError, ObjectMeta } from '../types';
import { child, type FieldPath } from '../fieldPath';
import { invalid, required } from './fieldErrors';
import { nameIsDNSLabel, validateAnnotations, validateLabels } from './names';

export type NameFn = (name: string, prefix: boolean) => string[];

// Length of the base kept by names.SimpleNameGenerator before it appends 5 random characters.
const MAX_GENERATED_BASE = 63 - 5;

// Port of ValidateObjectMetaAccessor (apimachinery/pkg/api/validation/objectmeta.go).
// Two deliberate differences for manifests that were not sent yet: a missing namespace is not
// reported (kubectl fills it in), and a name to be generated from generateName is checked in its
// generated form, as the API server generates it before validating.
export function validateObjectMeta(meta: ObjectMeta | undefined, nameFn: NameFn, path: FieldPath): FieldError[] {
  const m = meta ?? {};
  const errs: FieldError[] = [];
  const generateName = m.generateName ?? '';
  const name = m.name ?? '';
  if (generateName.length !== 0) {
    for (const msg of nameFn(generateName, true)) errs.push(invalid(child(path, 'generateName'), generateName, msg));
  }
  if (name.length === 0 && generateName.length === 0) {
    errs.push(required(child(path, 'name'), 'name or generateName is required'));
  } else if (name.length !== 0) {
    for (const msg of nameFn(name, false)) errs.push(invalid(child(path, 'name'), name, msg));
  } else {
    const generated = generateName.slice(0, MAX_GENERATED_BASE) + 'xxxxx';
    for (const msg of nameFn(generated, false)) errs.push(invalid(child(path, 'name'), generated, msg));
  }
  const namespace = m.namespace ?? '';
  if (namespace.length !== 0) {
    // ValidateNamespaceName is NameIsDNSLabel.
    for (const msg of nameIsDNSLabel(namespace, false)) errs.push(invalid(child(path, 'namespace'), namespace, msg));
  }
  errs.push(...validateLabels(m.labels, child(path, 'labels')));
  errs.push(...validateAnnotations(m.annotations, child(path, 'annotations')));
  return errs;
}
