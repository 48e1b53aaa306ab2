// The workload preview view (Deployment, StatefulSet, Job…): counts, the Filter-stage notes, nodes that reject the
// pod first with each plugin's reason linked, every value escaped, one Tab stop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countByPlugin, renderWorkloadBody } from '../../client/src/views/workload';
import type { SimulateWorkloadResult } from '../../server/src/protocol';

const EVIL = `<img src=x onerror="alert(1)">'&\``;
const range = { start: { line: 30, character: 14 }, end: { line: 30, character: 17 } };

function result(): SimulateWorkloadResult {
  return {
    uri: 'file:///w/web.yaml', documentIndex: 0, kind: 'Deployment', name: 'web', namespace: EVIL, range,
    inventory: { source: 'sample', count: 3, inUse: { source: 'sample', label: 'sample cluster' } },
    summary: { nodes: 3, feasible: 1 },
    notes: ['Filter stage only: no scoring, no preemption, no replica-by-replica placement', EVIL],
    nodes: [
      { name: 'worker-c-1', feasible: true, reasons: [] },
      { name: 'worker-a-1', feasible: false, reasons: [{ plugin: 'NodeResourcesFit', message: 'Insufficient cpu', detail: 'requests 1, 320m free of 3920m', field: 'spec.template.spec.containers[0].resources.requests.cpu', range }] },
      { name: EVIL, feasible: false, reasons: [{ plugin: 'PodTopologySpread', message: "node(s) didn't match pod topology spread constraints", field: EVIL }] },
    ],
  };
}

test('the preview counts the nodes its pod fits on, says what the numbers do not cover, and lists rejecting nodes first', () => {
  const html = renderWorkloadBody({ result: result() });
  assert.match(html, /id="count-fits">1<\/b>node fits its pod/);
  assert.match(html, /id="count-rejected">2<\/b>nodes do not/);
  assert.match(html, /<li>Filter stage only: no scoring, no preemption, no replica-by-replica placement<\/li>/);
  const keys = [...html.matchAll(/<tr tabindex="(-?\d)" data-key="([^"]*)"/g)].map((m) => [m[1], m[2]]);
  assert.deepEqual(keys.map((k) => k[1]), ['worker-a-1', esc(EVIL), 'worker-c-1']);
  assert.deepEqual(keys.map((k) => k[0]), ['0', '-1', '-1']);
  assert.match(html, /Insufficient cpu \(requests 1, 320m free of 3920m\)/);
  assert.match(html, /data-msg="\{&quot;type&quot;:&quot;reveal&quot;,&quot;uri&quot;:&quot;file:\/\/\/w\/web.yaml&quot;,&quot;line&quot;:30,/);
  assert.match(html, /&quot;type&quot;:&quot;note&quot;,&quot;code&quot;:&quot;NodeResourcesFit&quot;/);
  assert.match(html, /<button type="button" tabindex="-1">Scheduler<\/button>/);
  assert.ok(!html.includes('<img'), 'an <img> tag leaked');
  assert.ok(!/onerror="alert/.test(html));
  assert.deepEqual(countByPlugin(result().nodes), [['NodeResourcesFit', 1], ['PodTopologySpread', 1]]);
});

test('a workload whose pod fits everywhere has no chart and no rejected row', () => {
  const r = { ...result(), summary: { nodes: 1, feasible: 1 }, nodes: [{ name: 'n', feasible: true, reasons: [] }] };
  const html = renderWorkloadBody({ result: r, errors: { yaml: 0, api: 2 } });
  assert.match(html, /id="count-fits">1<\/b>node fits its pod/);
  assert.match(html, /id="count-rejected">0<\/b>nodes do not/);
  assert.ok(!html.includes('class="chart"'));
  assert.match(html, /id="errors-banner"><b>Fix them first\.<\/b> This Deployment has 2 errors/);
});

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/`/g, '&#96;');
}
