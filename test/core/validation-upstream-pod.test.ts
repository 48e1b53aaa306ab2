// Upstream pod-level tables (TestValidatePod, TestValidatePodSpec) run against the pod spec
// validation that a DaemonSet's template goes through, and again embedded in a DaemonSet.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DaemonSet, FieldError, ObjectMeta, PodSpec } from '../../server/src/core/types';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { nameIsDNSSubdomain, validateDaemonSet, validateObjectMeta, validatePodSpec } from '../../server/src/core/validation/index';

const data = (f: string) => JSON.parse(readFileSync(join(__dirname, 'data', 'validation', 'upstream', f), 'utf8'));
const opts = { gates: { ...DEFAULT_FEATURE_GATES } };

interface Expected { field: string; type: string; detail?: string; badValue?: unknown }
interface PodCase { name: string; metadata: ObjectMeta; spec: PodSpec; expect?: Expected[]; message?: string }

/** What ValidatePodCreate reports for the parts this port covers: object metadata and the pod spec. */
function validatePod(c: PodCase): FieldError[] {
  return [...validateObjectMeta(c.metadata, nameIsDNSSubdomain, 'metadata'), ...validatePodSpec(c.spec, 'spec', opts)];
}

/** The same spec as the template of an otherwise valid DaemonSet. */
function asDaemonSet(spec: PodSpec): DaemonSet {
  return {
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'ds', namespace: 'ns' },
    spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: structuredClone(spec) } },
  };
}

/** Unordered match, as apivalidationtesting.ExpectedErrorList does: same count, each expectation met by a distinct error. */
function assertErrors(actual: FieldError[], expected: Expected[]): void {
  const show = () => `\nactual:\n${actual.map((e) => `  ${e.reason} ${e.message}`).join('\n')}`;
  assert.equal(actual.length, expected.length, `error count${show()}`);
  const left = [...actual];
  for (const e of expected) {
    const i = left.findIndex((a) => a.field === e.field && a.reason === e.type
      && (e.detail === undefined || a.detail.includes(e.detail))
      && (!('badValue' in e) || isDeepStrictEqual(a.badValue ?? '', e.badValue)));
    assert.ok(i >= 0, `no error matches ${JSON.stringify(e)}${show()}`);
    left.splice(i, 1);
  }
}

function isDeepStrictEqual(a: unknown, b: unknown): boolean {
  try { assert.deepStrictEqual(a, b); return true; } catch { return false; }
}

const pod = data('pod.json');

describe('TestValidatePod (core/validation) successCases', () => {
  for (const c of pod.success as PodCase[]) {
    test(c.name, () => {
      assert.deepEqual(validatePod(c).map((e) => e.message), []);
      assert.deepEqual(validateDaemonSet(asDaemonSet(c.spec), opts).map((e) => e.message), []);
    });
  }
});

describe('TestValidatePod (core/validation) errorCases', () => {
  for (const c of pod.errors as PodCase[]) {
    test(c.name, () => {
      const errs = validatePod(c);
      assertErrors(errs, c.expect ?? []);
      if (c.message) assert.ok(errs.some((e) => e.message === c.message), `no error prints ${c.message}`);
      // Scheduling fields give the same errors under the DaemonSet's template path.
      const specOnly = (c.expect ?? []).every((e) => /^spec\.(affinity|tolerations)/.test(e.field));
      if (specOnly) {
        const inDs = (c.expect ?? []).map((e) => ({ ...e, field: e.field.replace(/^spec\./, 'spec.template.spec.') }));
        assertErrors(validateDaemonSet(asDaemonSet(c.spec), opts), inDs);
      }
    });
  }
});

describe('toleration and affinity error text as kube-apiserver prints it', () => {
  test('Exists with a value prints the internal toleration struct', () => {
    const [e] = validatePodSpec({ containers: [{ name: 'c', image: 'i', imagePullPolicy: 'Always', terminationMessagePolicy: 'File' }],
      restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', tolerations: [{ key: 'foo', operator: 'Exists', value: 'bar', tolerationSeconds: 5, effect: 'NoExecute' }] },
    'spec', opts);
    assert.equal(e?.message, 'spec.tolerations[0].operator: Invalid value: {"Key":"foo","Operator":"Exists","Value":"bar","Effect":"NoExecute","TolerationSeconds":5}: value must be empty when `operator` is \'Exists\'');
  });
  test('matchLabelKeys without a labelSelector is forbidden', () => {
    const errs = validatePodSpec({ containers: [{ name: 'c', image: 'i', imagePullPolicy: 'Always', terminationMessagePolicy: 'File' }],
      restartPolicy: 'Always', dnsPolicy: 'ClusterFirst',
      affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', matchLabelKeys: ['app'], mismatchLabelKeys: ['x'] }] } } },
    'spec', opts);
    assert.deepEqual(errs.map((e) => e.message), [
      'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys: Forbidden: must not be specified when labelSelector is not set',
      'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].mismatchLabelKeys: Forbidden: must not be specified when labelSelector is not set',
    ]);
  });
  test('a matchLabelKeys key named once in matchLabels and once in matchExpressions', () => {
    const errs = validatePodSpec({ containers: [{ name: 'c', image: 'i', imagePullPolicy: 'Always', terminationMessagePolicy: 'File' }],
      restartPolicy: 'Always', dnsPolicy: 'ClusterFirst',
      affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', matchLabelKeys: ['x', 'app'],
        labelSelector: { matchLabels: { app: 'a' }, matchExpressions: [{ key: 'app', operator: 'Exists' }] } }] } } },
    'spec', opts);
    assert.deepEqual(errs.map((e) => e.message),
      ['spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0][1]: Invalid value: "app": exists in both matchLabelKeys and labelSelector']);
  });
  test('a key only in matchLabelKeys (not yet merged into the selector) is accepted', () => {
    const errs = validatePodSpec({ containers: [{ name: 'c', image: 'i', imagePullPolicy: 'Always', terminationMessagePolicy: 'File' }],
      restartPolicy: 'Always', dnsPolicy: 'ClusterFirst',
      affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', matchLabelKeys: ['app'],
        labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['a'] }] } }] } } },
    'spec', opts);
    assert.deepEqual(errs, []);
  });
});

const podspec = data('podspec.json');

describe('TestValidatePodSpec (core/validation)', () => {
  for (const c of podspec.success as Array<{ name: string; spec: PodSpec }>) {
    test(`success: ${c.name}`, () => assert.deepEqual(validatePodSpec(c.spec, 'field', opts).map((e) => e.message), []));
  }
  for (const c of podspec.failure as Array<{ name: string; spec: PodSpec; expect: string[][] }>) {
    test(`failure: ${c.name}`, () => {
      assert.deepEqual(validatePodSpec(c.spec, 'field', opts).map((e) => [e.field, e.reason]), c.expect);
    });
  }
});
