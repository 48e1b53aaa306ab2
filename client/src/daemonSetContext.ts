// The `kce.daemonSetDocuments` context key: the paths of open YAML documents in which the server found a
// DaemonSet it can simulate (its code lenses say so). Menus use it (`resourcePath in kce.daemonSetDocuments`;
// `resource` is a URI object there, which `in` cannot compare) so the simulation commands appear only on such
// documents, not on every YAML file.
import * as vscode from 'vscode';
import { SIMULATE_PLACEMENT_COMMAND } from './protocol';

export const DAEMONSET_DOCUMENTS_KEY = 'kce.daemonSetDocuments';

export class DaemonSetContext implements vscode.Disposable {
  private readonly uris = new Set<string>();
  /** resourcePath of each: what the when clause compares. */
  private readonly paths = new Map<string, string>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor() {
    this.subscriptions.push(
      vscode.workspace.onDidCloseTextDocument((d) => this.set(d.uri, false)),
      // Lenses may be off in the editor: ask for them when the active editor changes or its text does.
      vscode.window.onDidChangeActiveTextEditor(() => this.schedule(50)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === vscode.window.activeTextEditor?.document) this.schedule(500);
      }),
    );
  }

  /** Takes the lenses the server gave for a document (called from the client's middleware). */
  update(uri: vscode.Uri, lenses: readonly vscode.CodeLens[]): void {
    this.set(uri, lenses.some((l) => l.command?.command === SIMULATE_PLACEMENT_COMMAND));
  }

  has(uri: vscode.Uri): boolean {
    return this.uris.has(uri.toString());
  }

  private set(uri: vscode.Uri, on: boolean): void {
    const k = uri.toString();
    if (on === this.uris.has(k)) return;
    if (on) this.uris.add(k);
    else this.uris.delete(k);
    if (on) this.paths.set(k, uri.fsPath);
    else this.paths.delete(k);
    void vscode.commands.executeCommand('setContext', DAEMONSET_DOCUMENTS_KEY, [...this.paths.values()]);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const doc = vscode.window.activeTextEditor?.document;
      // The lens provider goes through the middleware, which calls update().
      if (doc?.languageId !== 'yaml') return;
      void vscode.commands.executeCommand('vscode.executeCodeLensProvider', doc.uri).then(undefined, () => undefined);
    }, ms);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }
}
