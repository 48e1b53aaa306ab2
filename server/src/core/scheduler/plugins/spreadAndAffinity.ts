// The InterPodAffinity and PodTopologySpread filters (interPodAffinity.ts, podTopologySpread.ts) as FilterPlugins,
// so runFilters runs them at their place in the default profile's order.
import {
  filterInterPodAffinity,
  preFilterInterPodAffinity,
  type InterPodAffinityState,
} from '../interPodAffinity';
import {
  filterPodTopologySpread,
  preFilterPodTopologySpread,
  type PodTopologySpreadState,
} from '../podTopologySpread';
import type { FilterPlugin, FilterResult, PreFilterOutcome } from '../types';

function outcome<S extends { skip: boolean; rejection?: FilterResult }>(s: S): PreFilterOutcome<S> {
  if (s.rejection !== undefined) return { kind: 'reject', result: s.rejection };
  return s.skip ? { kind: 'skip' } : { kind: 'state', state: s };
}

export const podTopologySpread: FilterPlugin<PodTopologySpreadState> = {
  name: 'PodTopologySpread',
  preFilter: (pod, ctx, nodes) => outcome(preFilterPodTopologySpread(pod, nodes, {
    specPath: ctx.specPath,
    enableComparisonOperators: ctx.enableTaintTolerationComparisonOperators,
    daemonPinnedToNode: ctx.daemonPinnedToNode,
  })),
  filter: (state, _pod, node) => filterPodTopologySpread(state, node) ?? null,
};

export const interPodAffinity: FilterPlugin<InterPodAffinityState> = {
  name: 'InterPodAffinity',
  preFilter: (pod, ctx, nodes) => outcome(preFilterInterPodAffinity(pod, nodes, {
    specPath: ctx.specPath,
    labelsPath: ctx.labelsPath,
    namespaces: ctx.namespaces,
  })),
  filter: (state, _pod, node) => filterInterPodAffinity(state, node) ?? null,
};
