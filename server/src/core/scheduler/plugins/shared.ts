// Rejections that do not depend on the node are built once per pod and shared by every node they reject:
// a large cluster rejects thousands of nodes for the same reason, and the filter stage should not allocate per node.
import type { FieldPath } from '../../fieldPath';
import type { CycleContext, FilterCode, FilterResult, PluginName } from '../types';

const cache = new WeakMap<CycleContext, Map<PluginName, Map<string, FilterResult>>>();

/**
 * The same frozen result for the same plugin and field within one cycle (callers must not mutate it). A field given
 * as a function is the plugin's only field: it is computed once.
 */
export function sharedRejection(
  ctx: CycleContext,
  plugin: PluginName,
  code: FilterCode,
  reason: string,
  field: FieldPath | (() => FieldPath),
): FilterResult {
  let byPlugin = cache.get(ctx);
  if (!byPlugin) cache.set(ctx, (byPlugin = new Map()));
  let byField = byPlugin.get(plugin);
  if (!byField) byPlugin.set(plugin, (byField = new Map()));
  const k = typeof field === 'string' ? field : '';
  let r = byField.get(k);
  if (!r) {
    const f = typeof field === 'string' ? field : field();
    r = Object.freeze({ plugin, code, reasons: Object.freeze([reason]) as string[], field: f });
    byField.set(k, r);
  }
  return r;
}
