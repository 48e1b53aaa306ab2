// Handlers of the custom kce/* requests. Each answers null (or an empty result) rather than failing.
import { checkPlanParams, checkRolloutParams } from './params';
import type { Connection } from 'vscode-languageserver/node';
import type { DocumentAnalysis } from '../analysis/types';
import type { NodeInfo, PlacementReason, Pod } from '../core/types';
import * as P from '../protocol';
import type { Analyzed, Session } from './session';
import { toRange } from './convert';
import { safe } from './safe';
import { rangeOfPath } from '../yaml/paths';
import { placementResult, planResult, rolloutResult, type NodeResult, type SchedulerResult } from '../analysis/results';
import { nodeEventResult } from '../analysis/nodeEvent';
import { findAnalysis, listItem } from '../analysis/lists';
import { registerWorkloadRequests } from './workloadRequests';
import { inventoryLabelForMessages, nodeCapacity } from './inventoryStatus';
import { schedulingFor } from '../analysis/scheduling';
import { schedulerReasonCode } from '../codes/index';

/** The nodes of a placement as DTOs: each reason with the range of its field in the document. */
export function nodeDtos(a: Analyzed, d: DocumentAnalysis, nodes: readonly NodeResult[], session: Session): P.PlacementNodeDto[] {
  const listed = session.yaml(a).documents.find((x) => x.index === d.index);
  const ydoc = listed && d.item !== undefined ? listItem(listed, d.item) : listed;
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
  const reasonDto = (r: PlacementReason): P.PlacementReasonDto => {
    const dto: P.PlacementReasonDto = { code: r.code, message: r.message, field: r.field };
    const range = rangeOf(r.field);
    if (range) dto.range = range;
    if (r.taint) dto.taint = { key: r.taint.key, effect: r.taint.effect, ...(r.taint.value !== undefined ? { value: r.taint.value } : {}) };
    if (r.evicts !== undefined) dto.evicts = r.evicts;
    return dto;
  };
  return nodes.map((n) => {
    const dto: P.PlacementNodeDto = {
      name: n.name, shouldRun: n.shouldRun, shouldContinueRunning: n.shouldContinueRunning, reasons: n.reasons.map(reasonDto),
    };
    if (n.scheduler) dto.scheduler = schedulerDto(n.scheduler, rangeOf);
    return dto;
  });
}

/** The scheduler's verdict as a DTO, each reason located at its pod field (ds). */
export function schedulerDto(s: SchedulerResult, rangeOf: (field: string) => P.SchedulerReasonDto['range'] | undefined): P.SchedulerVerdictDto {
  const reasons = s.reasons.map((r) => {
    const dto: P.SchedulerReasonDto = { ...r };
    const code = schedulerReasonCode(r.plugin, r.message);
    if (code) dto.code = code;
    const range = rangeOf(r.field);
    if (range) dto.range = range;
    return dto;
  });
  return { feasible: s.feasible, reasons, ...(s.allocatableUnknown ? { allocatableUnknown: true as const } : {}) };
}

function docAt(a: Analyzed | undefined, ref: P.DocumentRef): DocumentAnalysis | undefined {
  return a && findAnalysis(a.analysis.documents, ref.documentIndex, ref.item);
}

/** The address a result echoes: the document, and the List item when the analysis is one. */
function refOf(a: Analyzed, d: DocumentAnalysis): { uri: string; documentIndex: number; item?: number } {
  const ref = { uri: a.uri, documentIndex: d.index };
  return d.item === undefined ? ref : { ...ref, item: d.item };
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

export function registerRequests(connection: Connection, session: Session): void {
  registerWorkloadRequests(connection, session);
  connection.onRequest(P.simulatePlacement, safe(session, 'kce/simulatePlacement', null, async (params: P.DocumentRef) => {
    const a = await session.analyze(params.uri);
    const d = docAt(a, params);
    if (!a || !d?.placement) return null;
    const placed = placementResult(d.placement, d.scheduler);
    const result: P.SimulatePlacementResult = {
      ...refOf(a, d),
      range: toRange(a.doc, d.range),
      inventory: { ...session.inventory },
      summary: placed.summary,
      nodes: nodeDtos(a, d, placed.nodes, session),
    };
    if (d.name !== undefined) result.name = d.name;
    if (d.namespace !== undefined) result.namespace = d.namespace;
    return result;
  }));

  connection.onRequest(P.inventory, safe(session, 'kce/inventory', { source: 'none', count: 0, nodes: [] } as P.InventoryResult, async (params?: P.InventoryParams) => {
    await session.ensureInventory();
    if (params?.nodes === false) return { ...session.inventory, nodes: [] };
    // The session's own state (pods included), else one built from the nodes alone (capacity without load).
    const own = session.scheduling ? { scheduling: session.scheduling } : {};
    const state = schedulingFor({ nodes: session.nodes, ...own });
    const nodes = session.nodes.map((n) => ({ ...toNodeDto(n), ...nodeCapacity(n, state.get(n.name)) }));
    return { ...session.inventory, nodes };
  }));

  connection.onRequest(P.nodeEvent, safe(session, 'kce/nodeEvent', null, async (params: P.NodeEventParams) => {
    const a = await session.analyze(params.uri);
    const d = docAt(a, params);
    if (!a || !d?.placement || !d.daemonSet) return null;
    // Only this DaemonSet's placement changes with the nodes: no need to analyse the file again.
    const r = nodeEventResult(d.daemonSet, a.nodes, d.placement.placements, params.event, a.gates);
    const dtos = (nodes: NodeResult[]) => nodeDtos(a, d, nodes, session);
    const after = dtos(r.after);
    const afterBy = new Map(after.map((n) => [n.name, n]));
    return {
      ...refOf(a, d),
      before: dtos(r.before),
      after,
      changes: r.changes.map((c) => ({ ...c, reasons: afterBy.get(c.name)?.reasons ?? [] })),
      actions: r.actions,
    };
  }));

  connection.onRequest(P.plan, safe(session, 'kce/plan', null, async (params: P.PlanParams) => {
    checkPlanParams(params);
    const a = await session.analyze(params.uri);
    const d = docAt(a, params);
    if (!a || !d?.daemonSet) return null;
    const opts: { burstReplicas?: number; pods?: Pod[] } = {};
    if (params.burstReplicas !== undefined) opts.burstReplicas = params.burstReplicas;
    // On a live cluster the plan starts from the pods that exist; a failure to list them is said, not fatal.
    // On the sample cluster or a nodes file, from the pods that came with the nodes.
    let podsNote: string | undefined;
    let podsSource = 'on the cluster';
    if (session.inventory.source !== 'cluster' && session.ownerPods) {
      const ns = d.namespace ?? 'default';
      opts.pods = session.ownerPods.filter((p) => (p.metadata?.namespace ?? 'default') === ns);
      podsSource = `in ${inventoryLabelForMessages(session.inventory)}`;
    } else if (session.inventory.source === 'cluster' && session.deps.listPods) {
      const namespace = d.namespace ?? 'default';
      try {
        const pods = await session.deps.listPods(namespace, d.daemonSet.spec?.selector);
        if (pods) opts.pods = pods;
      } catch (e) {
        podsNote = `pods not listed: ${e instanceof Error ? e.message : String(e)}`;
      }
    }
    const r = planResult(d.daemonSet, a.nodes, a.gates, { ...opts, podsSource });
    const notes = podsNote ? [podsNote, ...r.notes] : r.notes;
    return {
      ...refOf(a, d),
      nodesNeedingDaemonPods: r.nodesNeedingDaemonPods,
      podsToDelete: r.podsToDelete.map((x) => ({ pod: x.pod, node: x.node, code: x.code, reason: x.reason })),
      batches: r.batches,
      notes,
    };
  }));

  connection.onRequest(P.rollout, safe(session, 'kce/rollout', null, async (params: P.RolloutParams) => {
    checkRolloutParams(params);
    const a = await session.analyze(params.uri);
    const d = docAt(a, params);
    if (!a || !d?.daemonSet || !d.placement) return null;
    const overrides: { maxSurge?: number | string; maxUnavailable?: number | string } = {};
    if (params.maxSurge !== undefined) overrides.maxSurge = params.maxSurge;
    if (params.maxUnavailable !== undefined) overrides.maxUnavailable = params.maxUnavailable;
    return { ...refOf(a, d), ...rolloutResult(d.daemonSet, d.placement.placements, overrides) };
  }));
}
