// String formats: qualified names (label keys), label values, DNS labels and subdomains, percents,
// decimal integers, and the small field validators built on them.
import type { FieldError } from '../types';
import { type FieldPath } from '../fieldPath';
import { invalid, tooLong } from './fieldErrors';

/** Go's len() on a string counts UTF-8 bytes. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n += 4; i++; } else n += 3;
    } else n += 3;
  }
  return n;
}

// Port of MaxLenError (apimachinery/pkg/api/validate/content/errors.go).
export function maxLenError(length: number): string {
  return `must be no more than ${length} bytes`;
}

// Port of RegexError (apimachinery/pkg/api/validate/content/errors.go).
export function regexError(msg: string, re: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${re}')`;
  let out = msg + ' (e.g. ';
  examples.forEach((e, i) => {
    if (i > 0) out += ' or ';
    out += `'${e}', `;
  });
  return out + `regex used for validation is '${re}')`;
}

// Port of EmptyError (apimachinery/pkg/api/validate/content/errors.go).
export function emptyError(): string {
  return 'must be non-empty';
}

// Port of InclusiveRangeError (apimachinery/pkg/util/validation/validation.go).
export function inclusiveRangeError(lo: number, hi: number): string {
  return `must be between ${lo} and ${hi}, inclusive`;
}

const LABEL_KEY_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_KEY_ERR = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_KEY_MAX = 63;
const labelKeyRe = new RegExp('^' + LABEL_KEY_FMT + '$');

// A key this short that matches the whole pattern passes every check below: the common case costs one regex test
// (200,000 annotations are validated in one pass, not split and measured key by key).
const QUALIFIED_NAME_FAST =
  /^(?:[a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9](?:[-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

// Port of IsLabelKey / IsQualifiedName (apimachinery/pkg/api/validate/content/kube.go).
export function isQualifiedName(value: string): string[] {
  if (value.length <= LABEL_KEY_MAX && QUALIFIED_NAME_FAST.test(value)) return [];
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0] as string;
  } else if (parts.length === 2) {
    const prefix = parts[0] as string;
    name = parts[1] as string;
    if (prefix.length === 0) errs.push('prefix part ' + emptyError());
    else {
      const msgs = isDNS1123Subdomain(prefix);
      for (const m of msgs) errs.push('prefix part ' + m);
    }
  } else {
    errs.push('a valid label key ' + regexError(LABEL_KEY_ERR, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc') +
      " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
    return errs;
  }
  if (name.length === 0) errs.push('name part ' + emptyError());
  else if (utf8Length(name) > LABEL_KEY_MAX) errs.push('name part ' + maxLenError(LABEL_KEY_MAX));
  if (!labelKeyRe.test(name)) errs.push('name part ' + regexError(LABEL_KEY_ERR, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc'));
  return errs;
}

const LABEL_VALUE_FMT = '(' + LABEL_KEY_FMT + ')?';
const LABEL_VALUE_ERR = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
export const LABEL_VALUE_MAX_LENGTH = 63;
const labelValueRe = new RegExp('^' + LABEL_VALUE_FMT + '$');

// Port of IsLabelValue / IsValidLabelValue (apimachinery/pkg/api/validate/content/kube.go).
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > LABEL_VALUE_MAX_LENGTH) errs.push(maxLenError(LABEL_VALUE_MAX_LENGTH));
  if (!labelValueRe.test(value)) errs.push(regexError(LABEL_VALUE_ERR, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return errs;
}

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_LABEL_ERR = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
export const DNS1123_LABEL_MAX_LENGTH = 63;
const dns1123LabelRe = new RegExp('^' + DNS1123_LABEL_FMT + '$');
const DNS1123_SUBDOMAIN_FMT = DNS1123_LABEL_FMT + '(\\.' + DNS1123_LABEL_FMT + ')*';
const DNS1123_SUBDOMAIN_ERR = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
const dns1123SubdomainRe = new RegExp('^' + DNS1123_SUBDOMAIN_FMT + '$');

// Port of IsDNS1123Label (apimachinery/pkg/api/validate/content/dns.go).
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1123_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  if (!dns1123LabelRe.test(value)) {
    // A valid subdomain that is not a valid label can only be failing on its dots.
    if (dns1123SubdomainRe.test(value)) errs.push('must not contain dots');
    else errs.push(regexError(DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, 'my-name', '123-abc'));
  }
  return errs;
}

// Port of IsDNS1123Subdomain (apimachinery/pkg/api/validate/content/dns.go).
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!dns1123SubdomainRe.test(value)) errs.push(regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

// Port of maskTrailingDash (apimachinery/pkg/api/validation/generic.go).
export function maskTrailingDash(name: string): string {
  // Two bytes go, not one, before the "a": `ab-` is checked as `aa`, `a.-` as `a`. A multi-byte character
  // cut in half becomes U+FFFD, which no name pattern accepts, as the invalid UTF-8 Go leaves.
  const bytes = new TextEncoder().encode(name);
  if (bytes.length > 1 && name.endsWith('-')) return new TextDecoder().decode(bytes.subarray(0, bytes.length - 2)) + 'a';
  return name;
}

// Port of NameIsDNSSubdomain (apimachinery/pkg/api/validation/generic.go).
export function nameIsDNSSubdomain(name: string, prefix: boolean): string[] {
  return isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
}

// Port of NameIsDNSLabel (apimachinery/pkg/api/validation/generic.go).
export function nameIsDNSLabel(name: string, prefix: boolean): string[] {
  return isDNS1123Label(prefix ? maskTrailingDash(name) : name);
}

const PERCENT_FMT = '[0-9]+%';
const PERCENT_ERR = "a valid percent string must be a numeric string followed by an ending '%'";
const percentRe = /^[0-9]+%$/;

// Port of IsValidPercent (apimachinery/pkg/util/validation/validation.go).
export function isValidPercent(percent: string): string[] {
  return percentRe.test(percent) ? [] : [regexError(PERCENT_ERR, PERCENT_FMT, '1%', '93%')];
}

const DECIMAL_INT_ERR = 'must be a valid decimal integer in canonical form';

// Port of IsDecimalInteger (apimachinery/pkg/api/validate/content/decimal_int.go).
export function isDecimalInteger(value: string): string[] {
  const n = value.length;
  if (n === 0) return [emptyError()];
  let i = 0;
  if (value[0] === '-') {
    if (n === 1) return [DECIMAL_INT_ERR];
    i = 1;
  }
  if (value[i] === '0') return n === 1 && i === 0 ? [] : [DECIMAL_INT_ERR];
  for (; i < n; i++) {
    const c = value[i] as string;
    if (c < '0' || c > '9') return [DECIMAL_INT_ERR];
  }
  return [];
}

// ---------- field validators ----------

export const IS_NEGATIVE_ERROR_MSG = 'must be greater than or equal to 0';

// Port of ValidateNonnegativeField (apimachinery/pkg/api/validation/generic.go).
export function validateNonnegativeField(value: number, path: FieldPath): FieldError[] {
  return value < 0 ? [invalid(path, value, IS_NEGATIVE_ERROR_MSG)] : [];
}

// Port of ValidateLabelName (apimachinery/pkg/apis/meta/v1/validation/validation.go).
export function validateLabelName(labelName: string, path: FieldPath): FieldError[] {
  return isQualifiedName(labelName ?? '').map((msg) => invalid(path, labelName ?? '', msg));
}

// Port of ValidateLabels (apimachinery/pkg/apis/meta/v1/validation/validation.go).
// Go walks the map in random order; the document's order is kept here.
export function validateLabels(labels: Record<string, string> | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(labels ?? {})) {
    errs.push(...validateLabelName(k, path));
    const value = typeof v === 'string' ? v : String(v ?? '');
    for (const msg of isValidLabelValue(value)) errs.push(invalid(path, value, msg));
  }
  return errs;
}

export const TOTAL_ANNOTATION_SIZE_LIMIT_B = 256 * (1 << 10);
// QUALIFIED_NAME_FAST for a key that is lowercased before the check: its prefix may hold capitals.
const ANNOTATION_KEY_FAST =
  /^(?:[a-zA-Z0-9](?:[-a-zA-Z0-9]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-a-zA-Z0-9]*[a-zA-Z0-9])?)*\/)?[A-Za-z0-9](?:[-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

// Port of ValidateAnnotations (apimachinery/pkg/api/validation/objectmeta.go).
export function validateAnnotations(annotations: Record<string, string> | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let total = 0;
  for (const [k, v] of Object.entries(annotations ?? {})) {
    // Annotation keys are qualified names with case ignored; an ASCII key matching the whole pattern is valid.
    if (k.length <= LABEL_KEY_MAX && ANNOTATION_KEY_FAST.test(k)) total += k.length;
    else {
      for (const msg of isQualifiedName(k.toLowerCase())) errs.push(invalid(path, k, msg));
      total += utf8Length(k);
    }
    total += utf8Length(typeof v === 'string' ? v : String(v ?? ''));
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT_B) errs.push(tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT_B));
  return errs;
}

// Port of ValidateDNS1123Label (pkg/apis/core/validation/validation.go).
export function validateDNS1123Label(value: string, path: FieldPath): FieldError[] {
  return isDNS1123Label(value).map((msg) => invalid(path, value, msg));
}
