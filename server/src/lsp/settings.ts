// The `kce` settings section: one typed shape, its defaults, and a lenient normaliser for
// whatever a client sends (nested objects from workspace/configuration, or dotted keys from clients that push).

export type InventorySource = 'auto' | 'sample' | 'file' | 'cluster';
export type TraceLevel = 'off' | 'messages' | 'verbose';

export interface KceSettings {
  inventory: {
    /** Nodes file, absolute or relative to the workspace folder ('' = none). */
    file: string;
    source: InventorySource;
    /** Source `cluster`: kubeconfig context ('' = its current-context). */
    context: string;
    /** Source `cluster`: a kubeconfig file ('' = KUBECONFIG merged as kubectl does, else ~/.kube/config). */
    kubeconfig: string;
  };
  featureGates: Record<string, boolean>;
  insights: { enabled: boolean };
  hover: { maxNodes: number };
  trace: { server: TraceLevel };
}

export const SETTINGS_SECTION = 'kce';

export const DEFAULT_SETTINGS: Readonly<KceSettings> = Object.freeze({
  inventory: Object.freeze({ file: '', source: 'auto' as InventorySource, context: '', kubeconfig: '' }),
  featureGates: Object.freeze({}) as Record<string, boolean>,
  insights: Object.freeze({ enabled: true }),
  hover: Object.freeze({ maxNodes: 20 }),
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

/** Expands `{"inventory.file": x}` into `{inventory: {file: x}}` so both spellings read the same. */
function expandDotted(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const parts = k.split('.');
    let cur = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const p = parts[i] as string;
      const next = cur[p];
      if (!isRecord(next)) cur[p] = {};
      cur = cur[p] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1] as string;
    const existing = cur[last];
    cur[last] = isRecord(existing) && isRecord(v) ? { ...existing, ...expandDotted(v) } : isRecord(v) && last !== 'featureGates' ? expandDotted(v) : v;
  }
  return out;
}

/**
 * Reads a `kce` section (or a whole settings object holding `kce`, or `kce.`-prefixed dotted keys),
 * keeping each value only when it has the right type; everything else takes the default.
 */
export function normalizeSettings(raw: unknown, base: KceSettings = DEFAULT_SETTINGS): KceSettings {
  let r: Record<string, unknown> = isRecord(raw) ? expandDotted(raw) : {};
  if (isRecord(r[SETTINGS_SECTION])) r = r[SETTINGS_SECTION] as Record<string, unknown>;
  const inv = isRecord(r.inventory) ? r.inventory : {};
  const insights = isRecord(r.insights) ? r.insights : {};
  const hover = isRecord(r.hover) ? r.hover : {};
  const trace = isRecord(r.trace) ? r.trace : {};

  const featureGates: Record<string, boolean> = { ...base.featureGates };
  if (isRecord(r.featureGates)) {
    for (const [k, v] of Object.entries(r.featureGates)) if (typeof v === 'boolean') featureGates[k] = v;
  }
  const maxNodes = hover.maxNodes;
  return {
    inventory: {
      file: typeof inv.file === 'string' ? inv.file : base.inventory.file,
      source: INVENTORY_SOURCES.includes(inv.source as InventorySource) ? (inv.source as InventorySource) : base.inventory.source,
      context: typeof inv.context === 'string' ? inv.context : base.inventory.context,
      kubeconfig: typeof inv.kubeconfig === 'string' ? inv.kubeconfig : base.inventory.kubeconfig,
    },
    featureGates,
    insights: { enabled: typeof insights.enabled === 'boolean' ? insights.enabled : base.insights.enabled },
    hover: {
      maxNodes: typeof maxNodes === 'number' && Number.isFinite(maxNodes) && maxNodes >= 0 ? Math.floor(maxNodes) : base.hover.maxNodes,
    },
    trace: { server: TRACE_LEVELS.includes(trace.server as TraceLevel) ? (trace.server as TraceLevel) : base.trace.server },
  };
}

/** A fresh mutable copy of the defaults. */
export function defaultSettings(): KceSettings {
  return normalizeSettings({});
}
