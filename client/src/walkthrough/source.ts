// Where a note's Go code is: a local kubernetes checkout (the setting, else a workspace folder whose
// go.mod declares k8s.io/kubernetes), else the raw file fetched at the tag (cached under the
// extension's global storage) to find the line, else the GitHub page without a line, saying why.
import * as vscode from 'vscode';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { homedir } from 'node:os';
import type { Anchor, AnchorLocation, SourceFetcher } from '../../../server/src/walkthrough/types';
import { ancestors, fetchGoFilesEnabled, isKubernetesGoMod, userValueOf } from './model';
import { loadWalkthrough } from './data';

/** What opening an anchor did (the command returns it, so tests need no browser). */
export interface OpenResult {
  via: AnchorLocation['via'];
  opened: 'editor' | 'external' | 'nothing';
  url: string;
  uri?: string;
  line?: number;
  why?: string;
}

const FETCH_TIMEOUT_MS = 8000;

export class SourceResolver {
  private readonly goMod = new Map<string, Promise<boolean>>();
  private fetcher: SourceFetcher | undefined;
  private warnedSetting = '';

  constructor(private readonly ext: vscode.ExtensionContext, private readonly log: vscode.LogOutputChannel) {}

  private isCheckout(dir: string): Promise<boolean> {
    let p = this.goMod.get(dir);
    if (!p) {
      p = readFile(join(dir, 'go.mod'), 'utf8').then(isKubernetesGoMod, () => false);
      this.goMod.set(dir, p);
    }
    return p;
  }

  /** Forget cached go.mod answers (a folder was added, a setting changed). */
  reset(): void {
    this.goMod.clear();
  }

  private settingPath(): string | undefined {
    const raw = vscode.workspace.getConfiguration('kce').get<string>('walkthrough.kubernetesSource', '').trim();
    if (!raw) return undefined;
    const expanded = raw.startsWith('~') ? join(homedir(), raw.slice(1)) : raw;
    if (isAbsolute(expanded)) return expanded;
    const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
    return folder ? join(folder.uri.fsPath, expanded) : undefined;
  }

  /** The local checkout to resolve anchors in, if any. */
  async checkout(): Promise<string | undefined> {
    const configured = this.settingPath();
    if (configured) {
      if (await this.isCheckout(configured)) return configured;
      if (this.warnedSetting !== configured) {
        this.warnedSetting = configured;
        this.log.warn(`kce.walkthrough.kubernetesSource: ${configured} has no go.mod for module k8s.io/kubernetes; ignoring it.`);
      }
    }
    for (const f of vscode.workspace.workspaceFolders ?? []) {
      if (f.uri.scheme === 'file' && (await this.isCheckout(f.uri.fsPath))) return f.uri.fsPath;
    }
    return undefined;
  }

  /** The checkout that holds a file on disk (the setting's, a workspace folder's, or any go.mod above it). */
  async checkoutOf(file: string): Promise<string | undefined> {
    for (const dir of ancestors(dirname(file))) if (await this.isCheckout(dir)) return dir;
    return undefined;
  }

  private fetchEnabled(): boolean {
    const cfg = vscode.workspace.getConfiguration('kce');
    // Values the user set, never defaults: the replaced key is declared (deprecated), so get() would answer its default.
    const user = (key: string): unknown => userValueOf(cfg.inspect<unknown>(key));
    return fetchGoFilesEnabled(user('walkthrough.fetchGoFiles'), user('walkthrough.fetchFromGitHub'));
  }

  private async getFetcher(): Promise<SourceFetcher> {
    if (!this.fetcher) {
      const w = await loadWalkthrough();
      // node's https in the extension host goes through VS Code's proxy support (http.proxy).
      const cacheDir = join(this.ext.globalStorageUri.fsPath, 'kubernetes-source');
      this.fetcher = w.memoizeFetcher(w.createGitHubRawFetcher({ cacheDir, timeoutMs: FETCH_TIMEOUT_MS }));
    }
    return this.fetcher;
  }

  /** Resolves with a cancellable progress notification: fetching may take seconds and must not block. */
  async resolve(anchor: Anchor): Promise<AnchorLocation> {
    const w = await loadWalkthrough();
    const checkout = await this.checkout();
    const fetcher = this.fetchEnabled() ? await this.getFetcher() : undefined;
    const opts = { ...(checkout ? { checkout } : {}), ...(fetcher ? { fetcher } : {}) };
    const work = w.resolveAnchor(anchor, opts);
    if (checkout && !fetcher) return work;
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Finding ${anchor.symbol} at ${anchor.ref}…`, cancellable: true },
      (_p, token) =>
        new Promise<AnchorLocation>((resolve) => {
          const sub = token.onCancellationRequested(() => {
            sub.dispose();
            resolve({ anchor, via: 'none', url: w.blobUrl(anchor), why: 'Opening without a line: the lookup was cancelled.' });
          });
          work.then((loc) => { sub.dispose(); resolve(loc); }, (e: unknown) => {
            sub.dispose();
            resolve({ anchor, via: 'none', url: w.blobUrl(anchor), why: `Opening without a line: ${String(e)}.` });
          });
        }),
    );
  }

  /** Opens a resolved anchor: the local file at the line, else the GitHub page (with the line when known). */
  async open(loc: AnchorLocation, doOpen = true): Promise<OpenResult> {
    const base = { via: loc.via, url: loc.url, ...(loc.line !== undefined ? { line: loc.line } : {}), ...(loc.why ? { why: loc.why } : {}) };
    if (loc.via === 'checkout' && loc.uri) {
      const result: OpenResult = { ...base, opened: 'editor', uri: loc.uri };
      if (!doOpen) return result;
      const line = Math.max(0, (loc.line ?? 1) - 1);
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(loc.uri));
      const pos = new vscode.Position(line, 0);
      await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(pos, pos) });
      if (loc.why) void vscode.window.showInformationMessage(`Kube Controller Explorer: ${loc.why}`);
      return result;
    }
    const result: OpenResult = { ...base, opened: 'external' };
    if (!doOpen) return result;
    await vscode.env.openExternal(vscode.Uri.parse(loc.url));
    if (loc.why) void vscode.window.showInformationMessage(`Kube Controller Explorer: ${loc.why}`);
    return result;
  }
}
