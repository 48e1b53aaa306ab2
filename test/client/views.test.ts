// Pure rendering of the webviews: escaping of every value from YAML, CSP, counts, charts and links.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { csp, esc, jsonForScript, makeNonce, msgLink, page } from '../../client/src/views/html';
import { barChart, countByOutcome, countByReason, outcomeOf, renderPlacementBody, zoneOf } from '../../client/src/views/placement';
import { batchTimeline, renderPlanBody, renderRolloutBody } from '../../client/src/views/plan';
import { describeEvent, renderNodeEventBody } from '../../client/src/views/nodeEvent';
import { countErrors } from '../../client/src/views/banners';
import type { NodeEventResult, PlacementNodeDto, PlacementReasonDto, PlanResult, RolloutResult, SimulatePlacementResult } from '../../server/src/protocol';

const EVIL = `<img src=x onerror="alert(1)">'&\``;
const range = { start: { line: 3, character: 4 }, end: { line: 3, character: 9 } };

function rows(): PlacementNodeDto[] {
  return [
    { name: 'worker-a', shouldRun: true, shouldContinueRunning: true, reasons: [] },
    { name: 'gpu-1', shouldRun: false, shouldContinueRunning: true, reasons: [{ code: 'TaintNotTolerated', message: 'taint gpu=true:NoSchedule is not tolerated', field: 'spec.template.spec.tolerations', range }] },
    { name: 'win-1', shouldRun: false, shouldContinueRunning: false, reasons: [{ code: 'NodeSelectorMismatch', message: 'nodeSelector kubernetes.io/os=linux', field: 'spec.template.spec.nodeSelector' }, { code: 'TaintNotTolerated', message: 'NoExecute', field: 'spec.template.spec.tolerations', evicts: true }] },
    { name: EVIL, shouldRun: false, shouldContinueRunning: false, reasons: [{ code: EVIL as PlacementReasonDto['code'], message: EVIL, field: EVIL }] },
  ];
}

function placement(): SimulatePlacementResult {
  return { uri: 'file:///w/ds.yaml', documentIndex: 1, name: EVIL, namespace: 'ns', range, inventory: { source: 'sample', count: 4, detail: EVIL }, summary: { nodes: 4, shouldRun: 1, shouldContinueRunning: 2 }, nodes: rows() };
}

/** Every `<` in the output must belong to markup we wrote: no raw EVIL survives. */
function assertNoInjection(html: string): void {
  assert.ok(!html.includes('<img'), 'an <img> tag leaked');
  assert.ok(!/onerror="alert/.test(html), 'an attribute leaked');
  assert.ok(!html.includes("'&`"), 'raw quote/ampersand/backtick leaked');
}

describe('html helpers', () => {
  test('esc escapes the five HTML specials and backticks', () => {
    assert.equal(esc(`<a href="x">'&\`</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#96;&lt;/a&gt;');
    assert.equal(esc(undefined), '');
    assert.equal(esc(42), '42');
  });

  test('jsonForScript cannot close the script element and round-trips', () => {
    const v = { s: '</script><script>alert(1)</script>', u: '\u2028\u2029', a: '&' };
    const out = jsonForScript(v);
    assert.ok(!out.includes('</script'));
    assert.ok(!out.includes('\u2028'));
    assert.deepEqual(JSON.parse(out), v);
  });

  test('msgLink carries the message as escaped JSON in a button (no href, so no \"#\" shown as a target)', () => {
    const html = msgLink(EVIL, { type: 'note', code: EVIL });
    assertNoInjection(html);
    const m = /data-msg="([^"]*)"/.exec(html);
    assert.ok(m);
    const decoded = m[1]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&#96;/g, '`').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    assert.deepEqual(JSON.parse(decoded), { type: 'note', code: EVIL });
    assert.match(html, /^<button type="button" class="msg link" data-msg="/);
  });

  test('nonces are 32 alphanumerics and differ', () => {
    const a = makeNonce();
    assert.match(a, /^[A-Za-z0-9]{32}$/);
    assert.notEqual(a, makeNonce());
  });

  test('the CSP allows nothing by default and scripts and styles only with the nonce', () => {
    const c = csp('vscode-webview://abc', 'N0NCE');
    assert.match(c, /^default-src 'none'/);
    assert.match(c, /script-src 'nonce-N0NCE'(;|$)/);
    assert.match(c, /style-src 'nonce-N0NCE'(;|$)/);
    assert.ok(!c.includes('unsafe-inline') && !c.includes('unsafe-eval'));
  });

  test('page puts the nonce on every script and style and keeps state as inert JSON', () => {
    const html = page({ title: EVIL, cspSource: 'vscode-webview://x', nonce: 'abc', view: 'kce.placement', state: { uri: EVIL }, body: '<p>b</p>' });
    assertNoInjection(html.replace('<p>b</p>', ''));
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    assert.equal(scripts.length, 2);
    assert.ok(scripts.every((s) => s.includes('nonce="abc"') || s.includes('type="application/json"')));
    assert.ok((html.match(/<style[^>]*>/g) ?? []).every((s) => s.includes('nonce="abc"')));
    assert.ok(!/ style="/.test(html), 'inline style attributes are blocked by the CSP');
    assert.match(html, /acquireVsCodeApi\(\)/);
    assert.match(html, /setState/);
  });
});

describe('placement view', () => {
  test('outcomes and counts', () => {
    const r = rows();
    assert.deepEqual(r.map(outcomeOf), ['runs', 'keeps', 'skipped', 'skipped']);
    assert.deepEqual(countByOutcome(r), { runs: 1, keeps: 1, skipped: 2 });
    // A node with the same code twice counts once for it; most frequent first.
    assert.deepEqual(countByReason(r), [['TaintNotTolerated', 2], [EVIL, 1], ['NodeSelectorMismatch', 1]].sort((a, b) => (b[1] as number) - (a[1] as number) || String(a[0]).localeCompare(String(b[0]))));
  });

  test('zone from the topology label, then the legacy one', () => {
    assert.equal(zoneOf({ 'topology.kubernetes.io/zone': 'a', 'failure-domain.beta.kubernetes.io/zone': 'b' }), 'a');
    assert.equal(zoneOf({ 'failure-domain.beta.kubernetes.io/zone': 'b' }), 'b');
    assert.equal(zoneOf(undefined), '');
  });

  test('renders counts, charts, a sortable table and escapes every YAML value', () => {
    const html = renderPlacementBody({ result: placement(), labels: { 'worker-a': { 'topology.kubernetes.io/zone': 'eu-1a' } } });
    assertNoInjection(html);
    assert.match(html, /id="count-run">1</);
    assert.match(html, /id="count-skipped">3</);
    assert.match(html, /id="count-continue">2</);
    assert.match(html, /id="count-nodes">4</);
    assert.match(html, /<table class="sortable"/);
    // One Tab stop per table: the first row; the others are reached with the arrow keys.
    assert.equal((html.match(/<tr tabindex="0"/g) ?? []).length, 1);
    assert.equal((html.match(/<tr tabindex="-1"/g) ?? []).length, 3);
    // Node, outcome and reason first; zone and existing pod fold away at narrow widths.
    assert.match(html, /data-key="worker-a" data-outcome="runs"><td class="code node">worker-a<\/td><td class="outcome" data-sort="1">.*<\/td><td class="reason"[^>]*>.*<\/td><td class="wide-only nowrap">eu-1a<\/td>/);
    // Human headers, the API name in a tooltip; no raw API name as a header.
    assert.match(html, /<th scope="col" class="wide-only" title="API field: shouldContinueRunning"><button type="button" tabindex="-1">Existing pod<\/button><\/th>/);
    assert.ok(!/<button[^>]*>shouldContinueRunning</.test(html));
    assert.ok(!html.includes('href="#"') && !html.includes('title="#"'));
    assert.match(html, /aria-label="Nodes by outcome"/);
    assert.match(html, /aria-label="Skipped nodes by reason"/);
    assert.match(html, /<span class="tag bad">evicts<\/span>/);
  });

  test('reasons link to the field, the note and the Go function', () => {
    const html = renderPlacementBody({ result: placement() });
    assert.ok(html.includes(esc(JSON.stringify({ type: 'reveal', uri: 'file:///w/ds.yaml', line: 3, character: 4 }))));
    assert.ok(html.includes(esc(JSON.stringify({ type: 'note', code: 'TaintNotTolerated' }))));
    assert.match(html, /FindMatchingUntoleratedTaint/);
    assert.ok(html.includes('component-helpers/scheduling/corev1/helpers.go'));
    // A reason without a range shows the field as text, not a link.
    assert.match(html, /<span class="code">spec\.template\.spec\.nodeSelector<\/span>/);
  });

  test('every node runs: no reason chart, a sentence instead', () => {
    const p = placement();
    p.nodes = [rows()[0]!];
    p.summary = { nodes: 1, shouldRun: 1, shouldContinueRunning: 1 };
    const html = renderPlacementBody({ result: p });
    assert.ok(!html.includes('Skipped nodes by reason'));
    assert.match(html, /Every node runs the daemon pod/);
  });

  test('bar chart widths are proportional and never NaN with zeros', () => {
    const svg = barChart('t', [{ label: 'a', value: 0, cls: 'bar-ok' }, { label: 'b', value: 0, cls: 'bar-bad' }]);
    assert.ok(!svg.includes('NaN'));
    const svg2 = barChart('t', [{ label: 'a', value: 5, cls: 'bar-ok' }, { label: 'b', value: 10, cls: 'bar-bad' }], 320);
    const widths = [...svg2.matchAll(/<rect[^>]* width="(\d+)"/g)].map((m) => Number(m[1]));
    assert.deepEqual(widths, [65, 130]);
  });
});

describe('plan, rollout and what-if views', () => {
  const plan: PlanResult = { uri: 'u', documentIndex: 0, nodesNeedingDaemonPods: ['a', 'b', 'c'], podsToDelete: [{ pod: EVIL, node: 'n1', code: 'NodeShouldNotRun', reason: 'no longer fits' }], batches: [1, 2], notes: [EVIL] };

  test('plan: counts, timeline blocks and deletions', () => {
    const html = renderPlanBody(plan, EVIL);
    assertNoInjection(html);
    assert.match(html, /id="count-create">3</);
    assert.match(html, /id="count-delete">1</);
    assert.match(html, /id="count-batches">2</);
    assert.equal((html.match(/<li><b>Batch \d+<\/b>/g) ?? []).length, 2);
    assert.match(html, /no longer fits/);
  });

  test('timeline: empty plan says so; a wrapping list of labelled batches, plurals right', () => {
    assert.match(batchTimeline([]), /No pod to create/);
    const html = batchTimeline([1, 2, 4]);
    assert.match(html, /^<ol class="timeline" aria-label="Slow-start batches">/);
    assert.deepEqual([...html.matchAll(/<li><b>(Batch \d+)<\/b>([^<]+)<\/li>/g)].map((m) => `${m[1]}: ${m[2]}`), ['Batch 1: 1 pod', 'Batch 2: 2 pods', 'Batch 3: 4 pods']);
  });

  test('rollout: effective integers and one row per round', () => {
    const r: RolloutResult = { uri: 'u', documentIndex: 0, strategy: 'RollingUpdate', desiredNumberScheduled: 3, maxSurge: 0, maxUnavailable: 2, explanation: { maxSurge: '0', maxUnavailable: '2' }, rounds: [{ index: 1, surge: [], delete: ['a', 'b'], create: ['a', 'b'], unavailable: 2, note: '' }, { index: 2, surge: [], delete: ['c'], create: ['c'], unavailable: 1, note: '' }], notes: ['maxUnavailable 10% of 14 nodes rounds up to 2'] };
    const html = renderRolloutBody(r, 'ns/ds');
    assert.match(html, /id="max-surge">0</);
    assert.match(html, /id="max-unavailable">2</);
    assert.match(html, /id="count-rounds">2</);
    assert.equal((html.match(/<tr tabindex="0"/g) ?? []).length, 1);
    assert.equal((html.match(/<tr tabindex="-1"/g) ?? []).length, 1);
    assert.match(html, /rounds up to 2/);
    // Rounds from 1, by position, as the notes say "round 1"; the step in words, not colour alone.
    assert.deepEqual([...html.matchAll(/data-key="(\d+)"><td data-sort="\d+">(\d+)<\/td>/g)].map((m) => m[2]), ['1', '2']);
    assert.match(html, /<span class="tag bad">2 deleted<\/span><span class="tag ok">2 created<\/span>/);
    assert.ok(!/round 0/i.test(html));
  });

  test('describeEvent names each event', () => {
    assert.equal(describeEvent({ type: 'addTaint', node: 'n', taint: { key: 'k', value: 'v', effect: 'NoExecute' } }), 'add taint k=v:NoExecute to n');
    assert.equal(describeEvent({ type: 'addTaint', node: 'n', taint: { key: 'k', effect: 'NoSchedule' } }), 'add taint k:NoSchedule to n');
    assert.equal(describeEvent({ type: 'cordon', node: 'n' }), 'cordon n');
    assert.equal(describeEvent({ type: 'cordon', node: 'n', unschedulable: false }), 'uncordon n');
    assert.equal(describeEvent({ type: 'setLabel', node: 'n', key: 'a', value: 'b' }), 'label n with a=b');
    assert.equal(describeEvent({ type: 'removeNode', node: 'n' }), 'remove node n');
  });

  test('what-if: NoExecute deletions read as evictions, creations as creations', () => {
    const res: NodeEventResult = {
      uri: 'u', documentIndex: 0,
      before: [{ name: 'a', shouldRun: true, shouldContinueRunning: true, reasons: [] }, { name: 'b', shouldRun: false, shouldContinueRunning: false, reasons: [] }],
      after: [{ name: 'a', shouldRun: false, shouldContinueRunning: false, reasons: [] }, { name: 'b', shouldRun: true, shouldContinueRunning: true, reasons: [] }],
      changes: [
        { name: 'a', before: { shouldRun: true, shouldContinueRunning: true }, after: { shouldRun: false, shouldContinueRunning: false }, reasons: [{ code: 'TaintNotTolerated', message: EVIL, field: 'f', evicts: true }] },
        { name: 'b', before: { shouldRun: false, shouldContinueRunning: false }, after: { shouldRun: true, shouldContinueRunning: true }, reasons: [] },
      ],
      actions: { create: ['b'], delete: ['a'] },
    };
    const html = renderNodeEventBody({ type: 'addTaint', node: 'a', taint: { key: 'x', effect: 'NoExecute' } }, res, 'ds');
    assertNoInjection(html);
    assert.match(html, /evict \(NoExecute\)<\/span> the daemon pod on <span class="code">a</);
    assert.match(html, /create<\/span> a daemon pod on <span class="code">b</);
    assert.match(html, /id="runs-before">1</);
    assert.match(html, /id="runs-after">1</);
    assert.match(html, /id="count-changes">2</);
    assert.match(html, /<span class="tag bad">evicts<\/span>/);
  });

  test('what-if: NoExecute on a node without a daemon pod does not claim an eviction', () => {
    const res: NodeEventResult = {
      uri: 'u', documentIndex: 0,
      before: [{ name: 'a', shouldRun: false, shouldContinueRunning: true, reasons: [] }],
      after: [{ name: 'a', shouldRun: false, shouldContinueRunning: false, reasons: [] }],
      changes: [{ name: 'a', before: { shouldRun: false, shouldContinueRunning: true }, after: { shouldRun: false, shouldContinueRunning: false }, reasons: [{ code: 'TaintNotTolerated', message: 'm', field: 'f', evicts: true }] }],
      actions: { create: [], delete: [] },
    };
    const html = renderNodeEventBody({ type: 'addTaint', node: 'a', taint: { key: 'x', effect: 'NoExecute' } }, res, 'ds');
    assert.ok(!html.includes('>evicts<'));
    assert.match(html, /NoExecute: no daemon pod here to evict/);
    assert.match(html, /No daemon pod is created or deleted: the nodes that change placement had none to remove, or keep theirs\./);
  });

  test('banners: errors in the document and a fallback inventory are said, never silent', () => {
    const html = renderPlacementBody({ result: placement(), errors: { yaml: 0, api: 9 } });
    assert.match(html, /<div class="banner error" role="alert" id="errors-banner"><b>Fix them first\.<\/b> This DaemonSet has 9 errors that kube-apiserver would reject\. The placement below is that of the text as written, ignoring what is invalid\.<\/div>/);
    assert.match(renderPlacementBody({ result: placement(), errors: { yaml: 1, api: 0 } }), /a YAML syntax error: the parts that do not parse are left out/);
    assert.ok(!renderPlacementBody({ result: placement(), errors: { yaml: 0, api: 0 } }).includes('banner'));
    const fallback = placement();
    fallback.inventory = { source: 'sample', count: 14, requested: { source: 'cluster', detail: 'test', label: 'cluster test' }, inUse: { source: 'sample', label: 'sample cluster' }, problem: { kind: 'unreachable', summary: 'cluster test unreachable', message: 'connection refused' } };
    assert.match(renderPlacementBody({ result: fallback }), /id="inventory-banner">cluster test is not in use\. connection refused\. Placement on sample cluster \(14 nodes\)\.<\/div>/);
  });

  test('what-if without changes says nothing happens', () => {
    const res: NodeEventResult = { uri: 'u', documentIndex: 0, before: [], after: [], changes: [], actions: { create: [], delete: [] } };
    const html = renderNodeEventBody({ type: 'cordon', node: 'a' }, res, 'ds');
    assert.match(html, /No daemon pod is created or deleted\./);
    assert.match(html, /No node changes placement/);
  });
});

describe('countErrors (the banner of a view)', () => {
  const span = { start: { line: 3, character: 0 }, end: { line: 9, character: 0 } };
  const at = (line: number, code: string, severity = 1, source = 'kce') => ({ severity, source, code, range: { start: { line, character: 2 } } });
  test('our errors inside the document only, YAML syntax apart from the rest', () => {
    const diags = [at(2, 'yaml.syntax'), at(3, 'yaml.syntax'), at(5, 'kce.invalid'), at(8, 'kce.invalid'), at(9, 'kce.invalid'), at(10, 'kce.invalid'), at(6, 'kce.warn', 2), at(6, 'x', 1, 'yaml')];
    assert.deepEqual(countErrors(diags, span), { yaml: 1, api: 2 });
  });
  test('VS Code numbers severities from 0: the caller says which one is Error; object codes are read by value', () => {
    assert.deepEqual(countErrors([{ severity: 0, source: 'kce', code: { value: 'yaml.syntax' }, range: { start: { line: 4, character: 0 } } }], span, 0), { yaml: 1, api: 0 });
    assert.deepEqual(countErrors([at(4, 'kce.invalid', 1)], span, 0), { yaml: 0, api: 0 });
  });
});
