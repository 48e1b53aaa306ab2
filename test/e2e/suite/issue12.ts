// Issue 12's checks inside the extension host: the one command table, quick fixes where the cursor is, documents
// with errors said so, rounds numbered alike, menus only on DaemonSets, and the degraded status bar.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { until, positionOf, sleep } from './util';

const EXT_ID = 'kce.kube-controller-explorer';

export interface Rendered { title: string; body: string }
export interface Api {
  activationMs: number;
  getStartedPages: (() => Promise<string[]>) | undefined;
  ctx: {
    running: boolean;
    stop(): Promise<void>;
    start(): Promise<void>;
    inventory?: { source: string; count: number; error?: string; problem?: string };
    status: { text: string; tooltip?: string | vscode.MarkdownString; backgroundColor?: vscode.ThemeColor };
    daemonSets: { has(uri: vscode.Uri): boolean };
  };
}

interface Env {
  step: (name: string, f: () => Promise<void>) => Promise<void>;
  api: () => Api;
  good: vscode.Uri;
  broken: vscode.Uri;
  file: (p: string) => vscode.Uri;
  figures: Record<string, number | string>;
}

export async function issue12Steps({ step, api, good, broken, file, figures }: Env): Promise<void> {
  await step('every command of the manifest is registered, from the one command table', async () => {
    const pkg = JSON.parse(readFileSync(join(vscode.extensions.getExtension(EXT_ID)!.extensionPath, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
    const all = new Set(await vscode.commands.getCommands(true));
    const missing = pkg.contributes.commands.map((c) => c.command).filter((c) => !all.has(c));
    assert.deepEqual(missing, []);
  });

  await step('quick fixes are offered only for the diagnostics under the cursor', async () => {
    const doc = await vscode.workspace.openTextDocument(broken);
    await vscode.window.showTextDocument(doc);
    await until('diagnostics', () => vscode.languages.getDiagnostics(broken).length >= 9 || undefined);
    const fixesAt = async (needle: string): Promise<string[]> => {
      const pos = positionOf(doc, needle);
      const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', broken, new vscode.Range(pos, pos), vscode.CodeActionKind.QuickFix.value)) ?? [];
      return actions.map((a) => a.title);
    };
    // The comment on the first line, and a line without a problem: nothing.
    assert.deepEqual(await fixesAt('# Every mistake'), []);
    assert.deepEqual(await fixesAt('image: example.com'), []);
    const effect = await fixesAt('NoSchedul\n');
    assert.deepEqual(effect.map((t) => t.replace(/ — .*$/, '')), ['Change NoSchedul to NoSchedule']);
    const within = await fixesAt('Within');
    assert.deepEqual(within.map((t) => t.replace(/ — .*$/, '')), ['Change Within to In']);
    const restart = await fixesAt('OnFailure');
    assert.deepEqual(restart, ['Change restartPolicy OnFailure to Always — no change in placement']);
    const zero = await fixesAt('maxUnavailable: 0%');
    assert.deepEqual(zero, ['Set maxUnavailable to 1 (the default: one node at a time) — no change in placement']);
    for (const t of [...effect, ...within]) assert.match(t, / — (no change in placement|runs on \d+ (more|fewer) nodes?)$/);
  });

  await step('a DaemonSet with errors: the lens and the view say so', async () => {
    const lens = await until('the lens of the broken DaemonSet', async () => {
      const l = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', broken)) ?? [];
      return l.find((x) => x.command?.command === 'kce.simulatePlacement');
    });
    assert.match(lens.command!.title, /^⚠ fix \d+ errors first · runs on \d+ of \d+ nodes as written, ignoring what is invalid$/);
    const r = await vscode.commands.executeCommand<Rendered>('kce.simulatePlacement', broken.toString(), 0);
    assert.match(r?.body ?? '', /id="errors-banner"><b>Fix them first\.<\/b> This DaemonSet has \d+ errors that kube-apiserver would reject\./);
    const valid = await vscode.commands.executeCommand<Rendered>('kce.simulatePlacement', good.toString(), 0);
    assert.ok(!valid?.body.includes('errors-banner'));
    // Mid-typing: an unterminated quote in the nodeSelector. The lens and the view say the text does not parse.
    const typing = readFileSync(good.fsPath, 'utf8').replace('kubernetes.io/os: linux', 'kubernetes.io/os: "linux');
    assert.notEqual(typing, readFileSync(good.fsPath, 'utf8'));
    const doc = await vscode.workspace.openTextDocument({ language: 'yaml', content: typing });
    await vscode.window.showTextDocument(doc);
    await until('the syntax error', () => vscode.languages.getDiagnostics(doc.uri).find((d) => /^yaml\./.test(String(typeof d.code === 'object' ? d.code.value : d.code))));
    const syntaxLens = await until('the lens of a DaemonSet that does not parse', async () => {
      const l = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri)) ?? [];
      return l.find((x) => x.command?.command === 'kce.simulatePlacement' && /YAML syntax/.test(x.command.title));
    });
    assert.match(syntaxLens.command!.title, /^⚠ YAML syntax (error|errors \(\d+\)): fix (it|them) first · runs on \d+ of \d+ nodes as written, ignoring what is invalid$/);
    const shown = await vscode.commands.executeCommand<Rendered>('kce.simulatePlacement', doc.uri.toString(), 0);
    assert.match(shown?.body ?? '', /id="errors-banner"><b>Fix (it|them) first\.<\/b> This document has (a YAML syntax error|\d+ YAML syntax errors): the parts that do not parse are left out\./);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    // Open but never shown in an editor: VS Code pulls no diagnostics for it, the view asks the server itself.
    const hidden = await vscode.workspace.openTextDocument({ language: 'yaml', content: readFileSync(broken.fsPath, 'utf8') });
    const unseen = await until('the view of a document never shown', async () => {
      const inVsCode = vscode.languages.getDiagnostics(hidden.uri).length;
      const visible = vscode.window.visibleTextEditors.some((e) => e.document === hidden);
      assert.deepEqual({ inVsCode, visible }, { inVsCode: 0, visible: false }, 'the banner must come from the server');
      const v = await vscode.commands.executeCommand<Rendered>('kce.simulatePlacement', hidden.uri.toString(), 0);
      return v?.body.includes('errors-banner') ? v : undefined;
    });
    assert.match(unseen.body, /id="errors-banner"><b>Fix them first\.<\/b> This DaemonSet has \d+ errors that kube-apiserver would reject\./);
    // An untitled document with text stays dirty: close it without saving, or later steps meet a save prompt.
    await vscode.window.showTextDocument(hidden);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  await step('rounds are numbered the same way in the rollout table and its notes', async () => {
    const r = await vscode.commands.executeCommand<Rendered>('kce.simulateRollout', good.toString(), 0);
    const first = /data-key="(\d+)"><td data-sort="\d+">(\d+)<\/td>/.exec(r!.body);
    assert.equal(first?.[2], '1');
    assert.match(r!.body, /<li>round 1: /);
    assert.ok(!/round 0/.test(r!.body));
  });

  await step('simulation menu entries only on documents holding a DaemonSet (context key from the server)', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(good));
    await until('fluent-bit.yaml marked', () => api().ctx.daemonSets.has(good));
    const nodesFile = file('sample-cluster.yaml');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(nodesFile));
    await sleep(800);
    assert.equal(api().ctx.daemonSets.has(nodesFile), false);
  });

  await step('the Get Started pages describe the inventory in use, and follow it', async () => {
    const pages = api().getStartedPages;
    assert.ok(pages, 'the installed extension follows the inventory in its Get Started pages');
    const hoverPage = join(vscode.extensions.getExtension(EXT_ID)!.extensionPath, 'media', 'walkthrough', 'hover.md');
    const two = file('two-nodes.json');
    await vscode.commands.executeCommand('kce.selectInventory', 'file', two.fsPath);
    await until('the two-node inventory', () => api().ctx.inventory?.count === 2 || undefined);
    await pages();
    assert.match(readFileSync(hoverPage, 'utf8'), /a table of the 2 nodes of `two-nodes\.json`:/);
    await vscode.commands.executeCommand('kce.selectInventory', 'sample');
    await until('the sample inventory', () => (api().ctx.inventory?.source === 'sample' ? true : undefined));
    await pages();
    const text = readFileSync(hoverPage, 'utf8');
    assert.match(text, new RegExp(`a table of the ${api().ctx.inventory!.count} nodes of the sample cluster:`));
    assert.match(text, /^- \*\*Taints\*\* .*`node-role\.kubernetes\.io\/control-plane:NoSchedule` on `cp-1`/m);
  });

  await step('an unreachable cluster: the status bar says what is in use and why, in the warning colour', async () => {
    await vscode.commands.executeCommand('kce.selectInventory', 'cluster', 'test');
    const item = await until('a degraded status', () => {
      const s = api().ctx.status;
      return s.backgroundColor && /failed|not answering|\$\(warning\)/.test(s.text) ? s : undefined;
    }, 25000);
    assert.equal(item.backgroundColor?.id, 'statusBarItem.warningBackground');
    const tip = typeof item.tooltip === 'string' ? item.tooltip : item.tooltip?.value ?? '';
    assert.match(tip, /Problem: /);
    figures.degradedStatus = item.text;
    const r = await vscode.commands.executeCommand<Rendered>('kce.simulatePlacement', good.toString(), 0);
    assert.match(r?.body ?? '', /id="inventory-banner">/);
    await vscode.commands.executeCommand('kce.selectInventory', 'sample');
    await until('the sample inventory again', () => api().ctx.inventory?.source === 'sample' && !api().ctx.status.backgroundColor);
  });
}
