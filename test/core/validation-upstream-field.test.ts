// apimachinery v0.35.0 tables, ported as data: TestMaskTrailingDash (pkg/api/validation/generic_test.go) and the
// ErrorBody cases of TestErrorFormatting (pkg/util/validation/field/errors_test.go) that our constructors express.
// Then how a named string type's bad value prints in our own validation (json.Marshal, HTML-escaped).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asJSON, goMap, internalError, invalid, tooLong, tooMany } from '../../server/src/core/validation/fieldErrors';
import { maskTrailingDash, nameIsDNSLabel, nameIsDNSSubdomain } from '../../server/src/core/validation/names';
import { validateTolerations } from '../../server/src/core/validation/tolerations';
import { validateDaemonSet } from '../../server/src/core/validation/index';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import type { DaemonSet } from '../../server/src/core/types';

// [description, beforeMasking, expectedAfterMasking]
const MASK_TRAILING_DASH: [string, string, string][] = [
  ['empty string', '', ''],
  ['only a single dash', '-', '-'],
  ['has leading dash', '-foo', '-foo'],
  ['has both leading and trailing dashes', '-foo-', '-foa'],
  ['has trailing dash', 'b-', 'a'],
  ['has neither leading nor trailing dashes', 'ab', 'ab'],
];

describe('TestMaskTrailingDash', () => {
  for (const [description, before, after] of MASK_TRAILING_DASH) {
    test(description, () => assert.equal(maskTrailingDash(before), after));
  }

  test('generateName prefixes are checked masked: the character before the dash goes too', () => {
    // `a-.-` masks to `a-a` (valid); masking one character would give `a-.a`, whose label `a-` is invalid.
    assert.deepEqual(nameIsDNSSubdomain('a-.-', true), []);
    assert.notDeepEqual(nameIsDNSSubdomain('a-.a', false), []);
    // `a.-` masks to `a` (valid), where a one-character mask gives `a.a` (also valid): same verdict, both kept.
    assert.deepEqual(nameIsDNSSubdomain('a.-', true), []);
    assert.deepEqual(nameIsDNSLabel('x-', true), []);
  });
});

// [name, error, expected Error()]
const ERROR_FORMATTING: [string, ReturnType<typeof invalid>, string][] = [
  ['too long func(1)', tooLong('path.to.field', 1), 'path.to.field: Too long: may not be more than 1 byte'],
  ['too long func(2)', tooLong('path.to.field', 2), 'path.to.field: Too long: may not be more than 2 bytes'],
  ['too long func(-1)', tooLong('path.to.field', -1), 'path.to.field: Too long: value is too long'],
  ['too many func(2, 1)', tooMany('path.to.field', 2, 1), 'path.to.field: Too many: 2: must have at most 1 item'],
  ['too many func(3, 2)', tooMany('path.to.field', 3, 2), 'path.to.field: Too many: 3: must have at most 2 items'],
  ['too many func(2, -1)', tooMany('path.to.field', 2, -1), 'path.to.field: Too many: 2: has too many items'],
  ['too many func(-1, 1)', tooMany('path.to.field', -1, 1), 'path.to.field: Too many: must have at most 1 item'],
  ['internal error func', internalError('path.to.field', 'the error'), 'path.to.field: Internal error: the error'],
  ['invalid string', invalid('path.to.field', 'the value', 'the details'), 'path.to.field: Invalid value: "the value": the details'],
  ['invalid string type', invalid('path.to.field', asJSON('the value'), 'the details'), 'path.to.field: Invalid value: "the value": the details'],
  ['invalid int', invalid('path.to.field', -42, 'the details'), 'path.to.field: Invalid value: -42: the details'],
  ['invalid bool', invalid('path.to.field', true, 'the details'), 'path.to.field: Invalid value: true: the details'],
  ['invalid struct', invalid('path.to.field', asJSON({ stringField: 'stringval', intField: 9376, boolField: true }), 'the details'),
    'path.to.field: Invalid value: {"stringField":"stringval","intField":9376,"boolField":true}: the details'],
  ['invalid list', invalid('path.to.field', asJSON(['one', 'two', 'three']), 'the details'), 'path.to.field: Invalid value: ["one","two","three"]: the details'],
  ['invalid map', invalid('path.to.field', asJSON(goMap({ one: 1, two: 2, three: 3 })), 'the details'),
    'path.to.field: Invalid value: {"one":1,"three":3,"two":2}: the details'],
];

describe('TestErrorFormatting (ErrorBody)', () => {
  for (const [name, err, expect] of ERROR_FORMATTING) test(name, () => assert.equal(err.message, expect));

  test('a plain string prints with %q, a named string type through json.Marshal (HTML-escaped)', () => {
    assert.equal(invalid('f', 'A&B<C>', 'd').message, 'f: Invalid value: "A&B<C>": d');
    assert.equal(invalid('f', asJSON('A&B<C>'), 'd').message, 'f: Invalid value: "A\\u0026B\\u003cC\\u003e": d');
    // Control characters: %q writes \x01, encoding/json writes \u0001.
    assert.equal(invalid('f', '\u0001', 'd').message, 'f: Invalid value: "\\x01": d');
    assert.equal(invalid('f', asJSON('\u0001'), 'd').message, 'f: Invalid value: "\\u0001": d');
  });
});

describe('named string types in our validation print as kube-apiserver prints them', () => {
  const gates = { ...DEFAULT_FEATURE_GATES };
  test('toleration operator (TolerationOperator) and effect (TaintEffect)', () => {
    const errs = validateTolerations([{ key: 'k', operator: 'A&B', effect: 'No<Schedule>' }], 'spec.tolerations', gates);
    assert.deepEqual(errs.map((e) => e.message), [
      'spec.tolerations[0].operator: Unsupported value: "A\\u0026B": supported values: "Equal", "Exists"',
      'spec.tolerations[0].effect: Unsupported value: "No\\u003cSchedule\\u003e": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
    ]);
    // The bad value itself stays the plain string (ranges, JSON output).
    assert.equal(errs[0]!.badValue, 'A&B');
  });

  test('a DaemonSet template restartPolicy (RestartPolicy) and a label selector operator (LabelSelectorOperator)', () => {
    const ds: DaemonSet = {
      apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'a' },
      spec: {
        selector: { matchLabels: { app: 'a' }, matchExpressions: [{ key: 'k', operator: 'In&Out', values: ['v'] }] },
        template: { metadata: { labels: { app: 'a' } }, spec: { restartPolicy: 'Never&Ever', containers: [{ name: 'c', image: 'i' }] } },
      },
    } as DaemonSet;
    const messages = validateDaemonSet(ds, { gates }).map((e) => e.message);
    assert.ok(messages.includes('spec.selector.matchExpressions[0].operator: Invalid value: "In\\u0026Out": not a valid selector operator'), messages.join('\n'));
    assert.ok(messages.some((m) => m.startsWith('spec.template.spec.restartPolicy: Unsupported value: "Never\\u0026Ever"')), messages.join('\n'));
  });
});
