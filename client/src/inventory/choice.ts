// The inventory choice of a workspace, kept by the extension (workspace state), not in the user's settings:
// the picker never writes `.vscode/settings.json` unless asked to. The choice overlays the `kce` settings the
// server pulls (workspace/configuration), so the server needs nothing new.

export type SourceId = 'auto' | 'sample' | 'file' | 'cluster';

export interface InventoryChoice {
  source: SourceId;
  /** Source `file`: the nodes file (absolute). */
  file?: string;
  /** Source `cluster`: the kubeconfig context ('' follows kubeconfig's current-context). */
  context?: string;
}

export const CHOICE_KEY = 'kce.inventoryChoice';

export function isChoice(v: unknown): v is InventoryChoice {
  if (!v || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  return ['auto', 'sample', 'file', 'cluster'].includes(c.source as string) &&
    (c.file === undefined || typeof c.file === 'string') && (c.context === undefined || typeof c.context === 'string');
}

/** The `kce` settings section as the server should see it: the workspace's choice over the settings. */
export function overlayChoice(section: unknown, choice: InventoryChoice | undefined): unknown {
  if (!choice) return section;
  const s = section && typeof section === 'object' ? (section as Record<string, unknown>) : {};
  const inv = s.inventory && typeof s.inventory === 'object' ? (s.inventory as Record<string, unknown>) : {};
  const next: Record<string, unknown> = { ...inv, source: choice.source };
  if (choice.file !== undefined) next.file = choice.file;
  if (choice.context !== undefined) next.context = choice.context;
  return { ...s, inventory: next };
}

/** The path to write in workspace settings: relative to the folder when the file is inside it. */
export function settingsPath(file: string, folder: string | undefined): string {
  if (!folder) return file;
  const norm = (p: string): string => p.replace(/\\/g, '/').replace(/\/+$/, '');
  const f = norm(file);
  const d = norm(folder);
  return f.startsWith(`${d}/`) ? f.slice(d.length + 1) : file;
}
