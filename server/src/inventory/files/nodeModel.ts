// A Kubernetes Node object (as kubectl prints it) -> the one node model the core reads: what placement reads, plus
// status.allocatable for the scheduler's resource filter (a node without it is "allocatable unknown", never full).
import type { NodeCondition, Taint } from '../../core/types';
import type { ResourceList, SchedNode } from '../../core/scheduler/types';

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Quantities as written (strings or numbers); entries of any other type are dropped. Undefined when absent. */
export function toResourceList(v: unknown): ResourceList | undefined {
  if (!isObj(v)) return undefined;
  const out: ResourceList = {};
  for (const [k, q] of Object.entries(v)) if (typeof q === 'string' || typeof q === 'number') out[k] = q;
  return out;
}

/** Convert a Node object; `{ error }` when it has no name. Wrongly typed parts are skipped, not fatal. */
export function toNodeInfo(obj: unknown): SchedNode | { error: string } {
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
  const node: SchedNode = { name, labels, taints, unschedulable: spec?.unschedulable === true, conditions };
  const allocatable = toResourceList(status?.allocatable);
  if (allocatable) node.allocatable = allocatable;
  return node;
}

export function isNodeInfo(v: SchedNode | { error: string }): v is SchedNode {
  return !('error' in v);
}
