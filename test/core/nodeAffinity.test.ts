import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodSpec } from '../../server/src/core/types';
import {
  getRequiredNodeAffinity,
  newLazyErrorNodeSelector,
  newNodeSelector,
  nodeSelectorRequirementsAsSelector,
} from '../../server/src/core/nodeAffinity';
import { parseInt64 } from '../../server/src/core/labels';

const req = (key: string, operator: string, values?: string[]): NodeSelectorRequirement => (values ? { key, operator, values } : { key, operator });
const affinity = (...terms: NodeSelectorTerm[]): PodSpec => ({
  affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } },
});
const node = (name: string, labels: Record<string, string> = {}) => ({ name, labels });

// component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity_test.go TestNodeSelectorMatch
describe('TestNodeSelectorMatch', () => {
  const cases: { name: string; nodeSelector: NodeSelector; node?: ReturnType<typeof node>; wantErr?: { field: string; detail: string }[]; wantMatch: boolean }[] = [
    { name: 'nil node', nodeSelector: { nodeSelectorTerms: [] }, wantMatch: false },
    {
      name: 'invalid field selector and label selector',
      nodeSelector: {
        nodeSelectorTerms: [
          { matchFields: [req('metadata.name', 'In', ['host_1', 'host_2'])] },
          { matchExpressions: [req('label_1', 'In', ['label_1_val'])], matchFields: [req('metadata.name', 'In', ['host_1'])] },
          { matchExpressions: [req('invalid key', 'In', ['label_value'])] },
        ],
      },
      wantErr: [
        { field: 'nodeSelectorTerms[0].matchFields[0].values', detail: 'must have one element' },
        {
          field: 'nodeSelectorTerms[2].matchExpressions[0].key',
          detail:
            "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
        },
      ],
      wantMatch: false,
    },
    {
      name: 'node matches field selector, but not labels',
      nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [req('label_1', 'In', ['label_1_val'])], matchFields: [req('metadata.name', 'In', ['host_1'])] }] },
      node: node('host_1'),
      wantMatch: false,
    },
    {
      name: 'node matches field selector and label selector',
      nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [req('label_1', 'In', ['label_1_val'])], matchFields: [req('metadata.name', 'In', ['host_1'])] }] },
      node: node('host_1', { label_1: 'label_1_val' }),
      wantMatch: true,
    },
    {
      name: 'second term matches',
      nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [req('label_1', 'In', ['label_1_val'])] }, { matchFields: [req('metadata.name', 'In', ['host_1'])] }] },
      node: node('host_1'),
      wantMatch: true,
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const r = newNodeSelector(c.nodeSelector);
      if (c.wantErr) {
        assert.equal(r.selector, undefined);
        assert.deepEqual(r.errors?.map((e) => ({ field: e.field, detail: e.detail })), c.wantErr);
        assert.equal(r.errors?.[0]?.type, 'Invalid value');
        return;
      }
      assert.ok(r.selector);
      assert.equal(r.selector.match(c.node).match, c.wantMatch);
    });
  }
});

// component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity_test.go TestNodeSelectorRequirementsAsSelector
describe('TestNodeSelectorRequirementsAsSelector', () => {
  test('In with two values parses', () => {
    const r = nodeSelectorRequirementsAsSelector([req('foo', 'In', ['bar', 'baz'])], 'root');
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.requirements.map((x) => [x.key, x.operator, [...x.values]]), [['foo', 'In', ['bar', 'baz']]]);
  });
  test('Exists with values is invalid', () => {
    const r = nodeSelectorRequirementsAsSelector([req('foo', 'Exists', ['bar', 'baz'])], 'root');
    assert.deepEqual(r.errors.map((e) => [e.field, e.detail]), [['root[0].values', 'values set must be empty for exists and does not exist']]);
  });
  test('Gt 1 and Lt 7 parse', () => {
    assert.deepEqual(nodeSelectorRequirementsAsSelector([req('foo', 'Gt', ['1'])], 'root').requirements[0]?.num, 1);
    assert.deepEqual(nodeSelectorRequirementsAsSelector([req('bar', 'Lt', ['7'])], 'root').requirements[0]?.num, 7);
  });
  test('unknown operator is NotSupported', () => {
    const r = nodeSelectorRequirementsAsSelector([req('foo', 'Equals', ['x'])], 'root');
    assert.equal(r.errors[0]?.reason, 'FieldValueNotSupported');
    assert.equal(r.errors[0]?.field, 'root[0].operator');
  });
});

// component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity_test.go TestPodMatchesNodeSelectorAndAffinityTerms
// (GetRequiredNodeAffinity(pod).Match).
describe('TestRequiredNodeAffinity (TestPodMatchesNodeSelectorAndAffinityTerms)', () => {
  const cases: { name: string; pod: PodSpec; labels?: Record<string, string>; nodeName?: string; want: boolean }[] = [
    { name: 'no selector', pod: {}, want: true },
    { name: 'missing labels', pod: { nodeSelector: { foo: 'bar' } }, want: false },
    { name: 'same labels', pod: { nodeSelector: { foo: 'bar' } }, labels: { foo: 'bar' }, want: true },
    { name: 'node labels are superset', pod: { nodeSelector: { foo: 'bar' } }, labels: { foo: 'bar', baz: 'blah' }, want: true },
    { name: 'node labels are subset', pod: { nodeSelector: { foo: 'bar', baz: 'blah' } }, labels: { foo: 'bar' }, want: false },
    { name: 'Pod with matchExpressions using In operator that matches the existing node', pod: affinity({ matchExpressions: [req('foo', 'In', ['bar', 'value2'])] }), labels: { foo: 'bar' }, want: true },
    { name: 'Pod with matchExpressions using Gt operator that matches the existing node', pod: affinity({ matchExpressions: [req('kernel-version', 'Gt', ['0204'])] }), labels: { 'kernel-version': '0206' }, want: true },
    { name: 'Pod with matchExpressions using NotIn operator that matches the existing node', pod: affinity({ matchExpressions: [req('mem-type', 'NotIn', ['DDR', 'DDR2'])] }), labels: { 'mem-type': 'DDR3' }, want: true },
    { name: 'Pod with matchExpressions using Exists operator that matches the existing node', pod: affinity({ matchExpressions: [req('GPU', 'Exists')] }), labels: { GPU: 'NVIDIA-GRID-K1' }, want: true },
    { name: "Pod with affinity that don't match node's labels won't schedule onto the node", pod: affinity({ matchExpressions: [req('foo', 'In', ['value1', 'value2'])] }), labels: { foo: 'bar' }, want: false },
    {
      name: "Pod with a nil []NodeSelectorTerm in affinity, can't match the node's labels and won't schedule onto the node",
      pod: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {} as NodeSelector } } },
      labels: { foo: 'bar' },
      want: false,
    },
    { name: "Pod with an empty []NodeSelectorTerm in affinity, can't match the node's labels and won't schedule onto the node", pod: affinity(), labels: { foo: 'bar' }, want: false },
    { name: "Pod with empty MatchExpressions is not a valid value will match no objects and won't schedule onto the node", pod: affinity({ matchExpressions: [] }), labels: { foo: 'bar' }, want: false },
    { name: 'Pod with no Affinity will schedule onto a node', pod: {}, labels: { foo: 'bar' }, want: true },
    { name: 'Pod with Affinity but nil NodeSelector will schedule onto a node', pod: { affinity: { nodeAffinity: {} } }, labels: { foo: 'bar' }, want: true },
    { name: 'Pod with multiple matchExpressions ANDed that matches the existing node', pod: affinity({ matchExpressions: [req('GPU', 'Exists'), req('GPU', 'NotIn', ['AMD', 'INTER'])] }), labels: { GPU: 'NVIDIA-GRID-K1' }, want: true },
    { name: "Pod with multiple matchExpressions ANDed that doesn't match the existing node", pod: affinity({ matchExpressions: [req('GPU', 'Exists'), req('GPU', 'In', ['AMD', 'INTER'])] }), labels: { GPU: 'NVIDIA-GRID-K1' }, want: false },
    {
      name: "Pod with multiple NodeSelectorTerms ORed in affinity, matches the node's labels and will schedule onto the node",
      pod: affinity({ matchExpressions: [req('foo', 'In', ['bar', 'value2'])] }, { matchExpressions: [req('diffkey', 'In', ['wrong', 'value2'])] }),
      labels: { foo: 'bar' },
      want: true,
    },
    {
      name: 'Pod with an Affinity and a PodSpec.NodeSelector(the old thing that we are deprecating) both are satisfied, will schedule onto the node',
      pod: { nodeSelector: { foo: 'bar' }, ...affinity({ matchExpressions: [req('foo', 'Exists')] }) },
      labels: { foo: 'bar' },
      want: true,
    },
    {
      name: "Pod with an Affinity matches node's labels but the PodSpec.NodeSelector(the old thing that we are deprecating) is not satisfied, won't schedule onto the node",
      pod: { nodeSelector: { foo: 'bar' }, ...affinity({ matchExpressions: [req('foo', 'Exists')] }) },
      labels: { foo: 'barrrrrr' },
      want: false,
    },
    { name: "Pod with an invalid value in Affinity term won't be scheduled onto the node", pod: affinity({ matchExpressions: [req('foo', 'NotIn', ['invalid value: ___@#$%^'])] }), labels: { foo: 'bar' }, want: false },
    { name: 'Pod with matchFields using In operator that matches the existing node', pod: affinity({ matchFields: [req('metadata.name', 'In', ['node_1'])] }), nodeName: 'node_1', want: true },
    { name: 'Pod with matchFields using In operator that does not match the existing node', pod: affinity({ matchFields: [req('metadata.name', 'In', ['node_1'])] }), nodeName: 'node_2', want: false },
    {
      name: 'Pod with two terms: matchFields does not match, but matchExpressions matches',
      pod: affinity({ matchFields: [req('metadata.name', 'In', ['node_1'])] }, { matchExpressions: [req('foo', 'In', ['bar'])] }),
      nodeName: 'node_2',
      labels: { foo: 'bar' },
      want: true,
    },
    {
      name: 'Pod with one term: matchFields does not match, but matchExpressions matches',
      pod: affinity({ matchFields: [req('metadata.name', 'In', ['node_1'])], matchExpressions: [req('foo', 'In', ['bar'])] }),
      nodeName: 'node_2',
      labels: { foo: 'bar' },
      want: false,
    },
    {
      name: 'Pod with one term: both matchFields and matchExpressions match',
      pod: affinity({ matchFields: [req('metadata.name', 'In', ['node_1'])], matchExpressions: [req('foo', 'In', ['bar'])] }),
      nodeName: 'node_1',
      labels: { foo: 'bar' },
      want: true,
    },
    {
      name: 'Pod with two terms: both matchFields and matchExpressions do not match',
      pod: affinity({ matchFields: [req('metadata.name', 'In', ['node_1'])] }, { matchExpressions: [req('foo', 'In', ['not-match-to-bar'])] }),
      nodeName: 'node_2',
      labels: { foo: 'bar' },
      want: false,
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const a = getRequiredNodeAffinity(c.pod);
      const n = node(c.nodeName ?? '', c.labels ?? {});
      assert.equal(a.match(n).match, c.want);
      assert.equal(a.matches(n), c.want, 'the allocation-free path agrees');
    });
  }
});

// component-helpers/scheduling/corev1/helpers_test.go TestMatchNodeSelectorTerms (MatchNodeSelectorTerms = NewLazyErrorNodeSelector(...).Match)
describe('TestMatchNodeSelectorTerms', () => {
  const cases: { name: string; nodeSelector?: NodeSelector; node?: ReturnType<typeof node>; want: boolean }[] = [
    { name: 'nil terms', want: false },
    { name: 'node label matches matchExpressions terms', nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [req('label_1', 'In', ['label_1_val'])] }] }, node: node('', { label_1: 'label_1_val' }), want: true },
    { name: 'node field matches matchFields terms', nodeSelector: { nodeSelectorTerms: [{ matchFields: [req('metadata.name', 'In', ['host_1'])] }] }, node: node('host_1'), want: true },
    { name: 'invalid node field requirement', nodeSelector: { nodeSelectorTerms: [{ matchFields: [req('metadata.name', 'In', ['host_1', 'host_2'])] }] }, node: node('host_1'), want: false },
    { name: 'fieldSelectorTerm with node labels', nodeSelector: { nodeSelectorTerms: [{ matchFields: [req('metadata.name', 'In', ['host_1'])] }] }, node: node('not_host_1', { 'metadata.name': 'host_1' }), want: false },
    { name: 'labelSelectorTerm with node fields', nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [req('metadata.name', 'In', ['host_1'])] }] }, node: node('host_1'), want: false },
    {
      name: 'labelSelectorTerm and fieldSelectorTerm was set, but only node fields',
      nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [req('label_1', 'In', ['label_1_val'])], matchFields: [req('metadata.name', 'In', ['host_1'])] }] },
      node: node('host_1'),
      want: false,
    },
    {
      name: 'labelSelectorTerm and fieldSelectorTerm was set, both node fields and labels (both matched)',
      nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [req('label_1', 'In', ['label_1_val'])], matchFields: [req('metadata.name', 'In', ['host_1'])] }] },
      node: node('host_1', { label_1: 'label_1_val' }),
      want: true,
    },
    {
      name: 'labelSelectorTerm and fieldSelectorTerm was set, both node fields and labels (one mismatched)',
      nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [req('label_1', 'In', ['label_1_val'])], matchFields: [req('metadata.name', 'In', ['host_1'])] }] },
      node: node('host_1', { label_1: 'label_1_val-failed' }),
      want: false,
    },
    {
      name: 'multi-selector was set, both node fields and labels (one mismatched)',
      nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [req('label_1', 'In', ['label_1_val'])] }, { matchFields: [req('metadata.name', 'In', ['host_1'])] }] },
      node: node('host_1', { label_1: 'label_1_val-failed' }),
      want: true,
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      assert.equal(newLazyErrorNodeSelector(c.nodeSelector).match(c.node).match, c.want);
    });
  }
  test('TestMatchNodeSelectorTermsStateless: matching does not reorder values', () => {
    const ns: NodeSelector = { nodeSelectorTerms: [{ matchExpressions: [req('label_1', 'In', ['label_2_val', 'label_1_val'])], matchFields: [req('metadata.name', 'In', ['host_2', 'host_1'])] }] };
    const before = JSON.stringify(ns);
    newLazyErrorNodeSelector(ns).match(node('host_1', { label_1: 'label_1_val' }));
    assert.equal(JSON.stringify(ns), before);
  });
});

describe('Gt/Lt parsing follows strconv.ParseInt(s, 10, 64)', () => {
  const cases: [string, number | bigint | undefined][] = [
    ['0', 0], ['-5', -5], ['+7', 7], ['0204', 204], ['9223372036854775807', 9223372036854775807n], ['-9223372036854775808', -9223372036854775808n],
    ['9223372036854775808', undefined], ['', undefined], ['+', undefined], ['1.5', undefined], [' 1', undefined], ['1_000', undefined], ['0x10', undefined], ['1e3', undefined],
  ];
  for (const [s, want] of cases) test(`parseInt64(${JSON.stringify(s)})`, () => assert.equal(parseInt64(s), want));

  test('Gt with two values is a parse error, and the term never matches', () => {
    const a = getRequiredNodeAffinity(affinity({ matchExpressions: [req('cores', 'Gt', ['1', '2'])] }));
    const r = a.match(node('n', { cores: '8' }));
    assert.equal(r.match, false);
    assert.equal(r.errors[0]?.detail, "for 'Gt', 'Lt' operators, exactly one value is required");
  });
  test('Gt with a non-integer value is a parse error at values[0]', () => {
    const errs = newLazyErrorNodeSelector({ nodeSelectorTerms: [{ matchExpressions: [req('cores', 'Gt', ['four'])] }] }).parseErrors();
    assert.deepEqual(errs.map((e) => e.field), ['nodeSelectorTerms[0].matchExpressions[0].values[0]']);
  });
  test('a node label that is not an integer fails Gt/Lt, a big one compares exactly', () => {
    const a = getRequiredNodeAffinity(affinity({ matchExpressions: [req('v', 'Lt', ['9223372036854775807'])] }));
    assert.equal(a.matches(node('n', { v: 'abc' })), false);
    assert.equal(a.matches(node('n', { v: '9223372036854775806' })), true);
    assert.equal(a.matches(node('n', { v: '9223372036854775807' })), false);
    assert.equal(a.matches(node('n', { v: '99999999999999999999' })), false, 'out of int64 range');
  });
  test('a term with a parse error is dropped, another term still matches', () => {
    const a = getRequiredNodeAffinity(affinity({ matchExpressions: [req('cores', 'Gt', ['x'])] }, { matchExpressions: [req('zone', 'In', ['a'])] }));
    assert.equal(a.matches(node('n', { zone: 'a', cores: '9' })), true);
    assert.equal(a.matches(node('n', { zone: 'b', cores: '9' })), false);
  });
});

describe('matchFields', () => {
  test('only metadata.name is a node field: other keys read as empty', () => {
    const inOther = getRequiredNodeAffinity(affinity({ matchFields: [req('spec.unschedulable', 'In', ['true'])] }));
    assert.equal(inOther.matches(node('n1')), false);
    const notInOther = getRequiredNodeAffinity(affinity({ matchFields: [req('metadata.foo', 'NotIn', ['bar'])] }));
    assert.equal(notInOther.matches(node('n1')), true);
  });
  test('NotIn on metadata.name', () => {
    const a = getRequiredNodeAffinity(affinity({ matchFields: [req('metadata.name', 'NotIn', ['n1'])] }));
    assert.equal(a.matches(node('n1')), false);
    assert.equal(a.matches(node('n2')), true);
  });
  test('Exists is not supported in matchFields', () => {
    const errs = newLazyErrorNodeSelector({ nodeSelectorTerms: [{ matchFields: [req('metadata.name', 'Exists')] }] }).parseErrors();
    assert.equal(errs[0]?.reason, 'FieldValueNotSupported');
    assert.equal(errs[0]?.field, 'nodeSelectorTerms[0].matchFields[0].operator');
  });
  test('label key "constructor" does not read Object.prototype', () => {
    const a = getRequiredNodeAffinity(affinity({ matchExpressions: [req('constructor', 'Exists')] }));
    assert.equal(a.matches(node('n')), false);
    assert.equal(a.matches(node('n', { constructor: 'x' })), true);
  });
});

describe('explanations', () => {
  const base = 'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms';
  test('nodeSelector: each failing key with the actual value or missing', () => {
    const a = getRequiredNodeAffinity({ nodeSelector: { disktype: 'ssd', zone: 'a', ok: 'y' } });
    const m = a.explainNodeSelector(node('n', { disktype: 'hdd', ok: 'y' }));
    assert.deepEqual(m.map((x) => [x.path, x.message]), [
      ['spec.template.spec.nodeSelector[disktype]', 'nodeSelector disktype=ssd: node has disktype=hdd'],
      ['spec.template.spec.nodeSelector[zone]', 'nodeSelector zone=a: node has no label zone'],
    ]);
  });
  test('affinity: empty term, parse error and failing expression, each with its path', () => {
    const a = getRequiredNodeAffinity(
      affinity({}, { matchExpressions: [req('cores', 'Gt', ['x'])] }, { matchExpressions: [req('zone', 'Exists'), req('gpu', 'In', ['a100', 'h100'])] }),
    );
    const m = a.explainAffinity(node('n', { gpu: 't4', zone: 'z' }));
    assert.deepEqual(m.map((x) => [x.kind, x.path]), [
      ['emptyTerm', `${base}[0]`],
      ['parseError', `${base}[1].matchExpressions[0].values[0]`],
      ['noMatch', `${base}[2].matchExpressions[1]`],
    ]);
    assert.equal(m[2]?.message, 'term [2] does not match: gpu In [a100, h100]: node has gpu=t4');
    assert.match(m[1]?.message ?? '', /^term \[1\] is ignored because it does not parse: .*must be an integer/);
  });
  test('affinity: no terms at all', () => {
    const m = getRequiredNodeAffinity(affinity()).explainAffinity(node('n'));
    assert.deepEqual(m.map((x) => [x.kind, x.path]), [['noTerms', base]]);
  });
  test('affinity: matchFields mismatch names the node', () => {
    const m = getRequiredNodeAffinity(affinity({ matchFields: [req('metadata.name', 'In', ['n1'])] })).explainAffinity(node('n2'));
    assert.equal(m[0]?.path, `${base}[0].matchFields[0]`);
    assert.equal(m[0]?.message, 'term [0] does not match: metadata.name In [n1]: node name is n2');
  });
  test('explain is empty when a term matches', () => {
    assert.deepEqual(getRequiredNodeAffinity(affinity({ matchExpressions: [req('a', 'Exists')] })).explainAffinity(node('n', { a: '' })), []);
  });
});
