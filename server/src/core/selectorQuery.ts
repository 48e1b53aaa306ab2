// A label selector as the `labelSelector` query parameter of a list request: how the controller's
// informer asks the API server for a DaemonSet's pods.
import type { LabelSelector } from './types';

function joinValues(values: readonly string[] | undefined): string {
  return [...(values ?? [])].sort().join(',');
}

// Port of LabelSelectorAsSelector and internalSelector.String (apimachinery/pkg/apis/meta/v1/helpers.go, pkg/labels/selector.go).
/** The `labelSelector` query value; '' selects everything, null selects nothing (a nil selector). */
export function labelSelectorQuery(sel: LabelSelector | undefined | null): string | null {
  if (sel == null) return null;
  const parts: { key: string; text: string }[] = [];
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) parts.push({ key: k, text: `${k}=${v}` });
  for (const r of sel.matchExpressions ?? []) {
    switch (r.operator) {
      case 'In':
        parts.push({ key: r.key, text: `${r.key} in (${joinValues(r.values)})` });
        break;
      case 'NotIn':
        parts.push({ key: r.key, text: `${r.key} notin (${joinValues(r.values)})` });
        break;
      case 'Exists':
        parts.push({ key: r.key, text: r.key });
        break;
      case 'DoesNotExist':
        parts.push({ key: r.key, text: `!${r.key}` });
        break;
      default:
        // An invalid operator makes the selector an error upstream: select nothing rather than everything.
        return null;
    }
  }
  // Sorted by key, as the selector prints its requirements.
  return parts.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((p) => p.text).join(',');
}
