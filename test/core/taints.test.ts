import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Taint, Toleration } from '../../server/src/core/types';
import {
  checkToleration,
  explainUntolerated,
  findMatchingUntoleratedTaint,
  isDecimalInteger,
  taintToString,
  toleratesTaint,
  tolerationsTolerateTaint,
  type TaintFilter,
} from '../../server/src/core/taints';

// staging/src/k8s.io/api/core/v1/toleration_test.go TestTolerationToleratesTaint.
// Upstream runs the Gt/Lt rows with comparison operators on; `gate` records that.
const toleratesCases: { description: string; toleration: Toleration; taint: Taint; expectTolerated: boolean; gate?: boolean }[] = [
  { description: 'toleration and taint have the same key and effect, and operator is Exists, and taint has no value, expect tolerated', toleration: { key: 'foo', operator: 'Exists', effect: 'NoSchedule' }, taint: { key: 'foo', effect: 'NoSchedule' }, expectTolerated: true },
  { description: 'toleration and taint have the same key and effect, and operator is Exists, and taint has some value, expect tolerated', toleration: { key: 'foo', operator: 'Exists', effect: 'NoSchedule' }, taint: { key: 'foo', value: 'bar', effect: 'NoSchedule' }, expectTolerated: true },
  { description: 'toleration and taint have the same effect, toleration has empty key and operator is Exists, means match all taints, expect tolerated', toleration: { key: '', operator: 'Exists', effect: 'NoSchedule' }, taint: { key: 'foo', value: 'bar', effect: 'NoSchedule' }, expectTolerated: true },
  { description: 'toleration and taint have the same key, effect and value, and operator is Equal, expect tolerated', toleration: { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }, taint: { key: 'foo', value: 'bar', effect: 'NoSchedule' }, expectTolerated: true },
  { description: 'toleration and taint have the same key and effect, but different values, and operator is Equal, expect not tolerated', toleration: { key: 'foo', operator: 'Equal', value: 'value1', effect: 'NoSchedule' }, taint: { key: 'foo', value: 'value2', effect: 'NoSchedule' }, expectTolerated: false },
  { description: 'toleration and taint have the same key and value, but different effects, and operator is Equal, expect not tolerated', toleration: { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }, taint: { key: 'foo', value: 'bar', effect: 'NoExecute' }, expectTolerated: false },
  { description: 'toleration with Gt operator - taint value less than toleration value, expect not tolerated', toleration: { key: 'node.kubernetes.io/sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }, taint: { key: 'node.kubernetes.io/sla', value: '800', effect: 'NoSchedule' }, expectTolerated: false, gate: true },
  { description: 'toleration with Gt operator - taint value greater than toleration value, expect tolerated', toleration: { key: 'node.kubernetes.io/sla', operator: 'Gt', value: '750', effect: 'NoSchedule' }, taint: { key: 'node.kubernetes.io/sla', value: '950', effect: 'NoSchedule' }, expectTolerated: true, gate: true },
  { description: 'toleration with Lt operator - taint value greater than toleration value, expect not tolerated', toleration: { key: 'node.kubernetes.io/sla', operator: 'Lt', value: '800', effect: 'NoSchedule' }, taint: { key: 'node.kubernetes.io/sla', value: '950', effect: 'NoSchedule' }, expectTolerated: false, gate: true },
  { description: 'toleration with Lt operator - taint value less than toleration value, expect tolerated', toleration: { key: 'node.kubernetes.io/sla', operator: 'Lt', value: '950', effect: 'NoSchedule' }, taint: { key: 'node.kubernetes.io/sla', value: '800', effect: 'NoSchedule' }, expectTolerated: true, gate: true },
  { description: 'toleration with Gt operator and taint with equal numeric value, expect not tolerated', toleration: { key: 'node.kubernetes.io/sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }, taint: { key: 'node.kubernetes.io/sla', value: '950', effect: 'NoSchedule' }, expectTolerated: false, gate: true },
  { description: 'toleration with Gt operator and taint with non-numeric value, expect not tolerated', toleration: { key: 'node.kubernetes.io/sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }, taint: { key: 'node.kubernetes.io/sla', value: 'high', effect: 'NoSchedule' }, expectTolerated: false, gate: true },
  { description: 'toleration with Gt operator and negative numeric values - taint value less than threshold, expect not tolerated', toleration: { key: 'test-key', operator: 'Gt', value: '-100', effect: 'NoSchedule' }, taint: { key: 'test-key', value: '-200', effect: 'NoSchedule' }, expectTolerated: false, gate: true },
  { description: 'toleration with Gt operator and large int64 values - taint value less than threshold, expect not tolerated', toleration: { key: 'test-key', operator: 'Gt', value: '9223372036854775806' , effect: 'NoSchedule' }, taint: { key: 'test-key', value: '100', effect: 'NoSchedule' }, expectTolerated: false, gate: true },
];

describe('TestTolerationToleratesTaint', () => {
  for (const c of toleratesCases) {
    test(c.description, () => {
      assert.equal(toleratesTaint(c.toleration, c.taint, c.gate ?? false), c.expectTolerated);
      assert.equal(checkToleration(c.toleration, c.taint, c.gate ?? false).tolerated, c.expectTolerated);
    });
  }
});

describe('Gt/Lt behind TaintTolerationComparisonOperators', () => {
  const gt: Toleration = { key: 'sla', operator: 'Gt', value: '750', effect: 'NoSchedule' };
  const taint: Taint = { key: 'sla', value: '950', effect: 'NoSchedule' };
  test('gate off: Gt tolerates nothing, even when the comparison holds', () => {
    assert.equal(toleratesTaint(gt, taint, false), false);
    assert.match(checkToleration(gt, taint, false).why ?? '', /TaintTolerationComparisonOperators/);
  });
  test('gate on: Gt compares numerically', () => assert.equal(toleratesTaint(gt, taint, true), true));
  test('values must be canonical decimal integers (no leading zero, no plus sign)', () => {
    assert.equal(toleratesTaint({ ...gt, value: '0750' }, taint, true), false);
    assert.equal(toleratesTaint({ ...gt, value: '+750' }, taint, true), false);
    assert.equal(toleratesTaint(gt, { ...taint, value: '0950' }, true), false);
    assert.match(checkToleration({ ...gt, value: '0750' }, taint, true).parseError ?? '', /failed to parse toleration value "0750" as int64/);
  });
  test('int64 overflow does not tolerate', () => {
    assert.equal(toleratesTaint({ ...gt, value: '1' }, { ...taint, value: '9223372036854775808' }, true), false);
  });
  test('empty operator means Equal; unknown operator tolerates nothing', () => {
    assert.equal(toleratesTaint({ key: 'a', value: 'b' }, { key: 'a', value: 'b', effect: 'NoExecute' }, false), true);
    assert.equal(toleratesTaint({ key: 'a', operator: 'In', value: 'b' }, { key: 'a', value: 'b', effect: 'NoExecute' }, false), false);
  });
  test('empty key with Equal and empty value tolerates a taint with any key and no value', () => {
    // Validation forbids this combination, but ToleratesTaint itself only compares values.
    assert.equal(toleratesTaint({ operator: 'Equal' }, { key: 'x', effect: 'NoSchedule' }, false), true);
    assert.equal(toleratesTaint({ operator: 'Equal' }, { key: 'x', value: 'v', effect: 'NoSchedule' }, false), false);
  });
  test('empty effect matches every effect', () => {
    assert.equal(toleratesTaint({ key: 'a', operator: 'Exists' }, { key: 'a', effect: 'PreferNoSchedule' }, false), true);
  });
});

const all: TaintFilter = () => true;
// staging/src/k8s.io/component-helpers/scheduling/corev1/helpers_test.go TestFindMatchingUntoleratedTaint.
// `expectError` rows come from the newer table; in v1.35 a parse failure is logged and simply does not tolerate.
const findCases: { description: string; tolerations: Toleration[]; taints: Taint[]; applyFilter: TaintFilter | null; expectTolerated: boolean; enableComparisonOperatorsFG?: boolean }[] = [
  { description: 'empty tolerations tolerate empty taints', tolerations: [], taints: [], applyFilter: all, expectTolerated: true },
  { description: 'non-empty tolerations tolerate empty taints', tolerations: [{ key: 'foo', operator: 'Exists', effect: 'NoSchedule' }], taints: [], applyFilter: all, expectTolerated: true },
  { description: 'tolerations match all taints, expect tolerated', tolerations: [{ key: 'foo', operator: 'Exists', effect: 'NoSchedule' }], taints: [{ key: 'foo', effect: 'NoSchedule' }], applyFilter: all, expectTolerated: true },
  { description: "tolerations don't match taints, but no taints apply to the filter, expect tolerated", tolerations: [{ key: 'foo', operator: 'Exists', effect: 'NoSchedule' }], taints: [{ key: 'bar', effect: 'NoSchedule' }], applyFilter: () => false, expectTolerated: true },
  { description: "no filterFunc indicated, means all taints apply to the filter, tolerations don't match taints, expect untolerated", tolerations: [{ key: 'foo', operator: 'Exists', effect: 'NoSchedule' }], taints: [{ key: 'bar', effect: 'NoSchedule' }], applyFilter: null, expectTolerated: false },
  { description: 'tolerations match taints, expect tolerated', tolerations: [{ key: 'foo', operator: 'Exists', effect: 'NoExecute' }], taints: [{ key: 'foo', effect: 'NoExecute' }, { key: 'bar', effect: 'NoSchedule' }], applyFilter: (t) => t.effect === 'NoExecute', expectTolerated: true },
  { description: 'numeric Gt operator with taint value below threshold, expect not tolerated', tolerations: [{ key: 'node.kubernetes.io/sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }], taints: [{ key: 'node.kubernetes.io/sla', value: '800', effect: 'NoSchedule' }], applyFilter: all, expectTolerated: false, enableComparisonOperatorsFG: true },
  { description: 'numeric Gt operator with taint value above threshold, expect tolerated', tolerations: [{ key: 'node.kubernetes.io/sla', operator: 'Gt', value: '750', effect: 'NoSchedule' }], taints: [{ key: 'node.kubernetes.io/sla', value: '950', effect: 'NoSchedule' }], applyFilter: all, expectTolerated: true, enableComparisonOperatorsFG: true },
  { description: 'numeric Lt operator with taint value above threshold, expect not tolerated', tolerations: [{ key: 'node.kubernetes.io/sla', operator: 'Lt', value: '800', effect: 'NoSchedule' }], taints: [{ key: 'node.kubernetes.io/sla', value: '950', effect: 'NoSchedule' }], applyFilter: all, expectTolerated: false, enableComparisonOperatorsFG: true },
  { description: 'numeric Gt operator with non-numeric taint value, expect not tolerated', tolerations: [{ key: 'node.kubernetes.io/sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }], taints: [{ key: 'node.kubernetes.io/sla', value: 'high', effect: 'NoSchedule' }], applyFilter: all, expectTolerated: false, enableComparisonOperatorsFG: true },
  { description: 'numeric Gt parse error is ignored when a later toleration matches the taint', tolerations: [{ key: 'node.kubernetes.io/sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/sla', operator: 'Exists', effect: 'NoSchedule' }], taints: [{ key: 'node.kubernetes.io/sla', value: 'high', effect: 'NoSchedule' }], applyFilter: all, expectTolerated: true, enableComparisonOperatorsFG: true },
];

describe('TestFindMatchingUntoleratedTaint', () => {
  for (const c of findCases) {
    test(c.description, () => {
      const found = findMatchingUntoleratedTaint(c.taints, c.tolerations, c.applyFilter, c.enableComparisonOperatorsFG ?? false);
      assert.equal(found === undefined, c.expectTolerated);
    });
  }
  test('returns the first untolerated taint in node order', () => {
    const taints: Taint[] = [{ key: 'a', effect: 'NoSchedule' }, { key: 'b', effect: 'NoExecute' }, { key: 'c', effect: 'NoSchedule' }];
    assert.deepEqual(findMatchingUntoleratedTaint(taints, [{ key: 'a', operator: 'Exists' }], null, false), taints[1]);
  });
  test('tolerationsTolerateTaint: any one toleration is enough; none is never', () => {
    const t: Taint = { key: 'k', value: 'v', effect: 'NoSchedule' };
    assert.equal(tolerationsTolerateTaint(undefined, t, false), false);
    assert.equal(tolerationsTolerateTaint([{ key: 'x', operator: 'Exists' }, { key: 'k', value: 'v' }], t, false), true);
  });
});

describe('helpers', () => {
  test('isDecimalInteger (content.IsDecimalInteger)', () => {
    for (const ok of ['0', '7', '-7', '123', '9223372036854775807']) assert.equal(isDecimalInteger(ok), true, ok);
    for (const bad of ['', '-', '-0', '00', '07', '+7', '1.0', ' 1', 'a']) assert.equal(isDecimalInteger(bad), false, bad);
  });
  test('taintToString', () => {
    assert.equal(taintToString({ key: 'gpu', value: 'true', effect: 'NoSchedule' }), 'gpu=true:NoSchedule');
    assert.equal(taintToString({ key: 'gpu', effect: 'NoExecute' }), 'gpu:NoExecute');
  });
  test('explainUntolerated: no toleration with the key', () => {
    assert.equal(explainUntolerated({ key: 'gpu', value: 'true', effect: 'NoSchedule' }, [{ key: 'other', operator: 'Exists' }], false), 'no toleration with key "gpu"');
  });
  test('explainUntolerated: names the near miss and why', () => {
    const why = explainUntolerated({ key: 'gpu', value: 'true', effect: 'NoExecute' }, [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }, { key: 'gpu', value: 'false' }], false);
    assert.equal(why, 'toleration [0] gpu Exists:NoSchedule: effect NoSchedule is not NoExecute; toleration [1] gpu=false: value "false" is not "true"');
  });
});
