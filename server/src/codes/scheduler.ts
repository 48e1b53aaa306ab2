// Scheduler Filter reasons: why kube-scheduler leaves a pod Pending on a node, one entry per reason string a Filter
// plugin of the default profile (or the framework around them) returns at v1.35. A plugin's main reason has the
// plugin's name as its code; its other reasons are `<Plugin>.<What>`. The ported plugins (core/scheduler/) build
// their strings with `schedulerMessage` below, and `schedulerReasonCode` maps a FilterResult's plugin and reason
// string back to its code, so surfaces link a reason to its note, Go function and docs without hard-coding them.
import type { Family } from './types';

const PLUGINS = 'pkg/scheduler/framework/plugins';
const RUNTIME = 'pkg/scheduler/framework/runtime/framework.go';
const DOCS = 'https://kubernetes.io/docs/concepts/scheduling-eviction';
const RESOURCES = 'https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/';
const BY = 'codes/scheduler.ts#schedulerMessage';
const FIT = `${PLUGINS}/noderesources/fit.go`;
const SPREAD = `${PLUGINS}/podtopologyspread/filtering.go`;
const INTER_POD = `${PLUGINS}/interpodaffinity/filtering.go`;
const AFFINITY = `${DOCS}/assign-pod-node/#inter-pod-affinity-and-anti-affinity`;

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
  'NodeAffinity.TermsConflict': {
    severity: 'reason',
    go: { symbol: 'NodeAffinity.PreFilter', path: `${PLUGINS}/nodeaffinity/node_affinity.go` },
    note: 'sched-nodeaffinity',
    docs: `${DOCS}/assign-pod-node/#node-affinity`,
    message: { by: `${BY}.nodeAffinityTermsConflict`, example: 'pod affinity terms conflict' },
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
    go: { symbol: 'fitsRequest', path: FIT },
    note: 'sched-noderesourcesfit',
    docs: RESOURCES,
    message: { by: `${BY}.insufficient`, example: 'Insufficient cpu' },
  },
  'NodeResourcesFit.TooManyPods': {
    severity: 'reason',
    go: { symbol: 'fitsRequest', path: FIT },
    note: 'sched-noderesourcesfit',
    docs: 'https://kubernetes.io/docs/reference/config-api/kubelet-config.v1beta1/',
    message: { by: `${BY}.tooManyPods`, example: 'Too many pods' },
  },
  'NodeResourcesFit.SidecarsDisabled': {
    severity: 'reason',
    go: { symbol: 'Fit.PreFilter', path: FIT },
    note: 'sched-noderesourcesfit',
    docs: 'https://kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/',
    message: {
      by: `${BY}.sidecarsDisabled`,
      example: 'Pod has a restartable init container and the SidecarContainers feature is disabled',
    },
  },
  PodTopologySpread: {
    severity: 'reason',
    go: { symbol: 'PodTopologySpread.Filter', path: SPREAD },
    note: 'sched-podtopologyspread',
    docs: `${DOCS}/topology-spread-constraints/`,
    message: { by: `${BY}.podTopologySpread`, example: "node(s) didn't match pod topology spread constraints" },
  },
  'PodTopologySpread.MissingLabel': {
    severity: 'reason',
    go: { symbol: 'PodTopologySpread.Filter', path: SPREAD },
    note: 'sched-podtopologyspread',
    docs: `${DOCS}/topology-spread-constraints/#spread-constraint-definition`,
    message: {
      by: `${BY}.podTopologySpreadMissingLabel`,
      example: "node(s) didn't match pod topology spread constraints (missing required label)",
    },
  },
  'PodTopologySpread.Constraints': {
    severity: 'reason',
    go: { symbol: 'PodTopologySpread.calPreFilterState', path: SPREAD },
    note: 'sched-podtopologyspread',
    docs: `${DOCS}/topology-spread-constraints/#spread-constraint-definition`,
    message: {
      by: `${BY}.podTopologySpreadConstraints`,
      example: "get constraints from pod: obtaining pod's hard topology spread constraints: \"In\" is not a valid …",
    },
  },
  InterPodAffinity: {
    severity: 'reason',
    go: { symbol: 'satisfyPodAffinity', path: INTER_POD },
    note: 'sched-interpodaffinity',
    docs: AFFINITY,
    message: { by: `${BY}.podAffinity`, example: "node(s) didn't match pod affinity rules" },
  },
  'InterPodAffinity.AntiAffinity': {
    severity: 'reason',
    go: { symbol: 'satisfyPodAntiAffinity', path: INTER_POD },
    note: 'sched-interpodaffinity',
    docs: AFFINITY,
    message: { by: `${BY}.podAntiAffinity`, example: "node(s) didn't match pod anti-affinity rules" },
  },
  'InterPodAffinity.ExistingAntiAffinity': {
    severity: 'reason',
    go: { symbol: 'satisfyExistingPodsAntiAffinity', path: INTER_POD },
    note: 'sched-interpodaffinity',
    docs: AFFINITY,
    message: { by: `${BY}.existingAntiAffinity`, example: "node(s) didn't satisfy existing pods anti-affinity rules" },
  },
  'InterPodAffinity.ParsePod': {
    severity: 'reason',
    go: { symbol: 'InterPodAffinity.PreFilter', path: INTER_POD },
    note: 'sched-interpodaffinity',
    docs: AFFINITY,
    message: { by: `${BY}.interPodAffinityParsePod`, example: 'parsing pod: requiredAffinityTerms: …' },
  },
  PreFilterNoCommonNode: {
    severity: 'reason',
    go: { symbol: 'frameworkImpl.RunPreFilterPlugins', path: RUNTIME },
    note: 'sched-framework-reasons',
    docs: `${DOCS}/scheduling-framework/#pre-filter`,
    message: {
      by: `${BY}.preFilterNoCommonNode`,
      example: "node(s) didn't satisfy plugin(s) [NodeAffinity PodTopologySpread] simultaneously",
    },
  },
  PreFilterNodeLeftOut: {
    severity: 'reason',
    go: { symbol: 'Scheduler.findNodesThatFitPod', path: 'pkg/scheduler/schedule_one.go' },
    note: 'sched-framework-reasons',
    docs: `${DOCS}/scheduling-framework/#pre-filter`,
    message: { by: `${BY}.preFilterNodeLeftOut`, example: "node(s) didn't satisfy plugin(s) [NodeAffinity]" },
  },
  FilterError: {
    severity: 'reason',
    go: { none: 'a plugin of this explorer failed on a pod it could not read; kube-scheduler has no such status' },
    note: 'sched-framework-reasons',
    docs: `${DOCS}/kube-scheduler/`,
    message: { by: `${BY}.filterError`, example: 'NodePorts could not read the pod: …' },
  },
} as const satisfies Family;

export type SchedulerCode = keyof typeof SCHEDULER_REASONS;

const INSUFFICIENT = 'Insufficient ';
const SPREAD_MISMATCH = "node(s) didn't match pod topology spread constraints";

/** The upstream reason strings, exactly as the plugins return them. */
export const schedulerMessage = {
  nodeUnschedulable: (): string => 'node(s) were unschedulable',
  nodeName: (): string => "node(s) didn't match the requested node name",
  taintToleration: (): string => 'node(s) had untolerated taint(s)',
  nodeAffinity: (): string => "node(s) didn't match Pod's node affinity/selector",
  /** PreFilter found `metadata.name` terms whose node names no node can satisfy together. */
  nodeAffinityTermsConflict: (): string => 'pod affinity terms conflict',
  nodePorts: (): string => "node(s) didn't have free ports for the requested pod ports",
  /** `resource`: cpu, memory, ephemeral-storage, hugepages-2Mi, example.com/gpu… */
  insufficient: (resource: string): string => `${INSUFFICIENT}${resource}`,
  tooManyPods: (): string => 'Too many pods',
  sidecarsDisabled: (): string =>
    'Pod has a restartable init container and the SidecarContainers feature is disabled',
  podTopologySpread: (): string => SPREAD_MISMATCH,
  /** The node lacks a constraint's topology key. */
  podTopologySpreadMissingLabel: (): string => `${SPREAD_MISMATCH} (missing required label)`,
  /** The pod's DoNotSchedule constraints do not parse. */
  podTopologySpreadConstraints: (why: string): string =>
    `get constraints from pod: obtaining pod's hard topology spread constraints: ${why}`,
  podAffinity: (): string => "node(s) didn't match pod affinity rules",
  podAntiAffinity: (): string => "node(s) didn't match pod anti-affinity rules",
  existingAntiAffinity: (): string => "node(s) didn't satisfy existing pods anti-affinity rules",
  /** A required or preferred pod (anti-)affinity term of the pod does not parse. */
  interPodAffinityParsePod: (why: string): string => `parsing pod: ${why}`,
  /** The PreFilter results that narrow the candidates by node name have no node in common. */
  preFilterNoCommonNode: (plugins: readonly string[]): string =>
    plugins.length === 1 ? `node(s) didn't satisfy plugin ${plugins[0]}`
      : `node(s) didn't satisfy plugin(s) [${plugins.join(' ')}] simultaneously`,
  /** A node outside the candidates PreFilter narrowed to (`plugins` sorted, as sets.List sorts them). */
  preFilterNodeLeftOut: (plugins: readonly string[]): string => `node(s) didn't satisfy plugin(s) [${plugins.join(' ')}]`,
  filterError: (plugin: string, why: string): string => `${plugin} could not read the pod: ${why}`,
  /** `kce.wouldBePending`: the controller creates the daemon pod, the scheduler's filters leave it Pending. */
  wouldBePending: (reason: string): string => `created, then Pending: ${reason}`,
};

// Reasons with a fixed text, looked up by exact string; the others by their fixed start.
const EXACT = new Map<string, SchedulerCode>([
  [schedulerMessage.nodeUnschedulable(), 'NodeUnschedulable'],
  [schedulerMessage.nodeName(), 'NodeName'],
  [schedulerMessage.taintToleration(), 'TaintToleration'],
  [schedulerMessage.nodeAffinity(), 'NodeAffinity'],
  [schedulerMessage.nodeAffinityTermsConflict(), 'NodeAffinity.TermsConflict'],
  [schedulerMessage.nodePorts(), 'NodePorts'],
  [schedulerMessage.tooManyPods(), 'NodeResourcesFit.TooManyPods'],
  [schedulerMessage.sidecarsDisabled(), 'NodeResourcesFit.SidecarsDisabled'],
  [schedulerMessage.podTopologySpread(), 'PodTopologySpread'],
  [schedulerMessage.podTopologySpreadMissingLabel(), 'PodTopologySpread.MissingLabel'],
  [schedulerMessage.podAffinity(), 'InterPodAffinity'],
  [schedulerMessage.podAntiAffinity(), 'InterPodAffinity.AntiAffinity'],
  [schedulerMessage.existingAntiAffinity(), 'InterPodAffinity.ExistingAntiAffinity'],
]);
const PREFIXES: readonly [string, SchedulerCode][] = [
  [INSUFFICIENT, 'NodeResourcesFit'],
  [schedulerMessage.podTopologySpreadConstraints(''), 'PodTopologySpread.Constraints'],
  [schedulerMessage.interPodAffinityParsePod(''), 'InterPodAffinity.ParsePod'],
  ["node(s) didn't satisfy plugin ", 'PreFilterNoCommonNode'],
];
const NODE_LEFT_OUT = /^node\(s\) didn't satisfy plugin\(s\) \[[^\]]*\]( simultaneously)?$/;

/**
 * The code of one reason string a Filter plugin returned (a FilterResult's `plugin` and one of its `reasons`).
 * A string this registry does not know falls back to the plugin's main code, so it still links to the plugin's
 * note; undefined only when neither the string nor the plugin is known.
 */
export function schedulerReasonCode(plugin: string, message: string): SchedulerCode | undefined {
  const exact = EXACT.get(message);
  if (exact !== undefined) return exact;
  const m = NODE_LEFT_OUT.exec(message);
  if (m) return m[1] ? 'PreFilterNoCommonNode' : 'PreFilterNodeLeftOut';
  for (const [prefix, code] of PREFIXES) if (message.startsWith(prefix)) return code;
  if (message.startsWith(schedulerMessage.filterError(plugin, ''))) return 'FilterError';
  return Object.hasOwn(SCHEDULER_REASONS, plugin) ? (plugin as SchedulerCode) : undefined;
}
