// Upstream tables of k8s.io/component-helpers/resource/helpers_test.go (v0.35.0), as data in data/podRequests.json.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPodLevelResourcesSet, isSupportedPodLevelResource, podRequests, type PodResourcesOptions } from
  '../../../server/src/core/scheduler/podRequests';
import { mustParseQuantity } from '../../../server/src/core/scheduler/quantity';
import type { QuantityList } from '../../../server/src/core/scheduler/resource';
import type { PodCondition } from '../../../server/src/core/types';
import type {
  ResourceList, ResourceRequirements, SchedContainer, SchedContainerStatus, SchedPod,
} from '../../../server/src/core/scheduler/types';

interface RequestsCase {
  description: string;
  options?: PodResourcesOptions;
  overhead?: ResourceList;
  podResizeStatus?: PodCondition[];
  initContainers?: SchedContainer[];
  initContainerStatuses?: SchedContainerStatus[];
  containers?: SchedContainer[];
  containerStatus?: SchedContainerStatus[];
  expectedRequests: ResourceList;
}
interface PodLevelCase {
  name: string;
  opts?: PodResourcesOptions;
  podResources?: ResourceRequirements;
  overhead?: ResourceList;
  initContainers?: SchedContainer[];
  containers?: SchedContainer[];
  expectedRequests: ResourceList;
}
const data = JSON.parse(readFileSync(join(__dirname, 'data', 'podRequests.json'), 'utf8')) as {
  podResourceRequests: RequestsCase[];
  podLevelResourceRequests: PodLevelCase[];
  isPodLevelResourcesSet: { name: string; podResources?: ResourceRequirements; expected: boolean }[];
};

/** Same names, and each quantity equal by value (cmp.Diff compares Quantities with Equal). */
function assertRequests(got: QuantityList, want: ResourceList): void {
  assert.deepEqual([...got.keys()].sort(), Object.keys(want).sort(), 'resource names');
  for (const [name, q] of got) {
    const w = mustParseQuantity(String(want[name]));
    assert.equal(q.cmp(w), 0, `${name}: got ${q.toString()}, want ${w.toString()}`);
  }
}

describe('TestPodResourceRequests', () => {
  for (const tc of data.podResourceRequests) {
    test(tc.description, () => {
      const pod: SchedPod = {
        spec: { containers: tc.containers, initContainers: tc.initContainers, overhead: tc.overhead },
        status: {
          containerStatuses: tc.containerStatus,
          initContainerStatuses: tc.initContainerStatuses,
          conditions: tc.podResizeStatus,
        },
      };
      assertRequests(podRequests(pod, tc.options ?? {}), tc.expectedRequests);
    });
  }
});

describe('TestPodLevelResourceRequests', () => {
  for (const tc of data.podLevelResourceRequests) {
    test(tc.name, () => {
      const pod: SchedPod = {
        spec: {
          resources: tc.podResources ?? {},
          containers: tc.containers,
          initContainers: tc.initContainers,
          overhead: tc.overhead,
        },
      };
      assertRequests(podRequests(pod, tc.opts ?? {}), tc.expectedRequests);
    });
  }
});

describe('TestIsPodLevelResourcesSet', () => {
  for (const tc of data.isPodLevelResourcesSet) {
    test(tc.name, () => assert.equal(isPodLevelResourcesSet({ spec: { resources: tc.podResources } }), tc.expected));
  }
});

describe('TestIsSupportedPodLevelResource', () => {
  const table: [string, boolean][] = [
    ['cpu', true], ['memory', true], ['ephemeral-storage', false], ['hugepages-2Mi', true], ['hugepages-1Gi', true],
  ];
  for (const [name, expected] of table) test(name, () => assert.equal(isSupportedPodLevelResource(name), expected));
});

describe('quantities that do not parse', () => {
  test('are left out and reported, never thrown', () => {
    const errors: { resource: string; value: string; message: string }[] = [];
    const pod: SchedPod = { spec: { containers: [{ name: 'a', resources: { requests: { cpu: 'lots',
      memory: '1Gi' } } }] } };
    const got = podRequests(pod, { errors });
    assert.deepEqual([...got.keys()], ['memory']);
    assert.equal(errors.length, 1);
    assert.equal(errors[0]?.resource, 'cpu');
  });
});

// TestPodRequestsAndLimits, the requests half (PodLimits is not ported: no Filter plugin reads limits).
describe('TestPodRequestsAndLimits (requests)', () => {
  interface R { cpuRequest?: string; cpuLimit?: string; memoryRequest?: string; memoryLimit?: string;
    cpuOverhead?: string; memoryOverhead?: string }
  // getPod: one container and one init container with the same resources, plus overhead.
  const getPod = (cname: string, r: R): SchedPod => {
    const requests: ResourceList = {};
    const limits: ResourceList = {};
    const overhead: ResourceList = {};
    if (r.cpuLimit) limits.cpu = r.cpuLimit;
    if (r.memoryLimit) limits.memory = r.memoryLimit;
    if (r.cpuRequest) requests.cpu = r.cpuRequest;
    if (r.memoryRequest) requests.memory = r.memoryRequest;
    if (r.cpuOverhead) overhead.cpu = r.cpuOverhead;
    if (r.memoryOverhead) overhead.memory = r.memoryOverhead;
    const resources = { requests, limits };
    return { spec: { containers: [{ name: cname, resources }], initContainers: [{ name: `init-${cname}`, resources }],
      overhead } };
  };
  const cases: [string, R, ResourceList][] = [
    ['just-limit-no-overhead', { cpuLimit: '9' }, {}],
    ['just-overhead', { cpuOverhead: '5', memoryOverhead: '5' }, { cpu: '5', memory: '5' }],
    ['req-and-overhead', { cpuRequest: '1', memoryRequest: '10', cpuOverhead: '5', memoryOverhead: '5' },
      { cpu: '6', memory: '15' }],
    ['all-req-lim-and-overhead', { cpuRequest: '1', cpuLimit: '2', memoryRequest: '10', memoryLimit: '12',
      cpuOverhead: '5', memoryOverhead: '5' }, { cpu: '6', memory: '15' }],
    ['req-some-lim-and-overhead', { cpuRequest: '1', cpuLimit: '2', memoryRequest: '10', cpuOverhead: '5',
      memoryOverhead: '5' }, { cpu: '6', memory: '15' }],
  ];
  for (const [name, r, want] of cases) test(name, () => assertRequests(podRequests(getPod('foo', r)), want));
});
