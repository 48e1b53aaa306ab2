// Client logic without vscode: the text report, inventory snapshots, status text, workspace trust,
// and the manifest's agreement with the server's settings and protocol.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fullReport, placementReport, planReport, rolloutReport } from '../../client/src/views/report';
import { snapshotNodeList } from '../../client/src/inventory/snapshot';
import { describeInventory, problemKey, statusItem } from '../../client/src/inventory/status';
import { overlayChoice, settingsPath } from '../../client/src/inventory/choice';
import { sanitizeForTrust } from '../../client/src/trust';
import { KUBERNETES_TAG as CLIENT_TAG, goRefFor } from '../../client/src/views/links';
import { SIMULATE_PLACEMENT_COMMAND as CLIENT_LENS_COMMAND } from '../../client/src/protocol';
import { KUBERNETES_TAG } from '../../server/src/core/k8sVersion';
import { SIMULATE_PLACEMENT_COMMAND } from '../../server/src/protocol';
import { DEFAULT_SETTINGS, settingsKeys } from '../../server/src/lsp/settings';
import { CLIENT_ONLY_SETTINGS, DEPRECATED_SETTINGS } from '../../client/src/walkthrough/model';
import { loadNodesFromText } from '../../server/src/inventory/files/loadNodes';
import type { NodeDto, PlanResult, RolloutResult, SimulatePlacementResult } from '../../server/src/protocol';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

const range = { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } };
const result: SimulatePlacementResult = {
  uri: 'file:///w/ds.yaml', documentIndex: 0, name: 'agent', namespace: 'kube-system', range,
  inventory: { source: 'sample', count: 3 }, summary: { nodes: 3, shouldRun: 1, shouldContinueRunning: 2 },
  nodes: [
    { name: 'w1', shouldRun: true, shouldContinueRunning: true, reasons: [] },
    { name: 'gpu-1', shouldRun: false, shouldContinueRunning: true, reasons: [{ code: 'TaintNotTolerated', message: 'taint g:NoSchedule', field: 'spec.template.spec.tolerations' }] },
    { name: 'w2', shouldRun: false, shouldContinueRunning: false, reasons: [{ code: 'NodeSelectorMismatch', message: 'a', field: 'spec.template.spec.nodeSelector' }, { code: 'TaintNotTolerated', message: 'b', field: 'spec.template.spec.tolerations', evicts: true }] },
  ],
};

describe('text report', () => {
  test('placement: header, summary, one line per node and reason, aligned', () => {
    const text = placementReport(result);
    const lines = text.split('\n');
    assert.equal(lines[0], '# Placement · DaemonSet kube-system/agent');
    assert.equal(lines[1], 'inventory: sample · 3 nodes');
    assert.equal(lines[2], 'runs on 1 of 3 nodes · 2 skipped · 2 keep running');
    assert.equal(lines[4], '  ✓ w1     runs');
    assert.match(lines[5]!, /^ {2}✗ gpu-1  keeps-running {2}TaintNotTolerated {2}spec\.template\.spec\.tolerations {2}taint g:NoSchedule$/);
    assert.match(lines[6]!, /^ {2}✗ w2 {5}skipped {8}NodeSelectorMismatch/);
    // The second reason of a node is indented under the first.
    assert.equal(lines[7]!.indexOf('TaintNotTolerated'), lines[6]!.indexOf('NodeSelectorMismatch'));
    assert.match(lines[7]!, /\(evicts\)$/);
    assert.ok(text.endsWith('\n'));
  });

  test('plan and rollout sections; full report joins what the server answered', () => {
    const plan: PlanResult = { uri: 'u', documentIndex: 0, nodesNeedingDaemonPods: ['a', 'b', 'c'], podsToDelete: [{ pod: 'p', node: 'n', code: 'NodeShouldNotRun', reason: 'r' }], batches: [1, 2], notes: [] };
    assert.match(planReport(plan, 't'), /batches: 1, 2\n/);
    assert.match(planReport(plan, 't'), /batch 2 \(2\): b, c/);
    assert.match(planReport(plan, 't'), /delete p on n: r/);
    const roll: RolloutResult = { uri: 'u', documentIndex: 0, strategy: 'RollingUpdate', desiredNumberScheduled: 1, maxSurge: 1, maxUnavailable: 0, explanation: { maxSurge: '1', maxUnavailable: '0' }, rounds: [{ index: 0, surge: ['a'], delete: [], create: ['a'], unavailable: 0, note: '' }], notes: ['n1'] };
    assert.match(rolloutReport(roll, 't'), /round 1: surge \[a\] deleted \[\] created \[a\] unavailable 0/);
    assert.match(rolloutReport(roll, 't'), /note: n1/);
    const full = fullReport(result, plan, null);
    assert.match(full, /# Controller sync plan · DaemonSet kube-system\/agent/);
    assert.ok(!full.includes('# Rolling update'));
  });

  test('the report grammar knows the report words', () => {
    const g = JSON.parse(readFileSync(join(ROOT, 'syntaxes', 'kce-report.tmLanguage.json'), 'utf8'));
    assert.equal(g.scopeName, 'source.kce-report');
    const text = placementReport(result);
    const codes = new RegExp(g.repository['reason-code'].match, 'g');
    assert.deepEqual([...text.matchAll(codes)].map((m) => m[1]), ['TaintNotTolerated', 'NodeSelectorMismatch', 'TaintNotTolerated']);
    const fields = new RegExp(g.repository['field-path'].match, 'g');
    assert.ok([...text.matchAll(fields)].some((m) => m[0] === 'spec.template.spec.tolerations'));
    assert.ok(new RegExp(g.repository.heading.match, 'm').test(text));
    // Numbers stand alone: not the digits inside node names such as cp-1.
    const num = new RegExp(g.repository.number.match, 'g');
    assert.deepEqual([...'runs on 10 of 14 nodes · cp-1 worker-a-1 10%'.matchAll(num)].map((m) => m[0]), ['10', '14', '10%']);
  });

  test('the YAML injection grammar highlights operators and effects as values only', () => {
    const g = JSON.parse(readFileSync(join(ROOT, 'syntaxes', 'yaml-scheduling.injection.tmLanguage.json'), 'utf8'));
    const op = new RegExp(g.repository.operator.match);
    const eff = new RegExp(g.repository.effect.match);
    assert.equal(op.exec('      operator: NotIn')?.[2], 'NotIn');
    assert.equal(op.exec('    - operator: "Exists"  # comment')?.[2], 'Exists');
    assert.equal(op.exec('      operator: Within'), null);
    assert.equal(op.exec('      name: In'), null);
    assert.equal(eff.exec('      effect: NoExecute')?.[2], 'NoExecute');
    assert.equal(eff.exec('      effect: NoSchedul'), null);
  });
});

describe('inventory', () => {
  const nodes: NodeDto[] = [
    { name: 'a', labels: { 'kubernetes.io/os': 'linux' }, taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }, { key: 'x', effect: 'NoExecute' }], unschedulable: true, conditions: [{ type: 'Ready', status: 'False' }] },
    { name: 'b', labels: {}, taints: [], unschedulable: false, conditions: [{ type: 'Ready', status: 'True' }],
      allocatable: { cpu: '3920m', pods: '58' }, requested: { cpu: '1' }, free: { cpu: '2920m', pods: '58' }, pods: 0 },
  ];

  test('a snapshot is a NodeList the server reads back to the same nodes', () => {
    const text = snapshotNodeList(nodes);
    const list = JSON.parse(text);
    assert.equal(list.kind, 'NodeList');
    assert.equal(list.items.length, 2);
    const back = loadNodesFromText(text, 'snap.json');
    assert.ok(!('error' in back) || !back.error, JSON.stringify(back).slice(0, 200));
    const got = (back as { nodes: { name: string; labels: Record<string, string>; taints: unknown[]; unschedulable: boolean }[] }).nodes;
    assert.deepEqual(got.map((n) => n.name), ['a', 'b']);
    assert.deepEqual(got[0]!.taints, [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }, { key: 'x', effect: 'NoExecute' }]);
    assert.equal(got[0]!.unschedulable, true);
    assert.equal(got[1]!.unschedulable, false);
    // allocatable is kept (the scheduler stage reads it); load figures are not node fields.
    assert.deepEqual((got[1] as { allocatable?: unknown }).allocatable, { cpu: '3920m', pods: '58' });
    assert.equal((got[0] as { allocatable?: unknown }).allocatable, undefined);
    assert.ok(!text.includes('requested') && !text.includes('free'));
  });

  test('status bar: the inventory in use, a count with its plural, stopped and loading states', () => {
    assert.deepEqual(statusItem({ source: 'sample', count: 14 }, true), { text: '$(server) sample cluster · 14 nodes', tooltip: 'Node inventory in use: sample cluster, 14 nodes.\nClick for Retry, Select Inventory and Show Log.', level: 'ok' });
    assert.equal(statusItem({ source: 'file', detail: '/w/x/nodes.yaml', count: 1 }, true).text, '$(server) nodes.yaml · 1 node');
    assert.equal(statusItem({ source: 'cluster', detail: 'prod', count: 5 }, true).text, '$(cloud) cluster prod · 5 nodes');
    const live = statusItem({ source: 'cluster', detail: 'prod', count: 5, status: 'cluster: prod · 5 nodes · stale', stale: true }, true);
    assert.equal(live.text, '$(debug-disconnect) cluster prod (not answering) · 5 nodes');
    assert.equal(live.level, 'warning');
    assert.match(statusItem(undefined, false).text, /Server Stopped/);
    assert.equal(statusItem(undefined, false).level, 'error');
    assert.match(statusItem(undefined, true).text, /loading/);
    assert.equal(statusItem({ source: 'none', count: 0, error: 'nothing loads' }, true).level, 'error');
  });

  test('status bar after a fallback: what is in use, why, in a few words (server fields inUse, requested, problem)', () => {
    const problem = { kind: 'unreachable' as const, summary: 'cluster test unreachable', message: 'connect ECONNREFUSED 127.0.0.1:6443' };
    const info = { source: 'sample', count: 14, requested: { source: 'cluster', detail: 'test', label: 'cluster test' }, inUse: { source: 'sample', label: 'sample cluster' }, problem };
    const s = statusItem(info, true);
    assert.equal(s.text, '$(warning) sample cluster (cluster test unreachable) · 14 nodes');
    assert.equal(s.level, 'warning');
    assert.match(s.tooltip, /^Node inventory in use: sample cluster, 14 nodes\.\nAsked for: cluster test\.\nProblem: connect ECONNREFUSED/);
    assert.equal(describeInventory(info).requested, 'cluster test');
    // `auto` that resolves to the sample is no fallback.
    assert.equal(statusItem({ source: 'sample', count: 14, requested: { source: 'auto', label: 'automatic' }, inUse: { source: 'sample', label: 'sample cluster' } }, true).level, 'ok');
    // An older server: only `error`, still a warning with the problem said.
    const old = statusItem({ source: 'cluster', detail: 'test', count: 14, error: 'unreachable; using the sample cluster' }, true);
    assert.equal(old.level, 'warning');
    assert.match(old.text, /^\$\(warning\) cluster test · 14 nodes$/);
  });

  test('one notification per failing source: the key ignores the retry-varying message', () => {
    const at = (message: string, context = 'test') => ({ source: 'sample', count: 14, requested: { source: 'cluster', detail: context, label: `cluster ${context}` }, inUse: { source: 'sample', label: 'sample cluster' }, problem: { kind: 'unreachable' as const, summary: `cluster ${context} unreachable`, message } });
    assert.equal(problemKey(at('attempt 1 failed')), 'unreachable|cluster test');
    assert.equal(problemKey(at('attempt 1 failed')), problemKey(at('attempt 2 failed')));
    assert.notEqual(problemKey(at('x', 'prod')), problemKey(at('x')));
    assert.equal(problemKey({ source: 'sample', count: 14 }), undefined);
  });

  test('the workspace choice overlays the settings the server sees; saved paths are relative', () => {
    assert.deepEqual(overlayChoice({ inventory: { source: 'auto', file: 'a.yaml' }, hover: { maxNodes: 3 } }, { source: 'file', file: '/w/n.json' }), { inventory: { source: 'file', file: '/w/n.json' }, hover: { maxNodes: 3 } });
    assert.deepEqual(overlayChoice({ inventory: { source: 'auto' } }, undefined), { inventory: { source: 'auto' } });
    assert.deepEqual(overlayChoice(null, { source: 'cluster', context: '' }), { inventory: { source: 'cluster', context: '' } });
    assert.equal(settingsPath('/w/ws/nodes/n.json', '/w/ws'), 'nodes/n.json');
    assert.equal(settingsPath('/elsewhere/n.json', '/w/ws'), '/elsewhere/n.json');
  });
});

describe('workspace trust', () => {
  test('untrusted: cluster becomes auto, everything else passes through', () => {
    const s = { inventory: { source: 'cluster', file: 'n.yaml' }, hover: { maxNodes: 3 } };
    assert.deepEqual(sanitizeForTrust(s, false), { inventory: { source: 'auto', file: 'n.yaml' }, hover: { maxNodes: 3 } });
    assert.equal(sanitizeForTrust(s, true), s);
    const sample = { inventory: { source: 'sample' } };
    assert.equal(sanitizeForTrust(sample, false), sample);
    assert.equal(sanitizeForTrust(null, false), null);
  });

  test('the manifest declares limited support and restricts the inventory source', () => {
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.deepEqual(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations, [
      'kce.inventory.source', 'kce.inventory.context', 'kce.inventory.kubeconfig',
      // budgets: a hostile workspace's settings cannot raise them (the server caps them at their defaults too)
      'kce.limits.documentAnalysisMs', 'kce.limits.maxTextLength', 'kce.limits.maxDocuments',
      'kce.limits.maxDocumentLength', 'kce.limits.maxSyntaxErrors', 'kce.limits.maxDocumentNodes',
    ]);
  });
});

describe('manifest', () => {
  test('configuration keys and defaults equal the server settings', () => {
    const sections = pkg.contributes.configuration as { title: string; order: number; properties: Record<string, { default: unknown; order: number; markdownDescription?: string }> }[];
    const props = Object.assign({}, ...sections.map((s) => s.properties)) as Record<string, { default: unknown; order: number; markdownDescription?: string }>;
    // Settings read well: ordered sections and settings, a markdown description each.
    assert.deepEqual(sections.map((s) => s.order), sections.map((_, i) => i + 1));
    // Within a section each setting has its own place (a tie leaves the order to chance).
    for (const sec of sections) {
      const orders = Object.values(sec.properties).map((p) => p.order);
      assert.equal(new Set(orders).size, orders.length, `${sec.title}: ${orders.join(', ')}`);
    }
    for (const [k, v] of Object.entries(props)) {
      assert.equal(typeof v.order, 'number', k);
      assert.ok(v.markdownDescription && v.markdownDescription.length > 20, k);
    }
    // Keys the server never reads are listed explicitly (client/src/walkthrough/model.ts) and must not clash with the server's.
    const clientOnly = Object.keys(CLIENT_ONLY_SETTINGS);
    assert.deepEqual(clientOnly.filter((k) => settingsKeys().includes(k)), []);
    const deprecated = Object.keys(DEPRECATED_SETTINGS);
    assert.deepEqual(Object.keys(props).sort(), [...settingsKeys(), ...clientOnly, ...deprecated].sort());
    // A replaced key is declared deprecated (VS Code then hides it from the Settings editor unless it is set, and
    // flags it in settings.json), names its replacement, and the replacement exists.
    for (const [old, replacement] of Object.entries(DEPRECATED_SETTINGS)) {
      const p = props[old] as { markdownDeprecationMessage?: string; deprecationMessage?: string };
      assert.ok(props[replacement], replacement);
      assert.ok(p.markdownDeprecationMessage?.includes(`\`#${replacement}#\``), old);
      assert.ok(p.deprecationMessage?.includes(replacement), old);
    }
    const get = (key: string): unknown => key.split('.').slice(1).reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], DEFAULT_SETTINGS);
    for (const k of settingsKeys()) assert.deepEqual(props[k]!.default, get(k), k);
    for (const k of clientOnly) assert.deepEqual(props[k]!.default, CLIENT_ONLY_SETTINGS[k], k);
  });

  test('commands have the category, activation covers YAML and every webview, bundles are declared', () => {
    const cmds = pkg.contributes.commands as { command: string; category: string; title: string }[];
    assert.ok(cmds.length >= 9);
    assert.ok(cmds.every((c) => c.category === 'Kube Controller Explorer'));
    // Title Case: every word capitalised but the small ones.
    const small = new Set(['a', 'an', 'as', 'of', 'to', 'for', 'on', 'the', 'and', 'in']);
    for (const c of cmds) {
      for (const w of c.title.replace(/[()…]/g, ' ').split(/\s+/).filter(Boolean)) assert.ok(small.has(w) || /^[A-Z0-9]/.test(w), `${c.command}: ${c.title}`);
    }
    // One name per idea: a title shown in the palette twice would be two names for one thing, or one for two.
    const hidden = new Set((pkg.contributes.menus.commandPalette as { command: string; when: string }[]).filter((m) => m.when === 'false').map((m) => m.command));
    const shown = cmds.filter((c) => !hidden.has(c.command)).map((c) => c.title);
    assert.deepEqual(shown.filter((t, i) => shown.indexOf(t) !== i), []);
    // Simulation entries only on documents where the server found a DaemonSet.
    for (const m of pkg.contributes.menus['editor/context'] as { when: string }[]) assert.match(m.when, /resourcePath in kce\.daemonSetDocuments/);
    for (const id of ['kce.simulatePlacement', 'kce.simulatePlan', 'kce.simulateRollout', 'kce.whatIf', 'kce.selectInventory', 'kce.snapshotInventory', 'kce.restartServer']) assert.ok(cmds.some((c) => c.command === id), id);
    assert.ok(pkg.activationEvents.includes('onLanguage:yaml'));
    for (const v of ['kce.placement', 'kce.plan', 'kce.rollout', 'kce.whatIf', 'kce.workload']) assert.ok(pkg.activationEvents.includes(`onWebviewPanel:${v}`), v);
    assert.equal(pkg.main, './dist/extension.js');
    assert.equal(pkg.engines.vscode, '^1.100.0');
    const grammars = pkg.contributes.grammars as { path: string }[];
    for (const g of grammars) assert.doesNotThrow(() => JSON.parse(readFileSync(join(ROOT, g.path), 'utf8')), g.path);
    assert.ok(grammars.some((g) => g.path.endsWith('walkthrough-anchors.tmLanguage.json')));
  });

  test('the client repeats the tag and the lens command of the server exactly', () => {
    assert.equal(CLIENT_TAG, KUBERNETES_TAG);
    assert.equal(CLIENT_LENS_COMMAND, SIMULATE_PLACEMENT_COMMAND);
    assert.equal(goRefFor('TaintNotTolerated').func, 'FindMatchingUntoleratedTaint');
    assert.equal(goRefFor('SomethingNew').func, 'NodeShouldRunDaemonPod');
  });

  test('.vscodeignore keeps only the bundles and assets', () => {
    const lines = readFileSync(join(ROOT, '.vscodeignore'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    assert.equal(lines[0], '**');
    assert.ok(lines.includes('!dist/extension.js') && lines.includes('!dist/server.js'));
    assert.ok(!lines.some((l) => l.includes('node_modules') || l.endsWith('.map') || l.includes('src')));
  });
});
