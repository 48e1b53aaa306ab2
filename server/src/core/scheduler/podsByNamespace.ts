// The pods of each node grouped by namespace, so that PreFilter passes over a cluster's pods visit only the namespaces
// a term or a spread constraint can match (the results are those of a pass over every pod). One index per node list,
// looked up once per PreFilter; a node's group is rebuilt when its `generation` (bumped by NodeInfo on every change)
// moves. Views without a generation are grouped on each call.
import type { SchedPod } from './types';

type PodRef = { readonly pod: SchedPod };

interface NodePods {
  readonly pods: readonly PodRef[];
  readonly generation?: number;
}

interface ListIndex {
  generations: (number | undefined)[];
  groups: (Map<string, PodRef[]> | undefined)[];
}

const EMPTY: readonly PodRef[] = Object.freeze([]);
const indexes = new WeakMap<object, ListIndex>();

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

/** Pods by namespace for the nodes of one list: `podsIn(i, ns)` is the pods of `nodes[i]` in namespace `ns`. */
export interface NamespaceIndex {
  podsIn(i: number, ns: string): readonly PodRef[];
}

export function namespaceIndex(nodes: readonly NodePods[]): NamespaceIndex {
  let ix = indexes.get(nodes);
  if (ix === undefined || ix.groups.length !== nodes.length) {
    ix = { generations: new Array(nodes.length), groups: new Array(nodes.length) };
    indexes.set(nodes, ix);
  }
  const { generations, groups } = ix;
  return {
    podsIn(i, ns) {
      const node = nodes[i]!;
      const generation = node.generation;
      let g = groups[i];
      if (g === undefined || generation === undefined || generations[i] !== generation) {
        g = group(node.pods);
        groups[i] = g;
        generations[i] = generation;
      }
      return g.get(ns) ?? EMPTY;
    },
  };
}
