// Issue 13's checks inside the extension host, on the sample cluster's examples: a daemon pod the controller creates
// and the scheduler leaves Pending (otel-agent: Insufficient cpu on the nearly full node; node-exporter: a host port
// already taken), in the code lens, the hover and the placement view.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { until, positionOf } from './util';
import type { Api, Rendered } from './issue12';

interface Env {
  step: (name: string, f: () => Promise<void>) => Promise<void>;
  api: () => Api;
  file: (p: string) => vscode.Uri;
  figures: Record<string, number | string>;
}

function hoverText(hs: vscode.Hover[]): string {
  return hs.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
}

async function lensOf(uri: vscode.Uri, re: RegExp): Promise<string> {
  const lens = await until(`a lens matching ${re}`, async () => {
    const l = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
    return l.find((x) => re.test(x.command?.title ?? ''));
  });
  return lens.command!.title;
}

async function kindHover(uri: vscode.Uri, kind: string, re: RegExp): Promise<string> {
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  const pos = positionOf(doc, `kind: ${kind}`).translate(0, 7);
  return until(`a hover matching ${re}`, async () => {
    const t = hoverText((await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, pos)) ?? []);
    return re.test(t) ? t : undefined;
  });
}

/** The placement view's row of one node: its Scheduler cell. */
function stageCell(body: string, node: string): string {
  const row = new RegExp(`<tr[^>]*data-key="${node.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>([\\s\\S]*?)</tr>`).exec(body)?.[1] ?? '';
  return /<td class="stage"[^>]*>([\s\S]*?)<\/td>/.exec(row)?.[1] ?? '';
}

export async function issue13Steps({ step, api, file, figures }: Env): Promise<void> {
  await step('issue 13: a daemon pod left Pending (Insufficient cpu) in the lens, the hover and the placement view', async () => {
    await vscode.commands.executeCommand('kce.selectInventory', 'sample');
    await until('the sample inventory', () => (api().ctx.inventory?.source === 'sample' ? true : undefined));
    const otel = file('otel-agent.yaml');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(otel));
    const lens = await lensOf(otel, / Pending/);
    assert.match(lens, /^runs on \d+ of \d+ nodes · [1-9]\d* Pending · \d+ skipped$/);
    figures.pendingLens = lens;
    const hover = await kindHover(otel, 'DaemonSet', /Pending/);
    assert.match(hover, /runs on \*\*\d+ of \d+\*\* nodes · \*\*[1-9]\d* Pending\*\*/);
    assert.match(hover, /\| ⚠ \| worker-a-1 \| created, then Pending: Insufficient cpu \(requests 500m, [^|]*free[^|]*\)/);
    assert.match(hover, /Filter stage only: no scoring, no preemption/);
    const r = await vscode.commands.executeCommand<Rendered>('kce.simulatePlacement', otel.toString(), 0);
    const body = r?.body ?? '';
    assert.match(body, /id="count-pending">[1-9]\d*</);
    assert.match(body, /id="scheduler-note">[^<]*Filter stage only: no scoring, no preemption/);
    assert.match(stageCell(body, 'worker-a-1'), /Pending[\s\S]*Insufficient cpu/);
    assert.match(stageCell(body, 'worker-b-1'), /fits/);
  });

  await step('issue 13: a host port already taken leaves the daemon pod Pending there (NodePorts)', async () => {
    const exporter = file('node-exporter.yaml');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(exporter));
    assert.match(await lensOf(exporter, / Pending/), /^runs on \d+ of \d+ nodes · [1-9]\d* Pending · \d+ skipped$/);
    const hover = await kindHover(exporter, 'DaemonSet', /Pending/);
    assert.match(hover, /\| ⚠ \| worker-c-1 \| created, then Pending: node\(s\) didn't have free ports for the requested pod ports/);
    const r = await vscode.commands.executeCommand<Rendered>('kce.simulatePlacement', exporter.toString(), 0);
    assert.match(stageCell(r?.body ?? '', 'worker-c-1'), /Pending[\s\S]*didn&#39;t have free ports for the requested pod ports/);
  });

  await step('issue 13: a Deployment preview — its pod fits on N of M nodes, in the lens, the hover and the view', async () => {
    const web = file('web-deployment.yaml');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(web));
    const title = await lensOf(web, /^fits on /);
    assert.match(title, /^fits on [1-9]\d* of \d+ nodes · Filter stage only$/);
    figures.workloadLens = title;
    const hover = await kindHover(web, 'Deployment', /its pod fits on/);
    assert.match(hover, /\*\*Deployment `web`\*\*: its pod fits on \*\*[1-9]\d* of \d+\*\* nodes/);
    assert.match(hover, /Filter stage only/);
    assert.match(hover, /\| ✗ \| worker-a-1 \| NodeResourcesFit: Insufficient cpu/);
    const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', web)) ?? [];
    const lens = lenses.find((l) => l.command?.title === title)!;
    const r = await vscode.commands.executeCommand<Rendered>(lens.command!.command, ...(lens.command!.arguments ?? []));
    assert.match(r?.title ?? '', /^Preview: Deployment /);
    assert.match(r?.body ?? '', /id="count-fits">[1-9]\d*</);
    assert.match(r?.body ?? '', /<li>[^<]*Filter stage only/i);
    assert.match(stageCell(r?.body ?? '', 'worker-a-1'), /does not fit[\s\S]*Insufficient cpu/);
    assert.match(stageCell(r?.body ?? '', 'worker-c-1'), /fits/);
  });
}
