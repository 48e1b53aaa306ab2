// batch/v1 CronJob validation, as kube-apiserver runs it on create (after defaulting). Read from
// pkg/apis/batch/validation/validation.go in the search index (the copy job.ts names; v1.35.0 itself could not be
// confirmed).
import type { FieldError } from '../types';
import type { FeatureGates } from '../k8sVersion';
import { child, type FieldPath } from '../fieldPath';
import { asJSON, invalid, notSupported, required } from './fieldErrors';
import { nameIsDNSSubdomain, validateNonnegativeField } from './names';
import { validateObjectMeta } from './objectMeta';
import type { PodValidationOptions } from './podTemplate';
import { selectorJSON } from './daemonSet';
import { validateJobSpecCommon } from './job';
import { cronParseStandardError } from './cronSchedule';
import { setDefaultsCronJob } from './workloadDefaults';
import type { CronJob, CronJobSpec } from './workloadTypes';
import { isSet } from './workloadTypes';

// The cronjob controller names each Job <cronjob>-<11 digits>; a Job name is at most 63 characters.
const MAX_CRONJOB_NAME = 63 - 11;

/**
 * Go's time.LoadLocation, approximated by the ICU time zone data of the JavaScript runtime: the two lists differ in
 * a few legacy aliases, so a zone only one of them knows may be judged differently.
 */
export function isKnownTimeZone(tz: string): boolean {
  if (tz === 'UTC' || tz === '') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

// Port of validateScheduleFormat (pkg/apis/batch/validation/validation.go), on create (TZ not allowed).
function validateScheduleFormat(schedule: string, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const err = cronParseStandardError(schedule, isKnownTimeZone);
  if (err !== undefined) errs.push(invalid(path, schedule, err));
  if (schedule.includes('TZ'))
    errs.push(invalid(path, schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  return errs;
}

const TIME_ZONE_PART = /^[A-Za-z.\-_0-9+]{1,14}$/;

// Port of validateTimeZone (pkg/apis/batch/validation/validation.go). The bad value is a *string: Go prints its
// target quoted.
function validateTimeZone(tz: string | null | undefined, path: FieldPath): FieldError[] {
  if (!isSet(tz)) return [];
  if (tz.length === 0) return [invalid(path, tz, 'timeZone must be nil or non-empty string')];
  for (const part of tz.split('/')) {
    if (part === '.' || part === '..' || part.startsWith('-') || !TIME_ZONE_PART.test(part)) {
      return [invalid(path, tz, `unknown time zone ${tz}`)];
    }
  }
  const errs: FieldError[] = [];
  if (tz.toLowerCase() === 'local') {
    errs.push(
      invalid(path, tz, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'),
    );
  }
  // time.LoadLocation accepts "Local" itself; any other name must be in the zone database.
  if (tz !== 'Local' && !isKnownTimeZone(tz)) errs.push(invalid(path, tz, `unknown time zone ${tz}`));
  return errs;
}

// Port of validateConcurrencyPolicy (pkg/apis/batch/validation/validation.go).
function validateConcurrencyPolicy(policy: string | undefined, path: FieldPath): FieldError[] {
  switch (policy ?? '') {
    case 'Allow':
    case 'Forbid':
    case 'Replace':
      return [];
    case '':
      return [required(path, '')];
    default:
      return [notSupported(path, asJSON(policy), ['Allow', 'Forbid', 'Replace'])];
  }
}

// Port of ValidateJobTemplateSpec (pkg/apis/batch/validation/validation.go).
function validateJobTemplateSpec(
  t: CronJobSpec['jobTemplate'],
  path: FieldPath,
  opts: PodValidationOptions,
): FieldError[] {
  const spec = t?.spec ?? {};
  const errs = validateJobSpecCommon(spec, child(path, 'spec'), opts);
  if (spec.selector) {
    errs.push(
      invalid(
        child(path, 'spec', 'selector'),
        asJSON(selectorJSON(spec.selector)),
        '`selector` will be auto-generated',
      ),
    );
  }
  if (spec.manualSelector === true)
    errs.push(notSupported(child(path, 'spec', 'manualSelector'), true, ['nil', 'false']));
  return errs;
}

// Port of validateCronJobSpec (pkg/apis/batch/validation/validation.go), on create (no old spec).
export function validateCronJobSpec(
  spec: CronJobSpec | undefined,
  path: FieldPath,
  opts: PodValidationOptions,
): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  const schedule = s.schedule ?? '';
  if (schedule.length === 0) errs.push(required(child(path, 'schedule'), ''));
  else errs.push(...validateScheduleFormat(schedule, child(path, 'schedule')));
  if (isSet(s.startingDeadlineSeconds)) {
    errs.push(...validateNonnegativeField(s.startingDeadlineSeconds, child(path, 'startingDeadlineSeconds')));
  }
  errs.push(...validateTimeZone(s.timeZone, child(path, 'timeZone')));
  errs.push(...validateConcurrencyPolicy(s.concurrencyPolicy, child(path, 'concurrencyPolicy')));
  errs.push(...validateJobTemplateSpec(s.jobTemplate, child(path, 'jobTemplate'), opts));
  if (isSet(s.successfulJobsHistoryLimit)) {
    errs.push(...validateNonnegativeField(s.successfulJobsHistoryLimit, child(path, 'successfulJobsHistoryLimit')));
  }
  if (isSet(s.failedJobsHistoryLimit)) {
    errs.push(...validateNonnegativeField(s.failedJobsHistoryLimit, child(path, 'failedJobsHistoryLimit')));
  }
  return errs;
}

// Port of ValidateCronJobCreate (pkg/apis/batch/validation/validation.go), without defaulting.
export function validateCronJobDefaulted(cj: CronJob, opts: PodValidationOptions): FieldError[] {
  const errs = [
    ...validateObjectMeta(cj.metadata, nameIsDNSSubdomain, 'metadata'),
    ...validateCronJobSpec(cj.spec, 'spec', opts),
  ];
  const name = cj.metadata?.name ?? '';
  if (name.length > MAX_CRONJOB_NAME)
    errs.push(invalid('metadata.name', name, `must be no more than ${MAX_CRONJOB_NAME} characters`));
  return errs;
}

/** What kube-apiserver does on create: batch/v1 defaults on a copy, then ValidateCronJobCreate. */
export function validateCronJob(cj: CronJob, opts: { gates: FeatureGates }): FieldError[] {
  return validateCronJobDefaulted(setDefaultsCronJob(cj), { gates: opts.gates });
}
