// The placement view's Scheduler column and Pending count, and the text report's Pending lines: rendered from the
// DTOs the server sends, escaped, linked to the field, the note and the Go function.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { esc } from '../../client/src/views/html';
import { renderPlacementBody } from '../../client/src/views/placement';
import { placementReport } from '../../client/src/views/report';
import type { PlacementNodeDto, SimulatePlacementResult } from '../../server/src/protocol';

const EVIL = `<img src=x onerror="alert(1)">'&\``;
const range = { start: { line: 20, character: 19 }, end: { line: 20, character: 23 } };

function result(): SimulatePlacementResult {
  const nodes: PlacementNodeDto[] = [
    { name: 'busy', shouldRun: true, shouldContinueRunning: true, reasons: [], scheduler: { feasible: false, reasons: [
      { plugin: 'NodeResourcesFit', message: 'Insufficient cpu', field: 'spec.template.spec.containers[0].resources.requests[cpu]',
        detail: 'requests 500m, 200m free of 4', range },
    ] } },
    { name: 'idle', shouldRun: true, shouldContinueRunning: true, reasons: [], scheduler: { feasible: true, reasons: [] } },
    { name: 'old', shouldRun: true, shouldContinueRunning: true, reasons: [],
      scheduler: { feasible: true, reasons: [], allocatableUnknown: true } },
    { name: EVIL, shouldRun: true, shouldContinueRunning: true, reasons: [], scheduler: { feasible: false, reasons: [
      { plugin: 'NodePorts', message: EVIL, field: EVIL },
    ] } },
    { name: 'tainted', shouldRun: false, shouldContinueRunning: true, reasons: [
      { code: 'TaintNotTolerated', message: 'taint x:NoSchedule is not tolerated', field: 'spec.template.spec.tolerations' },
    ] },
  ];
  return {
    uri: 'file:///w/ds.yaml', documentIndex: 0, name: 'agent', range, inventory: { source: 'sample', count: 5 },
    summary: { nodes: 5, shouldRun: 4, shouldContinueRunning: 5, pending: 2, allocatableUnknown: 1 }, nodes,
  };
}

describe('placement view: the scheduler stage', () => {
  const html = renderPlacementBody({ result: result() });
  test('a Scheduler column after Outcome, one cell per row, sortable by stage', () => {
    assert.match(html, /<button type="button"[^>]*>Outcome<\/button><\/th><th scope="col" title="API field: scheduler \(Filter stage\)"><button type="button"[^>]*>Scheduler<\/button>/);
    assert.match(html, /data-key="busy" data-outcome="runs"><td class="code node">busy<\/td><td class="outcome"[^>]*>.*?<\/td><td class="stage" data-sort="pending"><span class="bad">Pending<\/span><div>Insufficient cpu \(requests 500m, 200m free of 4\)/);
    assert.match(html, /data-key="idle"[^>]*>.*?<td class="stage" data-sort="fits"><span class="ok">fits<\/span><\/td>/);
    assert.match(html, /data-key="old"[^>]*>.*?<span class="ok">fits<\/span> <span class="tag" title="The node lists no allocatable: resources are not checked">allocatable unknown<\/span>/);
    assert.match(html, /data-key="tainted"[^>]*>.*?<td class="stage" data-sort=""><span class="empty">—<\/span><\/td>/);
  });
  test('the reason links to its field, the plugin note and the Go function', () => {
    assert.ok(html.includes(esc(JSON.stringify({ type: 'reveal', uri: 'file:///w/ds.yaml', line: 20, character: 19 }))));
    assert.ok(html.includes(esc(JSON.stringify({ type: 'note', code: 'NodeResourcesFit' }))));
    assert.ok(html.includes('fitsRequest') && html.includes('pkg/scheduler/framework/plugins/noderesources/fit.go'));
  });
  test('a reason with its exact code links that code\'s note and Go function, not the plugin\'s main one', () => {
    const r = result();
    r.nodes[0]!.scheduler = { feasible: false, reasons: [{
      plugin: 'InterPodAffinity', code: 'InterPodAffinity.ExistingAntiAffinity', field: 'spec.template.spec.affinity',
      message: "node(s) didn't satisfy existing pods anti-affinity rules",
    }] };
    const out = renderPlacementBody({ result: r });
    assert.ok(out.includes('satisfyExistingPodsAntiAffinity'), 'the exact Go function');
    assert.ok(out.includes(esc(JSON.stringify({ type: 'note', code: 'InterPodAffinity.ExistingAntiAffinity' }))));
  });
  test('the Pending count and what the stage covers', () => {
    assert.match(html, /<b class="bad" id="count-pending">2<\/b>created, then Pending/);
    assert.match(html, /Filter stage only: no scoring, no preemption\. 1 node lists no allocatable/);
  });
  test('still one Tab stop, every value escaped', () => {
    assert.equal((html.match(/<tr tabindex="0"/g) ?? []).length, 1);
    assert.ok(!html.includes('<img') && !/onerror="alert/.test(html));
  });
  test('no scheduler data from an older server: no column content, no count', () => {
    const r = result();
    delete r.summary.pending;
    r.nodes = r.nodes.map(({ scheduler: _s, ...n }) => n);
    const old = renderPlacementBody({ result: r });
    assert.ok(!old.includes('count-pending') && !old.includes('scheduler-note'));
    assert.ok(!old.includes('data-sort="pending"'));
  });
});

describe('text report: Pending lines', () => {
  test('the count in the summary and one line per reason', () => {
    const t = placementReport(result());
    assert.match(t, /runs on 4 of 5 nodes · 2 Pending · 1 skipped/);
    assert.match(t, /\n {6}then Pending {2}NodeResourcesFit {2}spec\.template\.spec\.containers\[0\]\.resources\.requests\[cpu\] {2}Insufficient cpu \(requests 500m, 200m free of 4\)\n/);
    assert.match(t, /note: Pending is the scheduler's Filter stage only/);
  });
});
