// The codes the core reports, listed once so that a test can check each one has a note.
import type { ReasonCode } from '../core/types';

// A Record over the union: adding a ReasonCode in core/types.ts without listing it here fails to compile.
const REASONS: Record<ReasonCode, true> = {
  NodeNameMismatch: true,
  NodeSelectorMismatch: true,
  NodeAffinityMismatch: true,
  TaintNotTolerated: true,
};

export const PLACEMENT_REASON_CODES: readonly ReasonCode[] = Object.keys(REASONS) as ReasonCode[];

/** Insight codes (`Insight.code`) the core emits. Keep in step with server/src/core insights. */
export const INSIGHT_CODES: readonly string[] = [
  'kce.gtLtNotInteger',
  'kce.emptyTerm',
  'kce.termMatchesNoNode',
  'kce.selectorMatchesNoNode',
  'kce.tolerationMatchesNoTaint',
  'kce.tolerationPreferNoScheduleOnly',
  'kce.preferredAffinityIgnored',
  'kce.blanketToleration',
  'kce.yaml11Scalar',
  'kce.deprecatedMasterToleration',
];

export const ALL_CODES: readonly string[] = [...PLACEMENT_REASON_CODES, ...INSIGHT_CODES];
