// Time budgets and cooperative analysis (issue 10, "budgets"): one document over its time limit stops with a
// located warning naming the limit and the setting; a large file is analysed in slices, so the server answers
// other requests meanwhile; one version of a file is analysed once even when requests arrive together.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText } from '../../server/src/analysis/index';
import { analyzeTextCooperatively } from '../../server/src/analysis/cooperative';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import type { AnalysisContext } from '../../server/src/analysis/types';
import { normalizeSettings } from '../../server/src/lsp/settings';
import { startServer } from '../lsp/harness';
import { fakeDeps } from '../lsp/fake';

const ctx: AnalysisContext = { nodes: sampleClusterNodes(), gates: { ...DEFAULT_FEATURE_GATES }, insights: true, inventoryLabel: 'the sample' };

const DS = (name: string, extraLabels = '') => `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: ${name}
spec:
  selector:
    matchLabels: {app: a}
  template:
    metadata:
      labels:
        app: a
${extraLabels}
    spec:
      nodeSelector: {disk: ssd}
      containers: [{name: c, image: i}]
`;

const manyDocs = (n: number) => Array.from({ length: n }, (_, i) => DS(`ds-${i}`)).join('---\n');

describe('per-document time budget', () => {
  test('a document over its limit: one located warning naming the limit and the setting; later stages skipped', () => {
    const bad = Array.from({ length: 5000 }, (_, i) => `        "bad key ${i}": v`).join('\n');
    const text = DS('slow', bad);
    const full = analyzeText(text, ctx);
    assert.ok(full.documents[0]!.problems.some((p) => p.code === 'FieldValueInvalid'));
    const cut = analyzeText(text, ctx, undefined, { documentMs: 0 });
    const d = cut.documents[0]!;
    const w = d.problems.filter((p) => p.code === 'yaml.analysisTime');
    assert.equal(w.length, 1);
    assert.match(w[0]!.message, /stopped after \d+ ms, over the 0 ms limit: .*validation.* not checked \(raise kce\.limits\.documentAnalysisMs/);
    assert.equal(w[0]!.severity, 'warning');
    assert.equal(text.slice(w[0]!.range[0], w[0]!.range[1]), 'apiVersion: apps/v1');
    assert.ok(!d.problems.some((p) => p.code === 'FieldValueInvalid'));
    assert.equal(d.placement, undefined);
  });

  test('the setting: kce.limits.documentAnalysisMs, bounded so a workspace cannot switch it off', () => {
    assert.equal(normalizeSettings({}).limits.documentAnalysisMs, 2000);
    assert.equal(normalizeSettings({ limits: { documentAnalysisMs: 500.7 } }).limits.documentAnalysisMs, 500);
    assert.equal(normalizeSettings({ 'kce.limits.documentAnalysisMs': 1e12 }).limits.documentAnalysisMs, 2000);
    assert.equal(normalizeSettings({ limits: { documentAnalysisMs: 0 } }).limits.documentAnalysisMs, 2000);
  });
});

describe('cooperative analysis', () => {
  test('the event loop turns while a large file is analysed; the result equals the one-shot analysis', async () => {
    const text = manyDocs(1500);
    let ticks = 0;
    const timer = setInterval(() => { ticks++; }, 1);
    const t0 = performance.now();
    const sliced = await analyzeTextCooperatively(text, ctx);
    const ms = performance.now() - t0;
    clearInterval(timer);
    const once = analyzeText(text, ctx);
    assert.equal(sliced.documents.length, 1500);
    assert.deepEqual(sliced.documents.map((d) => d.problems.map((p) => [p.code, p.range])), once.documents.map((d) => d.problems.map((p) => [p.code, p.range])));
    // A timer every 1 ms fires about once per slice (20 ms) at least; a blocking analysis lets it fire at most once.
    assert.ok(ticks >= Math.min(5, ms / 100), `${ticks} timer turns in ${ms.toFixed(0)} ms`);
  });

  test('over LSP: a small document is answered while a large one is being analysed, and the large one once', async () => {
    const h = await startServer({ deps: fakeDeps({ analyzeText, analyzeTextAsync: analyzeTextCooperatively }) });
    try {
      const big = 'file:///w/big.yaml';
      const small = 'file:///w/small.yaml';
      await h.open(small, DS('small'));
      await h.pull(small);
      await h.open(big, manyDocs(1500));
      const before = h.session.analyses;
      const order: string[] = [];
      const bigDone = Promise.all([h.pull(big), h.pull(big)]).then((r) => { order.push('big'); return r; });
      // Let the big analysis start, then ask about the small document.
      await new Promise((r) => setTimeout(r, 30));
      const lens = await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri: small } });
      order.push('small');
      const [a, b] = await bigDone;
      assert.ok(Array.isArray(lens));
      assert.deepEqual(order, ['small', 'big']);
      assert.equal(a.items?.length, b.items?.length);
      assert.equal(h.session.analyses - before, 1, 'the large version analysed once for two concurrent pulls');
    } finally {
      await h.dispose();
    }
  });
});
