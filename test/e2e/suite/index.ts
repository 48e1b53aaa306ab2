// Runs inside code-server's extension host (extensionTestsPath): the real VS Code API against the
// extension installed from the .vsix. run-e2e.mjs opens a copy of examples/ and reads the exit code
// (window.codeAutomationExit) and the figures this suite writes to $KCE_E2E_OUT/suite.json.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { writeFileSync, readFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getNote } from '../../../server/src/walkthrough/index';
import { issue12Steps } from './issue12';
import { issue13Steps } from './issue13';
import type { Api, Rendered } from './issue12';
import { until, positionOf, sleep } from './util';

const EXT_ID = 'kce.kube-controller-explorer';




function hoverText(hs: vscode.Hover[]): string {
  return hs.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
}


function webviewTabs(): string[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview).map((t) => t.label);
}

export async function run(): Promise<void> {
  const out = process.env.KCE_E2E_OUT;
  const results: { name: string; ok: boolean; ms: number; error?: string }[] = [];
  const figures: Record<string, number | string> = {};
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(root, 'a workspace folder is open');
  const file = (p: string) => vscode.Uri.joinPath(root, p);

  const step = async (name: string, f: () => Promise<void>) => {
    const t = Date.now();
    try {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([f(), new Promise((_, rej) => (timer = setTimeout(() => rej(new Error('step timed out after 30 s')), 30000)))]);
      clearTimeout(timer);
      results.push({ name, ok: true, ms: Date.now() - t });
      console.log(`ok   ${name} (${Date.now() - t} ms)`);
    } catch (e) {
      results.push({ name, ok: false, ms: Date.now() - t, error: String((e as Error)?.stack ?? e) });
      console.log(`FAIL ${name}: ${String((e as Error)?.stack ?? e)}`);
    }
  };

  let api: Api | undefined;
  const good = file('fluent-bit.yaml');
  const broken = file('broken/daemonset-errors.yaml');

  await step('opening a YAML file activates the extension from the installed package', async () => {
    const doc = await vscode.workspace.openTextDocument(good);
    await vscode.window.showTextDocument(doc);
    const ext = await until('the extension', () => vscode.extensions.getExtension<Api>(EXT_ID));
    api = await until('activation', () => (ext.isActive ? ext.exports : undefined));
    assert.equal(typeof api.activationMs, 'number');
    figures.activationMs = Number(api.activationMs.toFixed(1));
    // The figure is reported against its 100 ms target; the assertion is a regression guard with room for a loaded
    // 2-core CI machine (a cold start once measured 102 ms where runs usually take 6–15 ms).
    assert.ok(api.activationMs <= 500, `activation took ${api.activationMs} ms`);
    await until('the language server', () => api!.ctx.running);
  });

  await step('a broken DaemonSet shows its errors with kube-apiserver messages', async () => {
    const doc = await vscode.workspace.openTextDocument(broken);
    await vscode.window.showTextDocument(doc);
    const diags = await until('diagnostics', () => {
      const d = vscode.languages.getDiagnostics(broken);
      return d.length >= 9 ? d : undefined;
    });
    const messages = diags.map((d) => d.message);
    const errors = diags.filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
    assert.ok(errors.length >= 9, `errors: ${errors.length}`);
    // What is wrong first (the short field), the full path and kube-apiserver's exact text in related information.
    assert.ok(messages.some((m) => m.startsWith('tolerations[0].effect: Unsupported value: "NoSchedul"')), messages.join('\n'));
    assert.ok(messages.some((m) => m.includes('`selector` does not match template `labels`')), messages.join('\n'));
    const effect = diags.find((d) => d.message.includes('"NoSchedul"'))!;
    assert.equal(doc.getText(effect.range).replace(/["']/g, ''), 'NoSchedul');
    const related = (effect.relatedInformation ?? []).map((r) => r.message);
    assert.ok(related.includes('Field: spec.template.spec.tolerations[0].effect'), related.join(' | '));
    assert.ok(related.some((r) => r.startsWith('kube-apiserver: spec.template.spec.tolerations[0].effect: Unsupported value: "NoSchedul"')), related.join(' | '));
  });

  await step('hovering kind: DaemonSet shows the placement preview', async () => {
    const doc = await vscode.workspace.openTextDocument(good);
    await vscode.window.showTextDocument(doc);
    const pos = positionOf(doc, 'kind: DaemonSet').translate(0, 7);
    const text = await until('hover', async () => {
      const t = hoverText((await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', good, pos)) ?? []);
      return /runs on \*\*\d+ of \d+\*\* nodes/.test(t) ? t : undefined;
    });
    assert.match(text, /\| [✓✗] \| [a-z0-9-]+ \|/);
  });

  await step('the code lens says where the DaemonSet runs and opens the simulation', async () => {
    const lenses = await until('code lens', async () => {
      const l = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', good)) ?? [];
      return l.length ? l : undefined;
    });
    const lens = lenses[0]!;
    assert.match(lens.command?.title ?? '', /^runs on \d+ of \d+ nodes · \d+ skipped$/);
    assert.equal(lens.command?.command, 'kce.simulatePlacement');
  });

  await step('Simulate DaemonSet placement opens the node table', async () => {
    const r = await vscode.commands.executeCommand<Rendered>('kce.simulatePlacement', good.toString(), 0);
    assert.ok(r, 'rendered');
    assert.match(r.title, /^Placement: /);
    assert.match(r.body, /<table class="sortable"/);
    assert.match(r.body, /id="count-run">\d+</);
    assert.match(r.body, /Nodes by outcome/);
    await until('the placement tab', () => webviewTabs().some((l) => l.startsWith('Placement: ')));
  });

  await step('Simulate controller sync shows the plan and the slow-start timeline', async () => {
    const r = await vscode.commands.executeCommand<Rendered>('kce.simulatePlan', good.toString(), 0);
    assert.ok(r, 'rendered');
    assert.match(r.body, /Controller sync plan/);
    assert.match(r.body, /aria-label="Slow-start batches"/);
    await until('the plan tab', () => webviewTabs().some((l) => l.startsWith('Sync Plan: ')));
  });

  await step('Simulate rolling update shows the rounds and the effective integers', async () => {
    const r = await vscode.commands.executeCommand<Rendered>('kce.simulateRollout', good.toString(), 0);
    assert.ok(r, 'rendered');
    assert.match(r.body, /id="max-unavailable">\d+</);
    assert.match(r.body, /aria-label="Rounds"/);
    await until('the rollout tab', () => webviewTabs().some((l) => l.startsWith('Rolling Update: ')));
  });

  await step('What if: a NoExecute taint shows the placement diff and the eviction', async () => {
    const inv = (await vscode.commands.executeCommand<string>('kce.snapshotInventory', join(root.fsPath, 'nodes-before.json')))!;
    const nodes = JSON.parse(readFileSync(vscode.Uri.parse(inv).fsPath, 'utf8')).items as { metadata: { name: string } }[];
    const placement = await vscode.commands.executeCommand<Rendered>('kce.simulatePlacement', good.toString(), 0);
    // A node that runs the pod now: the first ✓ row.
    const runs = /data-key="([^"]+)" data-outcome="runs">/.exec(placement!.body)?.[1];
    assert.ok(runs && nodes.some((n) => n.metadata.name === runs), 'a node that runs the pod');
    const event = { type: 'addTaint', node: runs, taint: { key: 'e2e.example.com/drain', value: 'now', effect: 'NoExecute' } };
    const r = await vscode.commands.executeCommand<Rendered>('kce.whatIf', good.toString(), 0, event);
    assert.ok(r, 'rendered');
    assert.match(r.title, /^What If: add taint e2e\.example\.com\/drain=now:NoExecute/);
    assert.match(r.body, /evict \(NoExecute\)/);
    assert.match(r.body, /id="count-changes">1</);
  });

  await step('the text report opens in a read-only document with its grammar', async () => {
    const text = await vscode.commands.executeCommand<string>('kce.showReport', good.toString(), 0);
    assert.match(text ?? '', /^# Placement · DaemonSet /);
    assert.match(text ?? '', /# Controller sync plan/);
    const editor = await until('report editor', () => vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'kce-report'));
    assert.equal(editor.document.languageId, 'kce-report');
  });

  await step('Select node inventory switches the source and the status follows; snapshot writes a NodeList', async () => {
    const snap = join(root.fsPath, 'nodes-snapshot.json');
    await vscode.commands.executeCommand('kce.snapshotInventory', snap);
    assert.ok(existsSync(snap));
    const list = JSON.parse(readFileSync(snap, 'utf8'));
    assert.equal(list.kind, 'NodeList');
    // A smaller inventory from a file: two nodes of the snapshot.
    const small = { ...list, items: list.items.slice(0, 2) };
    const smallPath = join(root.fsPath, 'two-nodes.json');
    writeFileSync(smallPath, JSON.stringify(small));
    await vscode.commands.executeCommand('kce.selectInventory', 'file', smallPath);
    await until('the file inventory', () => api!.ctx.inventory?.source === 'file' && api!.ctx.inventory.count === 2);
    const lens = await until('a lens over 2 nodes', async () => {
      const l = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', good)) ?? [];
      return l.find((x) => / of 2 nodes/.test(x.command?.title ?? ''));
    });
    assert.ok(lens);
    // The choice is kept by the extension for this workspace: no settings file is written.
    assert.equal(existsSync(join(root.fsPath, '.vscode', 'settings.json')), false, 'Select Inventory wrote .vscode/settings.json');
    await vscode.commands.executeCommand('kce.selectInventory', 'sample');
    await until('the sample inventory', () => api!.ctx.inventory?.source === 'sample' && api!.ctx.inventory.count > 2);
    assert.equal(existsSync(join(root.fsPath, '.vscode', 'settings.json')), false);
  });

  await issue12Steps({ step, api: () => api!, good, broken, file, figures });
  await issue13Steps({ step, api: () => api!, file, figures });

  await step('a quick fix applies and its diagnostic disappears', async () => {
    const doc = await vscode.workspace.openTextDocument(broken);
    await vscode.window.showTextDocument(doc);
    // Diagnostics may be refreshed (inventory switch above) between reading them and asking for fixes: retry.
    let seen = '';
    const fix = await until('a quick fix for the effect', async () => {
      const diag = vscode.languages.getDiagnostics(broken).find((d) => d.message.includes('"NoSchedul"'));
      if (!diag) return undefined;
      const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', broken, diag.range, vscode.CodeActionKind.QuickFix.value)) ?? [];
      seen = actions.map((a) => a.title).join(' | ');
      return actions.find((a) => a.edit && /^Change NoSchedul to NoSchedule/.test(a.title));
    }).catch((e: unknown) => assert.fail(`${String(e)}; quick fixes seen: ${seen}`));
    assert.ok(await vscode.workspace.applyEdit(fix.edit!));
    assert.match(doc.getText(), /effect: NoSchedule\n/);
    await until('the diagnostic to disappear', () => !vscode.languages.getDiagnostics(broken).some((d) => d.message.includes('"NoSchedul"')));
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  // ---------- the walkthrough (issue 6) ----------
  type Step = { kind: 'step'; id: string; label: string; description: string };
  type Chapter = { kind: 'chapter'; id: string; label: string; children: Step[] };
  interface NoteShown { id: string; title: string; body: string; previous?: string; next?: string }
  interface Opened { via: string; opened: string; url: string; uri?: string; line?: number; why?: string }
  let taintNote: NoteShown | undefined;

  await step('the walkthrough tree lists the chapters and their steps', async () => {
    const chapters = (await vscode.commands.executeCommand<Chapter[]>('kce.walkthrough.listChapters'))!;
    assert.ok(chapters.length >= 4, `chapters: ${chapters.length}`);
    assert.match(chapters[0]!.label, /^1\. The DaemonSet controller$/);
    for (const c of chapters) {
      assert.ok(c.children.length > 0, c.label);
      for (const st of c.children) assert.match(st.description, /\?$/, st.label);
    }
    figures.walkthroughSteps = chapters.reduce((n, c) => n + c.children.length, 0);
    // The contributed view exists: VS Code generates its focus command.
    await vscode.commands.executeCommand('kce.walkthrough.focus');
  });

  await step('a reason code opens its note beside the editor; next moves on', async () => {
    const r = (await vscode.commands.executeCommand<NoteShown>('kce.walkthrough.openNoteForCode', 'TaintNotTolerated'))!;
    assert.ok(r, 'a note');
    assert.equal(r.id, getNote(r.id)?.id);
    assert.ok(getNote(r.id)!.codes.includes('TaintNotTolerated'));
    assert.match(r.body, /kce\.walkthrough\.openAnchor/);
    await until('the note tab', () => webviewTabs().includes(`Walkthrough: ${r.title}`));
    taintNote = r;
    if (r.next) {
      const n = (await vscode.commands.executeCommand<NoteShown>('kce.walkthrough.next'))!;
      assert.equal(n.id, r.next);
      const back = (await vscode.commands.executeCommand<NoteShown>('kce.walkthrough.previous'))!;
      assert.equal(back.id, r.id);
    }
    assert.equal(await vscode.commands.executeCommand('kce.walkthrough.openNoteForCode', 'NoSuchCode'), undefined);
  });

  await step('offline without a checkout, an anchor opens the GitHub page without a line and says why', async () => {
    const cfg = vscode.workspace.getConfiguration('kce');
    await cfg.update('walkthrough.fetchGoFiles', false, vscode.ConfigurationTarget.Global);
    try {
      const r = (await vscode.commands.executeCommand<Opened>('kce.walkthrough.openAnchor', taintNote!.id, 0, { open: false }))!;
      assert.equal(r.via, 'none');
      assert.equal(r.opened, 'external');
      assert.match(r.url, /^https:\/\/github\.com\/kubernetes\/kubernetes\/blob\/v\d+\.\d+\.\d+\/[\w./-]+\.go$/);
      assert.match(r.why ?? '', /no local kubernetes checkout.*fetching from GitHub is off/);
    } finally {
      await cfg.update('walkthrough.fetchGoFiles', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  await step('in a local checkout an anchor opens at its line, and the Go file gets note lenses', async () => {
    const note = getNote(taintNote!.id)!;
    const anchor = note.anchors[0]!;
    const checkout = join(root.fsPath, '..', `k8s-checkout-${Date.now()}`);
    const goFile = join(checkout, ...anchor.path.split('/'));
    mkdirSync(dirname(goFile), { recursive: true });
    writeFileSync(join(checkout, 'go.mod'), '// stub\nmodule k8s.io/kubernetes\n\ngo 1.24.0\n');
    const [recv, name] = anchor.symbol.includes('.') ? anchor.symbol.split('.') : [undefined, anchor.symbol];
    const decl = recv ? `func (x *${recv}) ${name}() bool {` : `func ${name}() bool {`;
    // The declaration on line 7; a mention in a comment above must not count.
    writeFileSync(goFile, `package stub\n\nimport "fmt"\n\n// ${anchor.symbol} is described below.\nvar _ = fmt.Sprint\n${decl}\n\treturn true\n}\n`);
    const cfg = vscode.workspace.getConfiguration('kce');
    await cfg.update('walkthrough.kubernetesSource', checkout, vscode.ConfigurationTarget.Global);
    try {
      const r = (await vscode.commands.executeCommand<Opened>('kce.walkthrough.openAnchor', note.id, 0))!;
      assert.equal(r.via, 'checkout');
      assert.equal(r.opened, 'editor');
      assert.equal(r.line, 7);
      const editor = await until('the Go file', () => vscode.window.activeTextEditor?.document.uri.fsPath === goFile ? vscode.window.activeTextEditor : undefined);
      assert.equal(editor.selection.active.line, 6);
      const lenses = await until('note lenses', async () => {
        const l = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', vscode.Uri.file(goFile))) ?? [];
        return l.length ? l : undefined;
      });
      const noteLens = lenses.find((l) => l.command?.title === `Note: ${note.title}`);
      assert.ok(noteLens, lenses.map((l) => l.command?.title).join(' | '));
      assert.equal(noteLens.range.start.line, 6);
      assert.deepEqual(noteLens.command!.arguments, [note.id]);
      const sim = lenses.find((l) => l.command?.title === 'Simulate Placement');
      assert.ok(sim);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(good), vscode.ViewColumn.Two);
      const placed = await vscode.commands.executeCommand<Rendered>(sim.command!.command, ...(sim.command!.arguments ?? []));
      assert.match(placed?.title ?? '', /^Placement: /);
    } finally {
      await cfg.update('walkthrough.kubernetesSource', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  await step('hovers and diagnostics link to their walkthrough note', async () => {
    const doc = await vscode.workspace.openTextDocument(good);
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const pos = positionOf(doc, 'kind: DaemonSet').translate(0, 7);
    const text = await until('hover with a note link', async () => {
      const t = hoverText((await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', good, pos)) ?? []);
      return /Why\? \(note\)/.test(t) ? t : undefined;
    });
    assert.match(text, /\]\(command:kce\.walkthrough\.openNote\?%5B%22[a-z0-9.-]+%22%5D "Open the walkthrough note"\)/);
    assert.ok(!text.includes('kce-note:'));
    const never = file('broken/daemonset-never-matches.yaml');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(never));
    const linked = await until('a diagnostic linked to its note', () => {
      const d = vscode.languages.getDiagnostics(never).find((x) => typeof x.code === 'object' && x.code.target.scheme === 'command');
      return d;
    });
    const target = (linked.code as { target: vscode.Uri }).target;
    assert.equal(target.path, 'kce.walkthrough.openNote');
    const [id] = JSON.parse(target.query) as string[];
    assert.ok(getNote(id!), id);
    const shown = await vscode.commands.executeCommand<NoteShown>(target.path, id);
    assert.equal(shown?.id, id);
  });

  await step('commands answer "server not running" when the server is down, and restart brings it back', async () => {
    await api!.ctx.stop();
    assert.equal(api!.ctx.running, false);
    const r = await vscode.commands.executeCommand('kce.snapshotInventory', join(root.fsPath, 'never.json'));
    assert.equal(r, undefined);
    assert.equal(existsSync(join(root.fsPath, 'never.json')), false);
    await vscode.commands.executeCommand('kce.restartServer');
    await until('the server again', () => api!.ctx.running);
    const again = await vscode.commands.executeCommand<Rendered>('kce.simulatePlacement', good.toString(), 0);
    assert.ok(again?.body.includes('Placement of DaemonSet'));
  });

  const failed = results.filter((r) => !r.ok);
  if (out) writeFileSync(join(out, 'suite.json'), JSON.stringify({ results, figures }, null, 2));
  console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
  if (failed.length) throw new Error(`${failed.length} e2e step(s) failed: ${failed.map((f) => f.name).join('; ')}`);
}
