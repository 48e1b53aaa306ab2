// Webview panels of the simulations: one panel per (view, document, DaemonSet), refreshed on edits and
// inventory changes, restored after a reload by a serializer. The HTML comes from the pure renderers.
import * as vscode from 'vscode';
import type { Ctx } from '../ctx';
import { makeNonce, page } from './html';
import type { ViewMessage } from './html';
import { goRefFor } from './links';
import { OPEN_NOTE_COMMAND } from '../walkthrough';

/** What a panel shows: enough plain data to ask the server again after a reload. */
export interface ViewState {
  uri: string;
  documentIndex: number;
  /** The item of a `kind: List` document. */
  item?: number;
  /** View-specific extra (the what-if event, rollout overrides). */
  extra?: unknown;
}

export interface Rendered {
  title: string;
  body: string;
}

export interface ViewKind {
  viewType: string;
  /** Renders the view, or undefined when the server has nothing for this document. */
  load(ctx: Ctx, state: ViewState): Promise<Rendered | undefined>;
  /** Refresh on edits to the document (default true). */
  followsEdits?: boolean;
}

export class SimulationPanel implements vscode.Disposable {
  private static readonly open = new Map<string, SimulationPanel>();
  private readonly disposables: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private loaded = false;

  static key(kind: ViewKind, s: ViewState): string {
    return `${kind.viewType}|${s.uri}|${s.documentIndex}|${s.item ?? ''}|${JSON.stringify(s.extra ?? null)}`;
  }

  /** Opens (or reveals and refreshes) the panel for this state; answers what it rendered. */
  static async show(ctx: Ctx, kind: ViewKind, state: ViewState): Promise<Rendered | undefined> {
    const key = SimulationPanel.key(kind, state);
    const existing = SimulationPanel.open.get(key);
    if (existing) {
      existing.panel.reveal(undefined, true);
      return existing.refresh();
    }
    const panel = vscode.window.createWebviewPanel(kind.viewType, 'Kube Controller Explorer', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      retainContextWhenHidden: false,
      localResourceRoots: [],
    });
    const p = new SimulationPanel(ctx, kind, state, panel);
    return p.refresh();
  }

  /** For the serializer: adopt a restored panel and ask the server again. */
  static revive(ctx: Ctx, kind: ViewKind, panel: vscode.WebviewPanel, state: ViewState): Promise<Rendered | undefined> {
    panel.webview.options = { enableScripts: true, localResourceRoots: [] };
    return new SimulationPanel(ctx, kind, state, panel).refresh();
  }

  private constructor(
    private readonly ctx: Ctx,
    private readonly kind: ViewKind,
    private readonly state: ViewState,
    readonly panel: vscode.WebviewPanel,
  ) {
    const key = SimulationPanel.key(kind, state);
    SimulationPanel.open.set(key, this);
    this.disposables.push(
      panel.onDidDispose(() => {
        SimulationPanel.open.delete(key);
        this.dispose();
      }),
      panel.webview.onDidReceiveMessage((m: ViewMessage) => void this.onMessage(m)),
      ctx.onInventoryChanged(() => this.schedule(50)),
      // The error banner follows the document's diagnostics, which arrive after the text changes.
      vscode.languages.onDidChangeDiagnostics((e) => {
        if (e.uris.some((u) => u.toString() === state.uri)) this.schedule(150);
      }),
    );
    if (kind.followsEdits !== false) {
      this.disposables.push(
        vscode.workspace.onDidChangeTextDocument((e) => {
          if (e.document.uri.toString() === state.uri && e.contentChanges.length) this.schedule(300);
        }),
      );
    }
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), ms);
  }

  async refresh(): Promise<Rendered | undefined> {
    const r = await this.kind.load(this.ctx, this.state);
    const rendered: Rendered = r ?? { title: 'Kube Controller Explorer', body: '<div class="banner error" role="alert">No DaemonSet to simulate here: the document has errors that stop the simulation, or the server is not running.</div>' };
    this.panel.title = rendered.title;
    const webviewState = { view: this.kind.viewType, ...this.state };
    // A hidden webview drops messages and is rebuilt from `html` when shown again: give it the whole page.
    if (!this.loaded || !this.panel.visible) {
      this.panel.webview.html = page({ title: rendered.title, cspSource: this.panel.webview.cspSource, nonce: makeNonce(), view: this.kind.viewType, state: webviewState, body: rendered.body });
      this.loaded = true;
    } else {
      void this.panel.webview.postMessage({ type: 'update', html: rendered.body, state: webviewState });
    }
    return r;
  }

  private async onMessage(m: ViewMessage): Promise<void> {
    switch (m?.type) {
      case 'reveal': {
        const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(m.uri));
        const pos = new vscode.Position(m.line, m.character);
        await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(pos, pos) });
        return;
      }
      case 'open':
        if (/^https:\/\//.test(m.url)) await vscode.env.openExternal(vscode.Uri.parse(m.url));
        return;
      case 'note': {
        // The walkthrough (when installed) opens the note; without it, the Go function is the best page.
        const commands = await vscode.commands.getCommands(true);
        if (commands.includes(OPEN_NOTE_COMMAND)) await vscode.commands.executeCommand(OPEN_NOTE_COMMAND, m.code);
        else await vscode.env.openExternal(vscode.Uri.parse(goRefFor(m.code).url));
        return;
      }
      case 'command':
        // Only our own commands can be run from a view.
        if (typeof m.command === 'string' && m.command.startsWith('kce.')) await vscode.commands.executeCommand(m.command, ...(m.args ?? []));
        return;
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  static disposeAll(): void {
    for (const p of [...SimulationPanel.open.values()]) p.panel.dispose();
  }
}

/** Restores panels of this kind after a window reload, from the state the webview saved. */
export function registerSerializer(ctx: Ctx, kind: ViewKind): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(kind.viewType, {
    async deserializeWebviewPanel(panel, saved: unknown) {
      const s = (saved as { data?: ViewState } | undefined)?.data;
      if (!s || typeof s.uri !== 'string' || typeof s.documentIndex !== 'number') {
        panel.dispose();
        return;
      }
      await ctx.start();
      const item = typeof s.item === 'number' ? { item: s.item } : {};
      const extra = s.extra !== undefined ? { extra: s.extra } : {};
      await SimulationPanel.revive(ctx, kind, panel, { uri: s.uri, documentIndex: s.documentIndex, ...item, ...extra });
    },
  });
}
