// Inventory commands: the status bar menu, the picker (choice kept in workspace state, current one marked,
// written to settings only on request) and the snapshot file.
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';
import { snapshotNodeList } from '../inventory/snapshot';
import { CHOICE_KEY, settingsPath } from '../inventory/choice';
import type { InventoryChoice, SourceId } from '../inventory/choice';
import { describeInventory, nodes } from '../inventory/status';

/** The status bar item's menu: what can be done about the inventory. */
export async function inventoryMenu(ctx: Ctx): Promise<void> {
  const v = ctx.inventory ? describeInventory(ctx.inventory) : undefined;
  const items = [
    {
      label: '$(refresh) Retry',
      description: v?.requested ? `load ${v.requested} again` : 'load the inventory again',
      id: 'retry',
    },
    {
      label: '$(list-selection) Select Inventory…',
      description: v ? `now: ${v.inUse}, ${nodes(v.count)}` : '',
      id: 'select',
    },
    { label: '$(output) Show Log', id: 'log' },
  ];
  const placeHolder = v?.problem ?? (v ? `${v.inUse} · ${nodes(v.count)}` : 'the language server is not running');
  const title = 'Kube Controller Explorer: Node Inventory';
  const pick = await vscode.window.showQuickPick(items, { title, placeHolder });
  if (pick?.id === 'retry') await ctx.retryInventory();
  else if (pick?.id === 'select') await vscode.commands.executeCommand('kce.selectInventory');
  else if (pick?.id === 'log') ctx.log.show(true);
}

type Item = vscode.QuickPickItem & { id: SourceId | 'save' };

/** The quick pick with the current choice marked and active; answers the picked id. */
function pickSource(ctx: Ctx): Promise<SourceId | 'save' | undefined> {
  const setting = vscode.workspace.getConfiguration('kce').get<string>('inventory.source');
  const current = ctx.choice?.source ?? (setting || 'auto');
  const trusted = vscode.workspace.isTrusted;
  const items: Item[] = [
    { label: 'Automatic', description: 'a nodes file in the workspace, else the sample cluster', id: 'auto' },
    {
      label: 'Sample Cluster',
      description: 'embedded: control plane, zones, GPU, NotReady, cordoned, Windows, arm64',
      id: 'sample',
    },
    { label: 'Nodes File…', description: 'kubectl get nodes -o yaml|json output', id: 'file' },
    {
      label: 'Kubeconfig Context…',
      description: trusted ? 'live nodes, watched' : 'needs a trusted workspace',
      id: 'cluster',
    },
  ];
  for (const i of items) {
    const on = i.id === current;
    i.iconPath = new vscode.ThemeIcon(on ? 'check' : 'blank');
    if (on) i.description = `current · ${i.description ?? ''}`;
  }
  if (ctx.choice) {
    items.push(
      { label: '', kind: vscode.QuickPickItemKind.Separator, id: 'save' },
      { label: 'Save the Current Choice to Workspace Settings', iconPath: new vscode.ThemeIcon('save'), id: 'save' },
    );
  }
  const qp = vscode.window.createQuickPick<Item>();
  qp.title = 'Kube Controller Explorer: Select Inventory';
  qp.placeholder = ctx.inventory
    ? `In use: ${describeInventory(ctx.inventory).inUse}, ${nodes(ctx.inventory.count)} ` +
      '(kept for this workspace; settings are not written)'
    : 'Where the nodes come from';
  qp.items = items;
  qp.activeItems = items.filter((i) => i.id === current);
  return new Promise((resolve) => {
    qp.onDidAccept(() => { resolve(qp.selectedItems[0]?.id); qp.hide(); });
    qp.onDidHide(() => { resolve(undefined); qp.dispose(); });
    qp.show();
  });
}

/** Writes the workspace's choice to workspace settings, a path relative to the folder when inside it. */
async function saveToSettings(choice: InventoryChoice): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const target = folder ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  const cfg = vscode.workspace.getConfiguration('kce');
  await cfg.update('inventory.source', choice.source, target);
  if (choice.file !== undefined) {
    await cfg.update('inventory.file', settingsPath(choice.file, folder?.uri.fsPath), target);
  }
  if (choice.context !== undefined) await cfg.update('inventory.context', choice.context, target);
  const where = folder ? 'the workspace' : 'user';
  const said = `Kube Controller Explorer: inventory "${choice.source}" saved to ${where} settings.`;
  void vscode.window.showInformationMessage(said);
}

/**
 * Select Inventory. Arguments (tests, links): `source`, then a file path (`file`) or a context name (`cluster`).
 * The choice is kept per workspace by the extension; answers the source chosen.
 */
export async function selectInventory(ctx: Ctx, args: unknown[]): Promise<string | undefined> {
  let source = typeof args[0] === 'string' ? args[0] : undefined;
  let file = typeof args[1] === 'string' && source === 'file' ? args[1] : undefined;
  let context = typeof args[1] === 'string' && source === 'cluster' ? args[1] : undefined;
  if (!source) {
    const picked = await pickSource(ctx);
    if (picked === 'save') {
      if (ctx.choice) await saveToSettings(ctx.choice);
      return ctx.choice?.source;
    }
    source = picked;
  }
  if (!source || !['auto', 'sample', 'file', 'cluster'].includes(source)) return undefined;
  if (source === 'cluster' && !vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage('Kube Controller Explorer reads a kubeconfig only in a trusted workspace.');
    return undefined;
  }
  if (source === 'cluster' && context === undefined) {
    const list = await ctx.request('listContexts', {});
    if (!list) return undefined;
    if (list.error || list.contexts.length === 0) {
      const why = list.error ?? 'no kubeconfig context found';
      void vscode.window.showWarningMessage(`Kube Controller Explorer: ${why}.`);
      return undefined;
    }
    const pick = await vscode.window.showQuickPick(
      list.contexts.map((c) => ({
        label: c.name,
        description: `${c.cluster}${c.current ? ' · current' : ''}`,
        detail: c.server,
        name: c.name,
        current: c.current,
      })),
      { title: 'Kube Controller Explorer: Kubeconfig Context', placeHolder: list.files.join(', ') },
    );
    if (!pick) return undefined;
    // The current context is stored as '' so that switching it in kubeconfig is followed.
    context = pick.current ? '' : pick.name;
  }
  if (source === 'file' && !file) {
    const filters = { 'Nodes (YAML, JSON)': ['yaml', 'yml', 'json'] };
    const picked = await vscode.window.showOpenDialog({ canSelectMany: false, filters, title: 'Nodes File' });
    if (!picked?.[0]) return undefined;
    file = picked[0].fsPath;
  }
  const choice: InventoryChoice = { source: source as SourceId };
  if (file !== undefined) choice.file = file;
  if (context !== undefined) choice.context = context;
  await ctx.setChoice(choice);
  return source;
}

export async function snapshotInventory(ctx: Ctx, args: unknown[]): Promise<string | undefined> {
  const inv = await ctx.request('inventory', {});
  if (!inv) return undefined;
  let dest: vscode.Uri | undefined;
  if (typeof args[0] === 'string') dest = vscode.Uri.file(args[0]);
  else if (args[0] instanceof vscode.Uri) dest = args[0];
  else {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    dest = await vscode.window.showSaveDialog({
      title: 'Snapshot the Node Inventory',
      filters: { 'Node list (JSON)': ['json'] },
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, 'nodes-snapshot.json') } : {}),
    });
  }
  if (!dest) return undefined;
  // "Automatic" would pick a new nodes file in the workspace up: keep what is in use unless the user says so.
  const keep = !ctx.choice || ctx.choice.source === 'auto';
  if (keep && (inv.source === 'sample' || inv.source === 'cluster')) {
    const pinned: InventoryChoice =
      inv.source === 'sample' ? { source: 'sample' } : { source: 'cluster', context: ctx.choice?.context ?? '' };
    await ctx.ext.workspaceState.update(CHOICE_KEY, pinned);
  }
  await vscode.workspace.fs.writeFile(dest, new TextEncoder().encode(snapshotNodeList(inv.nodes)));
  const where = vscode.workspace.asRelativePath(dest);
  const saved = `Kube Controller Explorer: saved ${nodes(inv.nodes.length)} to ${where}.`;
  void vscode.window.showInformationMessage(saved, 'Use This File', 'Open File').then(async (pick) => {
    if (pick === 'Use This File') await ctx.setChoice({ source: 'file', file: dest.fsPath });
    if (pick === 'Open File') await vscode.window.showTextDocument(dest);
  });
  return dest.toString();
}
