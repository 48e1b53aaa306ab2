// The `kce` settings section: one typed shape, its defaults, and a lenient normaliser for
// whatever a client sends (nested objects from workspace/configuration, or dotted keys from clients that push).
import { BUDGET_NAMES, DEFAULT_BUDGETS, budgetsForTrust, clampBudget } from '../yaml/budgets';
import type { Budgets } from '../yaml/budgets';
import type { AnalysisLimits } from '../analysis/index';

export type InventorySource = 'auto' | 'sample' | 'file' | 'cluster';
export type TraceLevel = 'off' | 'messages' | 'verbose';

export interface KceSettings {
  inventory: {
    /** Nodes file, absolute or relative to the workspace folder ('' = none). */
    file: string;
    /** Pods file (`kubectl get pods -A -o yaml|json`) for the scheduler's filters ('' = the pods of the source). */
    podsFile: string;
    source: InventorySource;
    /** Source `cluster`: kubeconfig context ('' = its current-context). */
    context: string;
    /** Source `cluster`: a kubeconfig file ('' = KUBECONFIG merged as kubectl does, else ~/.kube/config). */
    kubeconfig: string;
  };
  featureGates: Record<string, boolean>;
  insights: { enabled: boolean };
  hover: { maxNodes: number };
  /** The budgets of one analysis (yaml/budgets.ts: defaults, ranges); each exceeded one is a located diagnostic. */
  limits: Budgets;
  trace: { server: TraceLevel };
}

export const SETTINGS_SECTION = 'kce';

export const DEFAULT_SETTINGS: Readonly<KceSettings> = Object.freeze({
  inventory: Object.freeze({ file: '', podsFile: '', source: 'auto' as InventorySource, context: '', kubeconfig: '' }),
  featureGates: Object.freeze({}) as Record<string, boolean>,
  insights: Object.freeze({ enabled: true }),
  hover: Object.freeze({ maxNodes: 20 }),
  limits: DEFAULT_BUDGETS,
  trace: Object.freeze({ server: 'off' as TraceLevel }),
});

const INVENTORY_SOURCES: readonly InventorySource[] = ['auto', 'sample', 'file', 'cluster'];
const TRACE_LEVELS: readonly TraceLevel[] = ['off', 'messages', 'verbose'];

/** Dotted keys as package.json's `contributes.configuration` spells them (`kce.inventory.file`…). */
export function settingsKeys(): string[] {
  // featureGates is one object-valued setting, not a group, so it stops the walk.
  const leafObjects = new Set(['featureGates']);
  const out: string[] = [];
  const walk = (prefix: string, value: unknown, name: string): void => {
    if (value && typeof value === 'object' && !Array.isArray(value) && !leafObjects.has(name)) {
      for (const [k, v] of Object.entries(value)) walk(`${prefix}.${k}`, v, k);
    } else out.push(prefix);
  };
  for (const [k, v] of Object.entries(DEFAULT_SETTINGS)) walk(`${SETTINGS_SECTION}.${k}`, v, k);
  return out.sort();
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Keys that would reach Object.prototype (or a constructor) if used as a path step: never followed. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isForbiddenKey(k: string): boolean {
  return FORBIDDEN_KEYS.has(k);
}

type Tree = Record<string, unknown>;

function newTree(): Tree {
  return Object.create(null) as Tree;
}

/** An own property only: a key inherited from a prototype is no setting. */
function own(r: Record<string, unknown>, k: string): unknown {
  return Object.prototype.hasOwnProperty.call(r, k) ? r[k] : undefined;
}

/**
 * Expands `{"inventory.file": x}` into `{inventory: {file: x}}` so both spellings read the same. The result is
 * built from null-prototype objects, and a key with a forbidden step (`__proto__.x`, `constructor`) is dropped whole.
 */
function expandDotted(raw: Record<string, unknown>, depth = 0): Tree {
  const out = newTree();
  if (depth > 8) return out;
  for (const [k, v] of Object.entries(raw)) {
    const parts = k.split('.');
    if (parts.some(isForbiddenKey)) continue;
    let cur = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const p = parts[i] as string;
      if (!isRecord(cur[p])) cur[p] = newTree();
      cur = cur[p] as Tree;
    }
    const last = parts[parts.length - 1] as string;
    const existing = cur[last];
    const value = isRecord(v) ? expandDotted(v, depth + 1) : v;
    cur[last] = isRecord(existing) && isRecord(value) ? Object.assign(newTree(), existing, value) : value;
  }
  return out;
}

/**
 * Reads a `kce` section (or a whole settings object holding `kce`, or `kce.`-prefixed dotted keys),
 * keeping each value only when it has the right type; everything else takes the default.
 */
export function normalizeSettings(raw: unknown, base: KceSettings = DEFAULT_SETTINGS): KceSettings {
  let r: Tree = isRecord(raw) ? expandDotted(raw) : newTree();
  if (isRecord(r[SETTINGS_SECTION])) r = r[SETTINGS_SECTION] as Tree;
  const group = (k: string): Tree => (isRecord(r[k]) ? (r[k] as Tree) : newTree());
  const inv = group('inventory');
  const insights = group('insights');
  const hover = group('hover');
  const limits = group('limits');
  const trace = group('trace');

  // Feature gate names are map keys a workspace chooses: a null-prototype map, forbidden names skipped.
  const featureGates = Object.assign(newTree(), base.featureGates) as Record<string, boolean>;
  const gates = r.featureGates;
  if (isRecord(gates)) {
    for (const [k, v] of Object.entries(gates)) if (typeof v === 'boolean' && !isForbiddenKey(k)) featureGates[k] = v;
  }
  const str = (t: Tree, k: string, fallback: string): string => (typeof own(t, k) === 'string' ? (own(t, k) as string) : fallback);
  const maxNodes = own(hover, 'maxNodes');
  const source = own(inv, 'source');
  const traceServer = own(trace, 'server');
  const enabled = own(insights, 'enabled');
  return {
    inventory: {
      file: str(inv, 'file', base.inventory.file),
      podsFile: str(inv, 'podsFile', base.inventory.podsFile),
      source: INVENTORY_SOURCES.includes(source as InventorySource) ? (source as InventorySource) : base.inventory.source,
      context: str(inv, 'context', base.inventory.context),
      kubeconfig: str(inv, 'kubeconfig', base.inventory.kubeconfig),
    },
    featureGates,
    insights: { enabled: typeof enabled === 'boolean' ? enabled : base.insights.enabled },
    hover: {
      maxNodes: typeof maxNodes === 'number' && Number.isFinite(maxNodes) && maxNodes >= 0 ? Math.floor(maxNodes) : base.hover.maxNodes,
    },
    // Each clamped into its range: a workspace setting can move a budget but never switch it off.
    limits: Object.fromEntries(
      BUDGET_NAMES.map((n) => [n, clampBudget(n, own(limits, n), base.limits[n])]),
    ) as unknown as Budgets,
    trace: { server: TRACE_LEVELS.includes(traceServer as TraceLevel) ? (traceServer as TraceLevel) : base.trace.server },
  };
}

/**
 * Whether the client marks the workspace trusted: only a real boolean `true` the client itself sent as
 * `initializationOptions.trusted` (VS Code: workspace.isTrusted; other clients: set it to allow kubeconfig access).
 */
export function trustedFromInitOptions(init: unknown): boolean {
  return isRecord(init) && own(init, 'trusted') === true;
}

/** Settings in the shapes clients put into initializationOptions: `{kce: {...}}`, `{settings: {kce}}`, or the section. */
export function settingsFromInitOptions(init: unknown): KceSettings {
  const wrapped = isRecord(init) ? own(init, 'settings') : undefined;
  return normalizeSettings(isRecord(wrapped) ? wrapped : init);
}

/** Whether the client asked not to get inventory problems as window/showMessage (it shows its own). */
export function inventoryMessagesFromInitOptions(init: unknown): boolean {
  return !(isRecord(init) && own(init, 'inventoryMessages') === false);
}

/**
 * The budgets an analysis runs with. Untrusted (Restricted Mode, or a client that did not send `trusted: true`):
 * no budget above its default, so a hostile repository's settings cannot raise one (VS Code also ignores the
 * workspace's values of these settings there: package.json restrictedConfigurations).
 */
export function analysisLimitsFor(settings: KceSettings, trusted: boolean): AnalysisLimits {
  const { documentAnalysisMs, ...rest } = budgetsForTrust(settings.limits, trusted);
  return { ...rest, documentMs: documentAnalysisMs };
}

/** A fresh mutable copy of the defaults. */
export function defaultSettings(): KceSettings {
  return normalizeSettings({});
}
