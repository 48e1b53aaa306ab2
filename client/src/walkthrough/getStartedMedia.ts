// Keeps the Get Started step pages in step with the workspace's inventory. VS Code reads a walkthrough step's
// markdown from the path package.json gives, inside the extension's folder, when the step is first shown in an editor
// group (and keeps it for that group), so the pages are rewritten there: on each inventory change, and when a window
// gets the focus (windows with other inventories share the folder). The package ships the inventory-neutral text.
import * as vscode from 'vscode';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Ctx } from '../ctx';
import { getStartedMedia } from './getStarted';

/** Where the step pages live (package.json `walkthroughs[].steps[].media.markdown`). */
export function getStartedDir(ext: vscode.ExtensionContext): string {
  return join(ext.extensionUri.fsPath, 'media', 'walkthrough');
}

/** Writes the pages that changed; answers the names written. Failures (a read-only install) are logged once. */
async function writePages(ctx: Ctx, dir: string, warned: { once: boolean }): Promise<string[]> {
  const inv = await ctx.request('inventory', {}, { quiet: true });
  if (!inv) return [];
  const written: string[] = [];
  for (const [name, text] of Object.entries(getStartedMedia(inv))) {
    const path = join(dir, name);
    if ((await readFile(path, 'utf8').catch(() => undefined)) === text) continue;
    try {
      await writeFile(path, text, 'utf8');
      written.push(name);
    } catch (e) {
      if (!warned.once) ctx.log.warn(`Get Started pages keep their general text: ${path} cannot be written (${String(e)}).`);
      warned.once = true;
      return written;
    }
  }
  if (written.length) ctx.log.info(`Get Started pages now describe the inventory in use (${written.join(', ')}).`);
  return written;
}

/** Starts following the inventory; answers a function that writes now (for tests) or undefined when not following. */
export function followInventoryInGetStarted(ctx: Ctx): (() => Promise<string[]>) | undefined {
  // In a development host the folder is the repository: its files stay as committed.
  if (ctx.ext.extensionMode === vscode.ExtensionMode.Development || ctx.ext.extensionUri.scheme !== 'file') return undefined;
  const dir = getStartedDir(ctx.ext);
  const warned = { once: false };
  let timer: NodeJS.Timeout | undefined;
  const now = (): Promise<string[]> => writePages(ctx, dir, warned).catch((e: unknown) => {
    ctx.log.warn(`Get Started pages: ${String(e)}`);
    return [];
  });
  const later = (ms: number): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void now(), ms);
  };
  ctx.ext.subscriptions.push(
    ctx.onInventoryChanged(() => later(300)),
    vscode.window.onDidChangeWindowState((s) => {
      if (s.focused && ctx.inventory) later(0);
    }),
    { dispose: () => timer && clearTimeout(timer) },
  );
  return now;
}
