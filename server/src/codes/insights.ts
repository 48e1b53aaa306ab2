// Insights: what kube-apiserver accepts but can never do what it says, plus the decoding findings of
// this product (`kce.*`). Messages are written where the rule is checked (`message.by`).
import type { Family } from './types';

const DAEMON = 'pkg/controller/daemon/daemon_controller.go';
const NODE_AFFINITY = 'staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go';
const TOLERATION = 'staging/src/k8s.io/api/core/v1/toleration.go';
const JSON_SERIALIZER = 'staging/src/k8s.io/apimachinery/pkg/runtime/serializer/json/json.go';
const DOCS = 'https://kubernetes.io/docs';
const ASSIGN = `${DOCS}/concepts/scheduling-eviction/assign-pod-node`;
const TAINTS = `${DOCS}/concepts/scheduling-eviction/taint-and-toleration/`;
const FIELD_VALIDATION = `${DOCS}/reference/using-api/api-concepts/#field-validation`;
const INSIGHTS = 'core/insights.ts';
const ANALYSIS = 'analysis/index.ts#analyzeDocument';

export const INSIGHTS_REGISTRY = {
  'kce.gtLtNotInteger': {
    severity: 'warning',
    go: { symbol: 'nodeSelectorRequirementsAsSelector', path: NODE_AFFINITY },
    note: 'insight-gt-lt-not-integer',
    docs: `${ASSIGN}/#operators`,
    message: { by: `${INSIGHTS}#nodeAffinityInsights`, example: 'Gt needs an integer, and "8Gi" is not one: this expression never matches, …' },
  },
  'kce.emptyTerm': {
    severity: 'warning',
    go: { symbol: 'isEmptyNodeSelectorTerm', path: NODE_AFFINITY },
    note: 'insight-empty-term',
    docs: `${ASSIGN}/#node-affinity`,
    message: { by: `${INSIGHTS}#nodeAffinityInsights`, example: 'this term is empty: an empty term matches no node (it does not mean "any node"); remove it' },
  },
  'kce.termMatchesNoNode': {
    severity: 'warning',
    go: { symbol: 'nodeSelectorTerm.match', path: NODE_AFFINITY },
    note: 'insight-term-matches-no-node',
    docs: `${ASSIGN}/#node-affinity`,
    message: { by: `${INSIGHTS}#nodeAffinityInsights`, example: 'this term matches none of the 14 nodes in the sample cluster' },
  },
  'kce.selectorMatchesNoNode': {
    severity: 'warning',
    go: { symbol: 'RequiredNodeAffinity.Match', path: NODE_AFFINITY },
    note: 'insight-selector-matches-no-node',
    docs: `${ASSIGN}/#nodeselector`,
    message: { by: `${INSIGHTS}#selectorInsights`, example: 'no node in the sample cluster has disktype=nvme (values seen: hdd, ssd)' },
  },
  'kce.runsNowhere': {
    severity: 'warning',
    go: { symbol: 'NodeShouldRunDaemonPod', path: DAEMON },
    note: 'ds-node-should-run',
    docs: `${DOCS}/concepts/workloads/controllers/daemonset/#how-daemon-pods-are-scheduled`,
    message: { by: ANALYSIS, example: 'runs on 0 of 14 nodes in the sample cluster; e.g. taint … is not tolerated (…)' },
  },
  'kce.tolerationMatchesNoTaint': {
    severity: 'warning',
    go: { symbol: 'Toleration.ToleratesTaint', path: TOLERATION },
    note: 'insight-toleration-matches-no-taint',
    docs: TAINTS,
    message: { by: `${INSIGHTS}#tolerationInsights`, example: 'no node in the sample cluster has a taint with key dedicated' },
  },
  'kce.tolerationPreferNoScheduleOnly': {
    severity: 'warning',
    go: { symbol: 'predicates', path: DAEMON },
    note: 'insight-toleration-prefer-no-schedule-only',
    docs: TAINTS,
    message: { by: `${INSIGHTS}#tolerationInsights`, example: 'the DaemonSet controller ignores PreferNoSchedule taints, so …' },
  },
  'kce.preferredAffinityIgnored': {
    severity: 'information',
    go: { symbol: 'predicates', path: DAEMON },
    note: 'insight-preferred-affinity-ignored',
    docs: `${ASSIGN}/#node-affinity`,
    message: { by: `${INSIGHTS}#nodeAffinityInsights`, example: 'preferred node affinity has no effect on a DaemonSet: …' },
  },
  'kce.blanketToleration': {
    severity: 'information',
    go: { symbol: 'Toleration.ToleratesTaint', path: TOLERATION },
    note: 'insight-blanket-toleration',
    docs: TAINTS,
    message: { by: `${INSIGHTS}#tolerationInsights`, example: 'tolerates every taint: the pod also runs on control-plane and dedicated nodes, …' },
  },
  'kce.deprecatedMasterToleration': {
    severity: 'warning',
    go: { symbol: 'GetNodeLabelDeprecatedMessage', path: 'pkg/api/node/util.go' },
    note: 'insight-deprecated-master-toleration',
    docs: `${DOCS}/reference/labels-annotations-taints/#node-role-kubernetes-io-control-plane-taint`,
    message: { by: `${INSIGHTS}#tolerationInsights`, example: 'node-role.kubernetes.io/master is no longer set on control-plane nodes …' },
  },
  'kce.wouldBePending': {
    severity: 'warning',
    go: { symbol: 'frameworkImpl.RunFilterPlugins', path: 'pkg/scheduler/framework/runtime/framework.go' },
    note: 'sched-controller-vs-scheduler',
    docs: `${DOCS}/concepts/workloads/controllers/daemonset/#how-daemon-pods-are-scheduled`,
    message: { by: 'codes/scheduler.ts#schedulerMessage.wouldBePending', example: 'created, then Pending: Insufficient cpu' },
  },
  'kce.yaml11Scalar': {
    severity: 'error',
    go: { symbol: 'ToJSON', path: 'staging/src/k8s.io/apimachinery/pkg/util/yaml/decoder.go' },
    note: 'insight-yaml11-scalar',
    docs: 'https://yaml.org/type/bool.html',
    message: { by: ANALYSIS, example: 'kubectl reads the unquoted value yes as a boolean (YAML 1.1), and Kubernetes expects a string here: …' },
  },
  'kce.typeMismatch': {
    severity: 'error',
    go: { symbol: 'Serializer.Decode', path: JSON_SERIALIZER },
    note: 'decode-strict-fields',
    docs: FIELD_VALIDATION,
    message: { by: 'yaml/decode.ts#fail', example: 'spec.minReadySeconds: expected integer, got string' },
  },
  'kce.unknownField': {
    severity: 'warning',
    go: { symbol: 'Serializer.unmarshal', path: JSON_SERIALIZER },
    note: 'decode-strict-fields',
    docs: FIELD_VALIDATION,
    message: { by: ANALYSIS, example: 'unknown field "spec.template.spec.nodeSelecter" (kubectl\'s strict field validation rejects it)' },
  },
  'kce.removedApiVersion': {
    severity: 'error',
    go: { none: 'no code decides it: the removed group versions are simply absent from kube-apiserver v1.35' },
    note: { none: 'nothing in the controller to explain; the message names the version to use instead' },
    docs: 'https://kubernetes.io/docs/reference/using-api/deprecation-guide/',
    message: { by: 'core/validation/apiVersions.ts#BY_KEY', example: 'DaemonSet in extensions/v1beta1 is not served since Kubernetes v1.16: use apiVersion: apps/v1 (…)' },
  },
  'kce.internal': {
    severity: 'error',
    go: { none: 'a bug in this product: a port threw while checking the document' },
    note: { none: 'nothing in Kubernetes to explain; the message carries the error' },
    docs: { none: 'report it with the document that caused it' },
    message: { by: ANALYSIS, example: 'internal error while checking this document: …' },
  },
} as const satisfies Family;
