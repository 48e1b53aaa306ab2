// The budgets of yaml/budgets.ts as `kce` flags (`--max-documents 100000`): the editor's kce.limits.* settings,
// for the command line. Out of range or not an integer is a usage error, not a silent clamp.
import { UsageError } from './args';
import { BUDGET_NAMES, BUDGET_SPECS } from '../yaml/budgets';
import type { Budgets } from '../yaml/budgets';
import type { AnalysisLimits } from '../analysis/index';

/** Flag names without the dashes (`max-documents`), for parseArgs. */
export const BUDGET_FLAGS: readonly string[] = BUDGET_NAMES.map((n) => BUDGET_SPECS[n].flag.slice(2));

/** The usage lines of the budget flags. */
export function budgetFlagsUsage(): string {
  const line = (n: keyof Budgets): string => {
    const s = BUDGET_SPECS[n];
    return `  ${`${s.flag} N`.padEnd(26)}${s.what}, default ${s.default} (${s.min}–${s.max}; editor: kce.limits.${n})\n`;
  };
  return BUDGET_NAMES.map(line).join('');
}

/** The budgets the flags ask for; throws a UsageError naming the flag for a value that is not a whole number in range. */
export function parseBudgetFlags(flags: ReadonlyMap<string, string>): Partial<AnalysisLimits> {
  const out: Partial<AnalysisLimits> = {};
  for (const n of BUDGET_NAMES) {
    const s = BUDGET_SPECS[n];
    const raw = flags.get(s.flag.slice(2));
    if (raw === undefined) continue;
    const v = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!(v >= s.min && v <= s.max))
      throw new UsageError(`${s.flag} must be a whole number from ${s.min} to ${s.max} (got "${raw}")`);
    if (n === 'documentAnalysisMs') out.documentMs = v;
    else out[n] = v;
  }
  return out;
}
