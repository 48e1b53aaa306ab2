// Required node affinity as the scheduler and the DaemonSet controller evaluate it
// (k8s.io/component-helpers/scheduling/corev1/nodeaffinity), compiled once, matched per node,
// plus explanations of a non-match for placement reasons.
import type { FieldError, NodeSelector, NodeSelectorTerm, PodSpec } from './types';
import { child, index, key as keyPath, type FieldPath } from './fieldPath';
import { isObject } from './values';
import {
  aggregateMessage,
  describeRequirement,
  fieldInvalid,
  labelValue,
  parseInt64,
  requirementMatches,
  selectorFromSet,
  type CompiledLabelSelector,
  type Labels,
  type Requirement,
} from './labels';
import {
  OBJECT_NAME_FIELD,
  isEmptyTerm,
  isNoList,
  newNodeSelectorTerm,
  notAList,
  shapeOf,
  type CompiledTerm,
  type FieldRequirement,
} from './nodeSelectorTerms';

export {
  OBJECT_NAME_FIELD,
  newNodeSelectorTerm,
  nodeSelectorRequirementsAsFieldSelector,
  nodeSelectorRequirementsAsSelector,
  type CompiledTerm,
  type FieldRequirement,
} from './nodeSelectorTerms';

/** The parts of a node that node affinity reads. */
export interface AffinityNode {
  name: string;
  labels: Labels;
}


/** Only metadata.name is a node field; any other key reads as the empty string (fields.Set.Get). */
function nodeField(node: AffinityNode, k: string): string {
  return k === OBJECT_NAME_FIELD ? node.name : '';
}

// Port of nodeSelectorTerm.match (component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go).
export function termMatches(t: CompiledTerm, node: AffinityNode): boolean {
  if (t.parseErrors.length) return false;
  const exprs = t.expressions;
  if (exprs !== undefined) {
    for (let i = 0; i < exprs.length; i++) if (!requirementMatches(exprs[i] as Requirement, node.labels)) return false;
  }
  // A node without a name has no fields at all, and then matchFields is not consulted.
  const fields = t.fields;
  if (fields !== undefined && node.name.length > 0) {
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i] as FieldRequirement;
      if ((nodeField(node, f.key) === f.value) !== f.equal) return false;
    }
  }
  return true;
}

/** Runtime form of a v1.NodeSelector that reports parse errors only when no term matches. */
export class LazyErrorNodeSelector {
  constructor(
    /** Parsed non-empty terms, in order. */
    readonly terms: readonly CompiledTerm[],
    /** Indexes of the terms skipped because they are empty (they select nothing). */
    readonly emptyTerms: readonly number[],
    /** Path of the nodeSelectorTerms list. */
    readonly termsPath: FieldPath,
    readonly termCount: number,
  ) {}

  // Port of LazyErrorNodeSelector.Match (component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go).
  match(node: AffinityNode | undefined | null): { match: boolean; errors: FieldError[] } {
    if (!node) return { match: false, errors: [] };
    let errors: FieldError[] | undefined;
    for (const t of this.terms) {
      if (t.parseErrors.length) {
        (errors ??= []).push(...t.parseErrors);
        continue;
      }
      if (termMatches(t, node)) return { match: true, errors: [] };
    }
    return { match: false, errors: errors ?? [] };
  }

  /** The boolean of match() without building an error list. */
  matches(node: AffinityNode): boolean {
    const terms = this.terms;
    for (let i = 0; i < terms.length; i++) if (termMatches(terms[i] as CompiledTerm, node)) return true;
    return false;
  }

  /** Every parse error of every term, as NewNodeSelector reports them. */
  parseErrors(): FieldError[] {
    return this.terms.flatMap((t) => t.parseErrors);
  }

  /** Why no term matches `node`: one entry per term (empty, unparsable, or its failing requirements). */
  explain(node: AffinityNode): TermMismatch[] {
    const out: TermMismatch[] = [];
    if (this.termCount === 0) {
      out.push({ kind: 'noTerms', path: this.termsPath, message: 'the node selector has no terms, so it matches no node' });
      return out;
    }
    let next = 0;
    for (let i = 0; i < this.termCount; i++) {
      const termPath = index(this.termsPath, i);
      if (next >= this.terms.length || (this.terms[next] as CompiledTerm).index !== i) {
        out.push({ kind: 'emptyTerm', term: i, path: termPath, message: `term [${i}] is empty and matches no node` });
        continue;
      }
      const t = this.terms[next++] as CompiledTerm;
      if (t.parseErrors.length) {
        out.push({
          kind: 'parseError',
          term: i,
          path: (t.parseErrors[0] as FieldError).field || termPath,
          message: `term [${i}] is ignored because it does not parse: ${aggregateMessage(t.parseErrors)}`,
          errors: t.parseErrors,
        });
        continue;
      }
      const failures = explainTerm(t, node);
      if (failures.length === 0) continue; // this term matches
      out.push({
        kind: 'noMatch',
        term: i,
        path: (failures[0] as RequirementFailure).path,
        message: `term [${i}] does not match: ${failures.map((f) => f.message).join('; ')}`,
        failures,
      });
    }
    return out;
  }
}

export interface RequirementFailure {
  path: FieldPath;
  message: string;
}

export interface TermMismatch {
  kind: 'noTerms' | 'emptyTerm' | 'parseError' | 'noMatch';
  term?: number;
  /** The most specific field responsible: the failing expression, the bad field, or the term. */
  path: FieldPath;
  message: string;
  errors?: FieldError[];
  failures?: RequirementFailure[];
}

function nodeHas(labels: Labels, k: string): string {
  const v = labelValue(labels, k);
  return v === undefined ? `node has no label ${k}` : `node has ${k}=${v}`;
}

/** Every failing requirement of a parsed term, with the path of its expression. */
export function explainTerm(t: CompiledTerm, node: AffinityNode): RequirementFailure[] {
  const out: RequirementFailure[] = [];
  // Parsed requirements keep their order because newRequirement never reorders them.
  (t.expressions ?? []).forEach((r, j) => {
    if (requirementMatches(r, node.labels)) return;
    const path = index(child(t.path, 'matchExpressions'), j);
    let why = nodeHas(node.labels, r.key);
    if ((r.operator === 'Gt' || r.operator === 'Lt') && labelValue(node.labels, r.key) !== undefined) {
      const v = labelValue(node.labels, r.key) as string;
      if (parseInt64(v) === undefined) why = `node has ${r.key}=${v}, which is not a 64-bit integer`;
    }
    out.push({ path, message: `${describeRequirement(r)}: ${why}` });
  });
  if (node.name.length > 0) {
    (t.fields ?? []).forEach((f, j) => {
      const actual = nodeField(node, f.key);
      if ((actual === f.value) !== f.equal) {
        const path = index(child(t.path, 'matchFields'), j);
        const desc = `${f.key} ${f.equal ? 'In' : 'NotIn'} [${f.value}]`;
        const why = f.key === OBJECT_NAME_FIELD ? `node name is ${node.name}` : `${f.key} is not a node field (only ${OBJECT_NAME_FIELD} is), so it is always empty`;
        out.push({ path, message: `${desc}: ${why}` });
      }
    });
  }
  return out;
}

// Port of NewLazyErrorNodeSelector (component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go).
export function newLazyErrorNodeSelector(ns: NodeSelector | undefined | null, path: FieldPath = ''): LazyErrorNodeSelector {
  const termsPath = child(path, 'nodeSelectorTerms');
  const raw: unknown = isObject(ns) ? ns.nodeSelectorTerms : undefined;
  if ((ns !== undefined && ns !== null && !isObject(ns)) || (!isNoList(raw) && !Array.isArray(raw))) {
    // Not a node selector at all: one unparsable pseudo-term, so nothing matches and explain() says why.
    const error = isObject(ns) ? notAList(termsPath, raw) : fieldInvalid(path, shapeOf(ns), 'must be a map');
    return new LazyErrorNodeSelector([{ index: 0, path: error.field, parseErrors: [error] }], [], termsPath, 1);
  }
  const list = (raw ?? []) as readonly NodeSelectorTerm[];
  const terms: CompiledTerm[] = [];
  const empty: number[] = [];
  list.forEach((term, i) => {
    if (isEmptyTerm(term)) empty.push(i);
    else terms.push(newNodeSelectorTerm(term, i, index(termsPath, i)));
  });
  return new LazyErrorNodeSelector(terms, empty, termsPath, list.length);
}

// Port of NewNodeSelector (component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go).
export function newNodeSelector(
  ns: NodeSelector | undefined | null,
  path: FieldPath = '',
): { selector: LazyErrorNodeSelector; errors?: undefined } | { selector?: undefined; errors: FieldError[] } {
  const lazy = newLazyErrorNodeSelector(ns, path);
  const errors = lazy.parseErrors();
  return errors.length ? { errors } : { selector: lazy };
}

/** One nodeSelector key that a node fails. */
export interface NodeSelectorMismatch {
  key: string;
  want: string;
  /** The node's value, or undefined when the label is missing. */
  actual: string | undefined;
  path: FieldPath;
  message: string;
}

/** Pod nodeSelector AND required node affinity, compiled once. */
export class RequiredNodeAffinity {
  /** nodeSelector keys, sorted once. */
  readonly nodeSelectorKeys: readonly string[];

  constructor(
    readonly labelSelector: CompiledLabelSelector | undefined,
    readonly nodeSelector: LazyErrorNodeSelector | undefined,
    private readonly nodeSelectorMap: Readonly<Record<string, string>>,
    private readonly nodeSelectorPath: FieldPath,
    /** Set when spec.nodeSelector is not a map: then it matches no node. */
    readonly nodeSelectorError?: FieldError,
  ) {
    this.nodeSelectorKeys = Object.keys(nodeSelectorMap).sort();
  }

  /** Label keys that the required terms read, and whether they read the node name (matchFields). */
  affinityInputs(): { labelKeys: string[]; readsName: boolean } {
    const keys = new Set<string>();
    let readsName = false;
    for (const t of this.nodeSelector?.terms ?? []) {
      for (const r of t.expressions ?? []) keys.add(r.key);
      if (t.fields?.length) readsName = true;
    }
    return { labelKeys: [...keys].sort(), readsName };
  }

  // Port of RequiredNodeAffinity.Match (component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go).
  match(node: AffinityNode): { match: boolean; errors: FieldError[] } {
    if (this.labelSelector !== undefined && !this.labelSelector.matches(node.labels)) return { match: false, errors: [] };
    if (this.nodeSelector !== undefined) return this.nodeSelector.match(node);
    return { match: true, errors: [] };
  }

  /** The boolean of match(), allocation-free. */
  matches(node: AffinityNode): boolean {
    if (this.labelSelector !== undefined && !this.labelSelector.matches(node.labels)) return false;
    return this.nodeSelector === undefined || this.nodeSelector.matches(node);
  }

  /** Every nodeSelector key the node fails, in key order. */
  explainNodeSelector(node: AffinityNode): NodeSelectorMismatch[] {
    const out: NodeSelectorMismatch[] = [];
    const bad = this.nodeSelectorError;
    if (bad) return [{ key: '', want: '', actual: undefined, path: bad.field, message: bad.message }];
    for (const k of this.nodeSelectorKeys) {
      const want = this.nodeSelectorMap[k] as string;
      const actual = labelValue(node.labels, k);
      if (actual === want) continue;
      out.push({
        key: k,
        want,
        actual,
        path: keyPath(this.nodeSelectorPath, k),
        message: `nodeSelector ${k}=${want}: ${actual === undefined ? `node has no label ${k}` : `node has ${k}=${actual}`}`,
      });
    }
    return out;
  }

  /** Why the required affinity terms reject the node (empty when they accept it or there are none). */
  explainAffinity(node: AffinityNode): TermMismatch[] {
    if (this.nodeSelector === undefined || this.nodeSelector.matches(node)) return [];
    return this.nodeSelector.explain(node);
  }
}

export const POD_SPEC_PATH = 'spec.template.spec';

// Port of GetRequiredNodeAffinity (component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go).
// `specPath` roots the field paths of explanations (the pod spec inside a DaemonSet by default).
export function getRequiredNodeAffinity(spec: PodSpec | undefined, specPath: FieldPath = POD_SPEC_PATH): RequiredNodeAffinity {
  const raw: unknown = spec?.nodeSelector ?? {};
  const selectorPath = child(specPath, 'nodeSelector');
  if (!isObject(raw)) {
    // A nodeSelector that is not a map of labels selects no node (the API server would have refused it).
    const error = fieldInvalid(selectorPath, shapeOf(raw), 'must be a map of labels');
    const nothing: CompiledLabelSelector = { matches: () => false, requirements: [], error: error.message };
    return new RequiredNodeAffinity(nothing, undefined, {}, selectorPath, error);
  }
  const ns = raw as Record<string, string>;
  const labelSelector = Object.keys(ns).length > 0 ? selectorFromSet(ns) : undefined;
  const required = spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const affinityPath = child(specPath, 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution');
  const nodeSelector = required ? newLazyErrorNodeSelector(required, affinityPath) : undefined;
  return new RequiredNodeAffinity(labelSelector, nodeSelector, ns, selectorPath);
}
