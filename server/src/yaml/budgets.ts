// The budgets that bound the work one text may cost (issue 10): their defaults, the range a setting may move them
// in, and the setting (editor) and flag (kce CLI) that raise each, named in every diagnostic that reports one.

export interface Budgets {
  /** Characters parsed per text, summed over its documents; a text over twice this is not read at all. */
  maxTextLength: number;
  /** Documents parsed per text; the rest are reported once. */
  maxDocuments: number;
  /** Characters of one document; a longer one is reported and not parsed. */
  maxDocumentLength: number;
  /** Syntax errors per document: the parse stops there. */
  maxSyntaxErrors: number;
  /** Nodes of one document (scalars, aliases, collections), counted as its tokens go by, before composing. */
  maxDocumentNodes: number;
  /** Milliseconds the checks of one document may take; the stages left are skipped with a warning. */
  documentAnalysisMs: number;
}

export type BudgetName = keyof Budgets;

interface BudgetSpec {
  default: number;
  /** The range a setting may choose in: a value outside is clamped to it (never switched off). */
  min: number;
  max: number;
  flag: string;
  /** What it counts, for usage texts. */
  what: string;
}

const Mi = 1024 * 1024;

export const BUDGET_SPECS: Readonly<Record<BudgetName, BudgetSpec>> = Object.freeze({
  maxTextLength: {
    default: 8 * Mi,
    min: 64 * 1024,
    max: 32 * Mi,
    flag: '--max-text-length',
    what: 'characters parsed per file',
  },
  maxDocuments: { default: 25_000, min: 1, max: 200_000, flag: '--max-documents', what: 'documents per file' },
  maxDocumentLength: {
    default: 4 * Mi,
    min: 64 * 1024,
    max: 8 * Mi,
    flag: '--max-document-length',
    what: 'characters per document',
  },
  maxSyntaxErrors: { default: 100, min: 1, max: 1000, flag: '--max-syntax-errors', what: 'syntax errors per document' },
  // The largest public CRDs hold 14,000-28,000 nodes per document (prometheus-operator's prometheuses and full
  // alertmanagerconfigs). A document at this cap costs 0.55 s (a ConfigMap of 50,000 keys) to 1.2 s (a DaemonSet
  // whose 50,000 nodeSelector keys are each a finding, over 5,000 nodes) on a shared 2-core machine, up to twice
  // that under heavy load; a larger one costs the parse of its first 100,000 nodes (0.3-0.6 s), then is refused.
  maxDocumentNodes: {
    default: 100_000,
    min: 1000,
    max: 1_000_000,
    flag: '--max-document-nodes',
    what: 'nodes (keys, values, collections) per document',
  },
  documentAnalysisMs: {
    default: 2000,
    min: 1,
    max: 60_000,
    flag: '--document-analysis-ms',
    what: 'ms of checks per document',
  },
});

export const BUDGET_NAMES = Object.keys(BUDGET_SPECS) as BudgetName[];

export const DEFAULT_BUDGETS: Readonly<Budgets> = Object.freeze(
  Object.fromEntries(BUDGET_NAMES.map((n) => [n, BUDGET_SPECS[n].default])) as unknown as Budgets,
);

/** The setting of the `kce` section that sets a budget (`kce.limits.maxDocuments`). */
export function budgetSetting(name: BudgetName): string {
  return `kce.limits.${name}`;
}

/** What a message about an exceeded budget ends with: where to raise it, in the editor and on the command line. */
export function raiseHint(name: BudgetName): string {
  return `raise ${budgetSetting(name)} (kce CLI: ${BUDGET_SPECS[name].flag}) to allow more`;
}

/** What a message about a fixed limit (nesting depth, alias expansion) ends with: nothing raises those. */
export const FIXED_LIMIT = 'a fixed limit: no setting or flag raises it';

/**
 * A budget as a setting or flag asks for it: a finite number, floored, clamped into its range; anything else (a
 * string, NaN, a missing value) is `fallback`. A workspace can move a budget but never switch it off.
 */
export function clampBudget(name: BudgetName, value: unknown, fallback: number = BUDGET_SPECS[name].default): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  const spec = BUDGET_SPECS[name];
  return Math.min(spec.max, Math.max(spec.min, Math.floor(value)));
}

/**
 * Budgets for a workspace that is not trusted (Restricted Mode, or a client that did not say `trusted`): each may
 * be lowered but not raised above its default, whichever settings level asked for more.
 */
export function budgetsForTrust(b: Budgets, trusted: boolean): Budgets {
  if (trusted) return b;
  const out = { ...b };
  for (const n of BUDGET_NAMES) out[n] = Math.min(b[n], BUDGET_SPECS[n].default);
  return out;
}

/** Whether two sets of budgets (or analysis limits) are the same, key by key; an unknown set is not. */
export function sameBudgets<T extends object>(a: T | undefined, b: T): boolean {
  return !!a && (Object.keys(b) as (keyof T)[]).every((k) => a[k] === b[k]);
}
