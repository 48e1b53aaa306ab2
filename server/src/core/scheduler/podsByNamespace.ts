// The pods of one node grouped by namespace, so that PreFilter passes over a cluster's pods visit only the namespaces
// a term or a spread constraint can match (the results are those of a pass over every pod). Built once per node and
// kept while the node's `generation` (bumped by NodeInfo on every change) stays the same; views without a generation
// are grouped anew on each call.
import type { SchedPod } from './types';

type PodRef = { readonly pod: SchedPod };

interface NodePods {
  readonly pods: readonly PodRef[];
  readonly generation?: number;
}

interface Grouped {
  generation: number;
  byNamespace: Map<string, PodRef[]>;
}

const EMPTY: readonly PodRef[] = Object.freeze([]);
const cache = new WeakMap<object, Grouped>();

function group(pods: readonly PodRef[]): Map<string, PodRef[]> {
  const byNamespace = new Map<string, PodRef[]>();
  for (let i = 0; i < pods.length; i++) {
    const ref = pods[i]!;
    const ns = ref.pod.metadata?.namespace ?? '';
    const list = byNamespace.get(ns);
    if (list === undefined) byNamespace.set(ns, [ref]);
    else list.push(ref);
  }
  return byNamespace;
}

/** The node's pods in namespace `ns`. */
export function podsInNamespace(node: NodePods, ns: string): readonly PodRef[] {
  const generation = node.generation;
  if (generation === undefined) return node.pods.filter((p) => (p.pod.metadata?.namespace ?? '') === ns);
  let g = cache.get(node);
  if (g === undefined || g.generation !== generation) {
    g = { generation, byNamespace: group(node.pods) };
    cache.set(node, g);
  }
  return g.byNamespace.get(ns) ?? EMPTY;
}
