// PodTopologySpread PreFilter counts: the upstream TestPreFilterState table as data (per constraint, the matching pods
// per topology value and the global minimum), including matchLabelKeys merged into the selector.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { preFilterPodTopologySpread } from '../../../server/src/core/scheduler/podTopologySpread';
import { makePod, snapshot, type NodeNotation, type PodSpecNotation, type SpreadSpec } from './builders';

const data = JSON.parse(readFileSync(join(__dirname, 'data', 'podtopologyspread-prefilter.json'), 'utf8'));

/** Strings starting with `_` name shared fixtures of the data file. */
const resolve = <T>(v: T | string): T => (typeof v === 'string' && v.startsWith('_') ? (data[v] as T) : (v as T));

interface Case {
  name: string;
  pod: PodSpecNotation & { spread?: unknown[][] };
  nodes: NodeNotation[] | string;
  pods?: PodSpecNotation[] | string;
  want: 'Skip' | { tpValueToMatchNum: Record<string, number>[]; minMatchNum: number[] };
}

describe('TestPreFilterState', () => {
  for (const c of data.TestPreFilterState as Case[]) {
    test(c.name, () => {
      const spread = c.pod.spread?.map((s) => {
        const copy = [...s];
        copy[3] = copy[3] === null ? null : data._selectors[copy[3] as string];
        return copy as SpreadSpec;
      });
      const nodes = resolve<NodeNotation[]>(c.nodes).map((n) => ({ ...n, taints: n.taints && resolve(n.taints) }));
      const views = snapshot(nodes, resolve<PodSpecNotation[]>(c.pods ?? []).map(makePod));
      const state = preFilterPodTopologySpread(makePod({ ...c.pod, spread }), views);
      if (c.want === 'Skip') {
        assert.equal(state.skip, true);
        return;
      }
      assert.equal(state.skip, false);
      assert.deepEqual(
        state.tpValueToMatchNum.map((m) => Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : 1)))),
        c.want.tpValueToMatchNum,
      );
      assert.deepEqual(state.minMatchNum, c.want.minMatchNum);
    });
  }
});
