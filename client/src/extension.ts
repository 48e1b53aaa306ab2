// Extension entry point: builds the context, registers commands and views, starts the language server.
import * as vscode from 'vscode';
import { Ctx } from './ctx';
import { registerCommands } from './commands';
import { REPORT_SCHEME, ReportProvider } from './views/reportProvider';
import { registerWalkthrough } from './walkthrough';
import { followInventoryInGetStarted } from './walkthrough/getStartedMedia';

declare const __KCE_LOAD_START__: number | undefined;
declare const __KCE_LOAD_END__: number | undefined;

export interface KceApi {
  /** Milliseconds from the bundle starting to load to the end of activate (the language server starts after). */
  activationMs: number;
  ctx: Ctx;
  /** Rewrites the Get Started pages from the inventory now (undefined in a development host). */
  getStartedPages: (() => Promise<string[]>) | undefined;
}

let current: Ctx | undefined;

export function activate(context: vscode.ExtensionContext): KceApi {
  const t0 = typeof __KCE_LOAD_START__ === 'number' ? __KCE_LOAD_START__ : performance.now();
  const tActivate = performance.now();
  const ctx = new Ctx(context);
  current = ctx;
  // One command table: the extension's own families and the walkthrough's.
  const walkthrough = registerWalkthrough(ctx);
  registerCommands(ctx, Object.fromEntries(Object.entries(walkthrough).map(([id, h]) => [id, () => h])));
  const reports = new ReportProvider(ctx);
  context.subscriptions.push(reports, vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, reports));
  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      ctx.log.info('Workspace trusted: restarting the server so it may use every inventory source.');
      void ctx.restart();
    }),
  );
  const getStartedPages = followInventoryInGetStarted(ctx);
  // The server starts in the background: activation must stay fast.
  void ctx.start();
  // Activation as VS Code counts it: loading the code plus the activate call. The extension host
  // prepares the extension's context between the two; that wait is reported apart.
  const end = performance.now();
  const loadMs = typeof __KCE_LOAD_END__ === 'number' ? __KCE_LOAD_END__ - t0 : 0;
  const activateMs = end - tActivate;
  const activationMs = loadMs + activateMs;
  ctx.log.info(`Activated in ${activationMs.toFixed(1)} ms (code loading ${loadMs.toFixed(1)} ms + activate ${activateMs.toFixed(1)} ms; ${(end - t0).toFixed(1)} ms wall from load including the host's context setup; ${vscode.workspace.isTrusted ? 'trusted' : 'restricted mode'}).`);
  return { activationMs, ctx, getStartedPages };
}

export function deactivate(): Promise<void> | undefined {
  const c = current;
  current = undefined;
  return c?.stop();
}
