// A Kubernetes Node object (as kubectl prints it) -> the one node model the core reads.
import type { NodeCondition, NodeInfo, Taint } from '../../core/types';

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Convert a Node object; `{ error }` when it has no name. Wrongly typed parts are skipped, not fatal. */
export function toNodeInfo(obj: unknown): NodeInfo | { error: string } {
  if (!isObj(obj)) return { error: 'a Node must be an object' };
  const meta = isObj(obj.metadata) ? obj.metadata : undefined;
  const name = meta?.name;
  if (typeof name !== 'string' || name === '') return { error: 'a Node needs metadata.name' };
  const labels: Record<string, string> = {};
  if (isObj(meta?.labels)) {
    for (const [k, v] of Object.entries(meta.labels)) if (typeof v === 'string') labels[k] = v;
  }
  const spec = isObj(obj.spec) ? obj.spec : undefined;
  const taints: Taint[] = [];
  if (Array.isArray(spec?.taints)) {
    for (const t of spec.taints) {
      if (!isObj(t) || typeof t.key !== 'string' || typeof t.effect !== 'string') continue;
      const taint: Taint = { key: t.key, effect: t.effect };
      if (typeof t.value === 'string') taint.value = t.value;
      if (typeof t.timeAdded === 'string') taint.timeAdded = t.timeAdded;
      taints.push(taint);
    }
  }
  const status = isObj(obj.status) ? obj.status : undefined;
  const conditions: NodeCondition[] = [];
  if (Array.isArray(status?.conditions)) {
    for (const c of status.conditions) {
      if (isObj(c) && typeof c.type === 'string' && typeof c.status === 'string') conditions.push({ type: c.type, status: c.status });
    }
  }
  return { name, labels, taints, unschedulable: spec?.unschedulable === true, conditions };
}

export function isNodeInfo(v: NodeInfo | { error: string }): v is NodeInfo {
  return !('error' in v);
}
