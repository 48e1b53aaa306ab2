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

/** Writes the pages whose file differs; answers the names written. A failure (a read-only install) is logged once. */
async function writePages(ctx: Ctx, dir: string, pages: Record<string, string>, warned: { once: boolean }): Promise<string[]> {
  const written: string[] = [];
  for (const [name, text] of Object.entries(pages)) {
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
  // This window's pages, rendered at its last inventory change; a focused window writes them back if another
  // window's are on disk (no request to the server for that).
  let pages: Record<string, string> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const guard = (p: Promise<string[]>): Promise<string[]> => p.catch((e: unknown) => {
    ctx.log.warn(`Get Started pages: ${String(e)}`);
    return [];
  });
  const now = (): Promise<string[]> => guard((async () => {
    const inv = await ctx.request('inventory', {}, { quiet: true });
    if (!inv) return [];
    pages = getStartedMedia(inv);
    return writePages(ctx, dir, pages, warned);
  })());
  ctx.ext.subscriptions.push(
    ctx.onInventoryChanged(() => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void now(), 300);
    }),
    vscode.window.onDidChangeWindowState((s) => {
      if (s.focused && pages) void guard(writePages(ctx, dir, pages, warned));
    }),
    { dispose: () => timer && clearTimeout(timer) },
  );
  return now;
}
