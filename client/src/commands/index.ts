// The one command table: each command id maps to a factory that takes the context and answers the handler.
// Families live in their own files (views, what if, inventory; the walkthrough registers its table here too).
// Every handler still answers (with a message) when the server is down.
import * as vscode from 'vscode';
import type * as P from '../../../server/src/protocol';
import type { Ctx } from '../ctx';
import { SimulationPanel, registerSerializer } from '../views/panels';
import { reportUri } from '../views/reportProvider';
import { VIEWS, openView, placementView, planView, rolloutView, whatIfView, workloadView } from './views';
import { askNodeEvent } from './whatIf';
import { inventoryMenu, selectInventory, snapshotInventory } from './inventory';
import { resolveTarget } from './target';

export type Handler = (...args: unknown[]) => unknown;
export type CommandFactory = (ctx: Ctx) => Handler;

export const COMMANDS: Record<string, CommandFactory> = {
  'kce.simulatePlacement': (ctx) => (...a) => openView(ctx, placementView, a),
  'kce.simulatePlan': (ctx) => (...a) => openView(ctx, planView, a),
  'kce.simulateRollout': (ctx) => (...a) => openView(ctx, rolloutView, a),
  // The code lens of a Deployment, StatefulSet, Job… (arguments from the server: uri, document, List item).
  'kce.simulateWorkload': (ctx) => (...a) => openView(ctx, workloadView, a),
  'kce.whatIf': (ctx) => async (...a) => {
    const target = await resolveTarget(a);
    if (!target) return undefined;
    const event = (a[2] as P.NodeEvent | undefined) ?? (await askNodeEvent(ctx));
    if (!event) return undefined;
    return openView(ctx, whatIfView, [target.uri, target.documentIndex, target.item], event);
  },
  'kce.showReport': () => async (...a) => {
    const target = await resolveTarget(a);
    if (!target) return undefined;
    const doc = await vscode.workspace.openTextDocument(reportUri(target));
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true });
    return doc.getText();
  },
  'kce.selectInventory': (ctx) => (...a) => selectInventory(ctx, a),
  'kce.snapshotInventory': (ctx) => (...a) => snapshotInventory(ctx, a),
  'kce.inventoryMenu': (ctx) => () => inventoryMenu(ctx),
  'kce.retryInventory': (ctx) => () => ctx.retryInventory(),
  'kce.restartServer': (ctx) => () => ctx.restart(),
  'kce.showOutput': (ctx) => () => ctx.log.show(true),
};

/** Registers the table (plus `extra` factories, e.g. the walkthrough's) and the view serializers. */
export function registerCommands(ctx: Ctx, extra: Record<string, CommandFactory> = {}): void {
  for (const [id, factory] of Object.entries({ ...COMMANDS, ...extra })) {
    ctx.ext.subscriptions.push(vscode.commands.registerCommand(id, factory(ctx)));
  }
  for (const v of VIEWS) ctx.ext.subscriptions.push(registerSerializer(ctx, v));
  ctx.ext.subscriptions.push({ dispose: () => SimulationPanel.disposeAll() });
}
