// Which DaemonSet a command acts on: explicit arguments (from a code lens or a test), else the one
// under the cursor in the active YAML editor, found through the server's own code lenses.
import * as vscode from 'vscode';
import type { DocumentRef } from '../../../server/src/protocol';
import { SIMULATE_PLACEMENT_COMMAND } from '../protocol';

export async function resolveTarget(args: unknown[]): Promise<DocumentRef | undefined> {
  const [a0, a1, a2] = args;
  if (typeof a0 === 'string' || a0 instanceof vscode.Uri) {
    const uri = typeof a0 === 'string' ? a0 : a0.toString();
    // a third number is the item of a `kind: List` document (the server's code lens passes it)
    return { uri, documentIndex: typeof a1 === 'number' ? a1 : 0, ...(typeof a2 === 'number' ? { item: a2 } : {}) };
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'yaml') {
    void vscode.window.showInformationMessage('Kube Controller Explorer: open a DaemonSet YAML file first.');
    return undefined;
  }
  const uri = editor.document.uri;
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
  const ours = lenses
    .filter((l) => l.command?.command === SIMULATE_PLACEMENT_COMMAND && typeof l.command.arguments?.[1] === 'number')
    .sort((x, y) => x.range.start.line - y.range.start.line);
  if (ours.length === 0) {
    void vscode.window.showInformationMessage('Kube Controller Explorer: no DaemonSet to simulate in this file (or it has errors that stop the simulation).');
    return undefined;
  }
  const line = editor.selection.active.line;
  // The last DaemonSet starting at or above the cursor, else the first one.
  let pick = ours[0]!;
  for (const l of ours) if (l.range.start.line <= line) pick = l;
  const item = pick.command!.arguments![2];
  const documentIndex = pick.command!.arguments![1] as number;
  return { uri: uri.toString(), documentIndex, ...(typeof item === 'number' ? { item } : {}) };
}
