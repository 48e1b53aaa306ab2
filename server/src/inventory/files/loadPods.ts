// Pods from the output of `kubectl get pods -A -o yaml|json`: a Pod, a PodList, a List (also one that holds Nodes,
// as `kubectl get nodes,pods -A` prints), or a multi-document stream. Two readings: whole pods (plan and rollout
// read owners, timestamps and conditions), and the scheduler's view of the pods on nodes (podModel.ts), which
// keeps only what the Filter plugins read.
import type { Pod } from '../../core/types';
import type { SchedPod } from '../../core/scheduler/types';
import { collectObjects, parseObjectsText } from './loadNodes';
import type { LoadError, LoadedObjects, ParserUsed } from './loadNodes';
import { toSchedPod } from './podModel';

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export interface LoadedPods<P = Pod> {
  pods: P[];
  errors: LoadError[];
  parser: ParserUsed;
}

function podsFrom<P>(parsed: LoadedObjects, sourceName: string, convert: (obj: unknown) => P | { error: string }): LoadedPods<P> {
  const pods: P[] = [];
  const errors: LoadError[] = [];
  for (const { obj, where, range } of collectObjects(parsed.values, 'Pod', 'PodList')) {
    const p = convert(obj);
    if (isObj(p) && 'error' in p) errors.push({ message: `${sourceName} (${where}): ${String(p.error)}`, range });
    else pods.push(p as P);
  }
  return { pods, errors, parser: parsed.parser };
}

function wholePod(obj: unknown): Pod | { error: string } {
  const meta = isObj(obj) && isObj(obj.metadata) ? obj.metadata : undefined;
  if (!meta || typeof meta.name !== 'string' || meta.name === '') return { error: 'a Pod needs metadata.name' };
  return { kind: 'Pod', ...(obj as Pod) };
}

/** Load whole pods; a pod needs metadata.name (spec and status are kept as they are). */
export function loadPodsFromText(text: string, sourceName: string): LoadedPods {
  const parsed = parseObjectsText(text, sourceName);
  const r = podsFrom(parsed, sourceName, wholePod);
  return { ...r, errors: [...parsed.errors, ...r.errors] };
}

/** Load pods as the scheduler reads them (podModel.ts); a pod needs metadata.name. */
export function loadSchedPodsFromText(text: string, sourceName: string): LoadedPods<SchedPod> {
  const parsed = parseObjectsText(text, sourceName);
  const r = podsFrom(parsed, sourceName, toSchedPod);
  return { ...r, errors: [...parsed.errors, ...r.errors] };
}

/** The Pods of an already parsed text, whole, without its parse errors (the nodes reading has them). */
export function podsFromParsed(parsed: LoadedObjects, sourceName: string): LoadedPods {
  return podsFrom(parsed, sourceName, wholePod);
}

/** The Pods of an already parsed text (scheduler view), without its parse errors (the nodes reading has them). */
export function schedPodsFromParsed(parsed: LoadedObjects, sourceName: string): LoadedPods<SchedPod> {
  return podsFrom(parsed, sourceName, toSchedPod);
}

/**
 * Whether the DaemonSet controller could count this pod as a DaemonSet's (core/plan.ts claimPod): its controller
 * reference names a DaemonSet, or it has none (an orphan a DaemonSet may adopt). Pods controlled by anything else
 * are never claimed, so a 450,000-pod file keeps only these whole.
 */
export function mayBelongToDaemonSet(raw: Record<string, unknown>): boolean {
  const meta = isObj(raw.metadata) ? raw.metadata : undefined;
  const refs = Array.isArray(meta?.ownerReferences) ? meta.ownerReferences : [];
  const controller = refs.find((r) => isObj(r) && r.controller === true) as Record<string, unknown> | undefined;
  return !controller || controller.kind === 'DaemonSet';
}
