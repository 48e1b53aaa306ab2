// Pure helpers for the inventory: the snapshot file (a `kubectl get nodes -o json` shaped NodeList,
// which every inventory reader accepts) and the status bar text.
import type { InventoryInfo, NodeDto } from '../../server/src/protocol';

export function snapshotNodeList(nodes: readonly NodeDto[]): string {
  const items = nodes.map((n) => {
    const spec: Record<string, unknown> = {};
    if (n.taints.length) spec.taints = n.taints.map((t) => ({ key: t.key, ...(t.value !== undefined ? { value: t.value } : {}), effect: t.effect }));
    if (n.unschedulable) spec.unschedulable = true;
    return {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: n.name, labels: { ...n.labels } },
      spec,
      status: { conditions: n.conditions.map((c) => ({ type: c.type, status: c.status })) },
    };
  });
  return JSON.stringify({ apiVersion: 'v1', kind: 'NodeList', items }, null, 2) + '\n';
}

const SOURCE_LABEL: Record<string, string> = { sample: 'sample cluster', file: 'nodes file', workspace: 'workspace nodes', cluster: 'cluster' };

export function statusText(info: InventoryInfo | undefined, running: boolean): { text: string; tooltip: string } {
  if (!running) return { text: '$(warning) KCE: server stopped', tooltip: 'Kube Controller Explorer: the language server is not running. Click to choose the node inventory, or run "Restart language server".' };
  if (!info) return { text: '$(loading~spin) KCE', tooltip: 'Kube Controller Explorer: loading the node inventory…' };
  const label = SOURCE_LABEL[info.source] ?? info.source;
  const base = baseName(info.detail);
  const icon = info.source === 'cluster' ? (info.stale ? '$(debug-disconnect)' : '$(cloud)') : '$(server)';
  const text = `${icon} ${label}${base && info.source !== 'sample' ? ` ${base}` : ''} · ${info.count} node${info.count === 1 ? '' : 's'}${info.error ? ' $(warning)' : ''}`;
  const tooltip = [`Node inventory: ${label}${info.detail ? ` (${info.detail})` : ''}, ${info.count} nodes.`, info.status ?? '', info.stale ? 'The nodes are the last ones read: the cluster is not answering.' : '', info.error ? `Warning: ${info.error}` : '', 'Click to switch.'].filter(Boolean).join('\n');
  return { text, tooltip };
}

function baseName(p: string | undefined): string {
  if (!p) return '';
  const parts = p.split(/[\\/]/);
  return parts[parts.length - 1] ?? '';
}
