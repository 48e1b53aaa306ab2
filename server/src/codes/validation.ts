// Validation errors: the Status cause reasons kube-apiserver returns (field.ErrorType), one entry each.
// The message is field.Error's text, built by core/validation/fieldErrors.ts from the type text below.
import type { Family } from './types';

const FIELD = 'staging/src/k8s.io/apimachinery/pkg/util/validation/field/errors.go';
const STATUS = 'https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/status/';
const NOTE = 'api-field-errors';
const BY = 'core/validation/fieldErrors.ts#errorBody';

export const VALIDATION_REASONS = {
  FieldValueRequired: {
    severity: 'error', go: { symbol: 'Required', path: FIELD }, note: NOTE, docs: STATUS,
    message: { by: BY, example: 'spec.selector: Required value' },
  },
  FieldValueInvalid: {
    severity: 'error', go: { symbol: 'Invalid', path: FIELD }, note: NOTE, docs: STATUS,
    message: { by: BY, example: 'metadata.name: Invalid value: "Web": a lowercase RFC 1123 subdomain must consist of …' },
  },
  FieldValueForbidden: {
    severity: 'error', go: { symbol: 'Forbidden', path: FIELD }, note: NOTE, docs: STATUS,
    message: { by: BY, example: 'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported' },
  },
  FieldValueNotSupported: {
    severity: 'error', go: { symbol: 'NotSupported', path: FIELD }, note: NOTE, docs: STATUS,
    message: { by: BY, example: 'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"' },
  },
  FieldValueDuplicate: {
    severity: 'error', go: { symbol: 'Duplicate', path: FIELD }, note: NOTE, docs: STATUS,
    message: { by: BY, example: 'spec.template.spec.containers[1].name: Duplicate value: "agent"' },
  },
  FieldValueTooLong: {
    severity: 'error', go: { symbol: 'TooLong', path: FIELD }, note: NOTE, docs: STATUS,
    message: { by: BY, example: 'metadata.annotations: Too long: may not be more than 262144 bytes' },
  },
  FieldValueTooMany: {
    severity: 'error', go: { symbol: 'TooMany', path: FIELD }, note: NOTE, docs: STATUS,
    message: { by: BY, example: 'spec.x: Too many: 5: must have at most 4 items' },
  },
  FieldValueNotFound: {
    severity: 'error', go: { symbol: 'NotFound', path: FIELD }, note: NOTE, docs: STATUS,
    message: { by: BY, example: 'spec.x: Not found: "y"' },
  },
  FieldValueTypeInvalid: {
    severity: 'error', go: { symbol: 'TypeInvalid', path: FIELD }, note: NOTE, docs: STATUS,
    message: { by: BY, example: 'spec.x: Invalid value: "y": must be an integer' },
  },
  InternalError: {
    severity: 'error', go: { symbol: 'InternalError', path: FIELD }, note: NOTE, docs: STATUS,
    message: { by: BY, example: 'spec.x: Internal error: …' },
  },
} as const satisfies Family;

/** field.ErrorType.String(): the human form of each reason, the `type` of a diagnostic. */
export const VALIDATION_TYPE_TEXT = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
} as const satisfies Record<keyof typeof VALIDATION_REASONS, string>;
