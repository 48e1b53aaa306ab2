// Read-only virtual documents with the text report of one DaemonSet (language `kce-report`).
import * as vscode from 'vscode';
import type * as P from '../../../server/src/protocol';
import type { Ctx } from '../ctx';
import { fullReport } from './report';

export const REPORT_SCHEME = 'kce-report';

export function reportUri(ref: P.DocumentRef): vscode.Uri {
  const base = ref.uri.split('/').pop()?.replace(/\.(ya?ml)$/i, '') || 'daemonset';
  const item = ref.item !== undefined ? `.${ref.item + 1}` : '';
  const path = `/${base}-${ref.documentIndex + 1}${item}.kce-report`;
  return vscode.Uri.from({ scheme: REPORT_SCHEME, path, query: JSON.stringify(ref) });
}

function refOf(uri: vscode.Uri): P.DocumentRef | undefined {
  try {
    const r = JSON.parse(uri.query) as P.DocumentRef;
    return typeof r.uri === 'string' && typeof r.documentIndex === 'number' ? r : undefined;
  } catch {
    return undefined;
  }
}

export class ReportProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private readonly subs: vscode.Disposable[];

  constructor(private readonly ctx: Ctx) {
    // Open reports follow the inventory, like the webviews.
    this.subs = [ctx.onInventoryChanged(() => {
      for (const d of vscode.workspace.textDocuments) if (d.uri.scheme === REPORT_SCHEME) this.emitter.fire(d.uri);
    })];
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const ref = refOf(uri);
    if (!ref) return 'Not a Kube Controller Explorer report.\n';
    if (!this.ctx.running) await this.ctx.start();
    const placement = await this.ctx.request('simulatePlacement', ref);
    if (!placement) return `No simulation for document ${ref.documentIndex + 1} of ${ref.uri}: it is not a valid DaemonSet, or the server is not running.\n`;
    const [plan, rollout] = await Promise.all([this.ctx.request('plan', ref, { quiet: true }), this.ctx.request('rollout', ref, { quiet: true })]);
    return fullReport(placement, plan ?? null, rollout ?? null);
  }

  dispose(): void {
    this.emitter.dispose();
    for (const s of this.subs) s.dispose();
  }
}
