// Extension entry point: builds the context, registers commands and views, starts the language server.
import * as vscode from 'vscode';
import { Ctx } from './ctx';
import { registerCommands } from './commands';
import { REPORT_SCHEME, ReportProvider } from './views/reportProvider';
import { registerWalkthrough } from './walkthrough';

declare const __KCE_LOAD_START__: number | undefined;
declare const __KCE_LOAD_END__: number | undefined;

export interface KceApi {
  /** Milliseconds from the bundle starting to load to the end of activate (the language server starts after). */
  activationMs: number;
  ctx: Ctx;
}

let current: Ctx | undefined;

export function activate(context: vscode.ExtensionContext): KceApi {
  const t0 = typeof __KCE_LOAD_START__ === 'number' ? __KCE_LOAD_START__ : performance.now();
  const tActivate = performance.now();
  const ctx = new Ctx(context);
  current = ctx;
  registerCommands(ctx);
  const reports = new ReportProvider(ctx);
  context.subscriptions.push(reports, vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, reports));
  registerWalkthrough(ctx);
  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      ctx.log.info('Workspace trusted: restarting the server so it may use every inventory source.');
      void ctx.restart();
    }),
  );
  // The server starts in the background: activation must stay fast.
  void ctx.start();
  const end = performance.now();
  const activationMs = end - t0;
  const loadMs = typeof __KCE_LOAD_END__ === 'number' ? __KCE_LOAD_END__ - t0 : NaN;
  ctx.log.info(`Activated in ${activationMs.toFixed(1)} ms (code loading ${loadMs.toFixed(1)} ms, activate ${(end - tActivate).toFixed(1)} ms; ${vscode.workspace.isTrusted ? 'trusted' : 'restricted mode'}).`);
  return { activationMs, ctx };
}

export function deactivate(): Promise<void> | undefined {
  const c = current;
  current = undefined;
  return c?.stop();
}
