// Handlers of the custom kce/* requests. Each answers null (or an empty result) rather than failing.
import type { Connection } from 'vscode-languageserver/node';
import type { DocumentAnalysis } from '../analysis/types';
import type { NodeInfo, NodePlacement, Pod } from '../core/types';
import * as P from '../protocol';
import type { Analyzed, Session } from './session';
import { toRange } from './convert';
import { safe } from './safe';
import { rangeOfPath } from '../yaml/paths';
import { placeDaemonSet } from '../core/placement';

export function rowsOf(a: Analyzed, d: DocumentAnalysis, placements: NodePlacement[], session: Session): P.PlacementRowDto[] {
  const ydoc = session.yaml(a).documents.find((x) => x.index === d.index);
  const rangeCache = new Map<string, P.PlacementReasonDto['range'] | null>();
  const rangeOf = (field: string): P.PlacementReasonDto['range'] | undefined => {
    if (!ydoc) return undefined;
    let r = rangeCache.get(field);
    if (r === undefined) {
      let off;
      try { off = rangeOfPath(ydoc, field, 'key'); } catch { off = undefined; }
      r = off ? toRange(a.doc, off) : null;
      rangeCache.set(field, r);
    }
    return r ?? undefined;
  };
  return placements.map((p) => ({
    node: p.node,
    shouldRun: p.shouldRun,
    shouldContinueRunning: p.shouldContinueRunning,
    reasons: p.reasons.map((r) => {
      const dto: P.PlacementReasonDto = { code: r.code, message: r.message, field: r.field };
      const range = rangeOf(r.field);
      if (range) dto.range = range;
      if (r.taint) dto.taint = { key: r.taint.key, effect: r.taint.effect, ...(r.taint.value !== undefined ? { value: r.taint.value } : {}) };
      if (r.evicts !== undefined) dto.evicts = r.evicts;
      return dto;
    }),
  }));
}

function docAt(a: Analyzed | undefined, index: number): DocumentAnalysis | undefined {
  return a?.analysis.documents.find((d) => d.index === index);
}

export function toNodeDto(n: NodeInfo): P.NodeDto {
  return {
    name: n.name,
    labels: { ...n.labels },
    taints: n.taints.map((t) => ({ key: t.key, effect: t.effect, ...(t.value !== undefined ? { value: t.value } : {}) })),
    unschedulable: n.unschedulable,
    conditions: n.conditions.map((c) => ({ type: c.type, status: c.status })),
  };
}

function fromNodeDto(n: P.NodeDto): NodeInfo {
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

/** Applies a what-if event to a copy of the nodes. */
export function applyNodeEvent(nodes: NodeInfo[], ev: P.NodeEvent): NodeInfo[] {
  const out = nodes.map(cloneNode);
  const find = (name: string): NodeInfo | undefined => out.find((n) => n.name === name);
  switch (ev.type) {
    case 'addNode': {
      const i = out.findIndex((n) => n.name === ev.node.name);
      if (i >= 0) out.splice(i, 1);
      out.push(fromNodeDto(ev.node));
      return out;
    }
    case 'removeNode':
      return out.filter((n) => n.name !== ev.node);
    case 'addTaint': {
      const n = find(ev.node);
      if (n) {
        n.taints = n.taints.filter((t) => !(t.key === ev.taint.key && t.effect === ev.taint.effect));
        n.taints.push({ ...ev.taint });
      }
      return out;
    }
    case 'removeTaint': {
      const n = find(ev.node);
      if (n) n.taints = n.taints.filter((t) => !(t.key === ev.taint.key && t.effect === ev.taint.effect));
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

export function registerRequests(connection: Connection, session: Session): void {
  connection.onRequest(P.simulatePlacement, safe(session, 'kce/simulatePlacement', null, async (params: P.DocumentRef) => {
    const a = await session.analyze(params.uri);
    const d = docAt(a, params.documentIndex);
    if (!a || !d?.placement) return null;
    const result: P.SimulatePlacementResult = {
      uri: a.uri,
      documentIndex: d.index,
      range: toRange(a.doc, d.range),
      inventory: { ...session.inventory },
      nodes: d.placement.nodes,
      shouldRun: d.placement.shouldRun,
      shouldContinueRunning: d.placement.shouldContinueRunning,
      rows: rowsOf(a, d, d.placement.placements, session),
    };
    if (d.name !== undefined) result.name = d.name;
    if (d.namespace !== undefined) result.namespace = d.namespace;
    return result;
  }));

  connection.onRequest(P.inventory, safe(session, 'kce/inventory', { source: 'none', count: 0, nodes: [] } as P.InventoryResult, async () => {
    await session.ensureInventory();
    return { ...session.inventory, nodes: session.nodes.map(toNodeDto) };
  }));

  connection.onRequest(P.nodeEvent, safe(session, 'kce/nodeEvent', null, async (params: P.NodeEventParams) => {
    const a = await session.analyze(params.uri);
    const d = docAt(a, params.documentIndex);
    if (!a || !d?.placement || !d.daemonSet) return null;
    // Only this DaemonSet's placement changes with the nodes: no need to analyse the file again.
    const nodesAfter = applyNodeEvent(a.nodes, params.event);
    const beforeRows = rowsOf(a, d, d.placement.placements, session);
    const afterRows = rowsOf(a, d, placeDaemonSet(d.daemonSet, nodesAfter, a.gates).nodes, session);
    const beforeBy = new Map(beforeRows.map((r) => [r.node, r]));
    const afterBy = new Map(afterRows.map((r) => [r.node, r]));
    const changes: P.PlacementChange[] = [];
    const create: string[] = [];
    const del: string[] = [];
    for (const name of new Set([...beforeBy.keys(), ...afterBy.keys()])) {
      const b = beforeBy.get(name);
      const x = afterBy.get(name);
      const same = b && x && b.shouldRun === x.shouldRun && b.shouldContinueRunning === x.shouldContinueRunning;
      if (!same) {
        const c: P.PlacementChange = { node: name, reasons: x?.reasons ?? [] };
        if (b) c.before = { shouldRun: b.shouldRun, shouldContinueRunning: b.shouldContinueRunning };
        if (x) c.after = { shouldRun: x.shouldRun, shouldContinueRunning: x.shouldContinueRunning };
        changes.push(c);
      }
      // A pod is assumed to run where the DaemonSet should run before the event.
      const hadPod = !!b?.shouldRun;
      if (x && !hadPod && x.shouldRun) create.push(name);
      if (x && hadPod && !x.shouldContinueRunning) del.push(name);
    }
    return { uri: a.uri, documentIndex: d.index, before: beforeRows, after: afterRows, changes, actions: { create, delete: del } };
  }));

  connection.onRequest(P.plan, safe(session, 'kce/plan', null, async (params: P.PlanParams) => {
    const a = await session.analyze(params.uri);
    const d = docAt(a, params.documentIndex);
    if (!a || !d?.daemonSet || !session.deps.plan) return null;
    const opts: { burstReplicas?: number; gates: typeof a.gates; pods?: Pod[] } = { gates: a.gates };
    if (params.burstReplicas !== undefined) opts.burstReplicas = params.burstReplicas;
    // On a live cluster the plan starts from the pods that exist; a failure to list them is said, not fatal.
    let podsNote: string | undefined;
    if (session.inventory.source === 'cluster' && session.deps.listPods) {
      const namespace = d.namespace ?? 'default';
      try {
        const pods = await session.deps.listPods(namespace, d.daemonSet.spec?.selector);
        if (pods) opts.pods = pods;
      } catch (e) {
        podsNote = `pods not listed: ${e instanceof Error ? e.message : String(e)}`;
      }
    }
    const result = session.deps.plan(d.daemonSet, a.nodes, opts);
    return { uri: a.uri, documentIndex: d.index, ...result, notes: podsNote ? [podsNote, ...result.notes] : result.notes };
  }));

  connection.onRequest(P.rollout, safe(session, 'kce/rollout', null, async (params: P.RolloutParams) => {
    const a = await session.analyze(params.uri);
    const d = docAt(a, params.documentIndex);
    if (!a || !d?.daemonSet || !session.deps.rollout) return null;
    const opts: { maxSurge?: number | string; maxUnavailable?: number | string; gates: typeof a.gates } = { gates: a.gates };
    if (params.maxSurge !== undefined) opts.maxSurge = params.maxSurge;
    if (params.maxUnavailable !== undefined) opts.maxUnavailable = params.maxUnavailable;
    return { uri: a.uri, documentIndex: d.index, ...session.deps.rollout(d.daemonSet, a.nodes, opts) };
  }));
}
