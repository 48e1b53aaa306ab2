// Every quick fix against the real analysis and the sample cluster: it is attached to its diagnostic,
// says what it changes, and applying it (then analysing again) removes that diagnostic.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { FIXABLE_CODES } from '../../server/src/lsp/codeActions';
import { startServer } from './harness';
import type { Harness } from './harness';

let h: Harness;
let n = 0;
before(async () => { h = await startServer({ deps: defaultDeps() }); });
after(async () => { await h.dispose(); });

const ds = (templateMeta: string, spec: string, selector = '    matchLabels:\n      app: agent\n'): string => `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
${selector}  template:
${templateMeta}    spec:
${spec}      containers:
        - name: c
          image: busybox
`;
const LABELS = '    metadata:\n      labels:\n        app: agent\n';

interface Case {
  name: string;
  text: string;
  /** Picks the diagnostic the fix is for. */
  diagnostic: (d: Diagnostic) => boolean;
  title: string | RegExp;
  preferred: boolean;
  /** The exact text after the fix, when the test pins it. */
  expected?: string;
  /** The fix may come without a diagnostic of its own (placement fixes). */
  cursorLine?: number;
}

const field = (d: Diagnostic): string => (d.data as { field: string }).field;

const CASES: Case[] = [
  {
    name: 'template label with another value than the selector',
    text: ds('    metadata:\n      labels:\n        app: agent-v2\n', ''),
    diagnostic: (d) => field(d) === 'spec.template.metadata.labels',
    title: 'Make template labels match the selector (app: agent-v2 → agent) — no change in placement',
    preferred: true,
    expected: ds(LABELS, ''),
  },
  {
    name: 'template labels missing a selector key',
    text: ds('    metadata:\n      labels:\n        app: agent\n', '', '    matchLabels:\n      app: agent\n      tier: "true"\n'),
    diagnostic: (d) => field(d) === 'spec.template.metadata.labels',
    title: 'Make template labels match the selector (add tier: true) — no change in placement',
    preferred: true,
    expected: ds('    metadata:\n      labels:\n        app: agent\n        tier: "true"\n', '', '    matchLabels:\n      app: agent\n      tier: "true"\n'),
  },
  {
    name: 'template without metadata: the block is created',
    text: ds('', ''),
    diagnostic: (d) => field(d) === 'spec.template.metadata.labels',
    title: 'Make template labels match the selector (add app: agent) — no change in placement',
    preferred: true,
    expected: ds(LABELS, ''),
  },
  {
    name: 'template metadata without labels',
    text: ds('    metadata:\n      annotations:\n        a: b\n', ''),
    diagnostic: (d) => field(d) === 'spec.template.metadata.labels',
    title: 'Make template labels match the selector (add app: agent) — no change in placement',
    preferred: true,
    expected: ds('    metadata:\n      labels:\n        app: agent\n      annotations:\n        a: b\n', ''),
  },
  {
    name: 'flow-style template labels',
    text: ds('    metadata: {labels: {tier: x}}\n', ''),
    diagnostic: (d) => field(d) === 'spec.template.metadata.labels',
    title: 'Make template labels match the selector (add app: agent) — no change in placement',
    preferred: true,
    expected: ds('    metadata: {labels: {tier: x, app: agent}}\n', ''),
  },
  {
    name: 'effect typo: the fixed toleration admits the GPU nodes',
    text: ds(LABELS, '      tolerations:\n        - key: nvidia.com/gpu\n          operator: Exists\n          effect: NoSchedul\n'),
    diagnostic: (d) => field(d) === 'spec.template.spec.tolerations[0].effect',
    title: 'Change NoSchedul to NoSchedule — runs on 2 more nodes',
    preferred: true,
  },
  {
    name: 'operator typo in a node selector requirement',
    text: ds(LABELS, '      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n              - matchExpressions:\n                  - key: kubernetes.io/arch\n                    operator: NotIm\n                    values: [arm64]\n'),
    diagnostic: (d) => /matchExpressions\[0\]\.operator$/.test(field(d)),
    title: /^Change NotIm to NotIn — runs on \d+ more nodes$/,
    preferred: true,
  },
  {
    name: 'values with Exists',
    text: ds(LABELS, '      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n              - matchExpressions:\n                  - key: kubernetes.io/os\n                    operator: Exists\n                    values: [linux]\n'),
    diagnostic: (d) => /matchExpressions\[0\]\.values$/.test(field(d)),
    title: /^Remove values \(operator Exists takes none\) — (no change in placement|runs on \d+ (more|fewer) nodes?)$/,
    preferred: true,
  },
  {
    name: 'toleration value with Exists',
    text: ds(LABELS, '      tolerations:\n        - key: nvidia.com/gpu\n          operator: Exists\n          value: present\n'),
    diagnostic: (d) => field(d) === 'spec.template.spec.tolerations[0].operator',
    title: /^Remove value \(operator Exists takes none\) — (no change in placement|runs on \d+ (more|fewer) nodes?)$/,
    preferred: true,
  },
  {
    name: 'tolerationSeconds without NoExecute: set the effect',
    text: ds(LABELS, '      tolerations:\n        - key: nvidia.com/gpu\n          operator: Exists\n          effect: NoSchedule\n          tolerationSeconds: 30\n'),
    diagnostic: (d) => /tolerations\[0\]\.(effect|tolerationSeconds)$/.test(field(d)),
    title: 'Set effect: NoExecute (tolerationSeconds only applies to NoExecute) — runs on 2 fewer nodes',
    preferred: false,
  },
  {
    name: 'tolerationSeconds without NoExecute: drop the seconds',
    text: ds(LABELS, '      tolerations:\n        - key: nvidia.com/gpu\n          operator: Exists\n          effect: NoSchedule\n          tolerationSeconds: 30\n'),
    diagnostic: (d) => /tolerations\[0\]\.(effect|tolerationSeconds)$/.test(field(d)),
    title: 'Remove tolerationSeconds — no change in placement',
    preferred: false,
    expected: ds(LABELS, '      tolerations:\n        - key: nvidia.com/gpu\n          operator: Exists\n          effect: NoSchedule\n'),
  },
  {
    name: 'stale master toleration',
    text: ds(LABELS, '      tolerations:\n        - key: node-role.kubernetes.io/master\n          operator: Exists\n          effect: NoSchedule\n'),
    diagnostic: (d) => d.code === 'kce.deprecatedMasterToleration',
    title: /^Replace the node-role\.kubernetes\.io\/master toleration by node-role\.kubernetes\.io\/control-plane — runs on \d+ more nodes?$/,
    preferred: true,
  },
  {
    name: 'a DaemonSet for GPU nodes that runs nowhere: tolerate their taint',
    text: ds(LABELS, '      nodeSelector:\n        nvidia.com/gpu.present: "true"\n'),
    diagnostic: (d) => d.code === 'kce.runsNowhere',
    title: 'Add a toleration for nvidia.com/gpu=present:NoSchedule — runs on 2 more nodes',
    preferred: false,
    expected: ds(LABELS, '      tolerations:\n      - key: nvidia.com/gpu\n        operator: Equal\n        value: "present"\n        effect: NoSchedule\n      nodeSelector:\n        nvidia.com/gpu.present: "true"\n'),
  },
  {
    name: 'restartPolicy OnFailure in a DaemonSet',
    text: ds(LABELS, '      restartPolicy: OnFailure\n'),
    diagnostic: (d) => d.code === 'FieldValueNotSupported' && field(d) === 'spec.template.spec.restartPolicy',
    title: 'Change restartPolicy OnFailure to Always — no change in placement',
    preferred: true,
    expected: ds(LABELS, '      restartPolicy: Always\n'),
  },
  {
    name: 'rolling update with maxSurge and maxUnavailable both zero',
    text: ds(LABELS, '').replace('  template:\n', '  updateStrategy:\n    rollingUpdate:\n      maxSurge: 0\n      maxUnavailable: 0%\n  template:\n'),
    diagnostic: (d) => d.code === 'FieldValueRequired' && field(d) === 'spec.updateStrategy.rollingUpdate.maxUnavailable',
    title: 'Set maxUnavailable to 1 (the default: one node at a time) — no change in placement',
    preferred: true,
    expected: ds(LABELS, '').replace('  template:\n', '  updateStrategy:\n    rollingUpdate:\n      maxSurge: 0\n      maxUnavailable: 1\n  template:\n'),
  },
  {
    name: 'the operator Within, which is no typo of In',
    text: ds(LABELS, '      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n              - matchExpressions:\n                  - key: kubernetes.io/arch\n                    operator: Within\n                    values: [arm64]\n'),
    diagnostic: (d) => d.code === 'FieldValueInvalid' && /matchExpressions\[0\]\.operator$/.test(field(d)),
    title: /^Change Within to In — runs on \d+ more nodes?$/,
    preferred: true,
  },
  {
    name: 'a YAML 1.1 boolean where a string is expected: quote it',
    text: ds('    metadata:\n      labels:\n        app: agent\n        enabled: yes\n', ''),
    diagnostic: (d) => d.code === 'kce.yaml11Scalar',
    title: 'Write "yes" in quotes so kubectl reads a string — no change in placement',
    preferred: true,
    expected: ds('    metadata:\n      labels:\n        app: agent\n        enabled: "yes"\n', ''),
  },
];

function same(a: Diagnostic, b: Diagnostic): boolean {
  return a.code === b.code && field(a) === field(b) && a.message === b.message;
}

const exercised = new Set<string>();

describe('quick fixes, applied and analysed again', () => {
  for (const c of CASES) {
    test(c.name, async () => {
      const uri = `file:///w/fix-${n++}.yaml`;
      await h.open(uri, c.text);
      const before = (await h.pull(uri)).items ?? [];
      const target = before.find(c.diagnostic);
      assert.ok(target, `no such diagnostic in ${JSON.stringify(before.map((d) => [d.code, field(d), d.message]))}`);
      exercised.add(String(target.code));
      // As an editor asks: the diagnostics that overlap the cursor's range.
      const actions = (await h.client.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: target.range, context: { diagnostics: before.filter((d) => d.range.start.line === target.range.start.line || d === target) } })) as CodeAction[];
      for (const x of actions) assert.match(x.title, / — (no change in placement|runs on \d+ (more|fewer) nodes?)$/, 'every title states its placement effect');
      const action = actions.find((x) => (typeof c.title === 'string' ? x.title === c.title : c.title.test(x.title)));
      assert.ok(action, `no action ${String(c.title)} in ${JSON.stringify(actions.map((x) => x.title))}`);
      assert.ok(action.diagnostics?.some((d) => same(d, target)), 'the action names its diagnostic');
      assert.equal(!!action.isPreferred, c.preferred);
      const edited = TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, c.text), action.edit?.changes?.[uri] ?? []);
      if (c.expected !== undefined) assert.equal(edited, c.expected);
      await h.change(uri, 2, edited);
      const after = (await h.pull(uri)).items ?? [];
      assert.ok(!after.some((d) => same(d, target)), `still there after the fix: ${target.message}`);
      assert.ok(!after.some((d) => d.severity === 1 && d.code?.toString().startsWith('yaml.')), 'the fix keeps the YAML valid');
      await h.close(uri);
    });
  }
  test('every code with a fixer is exercised above', () => {
    assert.deepEqual(FIXABLE_CODES.filter((c) => !exercised.has(c)), []);
  });
});
