// The DaemonSet's scheduler stage through the real language server: hover rows, the code lens count, the
// placement request's verdicts (located) and kce.wouldBePending. The sample cluster's pods are given to the
// analysis as its scheduler state (the session passes the inventory's own state the same way).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeLens, Hover, MarkupContent } from 'vscode-languageserver/node';
import * as P from '../../server/src/protocol';
import type { ClusterNodeInfos } from '../../server/src/core/scheduler/nodeInfo';
import { buildScheduling } from '../../server/src/inventory/source';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { sampleClusterNodes, sampleClusterPods } from '../../server/src/inventory/files/sampleCluster';
import { startServer } from './harness';
import { depsWithScheduling } from './schedulingDeps';

const ROOT = resolve(__dirname, '../..');
const OTEL = join(ROOT, 'examples/otel-agent.yaml');

/** The sample cluster's nodes and pods, as the session builds them for the sample inventory. */
const sampleState = (): ClusterNodeInfos => buildScheduling(sampleClusterNodes(), sampleClusterPods());

describe('the scheduler stage in the editor', () => {
  test('otel-agent on the sample cluster: lens, hover, placement verdicts, diagnostic', async () => {
    const h = await startServer({ deps: depsWithScheduling(sampleState()) });
    try {
      const uri = pathToFileURL(OTEL).href;
      const text = readFileSync(OTEL, 'utf8');
      await h.open(uri, text);

      const lenses = (await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
      assert.equal(lenses[0]?.command?.title, 'runs on 6 of 14 nodes · 1 Pending · 8 skipped');

      const kind = text.indexOf('kind: DaemonSet');
      const line = text.slice(0, kind).split('\n').length - 1;
      const hover = (await h.client.sendRequest('textDocument/hover', {
        textDocument: { uri }, position: { line, character: 1 },
      })) as Hover | null;
      const md = (hover?.contents as MarkupContent).value;
      assert.match(md, /runs on \*\*6 of 14\*\* nodes · \*\*1 Pending\*\* · 8 skipped/);
      assert.match(md, /\| ⚠ \| worker-a-1 \| created, then Pending: Insufficient cpu \(requests 500m, \d+m free of \d+m\) \(\[fitsRequest\]\(https:\/\/github\.com\/kubernetes\/kubernetes\/blob\/v1\.35\.0\/pkg\/scheduler\/framework\/plugins\/noderesources\/fit\.go\)\) \|/);
      assert.match(md, /Filter stage only: no scoring, no preemption/);
      // Skipped rows first, then the Pending one, then the nodes where the pod runs.
      assert.ok(md.indexOf('| ✗ | cp-1') < md.indexOf('| ⚠ | worker-a-1') && md.indexOf('| ⚠ |') < md.indexOf('| ✓ |'));

      const placement = await h.client.sendRequest(P.simulatePlacement, { uri, documentIndex: 0 });
      assert.ok(placement);
      assert.equal(placement.summary.pending, 1);
      const a1 = placement.nodes.find((n) => n.name === 'worker-a-1')!;
      assert.equal(a1.scheduler?.feasible, false);
      const reason = a1.scheduler!.reasons[0]!;
      assert.equal(reason.plugin, 'NodeResourcesFit');
      assert.match(reason.detail ?? '', /^requests 500m, /);
      const lines = text.split('\n');
      assert.match(lines[reason.range!.start.line]!, /cpu: 500m/, 'the reason is located at the request');
      assert.equal(placement.nodes.find((n) => n.name === 'cp-1')?.scheduler, undefined);
      assert.deepEqual(placement.nodes.find((n) => n.name === 'worker-b-1')?.scheduler, { feasible: true, reasons: [] });

      const diags = (await h.pull(uri)).items ?? [];
      const w = diags.filter((d) => d.code === 'kce.wouldBePending');
      assert.equal(w.length, 1);
      assert.equal(w[0]?.severity, 2);
      assert.match(String(w[0]!.message), /^created, then Pending: Insufficient cpu \(requests 500m, .*\) on worker-a-1 \(1 of 6 nodes in the sample cluster/);
      assert.equal(lines[w[0]!.range.start.line]!.trim(), 'cpu: 500m');
    } finally {
      await h.dispose();
    }
  });

  test('the real deps: the sample cluster comes with its pods, the session hands them to the analysis', async () => {
    const h = await startServer({ deps: defaultDeps() });
    try {
      const uri = pathToFileURL(join(ROOT, 'examples/node-exporter.yaml')).href;
      await h.open(uri, readFileSync(join(ROOT, 'examples/node-exporter.yaml'), 'utf8'));
      const lenses = (await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
      assert.equal(lenses[0]?.command?.title, 'runs on 13 of 14 nodes · 1 Pending · 1 skipped');
      const w = ((await h.pull(uri)).items ?? []).filter((d) => d.code === 'kce.wouldBePending');
      assert.match(String(w[0]?.message), /^created, then Pending: node\(s\) didn't have free ports for the requested pod ports \(0\.0\.0\.0:9100\/TCP in use by kube-prometheus\/prometheus-node-exporter-5m9tp\) on worker-c-1 /);
    } finally {
      await h.dispose();
    }
  });

  test('an edit that lowers the request clears the Pending count and the warning', async () => {
    const h = await startServer({ deps: depsWithScheduling(sampleState()) });
    try {
      const uri = pathToFileURL(OTEL).href;
      const text = readFileSync(OTEL, 'utf8');
      await h.open(uri, text);
      assert.equal(((await h.pull(uri)).items ?? []).filter((d) => d.code === 'kce.wouldBePending').length, 1);
      await h.change(uri, 2, text.replace('cpu: 500m', 'cpu: 50m'));
      assert.equal(((await h.pull(uri)).items ?? []).filter((d) => d.code === 'kce.wouldBePending').length, 0);
      const lenses = (await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
      assert.equal(lenses[0]?.command?.title, 'runs on 6 of 14 nodes · 8 skipped');
    } finally {
      await h.dispose();
    }
  });
});
