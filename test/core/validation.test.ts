import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DaemonSet, FieldError } from '../../server/src/core/types';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import {
  validateDaemonSet, validateRollingUpdateDaemonSet, validateDaemonSetUpdateStrategy, validatePodSpecScheduling,
} from '../../server/src/core/validation/index';

const data = (f: string) => JSON.parse(readFileSync(join(__dirname, 'data', 'validation', f), 'utf8'));
const gates = { ...DEFAULT_FEATURE_GATES };

/** validPodTemplate of the upstream test, merged with a case's overrides. */
function daemonSet(c: { metadata?: unknown; spec?: Record<string, unknown> }): DaemonSet {
  const spec: Record<string, unknown> = {
    selector: { matchLabels: { a: 'b' } },
    template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'ctr', image: 'image' }] } },
  };
  for (const [k, v] of Object.entries(c.spec ?? {})) {
    if (k === 'template' && v && typeof v === 'object') {
      const t = v as { metadata?: object; spec?: object };
      const base = spec['template'] as { metadata: object; spec: object };
      spec['template'] = { metadata: t.metadata ?? base.metadata, spec: { ...base.spec, ...(t.spec ?? {}) } };
    } else if (v === null) delete spec[k];
    else spec[k] = v;
  }
  return { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: c.metadata as DaemonSet['metadata'], spec };
}

const pairs = (errs: FieldError[]) => errs.map((e) => [e.field, e.reason]);

describe('TestValidateDaemonSet (apps/validation)', () => {
  const table = data('daemonset.json');
  for (const c of table.success) {
    test(`success: ${c.name}`, () => {
      assert.deepEqual(validateDaemonSet(daemonSet(c), { gates }), []);
    });
  }
  for (const c of table.errors) {
    test(c.name, () => {
      assert.deepEqual(pairs(validateDaemonSet(daemonSet(c), { gates })), c.expect);
    });
  }
});

describe('ValidateRollingUpdateDaemonSet', () => {
  for (const c of data('rollingupdate.json').cases) {
    test(c.name, () => {
      const errs = validateRollingUpdateDaemonSet(c.ru, 'spec.updateStrategy.rollingUpdate');
      assert.deepEqual(pairs(errs), c.expect.map((e: string[]) => [e[0], e[1]]));
      c.expect.forEach((e: string[], i: number) => {
        if (e[2]) assert.equal(errs[i]?.message, e[2]);
      });
    });
  }
});

describe('ValidateDaemonSetUpdateStrategy', () => {
  test('OnDelete strategy', () => assert.deepEqual(validateDaemonSetUpdateStrategy({ type: 'OnDelete' }, 'spec.updateStrategy'), []));
  test('RollingUpdate without RollingUpdate field', () => {
    assert.deepEqual(pairs(validateDaemonSetUpdateStrategy({ type: 'RollingUpdate' }, 'spec.updateStrategy')),
      [['spec.updateStrategy.rollingUpdate', 'FieldValueRequired']]);
  });
  test('unknown type prints the internal struct with Go field names', () => {
    const [e] = validateDaemonSetUpdateStrategy({ type: 'Foo' }, 'spec.updateStrategy');
    assert.equal(e?.message,
      'spec.updateStrategy: Unsupported value: {"Type":"Foo","RollingUpdate":null}: supported values: "RollingUpdate", "OnDelete"');
  });
});

describe('validateDaemonSet: defaults first, then validation', () => {
  test('defaulted strategy (maxUnavailable 1, maxSurge 0) is valid', () => {
    assert.deepEqual(validateDaemonSet(daemonSet({ metadata: { name: 'ds' } }), { gates }), []);
  });
  test('maxUnavailable 0 alone is defaulted to maxSurge 0 and fails the both-zero rule', () => {
    const errs = validateDaemonSet(daemonSet({ metadata: { name: 'ds' }, spec: { updateStrategy: { rollingUpdate: { maxUnavailable: 0 } } } }), { gates });
    assert.deepEqual(pairs(errs), [['spec.updateStrategy.rollingUpdate.maxUnavailable', 'FieldValueRequired']]);
  });
  test('restartPolicy Foo: pod-level and DaemonSet-level errors, in upstream order', () => {
    const errs = validateDaemonSet(daemonSet({ metadata: { name: 'ds' }, spec: { template: { spec: { restartPolicy: 'Foo' } } } }), { gates });
    assert.deepEqual(errs.map((e) => e.message), [
      'spec.template.spec.restartPolicy: Unsupported value: "Foo": supported values: "Always", "OnFailure", "Never"',
      'spec.template.spec.restartPolicy: Unsupported value: "Foo": supported values: "Always"',
    ]);
  });
  test('selector mismatch prints the template labels as sorted JSON', () => {
    const ds = daemonSet({ metadata: { name: 'ds' }, spec: { selector: { matchLabels: { app: 'x' } },
      template: { metadata: { labels: { z: '1', a: 'b' } } } } });
    const [e] = validateDaemonSet(ds, { gates });
    assert.equal(e?.message, 'spec.template.metadata.labels: Invalid value: {"a":"b","z":"1"}: `selector` does not match template `labels`');
  });
  test('empty selector prints {}', () => {
    const errs = validateDaemonSet(daemonSet({ metadata: { name: 'ds' }, spec: { selector: {} } }), { gates });
    assert.equal(errs[0]?.message, 'spec.selector: Invalid value: {}: empty selector is invalid for daemonset');
  });
  test('an invalid selector is reported once, with no match error', () => {
    const ds = daemonSet({ metadata: { name: 'ds' }, spec: { selector: { matchExpressions: [{ key: 'a', operator: 'Foo' }] } } });
    assert.deepEqual(pairs(validateDaemonSet(ds, { gates })), [['spec.selector.matchExpressions[0].operator', 'FieldValueInvalid']]);
  });
  test('activeDeadlineSeconds is forbidden', () => {
    const errs = validateDaemonSet(daemonSet({ metadata: { name: 'ds' }, spec: { template: { spec: { activeDeadlineSeconds: 5 } } } }), { gates });
    assert.deepEqual(errs.map((e) => e.message), ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported']);
  });
  test('negative minReadySeconds and revisionHistoryLimit', () => {
    const errs = validateDaemonSet(daemonSet({ metadata: { name: 'ds' }, spec: { minReadySeconds: -1, revisionHistoryLimit: -2 } }), { gates });
    assert.deepEqual(errs.map((e) => e.message), [
      'spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0',
      'spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0',
    ]);
  });
  test('DaemonSet name must be a DNS subdomain', () => {
    const errs = validateDaemonSet(daemonSet({ metadata: { name: 'My_DS' } }), { gates });
    assert.equal(errs[0]?.message, "metadata.name: Invalid value: \"My_DS\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')");
  });
  test('generateName alone is accepted (the server generates the name)', () => {
    assert.deepEqual(validateDaemonSet(daemonSet({ metadata: { generateName: 'ds-' } }), { gates }), []);
  });
  test('containers: name required, DNS label, image required, duplicates', () => {
    const ds = daemonSet({ metadata: { name: 'ds' }, spec: { template: { spec: { containers: [
      { image: 'a' }, { name: 'Bad', image: 'b' }, { name: 'c' }, { name: 'c', image: 'c' }] } } } });
    assert.deepEqual(pairs(validateDaemonSet(ds, { gates })), [
      ['spec.template.spec.containers[0].name', 'FieldValueRequired'],
      ['spec.template.spec.containers[1].name', 'FieldValueInvalid'],
      ['spec.template.spec.containers[2].image', 'FieldValueRequired'],
      ['spec.template.spec.containers[3].name', 'FieldValueDuplicate'],
    ]);
  });
  test('dnsPolicy: unknown value prints through JSON', () => {
    const errs = validateDaemonSet(daemonSet({ metadata: { name: 'ds' }, spec: { template: { spec: { dnsPolicy: 'a<b' } } } }), { gates });
    assert.equal(errs[0]?.message,
      'spec.template.spec.dnsPolicy: Unsupported value: "a\\u003cb": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"');
  });
  test('does not crash on a bare object and does not mutate its input', () => {
    const ds: DaemonSet = {};
    const errs = validateDaemonSet(ds, { gates });
    assert.deepEqual(ds, {});
    assert.deepEqual(pairs(errs), [
      ['metadata.name', 'FieldValueRequired'],
      ['spec.template.metadata.labels', 'FieldValueInvalid'],
      ['spec.template.spec.containers', 'FieldValueRequired'],
    ]);
  });
});

describe('validatePodSpecScheduling (for other workload kinds)', () => {
  test('nodeSelector, affinity and tolerations under the given path', () => {
    const errs = validatePodSpecScheduling({
      nodeSelector: { 'bad key!': 'v' },
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } },
      tolerations: [{ key: 'k', operator: 'Exists', value: 'v' }],
    }, 'spec.template.spec', { gates });
    assert.deepEqual(pairs(errs), [
      ['spec.template.spec.nodeSelector', 'FieldValueInvalid'],
      ['spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms', 'FieldValueRequired'],
      ['spec.template.spec.tolerations[0].operator', 'FieldValueInvalid'],
    ]);
  });
});
