// What if a node changes: the event applied to a copy of the inventory, the DaemonSet placed again,
// and what the controller would do about the difference.
import type { DaemonSet, NodeInfo, NodePlacement } from '../core/types';
import type { FeatureGates } from '../core/k8sVersion';
import { placeDaemonSet } from '../core/placement';
import { nodeResult, type NodeResult } from './results';

/** A node as a client sends it (the wire form of NodeInfo). */
export interface NodeShape {
  name: string;
  labels: Record<string, string>;
  taints: { key: string; value?: string; effect: string }[];
  unschedulable: boolean;
  conditions: { type: string; status: string }[];
}

export type NodeEventOf<N> =
  | { type: 'addNode'; node: N }
  | { type: 'removeNode'; node: string }
  | { type: 'addTaint'; node: string; taint: { key: string; value?: string; effect: string } }
  | { type: 'removeTaint'; node: string; taint: { key: string; effect: string } }
  | { type: 'setLabel'; node: string; key: string; value: string }
  | { type: 'removeLabel'; node: string; key: string }
  | { type: 'cordon'; node: string; unschedulable?: boolean };

export type NodeEvent = NodeEventOf<NodeShape>;

/** A copy of a node from a client, with missing parts filled in. */
function fromShape(n: NodeShape): NodeInfo {
  return {
    name: String(n.name),
    labels: { ...(n.labels ?? {}) },
    taints: (n.taints ?? []).map((t) => ({ ...t })),
    unschedulable: !!n.unschedulable,
    conditions: (n.conditions ?? []).map((c) => ({ ...c })),
  };
}

function cloneNode(n: NodeInfo): NodeInfo {
  return { ...n, labels: { ...n.labels }, taints: n.taints.map((t) => ({ ...t })), conditions: n.conditions.map((c) => ({ ...c })) };
}

/** Applies a what-if event to a copy of the nodes; the nodes given are not changed. */
export function applyNodeEvent(nodes: readonly NodeInfo[], ev: NodeEvent): NodeInfo[] {
  const out = nodes.map(cloneNode);
  const find = (name: string): NodeInfo | undefined => out.find((n) => n.name === name);
  const sameTaint = (t: { key: string; effect: string }, u: { key: string; effect: string }) => t.key === u.key && t.effect === u.effect;
  switch (ev.type) {
    case 'addNode': {
      const i = out.findIndex((n) => n.name === ev.node.name);
      if (i >= 0) out.splice(i, 1);
      out.push(fromShape(ev.node));
      return out;
    }
    case 'removeNode':
      return out.filter((n) => n.name !== ev.node);
    case 'addTaint': {
      const n = find(ev.node);
      if (n) {
        n.taints = n.taints.filter((t) => !sameTaint(t, ev.taint));
        n.taints.push({ ...ev.taint });
      }
      return out;
    }
    case 'removeTaint': {
      const n = find(ev.node);
      if (n) n.taints = n.taints.filter((t) => !sameTaint(t, ev.taint));
      return out;
    }
    case 'setLabel': {
      const n = find(ev.node);
      if (n) n.labels[ev.key] = ev.value;
      return out;
    }
    case 'removeLabel': {
      const n = find(ev.node);
      if (n) delete n.labels[ev.key];
      return out;
    }
    case 'cordon': {
      const n = find(ev.node);
      if (n) n.unschedulable = ev.unschedulable ?? true;
      return out;
    }
    default:
      return out;
  }
}

type Outcome = Pick<NodeResult, 'shouldRun' | 'shouldContinueRunning'>;

export interface PlacementChange {
  name: string;
  before?: Outcome;
  after?: Outcome;
  /** Why not, after the event. */
  reasons: NodeResult['reasons'];
}

export interface NodeEventResult {
  before: NodeResult[];
  after: NodeResult[];
  /** Only the nodes whose outcome changed. */
  changes: PlacementChange[];
  /** What the controller does next: nodes that get a pod, nodes whose pod is deleted (evicted). */
  actions: { create: string[]; delete: string[] };
}

/** The DaemonSet placed before and after the event; a pod is assumed to run where it should run before. */
export function nodeEventResult(
  ds: DaemonSet,
  nodes: readonly NodeInfo[],
  before: readonly NodePlacement[],
  ev: NodeEvent,
  gates: FeatureGates,
): NodeEventResult {
  const beforeNodes = before.map(nodeResult);
  const afterNodes = placeDaemonSet(ds, applyNodeEvent(nodes, ev), gates).nodes.map(nodeResult);
  const beforeBy = new Map(beforeNodes.map((r) => [r.name, r]));
  const afterBy = new Map(afterNodes.map((r) => [r.name, r]));
  const changes: PlacementChange[] = [];
  const create: string[] = [];
  const del: string[] = [];
  const outcome = (r: NodeResult): Outcome => ({ shouldRun: r.shouldRun, shouldContinueRunning: r.shouldContinueRunning });
  for (const name of new Set([...beforeBy.keys(), ...afterBy.keys()])) {
    const b = beforeBy.get(name);
    const x = afterBy.get(name);
    const same = b && x && b.shouldRun === x.shouldRun && b.shouldContinueRunning === x.shouldContinueRunning;
    if (!same) {
      const c: PlacementChange = { name, reasons: x?.reasons ?? [] };
      if (b) c.before = outcome(b);
      if (x) c.after = outcome(x);
      changes.push(c);
    }
    const hadPod = !!b?.shouldRun;
    if (x && !hadPod && x.shouldRun) create.push(name);
    if (x && hadPod && !x.shouldContinueRunning) del.push(name);
  }
  return { before: beforeNodes, after: afterNodes, changes, actions: { create, delete: del } };
}
