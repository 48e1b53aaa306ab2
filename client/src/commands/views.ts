// The simulation views (placement, sync plan, rolling update, what if): how each loads, and opening one.
import * as vscode from 'vscode';
import type * as P from '../../../server/src/protocol';
import type { Ctx } from '../ctx';
import { SimulationPanel } from '../views/panels';
import type { Rendered, ViewKind, ViewState } from '../views/panels';
import { renderPlacementBody } from '../views/placement';
import { renderPlanBody, renderRolloutBody } from '../views/plan';
import { describeEvent, renderNodeEventBody } from '../views/nodeEvent';
import { renderWorkloadBody } from '../views/workload';
import { countErrors } from '../views/banners';
import type { DiagnosticLike, DocumentErrors } from '../views/banners';
import { resolveTarget } from './target';

/** The server's address of the view's DaemonSet: the document, and the List item when there is one. */
function refOf(s: ViewState): P.DocumentRef {
  return { uri: s.uri, documentIndex: s.documentIndex, ...(s.item !== undefined ? { item: s.item } : {}) };
}

function titleOf(r: { name?: string; namespace?: string } | null | undefined, fallback: string): string {
  if (!r?.name) return fallback;
  return `${r.namespace ? `${r.namespace}/` : ''}${r.name}`;
}

async function labelsByNode(ctx: Ctx): Promise<Record<string, Record<string, string>>> {
  const inv = await ctx.request('inventory', {}, { quiet: true });
  const out: Record<string, Record<string, string>> = {};
  for (const n of inv?.nodes ?? []) out[n.name] = n.labels;
  return out;
}

/**
 * Error diagnostics of ours inside the document's range. Asked of the server (a standard diagnostic pull): VS Code
 * pulls only for documents shown in an editor, so a document open but never shown would have no banner. VS Code's
 * own list is the fallback when the server cannot answer.
 */
export async function errorsIn(ctx: Ctx, uri: string, range: P.SimulatePlacementResult['range']): Promise<DocumentErrors> {
  const pulled = (await ctx.client
    ?.sendRequest('textDocument/diagnostic', { textDocument: { uri } })
    .then((r) => r as { kind?: string; items?: DiagnosticLike[] })
    .catch(() => undefined)) ?? undefined;
  if (pulled?.kind === 'full' && Array.isArray(pulled.items)) return countErrors(pulled.items, range);
  return countErrors(vscode.languages.getDiagnostics(vscode.Uri.parse(uri)), range, vscode.DiagnosticSeverity.Error);
}

/** Name and errors of the DaemonSet, for views whose results carry neither. */
async function daemonSetInfo(ctx: Ctx, s: ViewState): Promise<{ title: string; errors?: DocumentErrors }> {
  const p = await ctx.request('simulatePlacement', refOf(s), { quiet: true });
  return { title: titleOf(p, `document ${s.documentIndex + 1}`), ...(p ? { errors: await errorsIn(ctx, s.uri, p.range) } : {}) };
}

export const placementView: ViewKind = {
  viewType: 'kce.placement',
  async load(ctx, s) {
    const ref = refOf(s);
    const result = await ctx.request('simulatePlacement', ref, { quiet: true });
    if (!result) return undefined;
    const labels = await labelsByNode(ctx);
    const body = renderPlacementBody({ result, labels, errors: await errorsIn(ctx, s.uri, result.range) });
    return { title: `Placement: ${titleOf(result, 'DaemonSet')}`, body };
  },
};

export const planView: ViewKind = {
  viewType: 'kce.plan',
  async load(ctx, s) {
    const result = await ctx.request('plan', refOf(s), { quiet: true });
    if (!result) return undefined;
    const { title, errors } = await daemonSetInfo(ctx, s);
    return { title: `Sync Plan: ${title}`, body: renderPlanBody(result, title, errors) };
  },
};

export const rolloutView: ViewKind = {
  viewType: 'kce.rollout',
  async load(ctx, s) {
    const extra = (s.extra ?? {}) as { maxSurge?: number | string; maxUnavailable?: number | string };
    const params: P.RolloutParams = refOf(s);
    if (extra.maxSurge !== undefined) params.maxSurge = extra.maxSurge;
    if (extra.maxUnavailable !== undefined) params.maxUnavailable = extra.maxUnavailable;
    const result = await ctx.request('rollout', params, { quiet: true });
    if (!result) return undefined;
    const { title, errors } = await daemonSetInfo(ctx, s);
    return { title: `Rolling Update: ${title}`, body: renderRolloutBody(result, title, errors) };
  },
};

export const whatIfView: ViewKind = {
  viewType: 'kce.whatIf',
  async load(ctx, s) {
    const event = s.extra as P.NodeEvent | undefined;
    if (!event) return undefined;
    const params = { ...refOf(s), event };
    const result = await ctx.request('nodeEvent', params, { quiet: true });
    if (!result) return undefined;
    const { title, errors } = await daemonSetInfo(ctx, s);
    return { title: `What If: ${describeEvent(event)}`, body: renderNodeEventBody(event, result, title, errors) };
  },
};

/** Every other kind with a pod template (Deployment, StatefulSet, Job…): on which nodes its pod passes the filters. */
export const workloadView: ViewKind = {
  viewType: 'kce.workload',
  async load(ctx, s) {
    const result = await ctx.request('simulateWorkload', refOf(s), { quiet: true });
    if (!result) return undefined;
    const body = renderWorkloadBody({ result, errors: await errorsIn(ctx, s.uri, result.range) });
    return { title: `Preview: ${result.kind} ${titleOf(result, result.kind)}`, body };
  },
};

export const VIEWS = [placementView, planView, rolloutView, whatIfView, workloadView];

/** Opens a view for the target; answers what it rendered (the e2e tests read it). */
export async function openView(
  ctx: Ctx,
  kind: ViewKind,
  args: unknown[],
  extra?: unknown,
): Promise<Rendered | undefined> {
  if (!ctx.running) await ctx.start();
  const target = await resolveTarget(args);
  if (!target) return undefined;
  if (!ctx.running) {
    await ctx.request('inventory', { nodes: false }); // shows "server not running"
    return undefined;
  }
  const state: ViewState = { ...target, ...(extra !== undefined ? { extra } : {}) };
  const r = await SimulationPanel.show(ctx, kind, state);
  const nothing = 'Kube Controller Explorer: nothing to simulate for this document (is it a valid DaemonSet?).';
  if (!r) void vscode.window.showInformationMessage(nothing);
  return r;
}
