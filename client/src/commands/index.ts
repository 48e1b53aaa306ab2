// Every command, one factory each. Each still answers (with a message) when the server is down.
import * as vscode from 'vscode';
import type * as P from '../../../server/src/protocol';
import type { Ctx } from '../ctx';
import { SimulationPanel, registerSerializer } from '../views/panels';
import type { Rendered, ViewKind, ViewState } from '../views/panels';
import { renderPlacementBody } from '../views/placement';
import { renderPlanBody, renderRolloutBody } from '../views/plan';
import { describeEvent, renderNodeEventBody } from '../views/nodeEvent';
import { snapshotNodeList } from '../inventoryFile';
import { resolveTarget } from './target';
import { reportUri } from '../views/reportProvider';

type Handler = (...args: unknown[]) => unknown;

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

/** Name of the DaemonSet, for titles of views whose results do not carry it. */
async function daemonSetTitle(ctx: Ctx, s: ViewState): Promise<string> {
  const p = await ctx.request('simulatePlacement', { uri: s.uri, documentIndex: s.documentIndex }, { quiet: true });
  return titleOf(p, `document ${s.documentIndex + 1}`);
}

export const placementView: ViewKind = {
  viewType: 'kce.placement',
  async load(ctx, s) {
    const result = await ctx.request('simulatePlacement', { uri: s.uri, documentIndex: s.documentIndex }, { quiet: true });
    if (!result) return undefined;
    return { title: `Placement: ${titleOf(result, 'DaemonSet')}`, body: renderPlacementBody({ result, labels: await labelsByNode(ctx) }) };
  },
};

export const planView: ViewKind = {
  viewType: 'kce.plan',
  async load(ctx, s) {
    const result = await ctx.request('plan', { uri: s.uri, documentIndex: s.documentIndex }, { quiet: true });
    if (!result) return undefined;
    const title = await daemonSetTitle(ctx, s);
    return { title: `Sync plan: ${title}`, body: renderPlanBody(result, title) };
  },
};

export const rolloutView: ViewKind = {
  viewType: 'kce.rollout',
  async load(ctx, s) {
    const extra = (s.extra ?? {}) as { maxSurge?: number | string; maxUnavailable?: number | string };
    const params: P.RolloutParams = { uri: s.uri, documentIndex: s.documentIndex };
    if (extra.maxSurge !== undefined) params.maxSurge = extra.maxSurge;
    if (extra.maxUnavailable !== undefined) params.maxUnavailable = extra.maxUnavailable;
    const result = await ctx.request('rollout', params, { quiet: true });
    if (!result) return undefined;
    const title = await daemonSetTitle(ctx, s);
    return { title: `Rolling update: ${title}`, body: renderRolloutBody(result, title) };
  },
};

export const whatIfView: ViewKind = {
  viewType: 'kce.whatIf',
  async load(ctx, s) {
    const event = s.extra as P.NodeEvent | undefined;
    if (!event) return undefined;
    const result = await ctx.request('nodeEvent', { uri: s.uri, documentIndex: s.documentIndex, event }, { quiet: true });
    if (!result) return undefined;
    const title = await daemonSetTitle(ctx, s);
    return { title: `What if: ${describeEvent(event)}`, body: renderNodeEventBody(event, result, title) };
  },
};

const VIEWS = [placementView, planView, rolloutView, whatIfView];

/** Opens a view for the target; answers what it rendered (the e2e tests read it). */
async function openView(ctx: Ctx, kind: ViewKind, args: unknown[], extra?: unknown): Promise<Rendered | undefined> {
  if (!ctx.running) await ctx.start();
  const target = await resolveTarget(args);
  if (!target) return undefined;
  if (!ctx.running) {
    await ctx.request('inventory', {}); // shows "server not running"
    return undefined;
  }
  const state: ViewState = { ...target, ...(extra !== undefined ? { extra } : {}) };
  const r = await SimulationPanel.show(ctx, kind, state);
  if (!r) void vscode.window.showInformationMessage('Kube Controller Explorer: nothing to simulate for this document (is it a valid DaemonSet?).');
  return r;
}

// ---------- what if ----------

const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

async function pickNode(nodes: P.NodeDto[], title: string): Promise<P.NodeDto | undefined> {
  const picked = await vscode.window.showQuickPick(
    nodes.map((n) => ({ label: n.name, description: [n.unschedulable ? 'cordoned' : '', ...n.taints.map((t) => `${t.key}:${t.effect}`)].filter(Boolean).join(' · '), node: n })),
    { title, placeHolder: 'Node', matchOnDescription: true },
  );
  return picked?.node;
}

function splitKeyValue(s: string): { key: string; value: string } | undefined {
  const t = s.trim();
  if (!t) return undefined;
  const i = t.indexOf('=');
  return i < 0 ? { key: t, value: '' } : { key: t.slice(0, i).trim(), value: t.slice(i + 1).trim() };
}

/** The quick picks of "What if…": an event type, a node, then what the event needs. */
async function askNodeEvent(ctx: Ctx): Promise<P.NodeEvent | undefined> {
  const inv = await ctx.request('inventory', {});
  if (!inv) return undefined;
  const kind = await vscode.window.showQuickPick(
    [
      { label: 'Add a node', description: 'copy of an existing node, under a new name', id: 'addNode' },
      { label: 'Add a taint', description: 'NoSchedule, PreferNoSchedule or NoExecute', id: 'addTaint' },
      { label: 'Remove a taint', id: 'removeTaint' },
      { label: 'Set a label', description: 'relabel a node', id: 'setLabel' },
      { label: 'Remove a label', id: 'removeLabel' },
      { label: 'Cordon a node', id: 'cordon' },
      { label: 'Uncordon a node', id: 'uncordon' },
      { label: 'Remove a node', id: 'removeNode' },
    ],
    { title: 'What if… (1/3): a node event', placeHolder: 'What happens to the cluster?' },
  );
  if (!kind) return undefined;
  const node = await pickNode(inv.nodes, kind.id === 'addNode' ? 'What if… (2/3): template node' : 'What if… (2/3): which node');
  if (!node) return undefined;
  switch (kind.id) {
    case 'addNode': {
      const name = await vscode.window.showInputBox({ title: 'What if… (3/3): new node name', value: `${node.name}-new`, validateInput: (v) => (/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(v) ? undefined : 'a lowercase DNS subdomain') });
      return name ? { type: 'addNode', node: { ...node, name } } : undefined;
    }
    case 'addTaint': {
      const kv = splitKeyValue((await vscode.window.showInputBox({ title: 'What if… (3/3): taint key=value', placeHolder: 'example.com/gpu=true' })) ?? '');
      if (!kv?.key) return undefined;
      const effect = await vscode.window.showQuickPick(EFFECTS, { title: 'Taint effect', placeHolder: 'NoExecute also evicts running pods that do not tolerate it' });
      if (!effect) return undefined;
      return { type: 'addTaint', node: node.name, taint: { key: kv.key, ...(kv.value ? { value: kv.value } : {}), effect } };
    }
    case 'removeTaint': {
      if (!node.taints.length) {
        void vscode.window.showInformationMessage(`${node.name} has no taint.`);
        return undefined;
      }
      const t = await vscode.window.showQuickPick(node.taints.map((x) => ({ label: `${x.key}${x.value ? `=${x.value}` : ''}:${x.effect}`, t: x })), { title: 'What if… (3/3): taint to remove' });
      return t ? { type: 'removeTaint', node: node.name, taint: { key: t.t.key, effect: t.t.effect } } : undefined;
    }
    case 'setLabel': {
      const kv = splitKeyValue((await vscode.window.showInputBox({ title: 'What if… (3/3): label key=value', placeHolder: 'disktype=ssd' })) ?? '');
      return kv?.key ? { type: 'setLabel', node: node.name, key: kv.key, value: kv.value } : undefined;
    }
    case 'removeLabel': {
      const k = await vscode.window.showQuickPick(Object.entries(node.labels).map(([key, value]) => ({ label: key, description: value })), { title: 'What if… (3/3): label to remove' });
      return k ? { type: 'removeLabel', node: node.name, key: k.label } : undefined;
    }
    case 'cordon':
      return { type: 'cordon', node: node.name, unschedulable: true };
    case 'uncordon':
      return { type: 'cordon', node: node.name, unschedulable: false };
    case 'removeNode':
      return { type: 'removeNode', node: node.name };
  }
  return undefined;
}

// ---------- inventory ----------

async function selectInventory(ctx: Ctx, args: unknown[]): Promise<string | undefined> {
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  const cfg = vscode.workspace.getConfiguration('kce');
  let source = typeof args[0] === 'string' ? args[0] : undefined;
  let file = typeof args[1] === 'string' ? args[1] : undefined;
  if (!source) {
    const trusted = vscode.workspace.isTrusted;
    const items = [
      { label: '$(sparkle) Automatic', description: 'a nodes file in the workspace, else the sample cluster', id: 'auto' },
      { label: '$(beaker) Sample cluster', description: 'embedded: control plane, zones, GPU, NotReady, cordoned, Windows, arm64', id: 'sample' },
      { label: '$(file) Nodes file…', description: 'kubectl get nodes -o yaml|json output', id: 'file' },
      { label: '$(cloud) Current kubeconfig context', description: trusted ? 'live nodes, watched' : 'needs a trusted workspace', id: 'cluster' },
    ];
    const current = ctx.inventory ? `now: ${ctx.inventory.source}, ${ctx.inventory.count} nodes` : undefined;
    const pick = await vscode.window.showQuickPick(items, { title: 'Kube Controller Explorer: node inventory', ...(current ? { placeHolder: current } : {}) });
    if (!pick) return undefined;
    source = pick.id;
  }
  if (source === 'cluster' && !vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage('Kube Controller Explorer reads a kubeconfig only in a trusted workspace.');
    return undefined;
  }
  let context: string | undefined;
  if (source === 'cluster' && typeof args[1] !== 'string') {
    const list = await ctx.request('listContexts', {});
    if (!list) return undefined;
    if (list.error || list.contexts.length === 0) {
      void vscode.window.showWarningMessage(`Kube Controller Explorer: ${list.error ?? 'no kubeconfig context found'}.`);
      return undefined;
    }
    const pick = await vscode.window.showQuickPick(
      list.contexts.map((c) => ({ label: c.name, description: `${c.cluster}${c.current ? ' · current' : ''}`, detail: c.server, name: c.name, current: c.current })),
      { title: 'Kubeconfig context', placeHolder: list.files.join(', ') },
    );
    if (!pick) return undefined;
    // The current context is stored as '' so that switching it in kubeconfig is followed.
    context = pick.current ? '' : pick.name;
  }
  if (source === 'file' && !file) {
    const picked = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { 'Nodes (YAML, JSON)': ['yaml', 'yml', 'json'] }, title: 'Nodes file' });
    if (!picked?.[0]) return undefined;
    file = picked[0].fsPath;
  }
  if (!['auto', 'sample', 'file', 'cluster'].includes(source)) return undefined;
  await cfg.update('inventory.source', source, target);
  if (file !== undefined) await cfg.update('inventory.file', file, target);
  if (context !== undefined) await cfg.update('inventory.context', context, target);
  return source;
}

async function snapshotInventory(ctx: Ctx, args: unknown[]): Promise<string | undefined> {
  const inv = await ctx.request('inventory', {});
  if (!inv) return undefined;
  let dest: vscode.Uri | undefined;
  if (typeof args[0] === 'string') dest = vscode.Uri.file(args[0]);
  else if (args[0] instanceof vscode.Uri) dest = args[0];
  else {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    dest = await vscode.window.showSaveDialog({
      title: 'Snapshot the node inventory',
      filters: { 'Node list (JSON)': ['json'] },
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, 'nodes-snapshot.json') } : {}),
    });
  }
  if (!dest) return undefined;
  await vscode.workspace.fs.writeFile(dest, new TextEncoder().encode(snapshotNodeList(inv.nodes)));
  void vscode.window.showInformationMessage(`Saved ${inv.nodes.length} nodes (${inv.source}) to ${vscode.workspace.asRelativePath(dest)}.`);
  return dest.toString();
}

// ---------- registration ----------

export function registerCommands(ctx: Ctx): void {
  const commands: Record<string, Handler> = {
    'kce.simulatePlacement': (...a) => openView(ctx, placementView, a),
    'kce.simulatePlan': (...a) => openView(ctx, planView, a),
    'kce.simulateRollout': (...a) => openView(ctx, rolloutView, a),
    'kce.whatIf': async (...a) => {
      const target = await resolveTarget(a);
      if (!target) return undefined;
      const event = (a[2] as P.NodeEvent | undefined) ?? (await askNodeEvent(ctx));
      if (!event) return undefined;
      return openView(ctx, whatIfView, [target.uri, target.documentIndex], event);
    },
    'kce.selectInventory': (...a) => selectInventory(ctx, a),
    'kce.snapshotInventory': (...a) => snapshotInventory(ctx, a),
    'kce.showReport': async (...a) => {
      const target = await resolveTarget(a);
      if (!target) return undefined;
      const doc = await vscode.workspace.openTextDocument(reportUri(target));
      await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true });
      return doc.getText();
    },
    'kce.restartServer': () => ctx.restart(),
    'kce.showOutput': () => ctx.log.show(true),
  };
  for (const [id, h] of Object.entries(commands)) ctx.ext.subscriptions.push(vscode.commands.registerCommand(id, h));
  for (const v of VIEWS) ctx.ext.subscriptions.push(registerSerializer(ctx, v));
  ctx.ext.subscriptions.push({ dispose: () => SimulationPanel.disposeAll() });
}
