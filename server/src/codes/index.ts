// The registry of every code the product reports, one family per file. Everything else that needs to
// know about a code — hover and view links, note lookup, docs links, the report grammar, README's
// tables — reads it from here or is checked against it (test/codes/registry.test.ts).
// docs/ARCHITECTURE.md says how to add a code.
import { KUBERNETES_TAG } from '../core/k8sVersion';
import { INSIGHTS_REGISTRY } from './insights';
import { DELETE_CODES } from './plan';
import { PLACEMENT_REASONS } from './placement';
import { SCHEDULER_REASONS } from './scheduler';
import type { CodeEntry, GoSymbol } from './types';
import { isNone } from './types';
import { VALIDATION_REASONS } from './validation';
import { YAML_CODES } from './yaml';

export type { CodeEntry, CodeSeverity, GoSymbol, None } from './types';
export { isNone } from './types';
export { placementMessage, PLACEMENT_REASONS } from './placement';
export { INSIGHTS_REGISTRY } from './insights';
export { SCHEDULER_REASONS, schedulerMessage, schedulerReasonCode } from './scheduler';
export { VALIDATION_REASONS, VALIDATION_TYPE_TEXT } from './validation';
export { YAML_CODES } from './yaml';
export { DELETE_CODES } from './plan';
export { GO_LINKS } from './goLinks';

/** Why a node gets no daemon pod. */
export type PlacementReasonCode = keyof typeof PLACEMENT_REASONS;
/** Why kube-scheduler's Filter stage rejects a node: a plugin's main reason is the plugin's name. */
export type SchedulerReasonCode = keyof typeof SCHEDULER_REASONS;
/** `kce.*`: valid but never does what it says, and this product's decoding findings. */
export type InsightCode = keyof typeof INSIGHTS_REGISTRY;
/** A Status cause reason of kube-apiserver (field.ErrorType). */
export type ValidationReason = keyof typeof VALIDATION_REASONS;
/** `yaml.*`: the text does not become objects. */
export type YamlCode = keyof typeof YAML_CODES;
/** Why one sync deletes a pod (`kce plan`). */
export type DeleteCode = keyof typeof DELETE_CODES;
/** A code a diagnostic can carry. */
export type ProblemCode = InsightCode | ValidationReason | YamlCode;
/** Every code. */
export type Code = ProblemCode | PlacementReasonCode | SchedulerReasonCode | DeleteCode;

export type FamilyName = 'placement' | 'scheduler' | 'insight' | 'validation' | 'yaml' | 'plan';

/** The families in the order README and the docs list them. */
export const FAMILIES: Readonly<Record<FamilyName, Readonly<Record<string, CodeEntry>>>> = {
  placement: PLACEMENT_REASONS,
  scheduler: SCHEDULER_REASONS,
  insight: INSIGHTS_REGISTRY,
  validation: VALIDATION_REASONS,
  yaml: YAML_CODES,
  plan: DELETE_CODES,
};

export const PLACEMENT_REASON_CODES = Object.keys(PLACEMENT_REASONS) as PlacementReasonCode[];
export const SCHEDULER_REASON_CODES = Object.keys(SCHEDULER_REASONS) as SchedulerReasonCode[];
export const INSIGHT_CODES = Object.keys(INSIGHTS_REGISTRY) as InsightCode[];
export const VALIDATION_REASON_CODES = Object.keys(VALIDATION_REASONS) as ValidationReason[];
export const YAML_CODE_LIST = Object.keys(YAML_CODES) as YamlCode[];
export const DELETE_CODE_LIST = Object.keys(DELETE_CODES) as DeleteCode[];
export const ALL_CODES: readonly Code[] = [
  ...PLACEMENT_REASON_CODES, ...SCHEDULER_REASON_CODES, ...INSIGHT_CODES, ...VALIDATION_REASON_CODES, ...YAML_CODE_LIST,
  ...DELETE_CODE_LIST,
];

const ENTRIES = new Map<string, CodeEntry>();
const FAMILY_OF = new Map<string, FamilyName>();
for (const [family, codes] of Object.entries(FAMILIES) as [FamilyName, Readonly<Record<string, CodeEntry>>][]) {
  for (const [code, entry] of Object.entries(codes)) {
    ENTRIES.set(code, entry);
    FAMILY_OF.set(code, family);
  }
}

export function isCode(code: string): code is Code {
  return ENTRIES.has(code);
}

/** The registry entry of a code; undefined for a string that is not one of ours. */
export function codeEntry(code: string): CodeEntry | undefined {
  return ENTRIES.get(code);
}

export function familyOf(code: string): FamilyName | undefined {
  return FAMILY_OF.get(code);
}

/** The GitHub page of a Go file at the pinned tag. */
export function goFileUrl(path: string): string {
  return `https://github.com/kubernetes/kubernetes/blob/${KUBERNETES_TAG}/${path}`;
}

/** The Go function that decides a code, with its page at the pinned tag; undefined when Kubernetes has none. */
export function goSymbolFor(code: string): (GoSymbol & { url: string }) | undefined {
  const go = ENTRIES.get(code)?.go;
  if (!go || isNone(go)) return undefined;
  return { ...go, url: goFileUrl(go.path) };
}

/** The walkthrough note id that explains a code. */
export function noteIdForCode(code: string): string | undefined {
  const note = ENTRIES.get(code)?.note;
  return typeof note === 'string' ? note : undefined;
}

/** Where a user reads the rule behind a code. */
export function docsForCode(code: string): string | undefined {
  const docs = ENTRIES.get(code)?.docs;
  return typeof docs === 'string' ? docs : undefined;
}
