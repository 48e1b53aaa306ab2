// apps/v1 and core/v1 defaulting that matters for validation and placement. Always returns a copy.
import type { Container, DaemonSet, PodSpec, PodTemplateSpec } from './types';

function clone<T>(v: T): T {
  return v === undefined ? v : (structuredClone(v) as T);
}

// A trimmed port of the docker reference grammar (k8s.io/kubernetes/pkg/util/parsers via distribution/reference).
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[0-9a-fA-F:.]+\\])(?::[0-9]+)?`;
const NAME_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*';
const NAME = `(?:${DOMAIN}/)?${NAME_COMPONENT}(?:/${NAME_COMPONENT})*`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}';
const REFERENCE = new RegExp(`^(${NAME})(?::(${TAG}))?(?:@(${DIGEST}))?$`);

/** The tag parsers.ParseImageName reports: "latest" when neither tag nor digest is given, "" on a parse error. */
export function imageTag(image: string): string {
  const m = REFERENCE.exec(image);
  if (!m || (m[1] as string).length > 255) return '';
  const tag = m[2];
  const digest = m[3];
  if (tag) return tag;
  return digest ? '' : 'latest';
}

// Port of SetDefaults_Container (pkg/apis/core/v1/defaults.go).
export function setDefaultsContainer(c: Container): void {
  if (!c.terminationMessagePath) c['terminationMessagePath'] = '/dev/termination-log';
  if (!c['terminationMessagePolicy']) c['terminationMessagePolicy'] = 'File';
  if (!c['imagePullPolicy']) {
    c['imagePullPolicy'] = imageTag(typeof c.image === 'string' ? c.image : '') === 'latest' ? 'Always' : 'IfNotPresent';
  }
}

// Port of SetDefaults_PodSpec (pkg/apis/core/v1/defaults.go). Tolerations get no defaults: an empty operator means Equal.
export function setDefaultsPodSpec(spec: PodSpec): void {
  if (!spec.dnsPolicy) spec.dnsPolicy = 'ClusterFirst';
  if (!spec.restartPolicy) spec.restartPolicy = 'Always';
  if (spec['securityContext'] === undefined || spec['securityContext'] === null) spec['securityContext'] = {};
  if (spec.terminationGracePeriodSeconds === undefined || spec.terminationGracePeriodSeconds === null) {
    spec.terminationGracePeriodSeconds = 30;
  }
  if (!spec.schedulerName) spec.schedulerName = 'default-scheduler';
  // enableServiceLinks is defaulted by SetDefaults_Pod only, so it never shows up in a DaemonSet's template.
  for (const c of spec.containers ?? []) if (c && typeof c === 'object') setDefaultsContainer(c);
  for (const c of spec.initContainers ?? []) if (c && typeof c === 'object') setDefaultsContainer(c);
}

/** Defaults of a pod template embedded in any workload (spec only; template metadata gets none). */
export function setDefaultsPodTemplateSpec(template: PodTemplateSpec): void {
  if (!template.spec) template.spec = {};
  setDefaultsPodSpec(template.spec);
}

// Port of SetDefaults_DaemonSet (pkg/apis/apps/v1/defaults.go), plus the nested pod template defaults
// that SetObjectDefaults_DaemonSet applies. The input is not modified.
export function setDefaultsDaemonSet(ds: DaemonSet): DaemonSet {
  const out = clone(ds ?? {});
  if (!out.spec) out.spec = {};
  const spec = out.spec;
  if (!spec.updateStrategy) spec.updateStrategy = {};
  const strategy = spec.updateStrategy;
  if (!strategy.type) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    if (!strategy.rollingUpdate) strategy.rollingUpdate = {};
    if (strategy.rollingUpdate.maxUnavailable === undefined || strategy.rollingUpdate.maxUnavailable === null) {
      strategy.rollingUpdate.maxUnavailable = 1;
    }
    if (strategy.rollingUpdate.maxSurge === undefined || strategy.rollingUpdate.maxSurge === null) {
      strategy.rollingUpdate.maxSurge = 0;
    }
  }
  if (spec.revisionHistoryLimit === undefined || spec.revisionHistoryLimit === null) spec.revisionHistoryLimit = 10;
  if (!spec.template) spec.template = {};
  setDefaultsPodTemplateSpec(spec.template);
  return out;
}
