// Completion of scheduling values: operators, effects, strategy types, and label keys/values and
// taint keys from the inventory plus the well-known labels. Works line by line so half-typed YAML completes.
import { CompletionItemKind } from 'vscode-languageserver/node';
import type { CompletionItem } from 'vscode-languageserver/node';
import type { NodeInfo } from '../core/types';
import type { ParsedFile } from '../yaml/parse';
import { pathAtOffset } from '../yaml/paths';
import type { Analyzed, Session } from './session';
import { toRange } from './convert';
import { documentAt, keyStyleOf, valueAt } from './yamlView';

export {
  NODE_SELECTOR_OPERATORS, LABEL_SELECTOR_OPERATORS, TOLERATION_OPERATORS, TOLERATION_COMPARISON_OPERATORS, TAINT_EFFECTS,
  DAEMONSET_STRATEGY_TYPES,
} from '../core/vocabulary';
import {
  NODE_SELECTOR_OPERATORS, LABEL_SELECTOR_OPERATORS, TOLERATION_OPERATORS, TOLERATION_COMPARISON_OPERATORS, TAINT_EFFECTS,
  DAEMONSET_STRATEGY_TYPES,
} from '../core/vocabulary';
export const WELL_KNOWN_LABELS = [
  'kubernetes.io/hostname',
  'topology.kubernetes.io/zone',
  'topology.kubernetes.io/region',
  'kubernetes.io/os',
  'kubernetes.io/arch',
  'node.kubernetes.io/instance-type',
];

const KEY_LINE = /^(\s*)(?:-\s+)?([A-Za-z0-9_./-]+):[ \t]*(["']?)([^"'#\s]*)$/;
const DASH_LINE = /^(\s*)-[ \t]*(["']?)([^"'#\s]*)$/;
const BARE_LINE = /^(\s*)([A-Za-z0-9_./-]*)$/;

function labelKeys(nodes: readonly NodeInfo[]): string[] {
  const s = new Set<string>(WELL_KNOWN_LABELS);
  for (const n of nodes) for (const k of Object.keys(n.labels)) s.add(k);
  return [...s].sort();
}

function labelValues(nodes: readonly NodeInfo[], key: string): string[] {
  const s = new Set<string>();
  for (const n of nodes) if (Object.hasOwn(n.labels, key)) s.add(n.labels[key]!);
  return [...s].sort();
}

function taintKeys(nodes: readonly NodeInfo[]): string[] {
  const s = new Set<string>();
  for (const n of nodes) for (const t of n.taints) s.add(t.key);
  return [...s].sort();
}

function taintValues(nodes: readonly NodeInfo[], key: string): string[] {
  const s = new Set<string>();
  for (const n of nodes) for (const t of n.taints) if (t.key === key && t.value) s.add(t.value);
  return [...s].sort();
}

/** `1 node`, `3 nodes`. */
function nodesText(n: number): string {
  return `${n} node${n === 1 ? '' : 's'}`;
}

function countNodes(nodes: readonly NodeInfo[], f: (n: NodeInfo) => boolean): number {
  let c = 0;
  for (const n of nodes) if (f(n)) c++;
  return c;
}

/** The field path of the mapping key that starts at `keyOffset`, if any. */
function keyPath(file: ParsedFile, keyOffset: number): { path: string; root: unknown } | undefined {
  const doc = documentAt(file, keyOffset);
  if (!doc) return undefined;
  const at = pathAtOffset(doc, keyOffset, keyStyleOf(doc));
  return at && at.part === 'key' ? { path: at.path, root: doc.value } : undefined;
}

/** The nearest line above with less indentation that is `key:` — the parent of a list item or bare key. */
function parentKey(text: string, lineStart: number, indent: number, file: ParsedFile): { path: string; root: unknown } | undefined {
  let end = lineStart - 1;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end).replace(/\r$/, '');
    const m = /^(\s*)(?:-\s+)?([A-Za-z0-9_./-]+):\s*$/.exec(line);
    const ind = /^\s*/.exec(line)![0].length;
    if (line.trim() !== '' && !line.trim().startsWith('#')) {
      if (m && m[1]!.length < indent + (line.trimStart().startsWith('-') ? 1 : 0)) {
        const keyOffset = start + line.indexOf(m[2]!, m[1]!.length);
        return keyPath(file, keyOffset);
      }
      if (ind < indent && !m) return undefined;
    }
    end = start - 1;
  }
  return undefined;
}

interface Ctx { a: Analyzed; items: CompletionItem[]; replace: [number, number] }

function add(c: Ctx, labels: readonly string[], kind: CompletionItemKind, detail?: (l: string) => string | undefined): void {
  for (const l of labels) {
    const item: CompletionItem = { label: l, kind, textEdit: { range: toRange(c.a.doc, c.replace), newText: l } };
    const d = detail?.(l);
    if (d) item.detail = d;
    c.items.push(item);
  }
}

function inNodeSelectorRequirement(path: string): boolean {
  return /(nodeSelectorTerms\[\d+\]|\.preference)\.(matchExpressions|matchFields)\[\d+\]$/.test(path);
}
function inLabelSelectorRequirement(path: string): boolean {
  return /\.matchExpressions\[\d+\]$/.test(path) && !inNodeSelectorRequirement(path);
}
function inToleration(path: string): boolean {
  return /\.tolerations\[\d+\]$/.test(path);
}

export function completionAt(a: Analyzed, offset: number, session: Session): CompletionItem[] {
  const text = a.doc.getText();
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const prefix = text.slice(lineStart, offset);
  const file = session.yaml(a);
  const nodes = a.nodes;
  const c: Ctx = { a, items: [], replace: [offset, offset] };
  const enableCmp = a.gates.TaintTolerationComparisonOperators;

  let m = KEY_LINE.exec(prefix);
  if (m) {
    const keyOffset = lineStart + prefix.indexOf(m[2]!, m[1]!.length + (prefix.trimStart().startsWith('-') ? 1 : 0));
    const word = m[4]!;
    c.replace = [offset - word.length, offset];
    const kp = keyPath(file, keyOffset);
    if (!kp) return [];
    const parent = kp.path.replace(/\.[^.[\]]+$/, '');
    const field = m[2]!;
    if (field === 'operator') {
      if (inToleration(parent)) add(c, enableCmp ? [...TOLERATION_OPERATORS, ...TOLERATION_COMPARISON_OPERATORS] : TOLERATION_OPERATORS, CompletionItemKind.EnumMember);
      else if (inNodeSelectorRequirement(parent)) add(c, NODE_SELECTOR_OPERATORS, CompletionItemKind.EnumMember);
      else if (inLabelSelectorRequirement(parent)) add(c, LABEL_SELECTOR_OPERATORS, CompletionItemKind.EnumMember);
    } else if (field === 'effect' && inToleration(parent)) {
      add(c, TAINT_EFFECTS, CompletionItemKind.EnumMember, (e) => { const k = countNodes(nodes, (n) => n.taints.some((t) => t.effect === e)); return `${nodesText(k)} ${k === 1 ? 'has' : 'have'} a ${e} taint`; });
    } else if (field === 'type' && /(^|\.)updateStrategy$/.test(parent)) {
      add(c, DAEMONSET_STRATEGY_TYPES, CompletionItemKind.EnumMember);
    } else if (field === 'key' && inToleration(parent)) {
      add(c, taintKeys(nodes), CompletionItemKind.Value, (k) => `taint on ${nodesText(countNodes(nodes, (n) => n.taints.some((t) => t.key === k)))}`);
    } else if (field === 'key' && inNodeSelectorRequirement(parent)) {
      add(c, labelKeys(nodes), CompletionItemKind.Value, (k) => `label on ${nodesText(countNodes(nodes, (n) => Object.hasOwn(n.labels, k)))}`);
    } else if (field === 'value' && inToleration(parent)) {
      const k = valueAt(kp.root, `${parent}.key`);
      if (typeof k === 'string') add(c, taintValues(nodes, k), CompletionItemKind.Value);
    } else {
      const ns = /^(.*(?:^|\.)nodeSelector)\[([^\]]+)\]$/.exec(kp.path);
      if (ns) add(c, labelValues(nodes, ns[2]!), CompletionItemKind.Value, (v) => nodesText(countNodes(nodes, (n) => n.labels[ns[2]!] === v)));
    }
    return c.items;
  }

  m = DASH_LINE.exec(prefix);
  if (m) {
    const word = m[3]!;
    c.replace = [offset - word.length, offset];
    const p = parentKey(text, lineStart, m[1]!.length, file);
    if (p && /\.values$/.test(p.path)) {
      const req = p.path.replace(/\.values$/, '');
      const k = valueAt(p.root, `${req}.key`);
      if (typeof k === 'string' && inNodeSelectorRequirement(req)) add(c, labelValues(nodes, k), CompletionItemKind.Value);
    }
    return c.items;
  }

  m = BARE_LINE.exec(prefix);
  if (m) {
    const word = m[2]!;
    c.replace = [offset - word.length, offset];
    const p = parentKey(text, lineStart, m[1]!.length, file);
    if (p && /(^|\.)nodeSelector$/.test(p.path)) {
      const existing = valueAt(p.root, p.path);
      const used = existing && typeof existing === 'object' ? new Set(Object.keys(existing)) : new Set<string>();
      add(c, labelKeys(nodes).filter((k) => !used.has(k)), CompletionItemKind.Property);
    }
  }
  return c.items;
}
