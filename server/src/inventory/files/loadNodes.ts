// Nodes from the output of `kubectl get nodes -o yaml|json`: a Node, a NodeList, a List of Nodes, or a
// multi-document stream. JSON goes through JSON.parse; YAML first through the fast kubectl-subset reader,
// then, when that reader cannot vouch for the text, through the full parser.
import type { SchedNode } from '../../core/scheduler/types';
import { fastParseYamlStream } from './kubectlYamlReader';
import { parseYamlText } from '../../yaml/parse';
import type { OffsetRange } from '../../yaml/parse';
import { toNodeInfo } from './nodeModel';

export interface LoadError {
  message: string;
  range?: OffsetRange;
}

export type ParserUsed = 'json' | 'fast-yaml' | 'yaml';

export interface LoadedObjects {
  /** Top-level values of the text (one per non-empty document). */
  values: { value: unknown; range?: OffsetRange }[];
  errors: LoadError[];
  parser: ParserUsed;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

// Inventories are trusted local files that can be large: allow far more than the editor limits.
const INVENTORY_LIMITS = {
  maxTextLength: 256 * 1024 * 1024,
  maxDocumentLength: 256 * 1024 * 1024,
  maxParsedLength: 256 * 1024 * 1024,
  maxDocuments: 1_000_000,
  maxDocumentNodes: Infinity,
  // its messages name no editor setting or kce flag: none of those applies to an inventory file
  hints: false,
};

/** Parse a text of Kubernetes objects (YAML or JSON) into plain values. Never throws. */
export function parseObjectsText(text: string, sourceName: string): LoadedObjects {
  const first = /\S/.exec(text);
  if (first && (first[0] === '{' || first[0] === '[')) {
    try {
      return { values: [{ value: JSON.parse(text) }], errors: [], parser: 'json' };
    } catch {
      // not JSON after all (or a YAML flow mapping): the YAML parser reports precise errors
    }
  }
  const fast = fastParseYamlStream(text);
  if (fast) return { values: fast.map((value) => ({ value })), errors: [], parser: 'fast-yaml' };
  const parsed = parseYamlText(text, INVENTORY_LIMITS);
  const errors: LoadError[] = parsed.errors.map((e) => ({ message: `${sourceName}: ${e.message}`, range: e.range }));
  const values: LoadedObjects['values'] = [];
  for (const d of parsed.documents) {
    for (const e of d.errors) errors.push({ message: `${sourceName}: ${e.message}`, range: e.range });
    if (d.value !== null && d.value !== undefined) values.push({ value: d.value, range: d.range });
  }
  return { values, errors, parser: 'yaml' };
}

/** Expand Lists: every object of `kind` in the values, with a description of where it came from. */
export function collectObjects(values: LoadedObjects['values'], kind: string, listKind: string): { obj: unknown; where: string; range?: OffsetRange }[] {
  const out: { obj: unknown; where: string; range?: OffsetRange }[] = [];
  values.forEach(({ value, range }, di) => {
    const docLabel = values.length > 1 ? `document ${di + 1}` : 'the text';
    const roots = Array.isArray(value) ? value : [value];
    for (const v of roots) {
      if (!isObj(v)) continue;
      if (v.kind === kind) out.push({ obj: v, where: docLabel, range });
      else if ((v.kind === listKind || v.kind === 'List') && Array.isArray(v.items)) {
        v.items.forEach((it, i) => {
          // NodeList items carry no kind in some outputs; List items always do
          if (isObj(it) && (it.kind === kind || (it.kind === undefined && v.kind === listKind))) out.push({ obj: it, where: `${docLabel}, items[${i}]`, range });
        });
      }
    }
  });
  return out;
}

export interface LoadedNodes {
  nodes: SchedNode[];
  errors: LoadError[];
  parser: ParserUsed;
}

/** Load nodes from `kubectl get nodes -o yaml|json` output (or any YAML/JSON stream holding Nodes). */
export function loadNodesFromText(text: string, sourceName: string): LoadedNodes {
  return nodesFromParsed(parseObjectsText(text, sourceName), sourceName);
}

/** The Nodes of an already parsed text (its parse errors included), so one parse can also serve its Pods. */
export function nodesFromParsed(parsed: LoadedObjects, sourceName: string): LoadedNodes {
  const nodes: SchedNode[] = [];
  const errors = [...parsed.errors];
  const seen = new Set<string>();
  for (const { obj, where, range } of collectObjects(parsed.values, 'Node', 'NodeList')) {
    const n = toNodeInfo(obj);
    if ('error' in n) {
      errors.push({ message: `${sourceName} (${where}): ${n.error}`, range });
      continue;
    }
    if (seen.has(n.name)) {
      errors.push({ message: `${sourceName} (${where}): node ${JSON.stringify(n.name)} appears more than once; the last one is used`, range });
      const i = nodes.findIndex((x) => x.name === n.name);
      if (i >= 0) nodes.splice(i, 1);
    }
    seen.add(n.name);
    nodes.push(n);
  }
  // `kubectl get nodes -o yaml` on a cluster without nodes prints a List (or NodeList) with no items
  const emptyList = parsed.values.some(({ value: v }) => isObj(v) && (v.kind === 'NodeList' || v.kind === 'List') &&
    Array.isArray(v.items) && v.items.length === 0);
  if (nodes.length === 0 && errors.length === 0 && !emptyList) errors.push({ message: `${sourceName}: no Node objects found (expected the output of kubectl get nodes -o yaml or -o json)` });
  return { nodes, errors, parser: parsed.parser };
}
