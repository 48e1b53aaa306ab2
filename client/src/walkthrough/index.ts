// The walkthrough in VS Code: the "Controller Walkthrough" tree (chapters → steps), the note panel with
// previous/next and links to the Go code, the commands, and code lenses in Go files of a checkout.
// Registration is cheap; the notes load on first use (see data.ts).
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';
import { makeNonce, page, type ViewMessage } from '../views/html';
import { SIMULATE_PLACEMENT_COMMAND } from '../protocol';
import { loadWalkthrough } from './data';
import {
  buildTree, flattenSteps, noteMarkdownFor, relativeInCheckout, renderNoteBody, SAMPLE_DAEMONSET,
  OPEN_ANCHOR, OPEN_NOTE, OPEN_NOTE_FOR_CODE, SIMULATE_OPEN_DAEMONSET, type TreeNode,
} from './model';
import { SourceResolver, type OpenResult } from './source';

/** Command the walkthrough registers: argument is a reason or insight code (`TaintNotTolerated`). */
export const OPEN_NOTE_COMMAND = OPEN_NOTE_FOR_CODE;
export const TREE_VIEW_ID = 'kce.walkthrough';
const PANEL_VIEW_TYPE = 'kce.walkthroughNote';
const LAST_NOTE_KEY = 'kce.walkthrough.lastNote';

type Step = Extract<TreeNode, { kind: 'step' }>;

class WalkthroughTree implements vscode.TreeDataProvider<TreeNode> {
  private tree: TreeNode[] | undefined;
  current: string | undefined;
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  async nodes(): Promise<TreeNode[]> {
    if (!this.tree) {
      const w = await loadWalkthrough();
      this.tree = buildTree(w.listChapters());
    }
    return this.tree;
  }

  async steps(): Promise<Step[]> {
    return flattenSteps(await this.nodes());
  }

  setCurrent(id: string | undefined): void {
    this.current = id;
    this.changed.fire(undefined);
  }

  getTreeItem(n: TreeNode): vscode.TreeItem {
    if (n.kind === 'chapter') {
      const item = new vscode.TreeItem(n.label, vscode.TreeItemCollapsibleState.Expanded);
      item.id = n.id;
      item.description = n.description;
      item.tooltip = n.tooltip;
      item.iconPath = new vscode.ThemeIcon('book');
      item.contextValue = 'chapter';
      return item;
    }
    const item = new vscode.TreeItem(n.label, vscode.TreeItemCollapsibleState.None);
    item.id = n.id;
    item.description = n.description;
    item.tooltip = n.tooltip;
    item.iconPath = new vscode.ThemeIcon(n.id === this.current ? 'arrow-right' : 'note');
    item.contextValue = 'step';
    item.command = { command: OPEN_NOTE, title: 'Open note', arguments: [n.id] };
    return item;
  }

  async getChildren(n?: TreeNode): Promise<TreeNode[]> {
    if (!n) return this.nodes();
    return n.kind === 'chapter' ? n.children : [];
  }

  async getParent(n: TreeNode): Promise<TreeNode | undefined> {
    if (n.kind === 'chapter') return undefined;
    return (await this.nodes()).find((c) => c.id === `chapter:${n.chapter}`);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

interface NoteRendered { id: string; title: string; body: string; previous?: string; next?: string }

class NotePanel {
  private panel: vscode.WebviewPanel | undefined;

  constructor(private readonly onMessage: (m: ViewMessage) => unknown) {}

  show(r: NoteRendered): void {
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(PANEL_VIEW_TYPE, r.title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true, localResourceRoots: [] });
      this.panel.onDidDispose(() => (this.panel = undefined));
      this.panel.webview.onDidReceiveMessage((m: ViewMessage) => this.onMessage(m));
    }
    this.panel.title = `Walkthrough: ${r.title}`;
    this.panel.webview.html = page({ title: r.title, cspSource: this.panel.webview.cspSource, nonce: makeNonce(), view: 'walkthrough', state: { note: r.id }, body: r.body });
    this.panel.reveal(undefined, true);
  }

  get visible(): boolean {
    return !!this.panel;
  }

  dispose(): void {
    this.panel?.dispose();
  }
}

/** Sets up the walkthrough's view, panel and Go lenses; answers its commands for the command table. */
export function registerWalkthrough(ctx: Ctx): Record<string, (...a: unknown[]) => unknown> {
  const ext = ctx.ext;
  const tree = new WalkthroughTree();
  const view = vscode.window.createTreeView(TREE_VIEW_ID, { treeDataProvider: tree, showCollapseAll: true });
  const source = new SourceResolver(ext, ctx.log);

  const onMessage = async (m: ViewMessage): Promise<void> => {
    if (m?.type === 'open' && /^https:\/\//.test(m.url)) await vscode.env.openExternal(vscode.Uri.parse(m.url));
    // Only our own commands can be run from the note.
    if (m?.type === 'command' && typeof m.command === 'string' && m.command.startsWith('kce.')) await vscode.commands.executeCommand(m.command, ...(m.args ?? []));
  };
  const panel = new NotePanel((m) => void onMessage(m));

  async function openNote(id?: unknown): Promise<NoteRendered | undefined> {
    const w = await loadWalkthrough();
    let noteId = typeof id === 'string' ? id : undefined;
    if (!noteId) {
      const steps = await tree.steps();
      const pick = await vscode.window.showQuickPick(steps.map((s) => ({ label: s.label, detail: s.description, id: s.id })), { placeHolder: 'Open a walkthrough note', matchOnDetail: true });
      noteId = pick?.id;
      if (!noteId) return undefined;
    }
    const note = w.getNote(noteId);
    if (!note) {
      void vscode.window.showWarningMessage(`Kube Controller Explorer: there is no walkthrough note "${noteId}".`);
      return undefined;
    }
    const steps = await tree.steps();
    const at = steps.findIndex((s) => s.id === note.id);
    const nav = w.adjacentNotes(note.id);
    const body = renderNoteBody(note.id, noteMarkdownFor(note, w.getNoteMarkdown), { ...nav, ...(at >= 0 ? { position: `step ${at + 1} of ${steps.length}` } : {}) });
    const r: NoteRendered = { id: note.id, title: note.title, body, ...nav };
    panel.show(r);
    tree.setCurrent(note.id);
    void ext.globalState.update(LAST_NOTE_KEY, note.id);
    const step = steps[at];
    if (step && view.visible) void view.reveal(step, { select: true, focus: false }).then(undefined, () => undefined);
    return r;
  }

  async function step(delta: 1 | -1): Promise<NoteRendered | undefined> {
    const w = await loadWalkthrough();
    const cur = tree.current ?? ext.globalState.get<string>(LAST_NOTE_KEY);
    if (!cur) return openNote((await tree.steps())[0]?.id);
    const nav = w.adjacentNotes(cur);
    const target = delta > 0 ? nav.next : nav.previous;
    if (!target) {
      void vscode.window.showInformationMessage(delta > 0 ? 'Kube Controller Explorer: this is the last step of the walkthrough.' : 'Kube Controller Explorer: this is the first step of the walkthrough.');
      return undefined;
    }
    return openNote(target);
  }

  async function openAnchor(noteId: unknown, index: unknown = 0, opts: unknown = {}): Promise<OpenResult | undefined> {
    const w = await loadWalkthrough();
    const note = typeof noteId === 'string' ? w.getNote(noteId) : undefined;
    const anchor = note?.anchors[typeof index === 'number' ? index : 0];
    if (!anchor) return undefined;
    const loc = await source.resolve(anchor);
    const doOpen = (opts as { open?: boolean } | undefined)?.open !== false;
    ctx.log.info(`walkthrough: ${anchor.path}#${anchor.symbol} via ${loc.via}${loc.line ? ` line ${loc.line}` : ''}${loc.why ? ` (${loc.why})` : ''}`);
    return source.open(loc, doOpen);
  }

  async function simulateOpenDaemonSet(): Promise<unknown> {
    // A visible YAML editor first, then any open YAML document; the server's lenses say where DaemonSets are.
    const docs = [
      ...vscode.window.visibleTextEditors.map((e) => e.document),
      ...vscode.workspace.textDocuments,
    ].filter((d) => d.languageId === 'yaml' && /^kind:\s*DaemonSet\b/m.test(d.getText()));
    const doc = docs[0];
    if (!doc) {
      const pick = await vscode.window.showInformationMessage('Kube Controller Explorer: open a DaemonSet YAML file first.', 'Open a sample DaemonSet');
      if (pick) await vscode.commands.executeCommand('kce.walkthrough.openSample');
      return undefined;
    }
    const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri)) ?? [];
    const first = lenses.find((l) => l.command?.command === SIMULATE_PLACEMENT_COMMAND && typeof l.command.arguments?.[1] === 'number');
    const index = (first?.command?.arguments?.[1] as number | undefined) ?? 0;
    return vscode.commands.executeCommand(SIMULATE_PLACEMENT_COMMAND, doc.uri.toString(), index);
  }

  const commands: Record<string, (...a: unknown[]) => unknown> = {
    [OPEN_NOTE]: (id) => openNote(id),
    [OPEN_NOTE_FOR_CODE]: async (code) => {
      const w = await loadWalkthrough();
      const id = typeof code === 'string' ? w.noteForCode(code) : undefined;
      if (!id) {
        void vscode.window.showInformationMessage(`Kube Controller Explorer: no walkthrough note explains ${String(code)}.`);
        return undefined;
      }
      return openNote(id);
    },
    'kce.walkthrough.start': async () => {
      void vscode.commands.executeCommand(`${TREE_VIEW_ID}.focus`).then(undefined, () => undefined);
      const last = ext.globalState.get<string>(LAST_NOTE_KEY);
      const w = await loadWalkthrough();
      return openNote(last && w.getNote(last) ? last : (await tree.steps())[0]?.id);
    },
    'kce.walkthrough.next': () => step(1),
    'kce.walkthrough.previous': () => step(-1),
    [OPEN_ANCHOR]: (noteId, index, opts) => openAnchor(noteId, index, opts),
    // The tree's model as plain data (chapters with their steps), for tests and other extensions.
    'kce.walkthrough.listChapters': async () => tree.nodes(),
    'kce.walkthrough.openSample': async () => {
      const doc = await vscode.workspace.openTextDocument({ language: 'yaml', content: SAMPLE_DAEMONSET });
      await vscode.window.showTextDocument(doc);
      return doc.uri.toString();
    },
    [SIMULATE_OPEN_DAEMONSET]: () => simulateOpenDaemonSet(),
  };

  ext.subscriptions.push(
    tree,
    view,
    panel,
    vscode.languages.registerCodeLensProvider({ language: 'go', scheme: 'file' }, new GoCodeLenses(source)),
    vscode.workspace.onDidChangeWorkspaceFolders(() => source.reset()),
    vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('kce.walkthrough')) source.reset(); }),
  );
  return commands;
}

/** Above each Go declaration that a note anchors to: "Note: <title>" and "Simulate Placement" (of the open DaemonSet). */
class GoCodeLenses implements vscode.CodeLensProvider {
  constructor(private readonly source: SourceResolver) {}

  async provideCodeLenses(doc: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const root = await this.source.checkoutOf(doc.uri.fsPath);
    if (!root) return [];
    const rel = relativeInCheckout(root, doc.uri.fsPath);
    if (!rel) return [];
    const w = await loadWalkthrough();
    const anchored = w.anchorsInFile(rel);
    if (!anchored.length) return [];
    const text = doc.getText();
    const lenses: vscode.CodeLens[] = [];
    const simulateOn = new Set<number>();
    for (const { noteId, anchor } of anchored) {
      const m = w.findGoSymbol(text, anchor.symbol)[0];
      const note = w.getNote(noteId);
      if (!m || !note) continue;
      const range = new vscode.Range(m.line - 1, 0, m.line - 1, 0);
      lenses.push(new vscode.CodeLens(range, { title: `Note: ${note.title}`, command: OPEN_NOTE, arguments: [noteId], tooltip: note.question }));
      if (!simulateOn.has(m.line)) {
        simulateOn.add(m.line);
        lenses.push(new vscode.CodeLens(range, { title: 'Simulate Placement', command: SIMULATE_OPEN_DAEMONSET, arguments: [], tooltip: 'Simulate the placement of the open DaemonSet' }));
      }
    }
    return lenses;
  }
}
