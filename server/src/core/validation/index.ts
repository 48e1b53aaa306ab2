// Public entry points of the validation package.
export { validateDaemonSet, validateDaemonSetDefaulted, validateDaemonSetSpec, validateDaemonSetUpdateStrategy,
  validateRollingUpdateDaemonSet, validatePositiveIntOrPercent, isNotMoreThan100Percent, validateDaemonSetName } from './daemonSet';
export { validatePodSpecScheduling, validatePodSpec, validatePodTemplateSpec, type PodValidationOptions } from './podTemplate';
export { validateAffinity, validateNodeAffinity, validateNodeSelector, validateNodeSelectorTerm, validateNodeSelectorRequirement,
  validateNodeFieldSelectorRequirement, validatePreferredSchedulingTerms, validatePodAffinity, validatePodAffinityTerm,
  type AffinityValidationOptions } from './affinity';
export { validateTolerations, validateTaintEffect, supportedTolerationOperators, TAINT_EFFECTS } from './tolerations';
export { validateLabelSelector, validateLabelSelectorRequirement, labelSelectorAsSelector, selectorMatches,
  type LabelSelectorValidationOptions, type Selector } from './labelSelector';
export { validateObjectMeta } from './objectMeta';
export * from './names';
export * from './fieldErrors';
export { validateWorkload, hasWorkloadValidation } from './workloads';
export { validateDeployment, validateDeploymentSpec, validateReplicaSet, validateReplicaSetSpec } from './replicaSet';
export { validateStatefulSet, validateStatefulSetSpec } from './statefulSet';
export { validateJob, validateJobSpec, generateJobSelector, PLACEHOLDER_UID } from './job';
export { validateCronJob, validateCronJobSpec } from './cronJob';
export { cronParseStandardError } from './cronSchedule';
export { validatePod, validatePodTemplate } from './pod';
