// batch/v1 Job validation, as kube-apiserver runs it on create: defaults, the selector the registry generates
// (unless manualSelector), then ValidateJob. Read from pkg/apis/batch/validation/validation.go in the search index
// (a copy with managedBy, successPolicy and podReplacementPolicy, v1.32 or later; that it is the v1.35.0 file could
// not be confirmed). successPolicy and managedBy: jobSuccessPolicy.ts. Not ported: pod-specific annotations.
import type { FieldError, LabelSelector, PodTemplateSpec } from '../types';
import type { FeatureGates } from '../k8sVersion';
import { child, index, key, type FieldPath } from '../fieldPath';
import { OMIT_VALUE, asJSON, duplicate, goMap, invalid, notSupported, required, tooLong, tooMany } from './fieldErrors';
import { labelSelectorAsSelector, selectorMatches, validateLabelSelector } from './labelSelector';
import { isDNS1123Label, isQualifiedName, nameIsDNSSubdomain, validateNonnegativeField } from './names';
import { validateObjectMeta } from './objectMeta';
import { validatePodTemplateSpec, type PodValidationOptions } from './podTemplate';
import { selectorJSON } from './daemonSet';
import { setDefaultsJob } from './workloadDefaults';
import type { Job, JobSpec, PodFailurePolicyRule } from './workloadTypes';
import { isSet } from './workloadTypes';
import { isDomainPrefixedPath, validateSuccessPolicy } from './jobSuccessPolicy';

const MAX_PARALLELISM_FOR_INDEXED_JOB = 100_000;
const MAX_FAILED_INDEXES_FOR_INDEXED_JOB = 100_000;
const COMPLETIONS_SOFT_LIMIT = 100_000;
const PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS = 10_000;
const MAX_FAILED_INDEXES_LIMIT_FOR_HIGH_COMPLETIONS = 10_000;
const MAX_POD_FAILURE_POLICY_RULES = 20;
const MAX_ON_EXIT_CODES_VALUES = 255;
const MAX_ON_POD_CONDITIONS_PATTERNS = 20;
const MAX_MANAGED_BY_LENGTH = 63;
const ACTIONS = ['Count', 'FailIndex', 'FailJob', 'Ignore'];
const EXIT_CODE_OPERATORS = ['In', 'NotIn'];
const CONDITION_STATUSES = ['False', 'True', 'Unknown'];

/** Go's %q of a []string: ["a" "b"]. */
function quotedList(values: string[]): string {
  return `[${values.map((v) => JSON.stringify(v)).join(' ')}]`;
}

// The uid kube-apiserver gives the Job before validating it; a manifest has none yet, so one stands in.
export const PLACEHOLDER_UID = '00000000-0000-0000-0000-000000000000';
const LEGACY_UID_LABEL = 'controller-uid';
const LEGACY_NAME_LABEL = 'job-name';
const UID_LABEL = 'batch.kubernetes.io/controller-uid';
const NAME_LABEL = 'batch.kubernetes.io/job-name';

// Port of generateSelector (pkg/registry/batch/job/strategy.go): what PrepareForCreate adds unless manualSelector.
export function generateJobSelector(job: Job): Job {
  if (job.spec?.manualSelector === true) return job;
  // Only the spec is written below; metadata gets a uid in a copy of its top level.
  const out: Job = { ...job, spec: structuredClone(job.spec ?? {}), metadata: { ...job.metadata } };
  const spec = out.spec as JobSpec;
  const meta = out.metadata!;
  meta.uid ??= PLACEHOLDER_UID;
  const uid = meta.uid;
  const template: PodTemplateSpec = (spec.template ??= {});
  const labels = ((template.metadata ??= {}).labels ??= {});
  const name = out.metadata?.name ?? '';
  for (const k of [LEGACY_NAME_LABEL, NAME_LABEL]) if (!(k in labels)) labels[k] = name;
  for (const k of [LEGACY_UID_LABEL, UID_LABEL]) if (!(k in labels)) labels[k] = uid;
  const selector: LabelSelector = (spec.selector ??= {});
  const matchLabels = (selector.matchLabels ??= {});
  if (!(UID_LABEL in matchLabels)) matchLabels[UID_LABEL] = uid;
  return out;
}

// Port of ValidateHasLabel (pkg/apis/core/validation/validation.go).
function validateHasLabel(labels: Record<string, string>, path: FieldPath, k: string, expected: string): FieldError[] {
  if (!(k in labels)) return [required(key(child(path, 'labels'), k), expected)];
  if (labels[k] !== expected)
    return [invalid(key(child(path, 'labels'), k), asJSON(goMap(labels)), `must be '${expected}'`)];
  return [];
}

// Port of validateGeneratedSelector (pkg/apis/batch/validation/validation.go). kube-apiserver creates Jobs with
// RequirePrefixedLabels; the uid is the one generateJobSelector gave the Job.
function validateGeneratedSelector(job: Job, requirePrefixedLabels: boolean): FieldError[] {
  const spec = job.spec ?? {};
  if (spec.manualSelector === true || !spec.selector) return [];
  const errs: FieldError[] = [];
  const uid = typeof job.metadata?.uid === 'string' ? job.metadata.uid : '';
  if (uid === '') errs.push(required('metadata.uid', ''));
  const labels = spec.template?.metadata?.labels ?? {};
  const name = job.metadata?.name ?? '';
  const path = 'spec.template.metadata';
  errs.push(
    ...validateHasLabel(labels, path, LEGACY_UID_LABEL, uid),
    ...validateHasLabel(labels, path, LEGACY_NAME_LABEL, name),
  );
  const expected: Record<string, string> = {};
  if (requirePrefixedLabels) {
    errs.push(...validateHasLabel(labels, path, UID_LABEL, uid), ...validateHasLabel(labels, path, NAME_LABEL, name));
    expected[UID_LABEL] = uid;
    expected[NAME_LABEL] = name;
  }
  expected[LEGACY_UID_LABEL] = uid;
  expected[LEGACY_NAME_LABEL] = name;
  const sel = labelSelectorAsSelector(spec.selector);
  if (sel && !selectorMatches(sel, expected)) {
    errs.push(invalid('spec.selector', asJSON(selectorJSON(spec.selector)), '`selector` not auto-generated'));
  }
  return errs;
}

// Port of validatePodFailurePolicyRuleOnExitCodes (pkg/apis/batch/validation/validation.go).
function validateOnExitCodes(
  req: NonNullable<PodFailurePolicyRule['onExitCodes']>,
  path: FieldPath,
  names: Set<string>,
): FieldError[] {
  const errs: FieldError[] = [];
  const op = req.operator ?? '';
  if (op === '') errs.push(required(child(path, 'operator'), `valid values: ${quotedList(EXIT_CODE_OPERATORS)}`));
  else if (!EXIT_CODE_OPERATORS.includes(op))
    errs.push(notSupported(child(path, 'operator'), asJSON(op), EXIT_CODE_OPERATORS));
  if (isSet(req.containerName) && !names.has(req.containerName)) {
    errs.push(
      invalid(
        child(path, 'containerName'),
        req.containerName,
        'must be one of the container or initContainer names in the pod template',
      ),
    );
  }
  const values = req.values ?? [];
  const valuesPath = child(path, 'values');
  if (values.length === 0) errs.push(invalid(valuesPath, asJSON(req.values ?? null), 'at least one value is required'));
  else if (values.length > MAX_ON_EXIT_CODES_VALUES)
    errs.push(tooMany(valuesPath, values.length, MAX_ON_EXIT_CODES_VALUES));
  let ordered = true;
  const seen = new Set<number>();
  values.forEach((v, j) => {
    if (op === 'In' && v === 0) errs.push(invalid(index(valuesPath, j), v, 'must not be 0 for the In operator'));
    if (seen.has(v)) errs.push(duplicate(index(valuesPath, j), v));
    else seen.add(v);
    if (j > 0 && (values[j - 1] as number) > v) ordered = false;
  });
  if (!ordered) errs.push(invalid(valuesPath, asJSON(values), 'must be ordered'));
  return errs;
}

// Port of validatePodFailurePolicyRule and validatePodFailurePolicyRuleOnPodConditions
// (pkg/apis/batch/validation/validation.go).
function validatePodFailurePolicyRule(
  spec: JobSpec,
  rule: PodFailurePolicyRule,
  path: FieldPath,
  names: Set<string>,
): FieldError[] {
  const errs: FieldError[] = [];
  const action = rule.action ?? '';
  if (action === '') errs.push(required(child(path, 'action'), `valid values: ${quotedList(ACTIONS)}`));
  else if (action === 'FailIndex') {
    if (!isSet(spec.backoffLimitPerIndex))
      errs.push(invalid(child(path, 'action'), asJSON(action), 'requires the backoffLimitPerIndex to be set'));
  } else if (!ACTIONS.includes(action)) errs.push(notSupported(child(path, 'action'), asJSON(action), ACTIONS));
  if (rule.onExitCodes) errs.push(...validateOnExitCodes(rule.onExitCodes, child(path, 'onExitCodes'), names));
  const conditions = rule.onPodConditions ?? [];
  if (conditions.length > 0) {
    const cpath = child(path, 'onPodConditions');
    if (conditions.length > MAX_ON_POD_CONDITIONS_PATTERNS)
      errs.push(tooMany(cpath, conditions.length, MAX_ON_POD_CONDITIONS_PATTERNS));
    conditions.forEach((pattern, j) => {
      const p = index(cpath, j);
      const type = pattern?.type ?? '';
      for (const msg of isQualifiedName(type)) errs.push(invalid(child(p, 'type'), type, msg));
      const status = pattern?.status ?? '';
      if (status === '') errs.push(required(child(p, 'status'), `valid values: ${quotedList(CONDITION_STATUSES)}`));
      else if (!CONDITION_STATUSES.includes(status))
        errs.push(notSupported(child(p, 'status'), asJSON(status), CONDITION_STATUSES));
    });
  }
  if (rule.onExitCodes && conditions.length > 0) {
    errs.push(invalid(path, OMIT_VALUE, 'specifying both OnExitCodes and OnPodConditions is not supported'));
  }
  if (!rule.onExitCodes && conditions.length === 0) {
    errs.push(invalid(path, OMIT_VALUE, 'specifying one of OnExitCodes and OnPodConditions is required'));
  }
  return errs;
}

// Port of validatePodFailurePolicy (pkg/apis/batch/validation/validation.go).
function validatePodFailurePolicy(spec: JobSpec, path: FieldPath): FieldError[] {
  const rules = spec.podFailurePolicy?.rules ?? [];
  const rulesPath = child(path, 'rules');
  const errs =
    rules.length > MAX_POD_FAILURE_POLICY_RULES ? [tooMany(rulesPath, rules.length, MAX_POD_FAILURE_POLICY_RULES)] : [];
  const names = new Set<string>();
  for (const c of [...(spec.template?.spec?.containers ?? []), ...(spec.template?.spec?.initContainers ?? [])])
    names.add(c?.name ?? '');
  rules.forEach((rule, i) => errs.push(...validatePodFailurePolicyRule(spec, rule ?? {}, index(rulesPath, i), names)));
  return errs;
}

// Port of validatePodReplacementPolicy (pkg/apis/batch/validation/validation.go).
function validatePodReplacementPolicy(spec: JobSpec, path: FieldPath): FieldError[] {
  const p = spec.podReplacementPolicy;
  if (!isSet(p)) return [];
  if (spec.podFailurePolicy) return p === 'Failed' ? [] : [notSupported(path, asJSON(p), ['Failed'])];
  return p === 'Failed' || p === 'TerminatingOrFailed'
    ? []
    : [notSupported(path, asJSON(p), ['Failed', 'TerminatingOrFailed'])];
}

// Port of validateJobSpec (pkg/apis/batch/validation/validation.go): the part a Job and a CronJob's job template share.
export function validateJobSpecCommon(
  spec: JobSpec | undefined,
  path: FieldPath,
  opts: PodValidationOptions,
): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  for (const f of [
    'parallelism',
    'completions',
    'activeDeadlineSeconds',
    'backoffLimit',
    'ttlSecondsAfterFinished',
    'backoffLimitPerIndex',
  ] as const) {
    const v = s[f];
    if (isSet(v)) errs.push(...validateNonnegativeField(v, child(path, f)));
  }
  if (isSet(s.maxFailedIndexes)) {
    errs.push(...validateNonnegativeField(s.maxFailedIndexes, child(path, 'maxFailedIndexes')));
    if (!isSet(s.backoffLimitPerIndex))
      errs.push(required(child(path, 'backoffLimitPerIndex'), 'when maxFailedIndexes is specified'));
  }
  const managedBy = s['managedBy'];
  if (typeof managedBy === 'string') {
    errs.push(...isDomainPrefixedPath(child(path, 'managedBy'), managedBy));
    if (managedBy.length > MAX_MANAGED_BY_LENGTH) errs.push(tooLong(child(path, 'managedBy'), MAX_MANAGED_BY_LENGTH));
  }
  const mode = s.completionMode;
  if (isSet(mode)) {
    if (mode !== 'NonIndexed' && mode !== 'Indexed')
      errs.push(notSupported(child(path, 'completionMode'), asJSON(mode), ['NonIndexed', 'Indexed']));
    if (mode === 'Indexed') {
      if (!isSet(s.completions)) errs.push(required(child(path, 'completions'), 'when completion mode is Indexed'));
      if (isSet(s.parallelism) && s.parallelism > MAX_PARALLELISM_FOR_INDEXED_JOB) {
        errs.push(
          invalid(
            child(path, 'parallelism'),
            s.parallelism,
            `must be less than or equal to ${MAX_PARALLELISM_FOR_INDEXED_JOB} when completion mode is Indexed`,
          ),
        );
      }
      if (isSet(s.completions) && isSet(s.maxFailedIndexes) && s.maxFailedIndexes > s.completions) {
        errs.push(
          invalid(child(path, 'maxFailedIndexes'), s.maxFailedIndexes, 'must be less than or equal to completions'),
        );
      }
      if (isSet(s.maxFailedIndexes) && s.maxFailedIndexes > MAX_FAILED_INDEXES_FOR_INDEXED_JOB) {
        errs.push(
          invalid(
            child(path, 'maxFailedIndexes'),
            s.maxFailedIndexes,
            `must be less than or equal to ${MAX_FAILED_INDEXES_FOR_INDEXED_JOB}`,
          ),
        );
      }
      if (isSet(s.completions) && s.completions > COMPLETIONS_SOFT_LIMIT && isSet(s.backoffLimitPerIndex)) {
        const high = `when completions are above ${COMPLETIONS_SOFT_LIMIT} and used with backoff limit per index`;
        if (!isSet(s.maxFailedIndexes))
          errs.push(
            required(
              child(path, 'maxFailedIndexes'),
              `must be specified when completions is above ${COMPLETIONS_SOFT_LIMIT}`,
            ),
          );
        if (isSet(s.parallelism) && s.parallelism > PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS) {
          errs.push(
            invalid(
              child(path, 'parallelism'),
              s.parallelism,
              `must be less than or equal to ${PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS} ${high}`,
            ),
          );
        }
        if (isSet(s.maxFailedIndexes) && s.maxFailedIndexes > MAX_FAILED_INDEXES_LIMIT_FOR_HIGH_COMPLETIONS) {
          errs.push(
            invalid(
              child(path, 'maxFailedIndexes'),
              s.maxFailedIndexes,
              `must be less than or equal to ${MAX_FAILED_INDEXES_LIMIT_FOR_HIGH_COMPLETIONS} ${high}`,
            ),
          );
        }
      }
    }
  }
  if (!isSet(mode) || mode === 'NonIndexed') {
    if (isSet(s.backoffLimitPerIndex))
      errs.push(
        invalid(child(path, 'backoffLimitPerIndex'), s.backoffLimitPerIndex, 'requires indexed completion mode'),
      );
    if (isSet(s.maxFailedIndexes))
      errs.push(invalid(child(path, 'maxFailedIndexes'), s.maxFailedIndexes, 'requires indexed completion mode'));
  }
  if (s.podFailurePolicy) errs.push(...validatePodFailurePolicy(s, child(path, 'podFailurePolicy')));
  const successPolicy = s['successPolicy'];
  if (isSet(successPolicy)) {
    if (mode !== 'Indexed') {
      errs.push(invalid(child(path, 'successPolicy'), asJSON(successPolicy), 'requires indexed completion mode'));
    } else errs.push(...validateSuccessPolicy(s, child(path, 'successPolicy')));
  }
  errs.push(...validatePodReplacementPolicy(s, child(path, 'podReplacementPolicy')));
  errs.push(...validatePodTemplateSpec(s.template, child(path, 'template'), opts));
  const rp = s.template?.spec?.restartPolicy ?? '';
  const rpPath = child(path, 'template', 'spec', 'restartPolicy');
  if (rp === 'Always' || rp === '') errs.push(required(rpPath, 'valid values: "OnFailure", "Never"'));
  else if (rp !== 'OnFailure' && rp !== 'Never') errs.push(notSupported(rpPath, asJSON(rp), ['OnFailure', 'Never']));
  else if (s.podFailurePolicy && rp !== 'Never')
    errs.push(invalid(rpPath, asJSON(rp), 'only "Never" is supported when podFailurePolicy is specified'));
  return errs;
}

// Port of ValidateJobSpec (pkg/apis/batch/validation/validation.go).
export function validateJobSpec(spec: JobSpec | undefined, path: FieldPath, opts: PodValidationOptions): FieldError[] {
  const s = spec ?? {};
  const errs = validateJobSpecCommon(s, path, opts);
  if (!s.selector) errs.push(required(child(path, 'selector'), ''));
  else {
    errs.push(
      ...validateLabelSelector(
        s.selector,
        { allowInvalidLabelValueInSelector: opts.allowInvalidLabelValueInSelector },
        child(path, 'selector'),
      ),
    );
  }
  const sel = labelSelectorAsSelector(s.selector);
  if (sel && !selectorMatches(sel, s.template?.metadata?.labels)) {
    errs.push(
      invalid(
        child(path, 'template', 'metadata', 'labels'),
        asJSON(goMap(s.template?.metadata?.labels)),
        '`selector` does not match template `labels`',
      ),
    );
  }
  return errs;
}

// Port of ValidateJob (pkg/apis/batch/validation/validation.go), after defaults and selector generation.
export function validateJobDefaulted(
  job: Job,
  opts: PodValidationOptions & { requirePrefixedLabels?: boolean },
): FieldError[] {
  const errs = [
    ...validateObjectMeta(job.metadata, nameIsDNSSubdomain, 'metadata'),
    ...validateGeneratedSelector(job, opts.requirePrefixedLabels ?? true),
    ...validateJobSpec(job.spec, 'spec', opts),
  ];
  const s = job.spec ?? {};
  if (s.completionMode === 'Indexed' && isSet(s.completions) && s.completions > 0) {
    const name = job.metadata?.name ?? '';
    const maxHostname = `${name}-${s.completions - 1}`;
    if (isDNS1123Label(maxHostname).length > 0) {
      errs.push(invalid('metadata.name', name, `will not able to create pod with invalid DNS label: ${maxHostname}`));
    }
  }
  return errs;
}

/** What kube-apiserver does on create: batch/v1 defaults, the generated selector, then ValidateJob. */
export function validateJob(job: Job, opts: { gates: FeatureGates }): FieldError[] {
  return validateJobDefaulted(generateJobSelector(setDefaultsJob(job)), { gates: opts.gates });
}
