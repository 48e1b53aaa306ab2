// The context owns the LanguageClient, the output channel, the status bar item and every disposable.
// Commands reach the server only through `request`, which answers "server not running" instead of throwing.
import * as vscode from 'vscode';
import type { LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import type * as P from '../../server/src/protocol';
import { loadProtocol } from './protocol';
import type { ParamsOf, RequestName, ResultOf } from './protocol';
import { problemKey, statusItem } from './inventory/status';
import { CHOICE_KEY, isChoice, overlayChoice } from './inventory/choice';
import type { InventoryChoice } from './inventory/choice';
import { sanitizeForTrust } from './trust';
import { DaemonSetContext } from './daemonSetContext';
import { linkNotesInDiagnostics, linkNotesInHover } from './walkthrough/links';

export const CLIENT_ID = 'kce';
export const CLIENT_NAME = 'Kube Controller Explorer';

// vscode-languageclient's State values; the module itself is loaded only when the server starts.
const State = { Stopped: 1, Running: 2, Starting: 3 } as const;

export class Ctx implements vscode.Disposable {
  client: LanguageClient | undefined;
  inventory: P.InventoryInfo | undefined;
  readonly log: vscode.LogOutputChannel;
  readonly status: vscode.StatusBarItem;
  private readonly inventoryEmitter = new vscode.EventEmitter<P.InventoryInfo>();
  /** Fires when the server loaded another inventory (source, file, or its contents changed). */
  readonly onInventoryChanged = this.inventoryEmitter.event;
  private clientSubscriptions: vscode.Disposable[] = [];
  private starting: Promise<void> | undefined;
  /** The failing source already announced: one notification per failing source, not one per retry. */
  private notified: string | undefined;
  /** Which open documents hold a DaemonSet, from the server's code lenses (context key for menus). */
  readonly daemonSets = new DaemonSetContext();

  constructor(readonly ext: vscode.ExtensionContext) {
    this.log = vscode.window.createOutputChannel(CLIENT_NAME, { log: true });
    this.status = vscode.window.createStatusBarItem('kce.inventory', vscode.StatusBarAlignment.Right, 100);
    this.status.name = 'Kube Controller Explorer Inventory';
    this.status.command = 'kce.inventoryMenu';
    ext.subscriptions.push(this, this.log, this.status, this.inventoryEmitter, this.daemonSets);
    this.updateStatus();
  }

  /** The workspace's inventory choice (workspace state), if the user made one with Select Inventory. */
  get choice(): InventoryChoice | undefined {
    const c = this.ext.workspaceState.get<unknown>(CHOICE_KEY);
    return isChoice(c) ? c : undefined;
  }

  /** Stores the workspace's choice and has the server load it (the settings are not written). */
  async setChoice(choice: InventoryChoice | undefined): Promise<void> {
    await this.ext.workspaceState.update(CHOICE_KEY, choice);
    await this.retryInventory();
  }

  /** Asks the server to read its settings and load the inventory again (standard didChangeConfiguration). */
  async retryInventory(): Promise<void> {
    if (this.starting) await this.starting;
    if (!this.running) return this.restart();
    this.notified = undefined;
    await this.client!.sendNotification('workspace/didChangeConfiguration', { settings: null });
  }

  get running(): boolean {
    return this.client?.state === State.Running;
  }

  /** Starts the server (once; concurrent callers wait for the same start). */
  start(): Promise<void> {
    if (this.client && this.client.state !== State.Stopped) return this.starting ?? Promise.resolve();
    this.starting = this.startNow().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async startNow(): Promise<void> {
    const [{ LanguageClient, TransportKind }, protocol] = await Promise.all([import('vscode-languageclient/node'), loadProtocol()]);
    const module = this.ext.asAbsolutePath('dist/server.js');
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc },
      debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: 'yaml' },
        { scheme: 'untitled', language: 'yaml' },
      ],
      outputChannel: this.log,
      // The server reads a kubeconfig only when told the workspace is trusted.
      // inventoryMessages: false — the status bar's notification says inventory problems, with its actions;
      // the server's own window/showMessage would say the same a second time.
      initializationOptions: {
        trusted: vscode.workspace.isTrusted,
        inventoryMessages: false,
        settings: { kce: this.serverSettings(this.settingsSnapshot()) },
      },
      middleware: {
        // Note links in hovers and diagnostics open the walkthrough (walkthrough/links.ts); a placement hover
        // completes the Get Started step that asks for one.
        provideHover: async (document, position, token, next) => {
          const hover = linkNotesInHover(await next(document, position, token));
          const placement = (c: unknown): boolean =>
            typeof c === 'object' && !!c && 'value' in c && /runs on \*\*\d+ of \d+\*\*/.test(String(c.value));
          if (hover?.contents.some(placement)) {
            void vscode.commands.executeCommand('setContext', 'kce.hoveredPlacement', true);
          }
          return hover;
        },
        provideCodeLenses: async (document, token, next) => {
          const lenses = await next(document, token);
          this.daemonSets.update(document.uri, lenses ?? []);
          return lenses;
        },
        handleDiagnostics: (uri, diagnostics, next) => next(uri, linkNotesInDiagnostics(diagnostics)),
        provideDiagnostics: async (document, previousResultId, token, next) => {
          const report = await next(document, previousResultId, token);
          // Only a full report has items; 'unChanged' keeps the already linked ones.
          if (report && 'items' in report) linkNotesInDiagnostics(report.items);
          return report;
        },
        workspace: {
          // Untrusted workspaces never reach a cluster: the server sees `auto` instead of `cluster`.
          configuration: async (params, token, next) => {
            const result = await next(params, token);
            if (!Array.isArray(result)) return result;
            return result.map((r, i) => (params.items[i]?.section === 'kce' ? this.serverSettings(r) : r));
          },
        },
      },
    };
    const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
    this.client = client;
    this.clientSubscriptions.push(
      client.onDidChangeState(() => this.updateStatus()),
      client.onNotification(protocol.inventoryChanged, (info) => this.setInventory(info)),
    );
    this.updateStatus();
    try {
      await client.start();
    } catch (e) {
      this.log.error(`The language server did not start: ${String(e)}`);
      this.updateStatus();
      return;
    }
    this.log.info('Language server started.');
    // Straight to the client: `request` waits for `starting`, which is this very call. The summary alone: the
    // status bar needs no node list.
    const inv = await client.sendRequest(protocol.inventory, { nodes: false }).catch((e: unknown) => {
      this.log.warn(`kce/inventory: ${String(e)}`);
      return undefined;
    });
    if (inv) {
      const { nodes: _nodes, ...info } = inv;
      this.setInventory(info);
    }
  }

  async stop(): Promise<void> {
    const c = this.client;
    this.client = undefined;
    for (const d of this.clientSubscriptions.splice(0)) d.dispose();
    if (c && c.state !== State.Stopped) await c.stop().catch((e: unknown) => this.log.warn(`stop: ${String(e)}`));
    this.updateStatus();
  }

  async restart(): Promise<void> {
    this.log.info('Restarting the language server…');
    await this.stop();
    await this.start();
  }

  /**
   * Sends a custom request; when the server is down says so (with a Restart button) and answers undefined.
   * `quiet` skips the message, for background refreshes.
   */
  async request<K extends RequestName>(name: K, params: ParamsOf<K>, opts: { quiet?: boolean } = {}): Promise<ResultOf<K> | undefined> {
    if (this.starting) await this.starting;
    const c = this.client;
    if (!c || c.state !== State.Running) {
      if (!opts.quiet) void this.notRunning();
      return undefined;
    }
    const type = (await loadProtocol())[name];
    try {
      // ParamsOf/ResultOf tie params and result to the request object; the overloads cannot see that generically.
      return (await c.sendRequest(type as never, params as never)) as ResultOf<K>;
    } catch (e) {
      this.log.error(`${type.method} failed: ${String(e)}`);
      if (!opts.quiet) void vscode.window.showErrorMessage(`Kube Controller Explorer: ${type.method} failed: ${String(e)}`);
      return undefined;
    }
  }

  private async notRunning(): Promise<void> {
    const pick = await vscode.window.showWarningMessage('Kube Controller Explorer: the language server is not running.', 'Restart', 'Show Log');
    if (pick === 'Restart') await this.restart();
    if (pick === 'Show Log') this.log.show(true);
  }

  /** The `kce` section the server sees: the workspace's inventory choice over the settings, then trust. */
  private serverSettings(section: unknown): unknown {
    return sanitizeForTrust(overlayChoice(section, this.choice), vscode.workspace.isTrusted);
  }

  setInventory(info: P.InventoryInfo): void {
    this.inventory = info;
    const s = statusItem(info, true);
    this.log.info(`Inventory: ${s.tooltip.split('\n').slice(0, -1).join(' ')}`);
    this.updateStatus();
    this.inventoryEmitter.fire(info);
    const key = problemKey(info);
    if (key !== this.notified) {
      this.notified = key;
      if (key) void this.announceProblem(s.tooltip.split('\n').slice(0, -1).join(' '));
    }
  }

  /** One warning per failing source, with what the user can do about it. */
  private async announceProblem(text: string): Promise<void> {
    const actions = ['Retry', 'Select Inventory', 'Show Log'];
    const pick = await vscode.window.showWarningMessage(`Kube Controller Explorer: ${text}`, ...actions);
    if (pick === 'Retry') await this.retryInventory();
    else if (pick === 'Select Inventory') await vscode.commands.executeCommand('kce.selectInventory');
    else if (pick === 'Show Log') this.log.show(true);
  }

  private updateStatus(): void {
    const starting = !!this.client && this.client.state === State.Starting;
    const s = statusItem(this.inventory, this.running || starting || !this.client);
    this.status.text = s.text;
    this.status.tooltip = s.tooltip;
    const background = s.level === 'error' ? 'statusBarItem.errorBackground' : 'statusBarItem.warningBackground';
    this.status.backgroundColor = s.level === 'ok' ? undefined : new vscode.ThemeColor(background);
    this.status.show();
  }

  private settingsSnapshot(): unknown {
    const c = vscode.workspace.getConfiguration('kce');
    return {
      inventory: {
        file: c.get('inventory.file'), podsFile: c.get('inventory.podsFile'), source: c.get('inventory.source'),
        context: c.get('inventory.context'), kubeconfig: c.get('inventory.kubeconfig'),
      },
      featureGates: c.get('featureGates'),
      insights: { enabled: c.get('insights.enabled') },
      hover: { maxNodes: c.get('hover.maxNodes') },
      trace: { server: c.get('trace.server') },
    };
  }

  dispose(): void {
    void this.stop();
  }
}
