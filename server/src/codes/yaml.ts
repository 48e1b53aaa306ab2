// YAML findings (`yaml.*`): what stops the text from becoming objects, as kubectl and kube-apiserver read it,
// and the limits this product sets before parsing (a hostile text must not take the editor down).
import type { Family } from './types';

const DECODER = 'staging/src/k8s.io/apimachinery/pkg/util/yaml/decoder.go';
const JSON_SERIALIZER = 'staging/src/k8s.io/apimachinery/pkg/runtime/serializer/json/json.go';
const SPEC = 'https://yaml.org/spec/1.2.2/';
const NOTE = 'yaml-reading';
const PARSE = 'yaml/parse.ts';
const TO_VALUE = 'yaml/toValue.ts';
const LIMIT = 'a limit of this product, set before parsing so that a hostile text cannot exhaust the editor';

export const YAML_CODES = {
  'yaml.syntax': {
    severity: 'error',
    go: { symbol: 'YAMLOrJSONDecoder.Decode', path: DECODER },
    note: NOTE,
    docs: SPEC,
    message: { by: `${PARSE}#parseYamlDocument`, example: 'the YAML parser\'s own message, e.g. Implicit map keys need to be followed by map values' },
  },
  'yaml.warning': {
    severity: 'warning',
    go: { none: 'a warning of the yaml package this product parses with; kubectl does not warn' },
    note: NOTE,
    docs: SPEC,
    message: { by: `${PARSE}#parseYamlDocument`, example: 'the YAML parser\'s own warning' },
  },
  'yaml.duplicateKey': {
    severity: 'error',
    go: { symbol: 'Serializer.unmarshal', path: JSON_SERIALIZER },
    note: 'decode-strict-fields',
    docs: 'https://kubernetes.io/docs/reference/using-api/api-concepts/#field-validation',
    message: { by: `${TO_VALUE}#convertMap`, example: 'key "image" already set in map' },
  },
  'yaml.complexKey': {
    severity: 'error',
    go: { symbol: 'ToJSON', path: DECODER },
    note: NOTE,
    docs: SPEC,
    message: { by: `${TO_VALUE}#keyOf`, example: 'invalid map key: a mapping or sequence' },
  },
  'yaml.aliasCycle': {
    severity: 'error',
    go: { symbol: 'ToJSON', path: DECODER },
    note: NOTE,
    docs: SPEC,
    message: { by: `${TO_VALUE}#convertAlias`, example: "anchor 'a' value contains itself" },
  },
  'yaml.aliasLimit': {
    severity: 'error',
    go: { symbol: 'ToJSON', path: DECODER },
    note: NOTE,
    docs: SPEC,
    message: { by: `${TO_VALUE}#convertAlias`, example: 'alias *a would expand the document beyond 100000 nodes (alias expansion limit, a fixed limit: no setting or flag raises it)' },
  },
  'yaml.tooDeep': {
    severity: 'error',
    go: { none: LIMIT },
    note: NOTE,
    docs: SPEC,
    message: { by: `${TO_VALUE}#convert`, example: 'nesting deeper than 1000 levels is not supported (depth limit, a fixed limit: no setting or flag raises it)' },
  },
  'yaml.tooLarge': {
    severity: 'error',
    go: { none: LIMIT },
    note: NOTE,
    docs: SPEC,
    message: { by: `${PARSE}#parseYamlDocument`, example: 'document is … characters long; documents over … characters (document length limit) are not analysed (raise …)' },
  },
  'yaml.analysisTime': {
    severity: 'warning',
    go: { none: 'a time limit of this product per document (kce.limits.documentAnalysisMs), so one document cannot hold the server' },
    note: NOTE,
    docs: SPEC,
    message: {
      by: 'analysis/index.ts#analyzeDocument',
      example: 'analysis of this document stopped after … ms, over the … ms limit: placement not checked (raise kce.limits.documentAnalysisMs …)',
    },
  },
} as const satisfies Family;
