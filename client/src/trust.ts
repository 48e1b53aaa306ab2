// Workspace trust, as plain logic: an untrusted workspace may validate and simulate on the sample
// cluster and workspace files, but never reads a kubeconfig.

/** Returns the `kce` settings the server may see; `cluster` becomes `auto` when the workspace is not trusted. */
export function sanitizeForTrust(section: unknown, trusted: boolean): unknown {
  if (trusted || !section || typeof section !== 'object') return section;
  const s = section as Record<string, unknown>;
  const inv = s.inventory;
  if (inv && typeof inv === 'object' && (inv as Record<string, unknown>).source === 'cluster') {
    return { ...s, inventory: { ...(inv as Record<string, unknown>), source: 'auto' } };
  }
  return section;
}
