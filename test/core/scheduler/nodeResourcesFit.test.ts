// pkg/scheduler/framework/plugins/noderesources/fit_test.go (v1.35-development copy): TestEnoughRequests,
// TestNotEnoughRequests, TestStorageRequests, TestRestartableInitContainers, with upstream's pod helpers.
// Cases that need DRAExtendedResource (alpha, off in v1.35; not ported) are listed at the end and left out.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { prepareFilters, filterNode } from '../../../server/src/core/scheduler/framework';
import { NodeInfo, newPodInfo } from '../../../server/src/core/scheduler/nodeInfo';
import { computePodResourceRequest, fitsRequest } from '../../../server/src/core/scheduler/plugins/nodeResourcesFit';
import { cycleContext } from '../../../server/src/core/scheduler/framework';
import type {
  FilterCode, FilterOptions, InsufficientResource, ResourceList, SchedContainer, SchedPod,
} from '../../../server/src/core/scheduler/types';

const A = 'example.com/aaa';
const B = 'example.com/bbb';
const K8S_A = 'kubernetes.io/something';
const K8S_B = 'subdomain.kubernetes.io/something';
const HUGE_A = 'hugepages-2Mi';
const DRA = 'extended.resource.dra.io/something';

interface R { milliCPU?: number; memory?: number; ephemeralStorage?: number; pods?: number;
  scalar?: Record<string, number> }

// makeResources / makeAllocatableResources.
function makeResources(milliCPU: number, memory: number, pods: number, extA: number, storage: number, huge: number) {
  return { cpu: `${milliCPU}m`, memory: `${memory}`, pods: `${pods}`, [A]: `${extA}`,
    'ephemeral-storage': `${storage}`, [HUGE_A]: `${huge}` } as ResourceList;
}
function container(r: R): SchedContainer {
  const rl: ResourceList = { cpu: `${r.milliCPU ?? 0}m`, memory: `${r.memory ?? 0}`, pods: `${r.pods ?? 0}`,
    'ephemeral-storage': `${r.ephemeralStorage ?? 0}` };
  for (const [k, v] of Object.entries(r.scalar ?? {})) rl[k] = `${v}`;
  return { resources: { requests: rl } };
}
// newResourcePod / newResourceInitPod / newResourceOverheadPod / newPodLevelResourcesPod.
const newResourcePod = (...usage: R[]): SchedPod => ({ spec: { containers: usage.map(container) } });
const newResourceInitPod = (pod: SchedPod, ...usage: R[]): SchedPod =>
  ({ ...pod, spec: { ...pod.spec, initContainers: usage.map(container) } });
const newResourceOverheadPod = (pod: SchedPod, overhead: ResourceList): SchedPod =>
  ({ ...pod, spec: { ...pod.spec, overhead } });
const newPodLevelResourcesPod = (pod: SchedPod, requests: ResourceList): SchedPod =>
  ({ ...pod, spec: { ...pod.spec, resources: { requests } } });
const err = (r: string) => `Insufficient ${r}`;
const ins = (resourceName: string, requested: number, used: number, capacity: number, unresolvable = false) =>
  ({ resourceName, reason: resourceName === 'pods' ? 'Too many pods' : err(resourceName), requested, used, capacity,
    unresolvable }) as InsufficientResource;

interface Case {
  name: string;
  pod: SchedPod;
  existing: SchedPod[];
  args?: { ignoredResources?: string[]; ignoredResourceGroups?: string[] };
  podLevelResourcesEnabled?: boolean;
  wantStatus?: [FilterCode, ...string[]];
  wantInsufficient: InsufficientResource[];
}

const enough: Case[] = [
  { name: 'no resources requested always fits', pod: {}, existing: [newResourcePod({ milliCPU: 10, memory: 20 })],
    wantInsufficient: [] },
  { name: 'too many resources fails', pod: newResourcePod({ milliCPU: 1, memory: 1 }),
    existing: [newResourcePod({ milliCPU: 10, memory: 20 })], wantStatus: ['Unschedulable', err('cpu'), err('memory')],
    wantInsufficient: [ins('cpu', 1, 10, 10), ins('memory', 1, 20, 20)] },
  { name: 'too many resources fails due to init container cpu',
    pod: newResourceInitPod(newResourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 3, memory: 1 }),
    existing: [newResourcePod({ milliCPU: 8, memory: 19 })], wantStatus: ['Unschedulable', err('cpu')],
    wantInsufficient: [ins('cpu', 3, 8, 10)] },
  { name: 'too many resources fails due to highest init container cpu',
    pod: newResourceInitPod(newResourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 3, memory: 1 }, { milliCPU: 2,
      memory: 1 }),
    existing: [newResourcePod({ milliCPU: 8, memory: 19 })], wantStatus: ['Unschedulable', err('cpu')],
    wantInsufficient: [ins('cpu', 3, 8, 10)] },
  { name: 'too many resources fails due to init container memory',
    pod: newResourceInitPod(newResourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 1, memory: 3 }),
    existing: [newResourcePod({ milliCPU: 9, memory: 19 })], wantStatus: ['Unschedulable', err('memory')],
    wantInsufficient: [ins('memory', 3, 19, 20)] },
  { name: 'too many resources fails due to highest init container memory',
    pod: newResourceInitPod(newResourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 1, memory: 3 }, { milliCPU: 1,
      memory: 2 }),
    existing: [newResourcePod({ milliCPU: 9, memory: 19 })], wantStatus: ['Unschedulable', err('memory')],
    wantInsufficient: [ins('memory', 3, 19, 20)] },
  { name: "init container fits because it's the max, not sum, of containers and init containers",
    pod: newResourceInitPod(newResourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 1, memory: 1 }),
    existing: [newResourcePod({ milliCPU: 9, memory: 19 })], wantInsufficient: [] },
  { name: "multiple init containers fit because it's the max, not sum, of containers and init containers",
    pod: newResourceInitPod(newResourcePod({ milliCPU: 1, memory: 1 }), { milliCPU: 1, memory: 1 }, { milliCPU: 1,
      memory: 1 }),
    existing: [newResourcePod({ milliCPU: 9, memory: 19 })], wantInsufficient: [] },
  { name: 'both resources fit', pod: newResourcePod({ milliCPU: 1, memory: 1 }),
    existing: [newResourcePod({ milliCPU: 5, memory: 5 })], wantInsufficient: [] },
  { name: 'one resource memory fits', pod: newResourcePod({ milliCPU: 2, memory: 1 }),
    existing: [newResourcePod({ milliCPU: 9, memory: 5 })], wantStatus: ['Unschedulable', err('cpu')],
    wantInsufficient: [ins('cpu', 2, 9, 10)] },
  { name: 'one resource cpu fits', pod: newResourcePod({ milliCPU: 1, memory: 2 }),
    existing: [newResourcePod({ milliCPU: 5, memory: 19 })], wantStatus: ['Unschedulable', err('memory')],
    wantInsufficient: [ins('memory', 2, 19, 20)] },
  { name: 'equal edge case', pod: newResourcePod({ milliCPU: 5, memory: 1 }),
    existing: [newResourcePod({ milliCPU: 5, memory: 19 })], wantInsufficient: [] },
  { name: 'equal edge case for init container',
    pod: newResourceInitPod(newResourcePod({ milliCPU: 4, memory: 1 }), { milliCPU: 5, memory: 1 }),
    existing: [newResourcePod({ milliCPU: 5, memory: 19 })], wantInsufficient: [] },
  { name: 'extended resource fits', pod: newResourcePod({ scalar: { [A]: 1 } }), existing: [newResourcePod({})],
    wantInsufficient: [] },
  { name: 'extended resource fits for init container', pod: newResourceInitPod(newResourcePod({}),
    { scalar: { [A]: 1 } }),
    existing: [newResourcePod({})], wantInsufficient: [] },
  { name: 'extended resource capacity enforced', pod: newResourcePod({ milliCPU: 1, memory: 1, scalar: { [A]: 10 } }),
    existing: [newResourcePod({ scalar: { [A]: 0 } })], wantStatus: ['UnschedulableAndUnresolvable', err(A)],
    wantInsufficient: [ins(A, 10, 0, 5, true)] },
  { name: 'extended resource capacity enforced for init container',
    pod: newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [A]: 10 } }),
    existing: [newResourcePod({ scalar: { [A]: 0 } })], wantStatus: ['UnschedulableAndUnresolvable', err(A)],
    wantInsufficient: [ins(A, 10, 0, 5, true)] },
  { name: 'extended resource allocatable enforced', pod: newResourcePod({ milliCPU: 1, memory: 1, scalar: { [A]: 1 } }),
    existing: [newResourcePod({ scalar: { [A]: 5 } })], wantStatus: ['Unschedulable', err(A)],
    wantInsufficient: [ins(A, 1, 5, 5)] },
  { name: 'extended resource allocatable enforced for init container',
    pod: newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [A]: 1 } }),
    existing: [newResourcePod({ scalar: { [A]: 5 } })], wantStatus: ['Unschedulable', err(A)],
    wantInsufficient: [ins(A, 1, 5, 5)] },
  { name: 'extended resource allocatable enforced for multiple containers',
    pod: newResourcePod({ milliCPU: 1, memory: 1, scalar: { [A]: 3 } }, { milliCPU: 1, memory: 1, scalar: { [A]: 3 } }),
    existing: [newResourcePod({ scalar: { [A]: 2 } })], wantStatus: ['UnschedulableAndUnresolvable', err(A)],
    wantInsufficient: [ins(A, 6, 2, 5, true)] },
  { name: 'extended resource allocatable admits multiple init containers',
    pod: newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [A]: 3 } },
      { milliCPU: 1, memory: 1, scalar: { [A]: 3 } }),
    existing: [newResourcePod({ scalar: { [A]: 2 } })], wantInsufficient: [] },
  { name: 'extended resource allocatable enforced for multiple init containers',
    pod: newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [A]: 6 } },
      { milliCPU: 1, memory: 1, scalar: { [A]: 3 } }),
    existing: [newResourcePod({ scalar: { [A]: 2 } })], wantStatus: ['UnschedulableAndUnresolvable', err(A)],
    wantInsufficient: [ins(A, 6, 2, 5, true)] },
  { name: 'extended resource allocatable enforced for unknown resource',
    pod: newResourcePod({ milliCPU: 1, memory: 1, scalar: { [B]: 1 } }), existing: [newResourcePod({})],
    wantStatus: ['UnschedulableAndUnresolvable', err(B)], wantInsufficient: [ins(B, 1, 0, 0, true)] },
  { name: 'extended resource allocatable enforced for unknown resource for init container',
    pod: newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [B]: 1 } }),
    existing: [newResourcePod({})], wantStatus: ['UnschedulableAndUnresolvable', err(B)],
    wantInsufficient: [ins(B, 1, 0, 0, true)] },
  { name: 'kubernetes.io resource capacity enforced',
    pod: newResourcePod({ milliCPU: 1, memory: 1, scalar: { [K8S_A]: 10 } }), existing: [newResourcePod({})],
    wantStatus: ['UnschedulableAndUnresolvable', err(K8S_A)], wantInsufficient: [ins(K8S_A, 10, 0, 0, true)] },
  { name: 'kubernetes.io resource capacity enforced for init container',
    pod: newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [K8S_B]: 10 } }),
    existing: [newResourcePod({})], wantStatus: ['UnschedulableAndUnresolvable', err(K8S_B)],
    wantInsufficient: [ins(K8S_B, 10, 0, 0, true)] },
  { name: 'hugepages resource capacity enforced',
    pod: newResourcePod({ milliCPU: 1, memory: 1, scalar: { [HUGE_A]: 10 } }),
    existing: [newResourcePod({ scalar: { [HUGE_A]: 0 } })], wantStatus: ['UnschedulableAndUnresolvable', err(HUGE_A)],
    wantInsufficient: [ins(HUGE_A, 10, 0, 5, true)] },
  { name: 'hugepages resource capacity enforced for init container',
    pod: newResourceInitPod(newResourcePod({}), { milliCPU: 1, memory: 1, scalar: { [HUGE_A]: 10 } }),
    existing: [newResourcePod({ scalar: { [HUGE_A]: 0 } })], wantStatus: ['UnschedulableAndUnresolvable', err(HUGE_A)],
    wantInsufficient: [ins(HUGE_A, 10, 0, 5, true)] },
  { name: 'hugepages resource allocatable enforced for multiple containers',
    pod: newResourcePod({ milliCPU: 1, memory: 1, scalar: { [HUGE_A]: 3 } }, { milliCPU: 1, memory: 1,
      scalar: { [HUGE_A]: 3 } }),
    existing: [newResourcePod({ scalar: { [HUGE_A]: 2 } })], wantStatus: ['UnschedulableAndUnresolvable', err(HUGE_A)],
    wantInsufficient: [ins(HUGE_A, 6, 2, 5, true)] },
  { name: 'skip checking ignored extended resource', pod: newResourcePod({ milliCPU: 1, memory: 1,
    scalar: { [B]: 1 } }),
    existing: [newResourcePod({})], args: { ignoredResources: ['example.com/bbb'] }, wantInsufficient: [] },
  { name: 'resources + pod overhead fits',
    pod: newResourceOverheadPod(newResourcePod({ milliCPU: 1, memory: 1 }), { cpu: '3m', memory: '13' }),
    existing: [newResourcePod({ milliCPU: 5, memory: 5 })], wantInsufficient: [] },
  { name: 'requests + overhead does not fit for memory',
    pod: newResourceOverheadPod(newResourcePod({ milliCPU: 1, memory: 1 }), { cpu: '1m', memory: '15' }),
    existing: [newResourcePod({ milliCPU: 5, memory: 5 })], wantStatus: ['Unschedulable', err('memory')],
    wantInsufficient: [ins('memory', 16, 5, 20)] },
  { name: 'skip checking ignored extended resource via resource groups',
    pod: newResourcePod({ milliCPU: 1, memory: 1, scalar: { [B]: 1, [K8S_A]: 1 } }), existing: [newResourcePod({})],
    args: { ignoredResourceGroups: ['example.com'] }, wantStatus: ['UnschedulableAndUnresolvable', err(K8S_A)],
    wantInsufficient: [ins(K8S_A, 1, 0, 0, true)] },
  { name: 'skip checking extended resource request with quantity zero via resource groups',
    pod: newResourcePod({ milliCPU: 1, memory: 1, scalar: { [A]: 0 } }),
      existing: [newResourcePod({ scalar: { [A]: 6 } })],
    wantInsufficient: [] },
  { name: 'skip checking resource request with quantity zero', podLevelResourcesEnabled: true,
    pod: newResourcePod({ scalar: { [A]: 1 } }), existing: [newResourcePod({ milliCPU: 20, memory: 30,
      scalar: { [A]: 1 } })],
    wantInsufficient: [] },
  { name: 'both pod-level and container-level resources fit', podLevelResourcesEnabled: true,
    pod: newPodLevelResourcesPod(newResourcePod({ milliCPU: 1, memory: 1 }), { cpu: '1m', memory: '2' }),
    existing: [newResourcePod({ milliCPU: 5, memory: 5 })], wantInsufficient: [] },
  { name: 'pod-level cpu resource not fit', podLevelResourcesEnabled: true,
    pod: newPodLevelResourcesPod(newResourcePod({ milliCPU: 1, memory: 1 }), { cpu: '7m', memory: '2' }),
    existing: [newResourcePod({ milliCPU: 5, memory: 5 })], wantStatus: ['Unschedulable', err('cpu')],
    wantInsufficient: [ins('cpu', 7, 5, 10)] },
  { name: 'pod-level memory resource not fit', podLevelResourcesEnabled: true,
    pod: newPodLevelResourcesPod(newResourcePod({ milliCPU: 1, memory: 1 }), { cpu: '3m', memory: '2' }),
    existing: [newResourcePod({ milliCPU: 5, memory: 19 })], wantStatus: ['Unschedulable', err('memory')],
    wantInsufficient: [ins('memory', 2, 19, 20)] },
  { name: 'pod-level hugepages resource fit', podLevelResourcesEnabled: true,
    pod: newPodLevelResourcesPod(newResourcePod(), { cpu: '3m', memory: '2', [HUGE_A]: '5' }), existing: [],
    wantInsufficient: [] },
  { name: 'both pod-level and container-level hugepages resource fit', podLevelResourcesEnabled: true,
    pod: newPodLevelResourcesPod(newResourcePod({ milliCPU: 1, memory: 1, scalar: { [HUGE_A]: 3 } }),
      { cpu: '3m', memory: '2', [HUGE_A]: '5' }),
    existing: [], wantInsufficient: [] },
  { name: 'pod-level hugepages resource not fit', podLevelResourcesEnabled: true,
    pod: newPodLevelResourcesPod(newResourcePod(), { cpu: '3m', memory: '2', [HUGE_A]: '10' }), existing: [],
    wantStatus: ['UnschedulableAndUnresolvable', err(HUGE_A)], wantInsufficient: [ins(HUGE_A, 10, 0, 5, true)] },
  { name: 'one pod-level cpu resource fits and all init and non-init containers resources fit',
    podLevelResourcesEnabled: true,
    pod: newResourceInitPod(newPodLevelResourcesPod(newResourcePod({ milliCPU: 1, memory: 1 }), { cpu: '3m',
      memory: '2' }),
      { milliCPU: 1, memory: 1 }),
    existing: [newResourcePod({ milliCPU: 5, memory: 19 })], wantStatus: ['Unschedulable', err('memory')],
    wantInsufficient: [ins('memory', 2, 19, 20)] },
  { name: 'extended resource backed by DRA not enabled',
    pod: newResourcePod({ milliCPU: 1, memory: 1, scalar: { [DRA]: 1 } }), existing: [newResourcePod({})],
    wantStatus: ['UnschedulableAndUnresolvable', err(DRA)], wantInsufficient: [ins(DRA, 1, 0, 0, true)] },
];

// Not ported (they need DRAExtendedResource on and a DeviceClass informer): 'extended resource backed by device
// plugin', 'extended resource backed by DRA', 'extended resource backed by DRA, nil draManager', 'extended resource
// NOT backed by DRA', 'extended resource was backed by Device Plugin (Allocatable: 0)', and its ', global cache' twin.

function nodeWith(allocatable: ResourceList, existing: SchedPod[]): NodeInfo {
  const ni = new NodeInfo({ name: 'n', labels: {}, taints: [], unschedulable: false, conditions: [], allocatable });
  existing.forEach((p, i) => ni.addPodInfo(newPodInfo({ ...p, metadata: { name: `existing-${i}` } })));
  return ni;
}

function run(pod: SchedPod, ni: NodeInfo, opts: FilterOptions) {
  return filterNode(prepareFilters(pod, [ni], { ...opts, plugins: ['NodeResourcesFit'] }), ni);
}

describe('TestEnoughRequests', () => {
  for (const tc of enough) {
    test(tc.name, () => {
      const ni = nodeWith(makeResources(10, 20, 32, 5, 20, 5), tc.existing);
      const opts: FilterOptions = { enablePodLevelResources: tc.podLevelResourcesEnabled ?? false, ...tc.args };
      const out = run(tc.pod, ni, opts);
      if (tc.wantStatus) {
        assert.equal(out.feasible, false);
        assert.deepEqual([out.results[0]?.code, ...(out.results[0]?.reasons ?? [])], tc.wantStatus);
      } else assert.equal(out.feasible, true, JSON.stringify(out.results));
      const ctx = cycleContext(opts);
      const req = computePodResourceRequest(tc.pod, ctx.enablePodLevelResources);
      assert.deepEqual(fitsRequest(req, ni, ctx), tc.wantInsufficient);
    });
  }
});

describe('TestNotEnoughRequests', () => {
  const cases: { name: string; pod: SchedPod; existing: SchedPod }[] = [
    { name: "even without specified resources, predicate fails when there's no space for additional pod", pod: {},
      existing: newResourcePod({ milliCPU: 10, memory: 20 }) },
    { name: "even if both resources fit, predicate fails when there's no space for additional pod",
      pod: newResourcePod({ milliCPU: 1, memory: 1 }), existing: newResourcePod({ milliCPU: 5, memory: 5 }) },
    { name: "even for equal edge case, predicate fails when there's no space for additional pod",
      pod: newResourcePod({ milliCPU: 5, memory: 1 }), existing: newResourcePod({ milliCPU: 5, memory: 19 }) },
    { name: "even for equal edge case, predicate fails when there's no space for additional pod due to init container",
      pod: newResourceInitPod(newResourcePod({ milliCPU: 5, memory: 1 }), { milliCPU: 5, memory: 1 }),
      existing: newResourcePod({ milliCPU: 5, memory: 19 }) },
  ];
  for (const tc of cases) {
    test(tc.name, () => {
      const ni = nodeWith(makeResources(10, 20, 1, 0, 0, 0), [tc.existing]);
      const out = run(tc.pod, ni, {});
      assert.deepEqual(out.results.map((r) => [r.code, ...r.reasons]), [['Unschedulable', 'Too many pods']]);
    });
  }
});

describe('TestStorageRequests', () => {
  const cases: { name: string; pod: SchedPod; existing: SchedPod; want?: [FilterCode, string] }[] = [
    { name: 'empty storage requested, and pod fits', pod: newResourcePod({ milliCPU: 1, memory: 1 }),
      existing: newResourcePod({ milliCPU: 2, memory: 10 }) },
    { name: 'storage ephemeral local storage request exceeds allocatable',
      pod: newResourcePod({ ephemeralStorage: 25 }),
      existing: newResourcePod({ milliCPU: 2, memory: 2 }),
      want: ['UnschedulableAndUnresolvable', err('ephemeral-storage')] },
    { name: 'ephemeral local storage is sufficient', pod: newResourceInitPod(newResourcePod({ ephemeralStorage: 5 })),
      existing: newResourcePod({ milliCPU: 2, memory: 2, ephemeralStorage: 10 }) },
    { name: 'pod fits', pod: newResourcePod({ ephemeralStorage: 10 }), existing: newResourcePod({ milliCPU: 2,
      memory: 2 }) },
  ];
  for (const tc of cases) {
    test(tc.name, () => {
      const out = run(tc.pod, nodeWith(makeResources(10, 20, 32, 5, 20, 5), [tc.existing]), {});
      assert.deepEqual(out.results.map((r) => [r.code, ...r.reasons]), tc.want ? [tc.want] : []);
    });
  }
});

describe('TestRestartableInitContainers', () => {
  const newPod = (): SchedPod => ({ spec: { containers: [{ name: 'regular' }] } });
  const withSidecar = (request?: ResourceList, sidecar?: ResourceList): SchedPod => ({
    spec: {
      containers: [{ name: 'regular', ...(request ? { resources: { requests: request } } : {}) }],
      initContainers: [{ name: 'restartable-init', restartPolicy: 'Always',
        ...(sidecar ? { resources: { requests: sidecar } } : {}) }],
    },
  });
  const cases: { name: string; pod: SchedPod; sidecars: boolean; pre?: string; filter?: [FilterCode, string] }[] = [
    { name: 'allow pod without restartable init containers if sidecar containers is disabled', pod: newPod(),
      sidecars: false },
    { name: 'not allow pod with restartable init containers if sidecar containers is disabled', pod: withSidecar(),
      sidecars: false, pre: 'Pod has a restartable init container and the SidecarContainers feature is disabled' },
    { name: 'allow pod without restartable init containers if sidecar containers is enabled', pod: newPod(),
      sidecars: true },
    { name: 'allow pod with restartable init containers if sidecar containers is enabled', pod: withSidecar(),
      sidecars: true },
    { name: "allow pod if the total requested resources do not exceed the node's allocatable resources",
      pod: withSidecar({ cpu: '1m' }, { cpu: '1m' }), sidecars: true },
    { name: "not allow pod if the total requested resources do exceed the node's allocatable resources",
      pod: withSidecar({ cpu: '1m' }, { cpu: '2m' }), sidecars: true,
      filter: ['UnschedulableAndUnresolvable', err('cpu')] },
  ];
  for (const tc of cases) {
    test(tc.name, () => {
      const ni = nodeWith(makeResources(2, 0, 1, 0, 0, 0), []);
      const prepared = prepareFilters(tc.pod, [ni], { enableSidecarContainers: tc.sidecars,
        plugins: ['NodeResourcesFit'] });
      assert.deepEqual(prepared.rejected?.reasons, tc.pre ? [tc.pre] : undefined);
      if (tc.pre) return;
      const out = filterNode(prepared, ni);
      assert.deepEqual(out.results.map((r) => [r.code, ...r.reasons]), tc.filter ? [tc.filter] : []);
    });
  }
});
