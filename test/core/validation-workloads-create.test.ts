// What kube-apiserver does with a workload manifest on create, end to end: apps/v1 and batch/v1 defaults, the
// Job selector the registry generates, then validation; messages as kube-apiserver prints them.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { PLACEHOLDER_UID, cronParseStandardError, validateWorkload } from '../../server/src/core/validation';
import { isKnownTimeZone } from '../../server/src/core/validation/cronJob';

const gates = { ...DEFAULT_FEATURE_GATES };
const messages = (apiVersion: string, kind: string, obj: unknown) =>
  validateWorkload(apiVersion, kind, obj, { gates }).map((e) => e.message);

const container = { name: 'app', image: 'registry.example/app:1.0' };
const template = (labels: Record<string, string>, spec: object = {}) => ({
  metadata: { labels },
  spec: { containers: [container], ...spec },
});

describe('apps/v1 workloads on create', () => {
  test('a Deployment without selector (calico-typha): selector required, and the template labels match nothing', () => {
    const d = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'calico-typha', namespace: 'kube-system' },
      spec: { replicas: 1, template: template({ 'k8s-app': 'calico-typha' }) },
    };
    assert.deepEqual(messages('apps/v1', 'Deployment', d), [
      'spec.selector: Required value',
      'spec.template.metadata.labels: Invalid value: {"k8s-app":"calico-typha"}: ' +
        '`selector` does not match template `labels`',
    ]);
  });

  test('a minimal Deployment passes once defaulted (strategy 25%/25%, restartPolicy Always, pull policy)', () => {
    const d = {
      metadata: { name: 'web' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: template({ app: 'web' }) },
    };
    assert.deepEqual(messages('apps/v1', 'Deployment', d), []);
  });

  test('a Deployment template with restartPolicy OnFailure and an unknown strategy', () => {
    const d = {
      metadata: { name: 'web' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        strategy: { type: 'BlueGreen' },
        template: template({ app: 'web' }, { restartPolicy: 'OnFailure' }),
      },
    };
    assert.deepEqual(messages('apps/v1', 'Deployment', d), [
      'spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
      'spec.strategy: Unsupported value: {"Type":"BlueGreen","RollingUpdate":null}: ' +
        'supported values: "Recreate", "RollingUpdate"',
    ]);
  });

  test('a ReplicaSet with an empty selector', () => {
    const rs = { metadata: { name: 'r' }, spec: { selector: {}, template: template({ app: 'r' }) } };
    assert.deepEqual(messages('apps/v1', 'ReplicaSet', rs), [
      'spec.selector: Invalid value: {}: empty selector is invalid for deployment',
    ]);
  });

  test('a StatefulSet: valid once defaulted; a dotted name is not a DNS label; scheduling fields checked', () => {
    const ss = {
      metadata: { name: 'db' },
      spec: { serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: template({ app: 'db' }) },
    };
    assert.deepEqual(messages('apps/v1', 'StatefulSet', ss), []);
    const dotted = { ...ss, metadata: { name: 'db.v1' } };
    assert.deepEqual(messages('apps/v1', 'StatefulSet', dotted), [
      'metadata.name: Invalid value: "db.v1": must not contain dots',
    ]);
    const badToleration = {
      ...ss,
      spec: { ...ss.spec, template: template({ app: 'db' }, { tolerations: [{ operator: 'Exists', value: 'x' }] }) },
    };
    assert.deepEqual(messages('apps/v1', 'StatefulSet', badToleration), [
      'spec.template.spec.tolerations[0].operator: Invalid value: ' +
        '{"Key":"","Operator":"Exists","Value":"x","Effect":"","TolerationSeconds":null}: ' +
        "value must be empty when `operator` is 'Exists'",
    ]);
  });
});

describe('batch/v1 workloads on create', () => {
  const job = (spec: object, meta: object = {}) => ({
    metadata: { name: 'pi', ...meta },
    spec: { template: template({}, { restartPolicy: 'Never' }), ...spec },
  });

  test('a Job without selector gets the generated one and passes', () => {
    assert.deepEqual(messages('batch/v1', 'Job', job({})), []);
  });

  test('a Job with its own selector but no manualSelector: not auto-generated', () => {
    const j = job({
      selector: { matchLabels: { app: 'pi' } },
      template: template({ app: 'pi' }, { restartPolicy: 'Never' }),
    });
    assert.deepEqual(messages('batch/v1', 'Job', j), [
      'spec.selector: Invalid value: ' +
        `{"matchLabels":{"app":"pi","batch.kubernetes.io/controller-uid":"${PLACEHOLDER_UID}"}}: ` +
        '`selector` not auto-generated',
    ]);
    assert.deepEqual(messages('batch/v1', 'Job', { ...j, spec: { ...j.spec, manualSelector: true } }), []);
  });

  test('manualSelector without selector: required, and a missing selector selects nothing', () => {
    assert.deepEqual(messages('batch/v1', 'Job', job({ manualSelector: true })), [
      'spec.selector: Required value',
      'spec.template.metadata.labels: Invalid value: {}: `selector` does not match template `labels`',
    ]);
  });

  test('a Job template without restartPolicy is defaulted to Always, which a Job refuses', () => {
    const j = { metadata: { name: 'pi' }, spec: { template: template({}) } };
    assert.deepEqual(messages('batch/v1', 'Job', j), [
      'spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    ]);
  });

  test('completions and parallelism non-negative; Indexed needs completions', () => {
    assert.deepEqual(messages('batch/v1', 'Job', job({ completions: -1, parallelism: -2 })), [
      'spec.parallelism: Invalid value: -2: must be greater than or equal to 0',
      'spec.completions: Invalid value: -1: must be greater than or equal to 0',
    ]);
    assert.deepEqual(messages('batch/v1', 'Job', job({ completionMode: 'Indexed', parallelism: 2 })), [
      'spec.completions: Required value: when completion mode is Indexed',
    ]);
  });

  const cron = (spec: object, name = 'nightly') => ({
    metadata: { name },
    spec: {
      schedule: '0 3 * * *',
      jobTemplate: { spec: { template: template({}, { restartPolicy: 'OnFailure' }) } },
      ...spec,
    },
  });

  test('a CronJob: valid; schedule required and parsed like robfig/cron; concurrencyPolicy values; name length', () => {
    assert.deepEqual(messages('batch/v1', 'CronJob', cron({})), []);
    assert.deepEqual(messages('batch/v1', 'CronJob', cron({ schedule: '' })), ['spec.schedule: Required value']);
    assert.deepEqual(messages('batch/v1', 'CronJob', cron({ schedule: '61 * * * *' })), [
      'spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61',
    ]);
    assert.deepEqual(messages('batch/v1', 'CronJob', cron({ concurrencyPolicy: 'Sometimes' })), [
      'spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"',
    ]);
    assert.deepEqual(messages('batch/v1', 'CronJob', cron({}, 'n'.repeat(53))), [
      `metadata.name: Invalid value: "${'n'.repeat(53)}": must be no more than 52 characters`,
    ]);
  });

  test('a CronJob job template: selector and manualSelector refused, restartPolicy Always refused', () => {
    const c = cron({
      jobTemplate: {
        spec: { selector: { matchLabels: { a: 'b' } }, manualSelector: true, template: template({ a: 'b' }) },
      },
    });
    assert.deepEqual(messages('batch/v1', 'CronJob', c), [
      'spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
      'spec.jobTemplate.spec.selector: Invalid value: {"matchLabels":{"a":"b"}}: `selector` will be auto-generated',
      'spec.jobTemplate.spec.manualSelector: Unsupported value: true: supported values: "nil", "false"',
    ]);
  });
});

describe('robfig/cron v3 ParseStandard errors', () => {
  for (const [spec, err] of [
    ['0 3 * * *', undefined],
    ['*/15 0-6 1,15 jan-jun MON-FRI', undefined],
    ['* * * * ?', undefined],
    ['@weekly', undefined],
    ['@every 1h30m', undefined],
    ['', 'empty spec string'],
    ['* * * *', 'expected exactly 5 fields, found 4: [* * * *]'],
    ['0 0 0 * * *', 'expected exactly 5 fields, found 6: [0 0 0 * * *]'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['5-1 * * * *', 'beginning of range (5) beyond end of range (1): 5-1'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['1/2/3 * * * *', 'too many slashes: 1/2/3'],
    ['a * * * *', 'failed to parse int from a: strconv.Atoi: parsing "a": invalid syntax'],
    ['* * 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['* * * 13 *', 'end of range (13) above maximum (12): 13'],
    ['@every 5x', 'failed to parse duration @every 5x: time: unknown unit "x" in duration "5x"'],
    ['@every 5', 'failed to parse duration @every 5: time: missing unit in duration "5"'],
    ['@fortnightly', 'unrecognized descriptor: @fortnightly'],
    ['CRON_TZ=Mars/Olympus 0 * * * *', 'provided bad location Mars/Olympus: unknown time zone Mars/Olympus'],
  ] as const) {
    test(JSON.stringify(spec), () => assert.equal(cronParseStandardError(spec, isKnownTimeZone), err));
  }
});

describe('core/v1 Pod and PodTemplate on create', () => {
  test('a Pod: valid once defaulted; ephemeral containers cannot be set on create', () => {
    const pod = { metadata: { name: 'p' }, spec: { containers: [container] } };
    assert.deepEqual(messages('v1', 'Pod', pod), []);
    const eph = { ...pod, spec: { ...pod.spec, ephemeralContainers: [{ name: 'debug', image: 'busybox' }] } };
    assert.deepEqual(messages('v1', 'Pod', eph), ['spec.ephemeralContainers: Forbidden: cannot be set on create']);
  });

  test('a PodTemplate without containers', () => {
    assert.deepEqual(messages('v1', 'PodTemplate', { metadata: { name: 't' }, template: { spec: {} } }), [
      'template.spec.containers: Required value',
    ]);
  });
});
