// Scheduler Filter stage figures (prints, never asserts): building per-node usage from 450,000 pods bound to
// 15,000 nodes, one pod event applied incrementally, and the filter stage for one DaemonSet's pod over every node.
// Each figure is printed beside a floor measured in the same run: JSON.parse of the same pods (reading the input at
// all), and a bare loop over the nodes comparing one number (the least per-node work any filter does).
// Run: node --expose-gc --import tsx bench/scheduler.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { addOrUpdateDaemonPodTolerations } from '../server/src/core/daemonPod';
import { DEFAULT_FEATURE_GATES } from '../server/src/core/k8sVersion';
import { compilePlacement } from '../server/src/core/placement';
import { filterNode, prepareFilters } from '../server/src/core/scheduler/framework';
import { ClusterNodeInfos } from '../server/src/core/scheduler/nodeInfo';
import type { SchedNode, SchedPod } from '../server/src/core/scheduler/types';
import type { DaemonSet } from '../server/src/core/types';
import { analyzeText } from '../server/src/analysis/index';
import { workloadPreview } from '../server/src/analysis/workloads';

const NODES = 15_000;
const PODS_PER_NODE = 30;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

function median(fn: () => unknown, runs: number, warmup = 1): number {
  for (let i = 0; i < warmup; i++) fn();
  const s: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    s.push(performance.now() - t0);
  }
  s.sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

const nodeName = (i: number) => `node-${String(i).padStart(5, '0')}`;
function makeNode(i: number): SchedNode {
  return {
    name: nodeName(i),
    labels: {
      'kubernetes.io/hostname': nodeName(i),
      'kubernetes.io/os': 'linux',
      'kubernetes.io/arch': i % 4 ? 'amd64' : 'arm64',
      'topology.kubernetes.io/zone': `eu-west-1${'abc'[i % 3]}`,
    },
    taints: i % 10 === 0 ? [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] : [],
    unschedulable: i % 500 === 0,
    conditions: [{ type: 'Ready', status: 'True' }],
    allocatable: { cpu: '15890m', memory: '62Gi', pods: '110', 'ephemeral-storage': '95Gi' },
  };
}
const CPU = ['50m', '100m', '250m', '500m', '1'];
const MEM = ['64Mi', '128Mi', '256Mi', '512Mi', '1Gi'];
function makePod(n: number, j: number): SchedPod {
  const k = (n * 31 + j) % 5;
  const pod: SchedPod = {
    metadata: {
      name: `app-${n}-${j}`, namespace: `ns-${j % 7}`, uid: `uid-${n}-${j}`, labels: { app: `app-${j % 11}` },
    },
    spec: {
      nodeName: nodeName(n),
      containers: [
        { name: 'main', resources: { requests: { cpu: CPU[k] as string, memory: MEM[k] as string } } },
        ...(j % 3 === 0 ? [{ name: 'sidecar', resources: { requests: { cpu: '10m', memory: '32Mi' } } }] : []),
      ],
    },
    status: { phase: 'Running' },
  };
  if (j === 0) pod.spec!.containers![0]!.ports = [{ containerPort: 9100, hostPort: 9100 + (n % 2) }];
  if (j === 1) pod.spec!.initContainers = [{ name: 'init', resources: { requests: { cpu: '2', memory: '64Mi' } } }];
  return pod;
}

const nodes = Array.from({ length: NODES }, (_, i) => makeNode(i));
const podsText = JSON.stringify(
  Array.from({ length: NODES * PODS_PER_NODE }, (_, x) => makePod(Math.floor(x / PODS_PER_NODE), x % PODS_PER_NODE)),
);
const parseFloor = median(() => JSON.parse(podsText), 3);
const pods = JSON.parse(podsText) as SchedPod[];

// 1. Usage built from every pod (each run starts from fresh objects so no cache of a previous run helps).
let cluster = new ClusterNodeInfos();
gc();
const heap0 = process.memoryUsage().heapUsed;
const build = median(() => {
  cluster = new ClusterNodeInfos();
  for (const n of nodes) cluster.setNode(n);
  for (const p of pods) cluster.upsertPod(p);
}, 3);
gc();
const heapMiB = (process.memoryUsage().heapUsed - heap0) / 1024 / 1024;

// 2. One pod event: remove a pod and add it back.
const some = pods[12345] as SchedPod;
const key = some.metadata?.uid as string;
const event = median(() => {
  for (let i = 0; i < 1000; i++) {
    cluster.removePod(key);
    cluster.upsertPod(some);
  }
}, 5) / 1000;

// 3. The filter stage for one DaemonSet pod (examples/csi-node.yaml with the controller's tolerations).
const root = join(__dirname, '..');
const ds = parseAllDocuments(readFileSync(join(root, 'examples', 'csi-node.yaml'), 'utf8'))[0]!.toJS() as DaemonSet;
const tmpl = { metadata: { ...ds.spec?.template?.metadata, namespace: 'kube-system' },
  spec: structuredClone(ds.spec?.template?.spec ?? {}) } as SchedPod;
addOrUpdateDaemonPodTolerations(tmpl.spec!);
// Requests and a host port, so NodeResourcesFit and NodePorts have work to do on every node.
tmpl.spec!.containers![0]!.resources = { requests: { cpu: '1', memory: '512Mi' } };
tmpl.spec!.containers![0]!.ports = [{ containerPort: 9808, hostPort: 9100 }];
const views = cluster.nodes();
let feasible = 0;
const filterStage = median(() => {
  const prepared = prepareFilters(tmpl, views, { daemonPinnedToNode: true, specPath: 'spec.template.spec' });
  feasible = 0;
  for (const v of views) if (filterNode(prepared, v).feasible) feasible++;
}, 20, 5);
const daemonOpts = { daemonPinnedToNode: true, specPath: 'spec.template.spec' };
const prepareOnly = median(() => prepareFilters(tmpl, views, daemonOpts), 20, 5);
// A second reference: the DaemonSet controller's own check (placement, with reasons) over the same nodes.
const compiled = compilePlacement(ds, DEFAULT_FEATURE_GATES);
const placement = median(() => {
  for (const n of nodes) compiled.evaluate(n);
}, 20, 5);
let sink = 0;
const loopFloor = median(() => {
  sink = 0;
  for (const v of views) if (v.allocatable.milliCPU - v.requested.milliCPU > 100) sink++;
}, 20, 5);

const ms = (x: number) => `${x.toFixed(3)} ms`;
console.log(`scheduler: usage from ${pods.length.toLocaleString('en')} pods on ${NODES.toLocaleString('en')} nodes: ` +
  `${ms(build)} (floor: JSON.parse of those pods ${ms(parseFloor)}, ratio ${(build / parseFloor).toFixed(3)}); ` +
  `heap ${heapMiB.toFixed(0)} MiB`);
console.log(`scheduler: one pod event (remove + add): ${(event * 1000).toFixed(1)} µs`);
console.log(`scheduler: filter stage, one DaemonSet pod over ${NODES.toLocaleString('en')} nodes: ${ms(filterStage)} ` +
  `(floor: bare loop over the nodes ${ms(loopFloor)}, ratio ${(filterStage / loopFloor).toFixed(1)}; ` +
  'target ≤ 10 ms); ' +
  `${feasible} feasible (PreFilter alone ${ms(prepareOnly)}); ` +
  `the controller's placement of the same DaemonSet over the same nodes, with reasons: ${ms(placement)}`);
void sink;

// 4. InterPodAffinity and PodTopologySpread (sched-b): the same DaemonSet pod with required anti-affinity to its own
// pods by hostname and a DoNotSchedule spread by hostname — (a) in its namespace, which the per-node namespace index
// answers without looking at the 450,000 other pods; (b) with `namespaceSelector: {}`, which makes PreFilter match
// against every pod of every namespace (the worst case). Floor: one pass over every pod reading its namespace, the
// least an upstream-style O(pods) PreFilter does.
const own = { matchLabels: { ...(tmpl.metadata?.labels ?? {}) } };
const withRules = (namespaceSelector?: object): SchedPod => ({
  metadata: tmpl.metadata,
  spec: {
    ...tmpl.spec,
    affinity: {
      ...tmpl.spec?.affinity,
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: namespaceSelector ? { matchLabels: { app: 'app-3' } } : own,
            topologyKey: 'kubernetes.io/hostname', ...(namespaceSelector ? { namespaceSelector } : {}) },
        ],
      },
    },
    topologySpreadConstraints: [
      { maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule', labelSelector: own },
    ],
  },
});
const affinityStage = (pod: SchedPod, plugins?: ('PodTopologySpread' | 'InterPodAffinity')[]) => {
  let ok = 0;
  const t = median(() => {
    const prepared = prepareFilters(pod, views, { daemonPinnedToNode: true, specPath: 'spec.template.spec', plugins });
    ok = 0;
    for (const v of views) if (filterNode(prepared, v).feasible) ok++;
  }, 20, 5);
  return { t, ok };
};
const twoPlugins: ('PodTopologySpread' | 'InterPodAffinity')[] = ['PodTopologySpread', 'InterPodAffinity'];
const ownNs = affinityStage(withRules(), twoPlugins);
const ownNsFull = affinityStage(withRules());
const allNs = affinityStage(withRules({}), twoPlugins);
const podPassFloor = median(() => {
  sink = 0;
  for (const v of views) for (const p of v.pods) if (p.pod.metadata?.namespace === 'kube-system') sink++;
}, 20, 5);
console.log(`scheduler: PodTopologySpread + InterPodAffinity, anti-affinity DaemonSet pod over ` +
  `${NODES.toLocaleString('en')} nodes / ${pods.length.toLocaleString('en')} pods: own namespace ${ms(ownNs.t)} ` +
  `(${ownNs.ok} feasible; whole filter stage ${ms(ownNsFull.t)}), namespaceSelector {} ${ms(allNs.t)} ` +
  `(${allNs.ok} feasible) (floor: one pass over every pod ${ms(podPassFloor)}, ratios ` +
  `${(ownNs.t / podPassFloor).toFixed(3)} and ${(allNs.t / podPassFloor).toFixed(3)}; target ≤ 10 ms)`);

// 5. A workload preview (wl): examples/web-deployment.yaml through the real analysis, over the same nodes and pods.
// An edit analyses the document only (the preview is computed when a hover, lens, view or the CLI asks); the first
// preview of an edited document runs the Filter stage once, a second ask is served from the cache.
const webText = readFileSync(join(root, 'examples', 'web-deployment.yaml'), 'utf8');
const wctx = { nodes: nodes as SchedNode[], scheduling: cluster, gates: DEFAULT_FEATURE_GATES, insights: true };
let edit = 0;
const edited = () => webText.replace('name: web\n', `name: web-${edit++}\n`);
const editOnly = median(() => analyzeText(edited(), wctx), 20, 5);
let previewFeasible = 0;
const firstPreview = median(() => {
  const d = analyzeText(edited(), wctx).documents[0]!;
  previewFeasible = workloadPreview(d, wctx)?.summary.feasible ?? -1;
}, 20, 5);
const cachedDoc = analyzeText(webText, wctx).documents[0]!;
workloadPreview(cachedDoc, wctx);
const cachedPreview = median(() => workloadPreview(cachedDoc, wctx), 20, 5);
console.log(`workloads: Deployment preview over ${NODES.toLocaleString('en')} nodes / ` +
  `${pods.length.toLocaleString('en')} pods: edit → analysis ${ms(editOnly)} (no preview computed; ≤ 20 ms budget), ` +
  `edit → analysis + first preview ${ms(firstPreview)}, cached preview ${ms(cachedPreview)}, ${previewFeasible} feasible ` +
  `(floor: bare loop over the nodes ${ms(loopFloor)}; the DaemonSet filter stage above ${ms(filterStage)})`);
