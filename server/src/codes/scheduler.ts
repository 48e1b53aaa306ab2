// Scheduler Filter reasons: why kube-scheduler leaves a pod Pending on a node, one entry per Filter plugin of the
// default profile. The code is the upstream plugin name, so a FilterResult's `plugin` is its code; its `reasons`
// are the plugin's own strings, built by `schedulerMessage` below (test/codes/scheduler.test.ts checks them
// against the ported plugins in core/scheduler/).
import type { Family } from './types';

const PLUGINS = 'pkg/scheduler/framework/plugins';
const DOCS = 'https://kubernetes.io/docs/concepts/scheduling-eviction';
const BY = 'codes/scheduler.ts#schedulerMessage';

export const SCHEDULER_REASONS = {
  NodeUnschedulable: {
    severity: 'reason',
    go: { symbol: 'NodeUnschedulable.Filter', path: `${PLUGINS}/nodeunschedulable/node_unschedulable.go` },
    note: 'sched-nodeunschedulable',
    docs: 'https://kubernetes.io/docs/concepts/architecture/nodes/#manual-node-administration',
    message: { by: `${BY}.nodeUnschedulable`, example: 'node(s) were unschedulable' },
  },
  NodeName: {
    severity: 'reason',
    go: { symbol: 'NodeName.Filter', path: `${PLUGINS}/nodename/node_name.go` },
    note: 'sched-nodename',
    docs: `${DOCS}/assign-pod-node/#nodename`,
    message: { by: `${BY}.nodeName`, example: "node(s) didn't match the requested node name" },
  },
  TaintToleration: {
    severity: 'reason',
    go: { symbol: 'TaintToleration.Filter', path: `${PLUGINS}/tainttoleration/taint_toleration.go` },
    note: 'sched-tainttoleration',
    docs: `${DOCS}/taint-and-toleration/`,
    message: { by: `${BY}.taintToleration`, example: 'node(s) had untolerated taint(s)' },
  },
  NodeAffinity: {
    severity: 'reason',
    go: { symbol: 'NodeAffinity.Filter', path: `${PLUGINS}/nodeaffinity/node_affinity.go` },
    note: 'sched-nodeaffinity',
    docs: `${DOCS}/assign-pod-node/#node-affinity`,
    message: { by: `${BY}.nodeAffinity`, example: "node(s) didn't match Pod's node affinity/selector" },
  },
  NodePorts: {
    severity: 'reason',
    go: { symbol: 'NodePorts.Filter', path: `${PLUGINS}/nodeports/node_ports.go` },
    note: 'sched-nodeports',
    docs: 'https://kubernetes.io/docs/concepts/configuration/overview/#services',
    message: { by: `${BY}.nodePorts`, example: "node(s) didn't have free ports for the requested pod ports" },
  },
  NodeResourcesFit: {
    severity: 'reason',
    go: { symbol: 'fitsRequest', path: `${PLUGINS}/noderesources/fit.go` },
    note: 'sched-noderesourcesfit',
    docs: 'https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/',
    message: { by: `${BY}.nodeResourcesFit`, example: 'Insufficient cpu' },
  },
  PodTopologySpread: {
    severity: 'reason',
    go: { symbol: 'PodTopologySpread.Filter', path: `${PLUGINS}/podtopologyspread/filtering.go` },
    note: 'sched-podtopologyspread',
    docs: `${DOCS}/topology-spread-constraints/`,
    message: { by: `${BY}.podTopologySpread`, example: "node(s) didn't match pod topology spread constraints" },
  },
  InterPodAffinity: {
    severity: 'reason',
    go: { symbol: 'InterPodAffinity.Filter', path: `${PLUGINS}/interpodaffinity/filtering.go` },
    note: 'sched-interpodaffinity',
    docs: `${DOCS}/assign-pod-node/#inter-pod-affinity-and-anti-affinity`,
    message: { by: `${BY}.interPodAffinity`, example: "node(s) didn't match pod anti-affinity rules" },
  },
} as const satisfies Family;

/** Which rule of InterPodAffinity failed: the pod's own affinity, its own anti-affinity, or a running pod's. */
export type InterPodAffinityRule = 'affinity' | 'antiAffinity' | 'existingAntiAffinity';

/** The upstream reason string of each Filter plugin, exactly as the plugin returns it. */
export const schedulerMessage = {
  nodeUnschedulable: (): string => 'node(s) were unschedulable',
  nodeName: (): string => "node(s) didn't match the requested node name",
  taintToleration: (): string => 'node(s) had untolerated taint(s)',
  /** `conflict`: PreFilter found node-name terms that no node can satisfy together. */
  nodeAffinity: (conflict = false): string =>
    conflict ? 'pod affinity terms conflict' : "node(s) didn't match Pod's node affinity/selector",
  nodePorts: (): string => "node(s) didn't have free ports for the requested pod ports",
  /** `resource` is `pods` for the pod-count limit, else the resource name (cpu, memory, example.com/gpu…). */
  nodeResourcesFit: (resource: string): string =>
    resource === 'pods' ? 'Too many pods' : `Insufficient ${resource}`,
  /** `missingLabel`: the node lacks a constraint's topology key. */
  podTopologySpread: (missingLabel = false): string =>
    "node(s) didn't match pod topology spread constraints" + (missingLabel ? ' (missing required label)' : ''),
  interPodAffinity: (rule: InterPodAffinityRule): string =>
    rule === 'affinity' ? "node(s) didn't match pod affinity rules"
      : rule === 'antiAffinity' ? "node(s) didn't match pod anti-affinity rules"
        : "node(s) didn't satisfy existing pods anti-affinity rules",
  /** `kce.wouldBePending`: the controller creates the daemon pod, the scheduler's filters leave it Pending. */
  wouldBePending: (reason: string): string => `created, then Pending: ${reason}`,
};
