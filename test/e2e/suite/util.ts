// Waiting and finding helpers shared by the extension-host suites.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function until<T>(what: string, f: () => T | undefined | Promise<T | undefined>, ms = 20000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export function positionOf(doc: vscode.TextDocument, needle: string): vscode.Position {
  const i = doc.getText().indexOf(needle);
  assert.ok(i >= 0, `${needle} in ${doc.uri.fsPath}`);
  return doc.positionAt(i);
}
