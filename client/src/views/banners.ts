// Banners at the top of a simulation view: never show the placement of a document with errors, or of a
// fallback inventory, without saying so.
import type { InventoryInfo } from '../../../server/src/protocol';
import { describeInventory, nodes } from '../inventory/status';
import { esc } from './html';

/** Error diagnostics in the DaemonSet's YAML document: syntax errors (text dropped) and API errors. */
export interface DocumentErrors { yaml: number; api: number }

export function errorsBanner(e: DocumentErrors | undefined): string {
  if (!e || (!e.yaml && !e.api)) return '';
  const n = e.yaml + e.api;
  const what = e.yaml
    ? `This document has ${e.yaml === 1 ? 'a YAML syntax error' : `${e.yaml} YAML syntax errors`}: the parts that do not parse are left out.`
    : `This DaemonSet has ${n === 1 ? '1 error' : `${n} errors`} that kube-apiserver would reject.`;
  return `<div class="banner error" role="alert" id="errors-banner"><b>Fix ${n === 1 ? 'it' : 'them'} first.</b> ${esc(what)} The placement below is that of the text as written, ignoring what is invalid.</div>`;
}

export function inventoryBanner(info: InventoryInfo): string {
  const v = describeInventory(info);
  if (v.level === 'ok') return '';
  const asked = v.requested ? `${v.requested} is not in use. ` : '';
  const problem = v.problem ? `${v.problem}. ` : v.stale ? 'The cluster is not answering: these are the last nodes read. ' : '';
  return `<div class="banner" role="status" id="inventory-banner">${esc(`${asked}${problem}Placement on ${v.inUse} (${nodes(v.count)}).`)}</div>`;
}
