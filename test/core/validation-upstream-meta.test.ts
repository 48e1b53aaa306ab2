// Upstream tables for string formats, labels, label selectors, annotations, object metadata and
// DaemonSet defaulting, ported as data.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DaemonSet, FieldError, LabelSelector, ObjectMeta } from '../../server/src/core/types';
import {
  isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue, isValidPercent, nameIsDNSSubdomain,
  validateAnnotations, validateLabels, validateLabelSelector, validateObjectMeta,
} from '../../server/src/core/validation/index';
import * as placementLabels from '../../server/src/core/labels';
import { setDefaultsDaemonSet } from '../../server/src/core/defaults';

const data = (f: string) => JSON.parse(readFileSync(join(__dirname, 'data', 'validation', 'upstream', f), 'utf8'));

/** A string, or parts to concatenate where [s, n] is s repeated n times. */
type Str = string | Array<string | [string, number]>;
const str = (v: Str): string => (typeof v === 'string' ? v : v.map((p) => (typeof p === 'string' ? p : p[0].repeat(p[1]))).join(''));
const label = (v: Str): string => { const s = str(v); return s.length > 40 ? `${s.slice(0, 12)}…(${s.length})` : JSON.stringify(s); };

const util = data('util-validation.json');
const checks: Record<string, (v: string) => string[]> = {
  TestIsDNS1123Label: isDNS1123Label,
  TestIsDNS1123Subdomain: isDNS1123Subdomain,
  TestIsQualifiedName: isQualifiedName,
  TestIsValidLabelValue: isValidLabelValue,
  TestIsValidPercent: isValidPercent,
};

describe('util/validation good and bad lists', () => {
  for (const [name, fn] of Object.entries(checks)) {
    describe(name, () => {
      for (const v of util[name].good as Str[]) test(`good ${label(v)}`, () => assert.deepEqual(fn(str(v)), []));
      for (const v of util[name].bad as Str[]) test(`bad ${label(v)}`, () => assert.ok(fn(str(v)).length > 0));
    });
  }
  test('the placement module uses the same format checks', () => {
    assert.equal(placementLabels.isQualifiedName, isQualifiedName);
    assert.equal(placementLabels.isValidLabelValue, isValidLabelValue);
    assert.equal(placementLabels.isDNS1123Subdomain, isDNS1123Subdomain);
  });
});

const meta = data('meta.json');
type KV = { key: Str; value: Str; expect: string };
const one = (kv: KV) => ({ [str(kv.key)]: str(kv.value) });
/** A map written as an object, or as a list of {key, value} with repeated-string parts. */
const toMap = (m: Record<string, string> | Array<{ key: Str; value: Str }>) =>
  (Array.isArray(m) ? Object.fromEntries(m.map((e) => [str(e.key), str(e.value)])) : m);

/** Upstream's check: exactly one error, whose detail contains `expect`. */
function assertOne(errs: FieldError[], expect: string, field: string): void {
  assert.equal(errs.length, 1, errs.map((e) => e.message).join('\n'));
  assert.ok(errs[0]?.detail.includes(expect), errs[0]?.detail);
  assert.equal(errs[0]?.field, field);
  assert.equal(errs[0]?.reason, 'FieldValueInvalid');
}

describe('TestValidateLabels (meta/v1/validation)', () => {
  (meta.TestValidateLabels.success as Array<Record<string, string>>).forEach((m, i) => {
    test(`case[${i}] success ${Object.keys(m)[0]}`, () => assert.deepEqual(validateLabels(m, 'field'), []));
  });
  (meta.TestValidateLabels.nameErrors as KV[]).forEach((kv, i) => {
    test(`labelNameErrorCases[${i}] ${label(kv.key)}`, () => {
      const errs = validateLabels(one(kv), 'field');
      assertOne(errs, kv.expect, 'field');
      assert.equal(errs[0]?.badValue, str(kv.key));
    });
  });
  (meta.TestValidateLabels.valueErrors as KV[]).forEach((kv, i) => {
    test(`labelValueErrorCases[${i}] ${label(kv.value)}`, () => {
      const errs = validateLabels(one(kv), 'field');
      assertOne(errs, kv.expect, 'field');
      assert.equal(errs[0]?.badValue, str(kv.value));
    });
  });
});

describe('TestLabelSelectorMatchExpression (meta/v1/validation)', () => {
  for (const c of meta.TestLabelSelectorMatchExpression as Array<{ name: string; labelSelector: LabelSelector; wantErrorNumber: number; errMessage?: string; field?: string }>) {
    test(c.name, () => {
      const errs = validateLabelSelector(c.labelSelector, { allowInvalidLabelValueInSelector: false }, 'labelSelector');
      assert.equal(errs.length, c.wantErrorNumber, errs.map((e) => e.message).join('\n'));
      if (c.errMessage) {
        assert.ok(errs[0]?.message.includes(c.errMessage), errs[0]?.message);
        assert.equal(errs[0]?.field, c.field);
        assert.equal(errs[0]?.reason, 'FieldValueInvalid');
      }
    });
  }
  test('AllowInvalidLabelValueInSelector skips the value check only', () => {
    const sel = { matchExpressions: [{ key: '-key', operator: 'In', values: ['-value'] }] };
    assert.deepEqual(validateLabelSelector(sel, { allowInvalidLabelValueInSelector: true }, 's').map((e) => e.field), ['s.matchExpressions[0].key']);
  });
});

describe('TestValidateAnnotations (api/validation objectmeta)', () => {
  (meta.TestValidateAnnotations.success as Array<Record<string, string> | Array<{ key: Str; value: Str }>>).forEach((m, i) => {
    test(`case[${i}] success`, () => assert.deepEqual(validateAnnotations(toMap(m), 'field'), []));
  });
  (meta.TestValidateAnnotations.nameErrors as KV[]).forEach((kv, i) => {
    test(`nameErrorCases[${i}] ${label(kv.key)}`, () => assertOne(validateAnnotations(one(kv), 'field'), kv.expect, 'field'));
  });
  (meta.TestValidateAnnotations.totalSizeErrors as Array<Array<{ key: Str; value: Str }>>).forEach((m, i) => {
    test(`totalSizeErrorCases[${i}]`, () => {
      const errs = validateAnnotations(toMap(m), 'field');
      assert.deepEqual(errs.map((e) => [e.field, e.reason]), [['field', 'FieldValueTooLong']]);
    });
  });
});

const om = data('objectmeta.json');
const customName = (s: string) => (s === 'test' ? [] : ['wrong value']);

describe('ObjectMeta (api/validation objectmeta_test.go)', () => {
  for (const c of om.TestValidateObjectMetaCustomName as Array<{ name: string; input: ObjectMeta; nErrs: number; errStr?: string }>) {
    test(`TestValidateObjectMetaCustomName: ${c.name}`, () => {
      const errs = validateObjectMeta(c.input, customName, 'field');
      assert.equal(errs.length, c.nErrs, errs.map((e) => e.message).join('\n'));
      if (c.errStr) assert.ok(errs[0]?.message.includes(c.errStr));
    });
  }
  test('TestValidateObjectMetaTrimsTrailingDash', () => {
    assert.deepEqual(validateObjectMeta(om.TestValidateObjectMetaTrimsTrailingDash.input, nameIsDNSSubdomain, 'field'), []);
  });
  for (const c of om.TestValidateObjectMetaNamespaces as Array<{ name: string; input: ObjectMeta; nErrs: number; contains: string }>) {
    test(`TestValidateObjectMetaNamespaces: ${c.name}`, () => {
      const errs = validateObjectMeta(c.input, nameIsDNSSubdomain, 'field');
      assert.equal(errs.length, c.nErrs, errs.map((e) => e.message).join('\n'));
      for (const e of errs) {
        assert.ok(e.message.includes(c.contains), e.message);
        assert.equal(e.field, 'field.namespace');
      }
    });
  }
});

const defaults = data('apps-defaults.json');

describe('TestSetDefaultDaemonSetSpec (apps/v1/defaults_test.go)', () => {
  for (const c of defaults.TestSetDefaultDaemonSetSpec as Array<{ name: string; original: DaemonSet; expectedSpec: unknown }>) {
    test(c.name, () => {
      const before = structuredClone(c.original);
      assert.deepEqual(setDefaultsDaemonSet(c.original).spec, c.expectedSpec);
      assert.deepEqual(c.original, before, 'the input is left alone');
    });
  }
});
