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
import type { AnalysisLimits } from '../../server/src/analysis/index';
import { analysisLimitsFor, normalizeSettings } from '../../server/src/lsp/settings';
import { BUDGET_NAMES, BUDGET_SPECS, budgetSetting } from '../../server/src/yaml/budgets';
import pkg from '../../package.json';
import { startServer } from '../lsp/harness';
import { fakeDeps } from '../lsp/fake';

const ctx: AnalysisContext = {
  nodes: sampleClusterNodes(),
  gates: { ...DEFAULT_FEATURE_GATES },
  insights: true,
  inventoryLabel: 'the sample',
};

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

const Mi = 1024 * 1024;

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
    assert.match(
      w[0]!.message,
      /stopped after \d+ ms, over the 0 ms limit: .*validation.* not checked \(raise kce\.limits\.documentAnalysisMs/,
    );
    assert.equal(w[0]!.severity, 'warning');
    assert.equal(text.slice(w[0]!.range[0], w[0]!.range[1]), 'apiVersion: apps/v1');
    assert.ok(!d.problems.some((p) => p.code === 'FieldValueInvalid'));
    assert.equal(d.placement, undefined);
  });

  test('the setting: kce.limits.documentAnalysisMs, clamped so a workspace cannot switch it off', () => {
    assert.equal(normalizeSettings({}).limits.documentAnalysisMs, 2000);
    assert.equal(normalizeSettings({ limits: { documentAnalysisMs: 500.7 } }).limits.documentAnalysisMs, 500);
    assert.equal(normalizeSettings({ 'kce.limits.documentAnalysisMs': 1e12 }).limits.documentAnalysisMs, 60_000);
    assert.equal(normalizeSettings({ limits: { documentAnalysisMs: 0 } }).limits.documentAnalysisMs, 1);
    assert.equal(normalizeSettings({ limits: { documentAnalysisMs: 'off' } }).limits.documentAnalysisMs, 2000);
  });
});

describe('budget settings (kce.limits.*)', () => {
  test('each is read, floored and clamped into its range; wrong types keep the default', () => {
    for (const n of BUDGET_NAMES) {
      const spec = BUDGET_SPECS[n];
      const read = (v: unknown): number => normalizeSettings({ [`kce.limits.${n}`]: v }).limits[n];
      assert.equal(read(undefined), spec.default, n);
      assert.equal(read(spec.min + 1.9), spec.min + 1, n);
      assert.equal(read(spec.max * 1000), spec.max, n);
      assert.equal(read(-1), spec.min, n);
      for (const bad of ['1000000', NaN, Infinity, null, true, {}])
        assert.equal(read(bad), spec.default, `${n} ${String(bad)}`);
    }
  });

  test('package.json declares each budget setting with the default and range the server clamps to', () => {
    const props = Object.assign(
      {},
      ...pkg.contributes.configuration.map((s: { properties: object }) => s.properties),
    ) as Record<string, { default: number; minimum: number; maximum: number; markdownDescription: string }>;
    for (const n of BUDGET_NAMES) {
      const p = props[budgetSetting(n)]!;
      assert.ok(p, n);
      assert.deepEqual(
        [p.default, p.minimum, p.maximum],
        [BUDGET_SPECS[n].default, BUDGET_SPECS[n].min, BUDGET_SPECS[n].max],
        n,
      );
      assert.match(
        p.markdownDescription,
        new RegExp(`Between ${BUDGET_SPECS[n].min} and ${BUDGET_SPECS[n].max}\\. In Restricted Mode`),
        n,
      );
      assert.ok(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.includes(budgetSetting(n)), n);
    }
  });

  test('untrusted: settings may lower a budget but never raise it above its default', () => {
    const s = normalizeSettings({
      limits: {
        maxDocuments: 200_000, maxTextLength: 1e9, maxSyntaxErrors: 5, documentAnalysisMs: 60_000, maxDocumentNodes: 1e7,
      },
    });
    const trusted = analysisLimitsFor(s, true);
    assert.deepEqual(
      [
        trusted.maxDocuments, trusted.maxTextLength, trusted.maxSyntaxErrors, trusted.documentMs, trusted.maxDocumentNodes,
      ],
      [200_000, 32 * Mi, 5, 60_000, 1_000_000],
    );
    const untrusted = analysisLimitsFor(s, false);
    assert.deepEqual(
      [
        untrusted.maxDocuments,
        untrusted.maxTextLength,
        untrusted.maxSyntaxErrors,
        untrusted.documentMs,
        untrusted.maxDocumentLength,
        untrusted.maxDocumentNodes,
      ],
      [25_000, 8 * Mi, 5, 2000, 4 * Mi, 100_000],
    );
  });
});

describe('budget settings over LSP', () => {
  // 150 syntax errors: the default stops the parse at 100; the setting asks for 200.
  const text = 'a: 1\n' + ']\n'.repeat(150);
  const stopped = async (initializationOptions: unknown): Promise<string[]> => {
    const h = await startServer({
      deps: fakeDeps({ analyzeText, analyzeTextAsync: analyzeTextCooperatively }),
      initializationOptions,
      configuration: () => ({ limits: { maxSyntaxErrors: 200 } }),
    });
    try {
      await h.open('file:///w/errors.yaml', text);
      const r = await h.pull('file:///w/errors.yaml');
      return (r.items ?? []).filter((d) => d.code === 'yaml.tooLarge').map((d) => String(d.message));
    } finally {
      await h.dispose();
    }
  };

  test('a trusted workspace raises a budget', async () => {
    assert.deepEqual(await stopped({ trusted: true }), []);
  });

  test('an untrusted one cannot: the budget stays at its default and the message names the setting', async () => {
    const [m, ...rest] = await stopped({});
    assert.equal(rest.length, 0);
    assert.match(m!, /parsing stopped after 100 syntax errors \(error limit\).*raise kce\.limits\.maxSyntaxErrors/);
  });
});

describe('every exceeded budget is a located diagnostic naming the limit and the setting that raises it', () => {
  const small = { ...ctx, nodes: [] };
  const problems = (text: string, limits: Partial<AnalysisLimits>) =>
    analyzeText(text, small, undefined, limits)
      .documents.flatMap((d) => d.problems)
      .filter((p) => p.code === 'yaml.tooLarge');
  const names = (message: string, limit: RegExp, setting: string, flag: string) => {
    assert.match(message, limit);
    assert.ok(message.includes(`raise kce.limits.${setting} (kce CLI: ${flag}) to allow more`), message);
  };

  test('documents (kce.limits.maxDocuments)', () => {
    const text = Array.from({ length: 6 }, (_, i) => `k: ${i}\n`).join('---\n');
    const [p, ...rest] = problems(text, { maxDocuments: 4 });
    assert.equal(rest.length, 0);
    names(p!.message, /only the first 4 documents \(document limit\)/, 'maxDocuments', '--max-documents');
    assert.equal(text.slice(p!.range[0], p!.range[1]), '---');
    assert.equal(p!.range[0], text.indexOf('k: 4') - 4); // at the fifth document
  });

  test('characters parsed per text (kce.limits.maxTextLength), and the text refused at twice that', () => {
    const doc = `k: ${'v'.repeat(1000)}\n`;
    const text = Array.from({ length: 100 }, () => doc).join('---\n'); // about 100 Ki characters
    const [p] = problems(text, { maxTextLength: 64 * 1024 });
    names(p!.message, /only the first 65536 characters \(parse limit\)/, 'maxTextLength', '--max-text-length');
    assert.ok(p!.range[0] > 60 * 1024 && p!.range[0] <= 64 * 1024, String(p!.range));
    const [q] = problems(text + text, { maxTextLength: 64 * 1024 });
    names(
      q!.message,
      /texts over 131072 characters \(text length limit\) are not analysed/,
      'maxTextLength',
      '--max-text-length',
    );
    assert.deepEqual(q!.range, [0, 1]);
  });

  test("one document's length (kce.limits.maxDocumentLength)", () => {
    const text = `a: 1\n---\nk: ${'v'.repeat(70_000)}\n`;
    const [p] = problems(text, { maxDocumentLength: 64 * 1024 });
    names(
      p!.message,
      /documents over 65536 characters \(document length limit\)/,
      'maxDocumentLength',
      '--max-document-length',
    );
    assert.equal(p!.range[0], text.indexOf('---'));
  });

  test('syntax errors per document (kce.limits.maxSyntaxErrors): the parse stops there', () => {
    const text = 'a: 1\n' + ']\n'.repeat(50);
    const [p] = problems(text, { maxSyntaxErrors: 5 });
    names(
      p!.message,
      /parsing stopped after 5 syntax errors \(error limit\)/,
      'maxSyntaxErrors',
      '--max-syntax-errors',
    );
    assert.ok(p!.range[0] > 5 && p!.range[0] < text.length, String(p!.range));
  });

  test('nodes per document (kce.limits.maxDocumentNodes): counted before composing', () => {
    const text = `a: 1\n---\n${Array.from({ length: 600 }, (_, i) => `k${i}: v`).join('\n')}\n`;
    const [p] = problems(text, { maxDocumentNodes: 1000 });
    names(
      p!.message,
      /document has more than 1000 nodes \(keys, values and collections; node limit\): it is not analysed/,
      'maxDocumentNodes',
      '--max-document-nodes',
    );
    assert.deepEqual(p!.range, [text.indexOf('---'), text.indexOf('---') + 1]);
    assert.deepEqual(problems(text, { maxDocumentNodes: 1200 }), []);
  });

  test('raising a budget re-analyses the documents it had cut (no stale reuse)', () => {
    const text = Array.from({ length: 6 }, (_, i) => `k: ${i}\n`).join('---\n');
    const first = analyzeText(text, small, undefined, { maxDocuments: 4 });
    const again = analyzeText(text, small, first, { maxDocuments: 10 });
    assert.equal(again.documents.length, 6);
    assert.ok(!again.documents.some((d) => d.problems.length), JSON.stringify(again.documents.map((d) => d.problems)));
  });
});

describe('cooperative analysis', () => {
  test('the event loop turns while a large file is analysed; the result equals the one-shot analysis', async () => {
    const text = manyDocs(1500);
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
    }, 1);
    const t0 = performance.now();
    const sliced = await analyzeTextCooperatively(text, ctx);
    const ms = performance.now() - t0;
    clearInterval(timer);
    const once = analyzeText(text, ctx);
    assert.equal(sliced.documents.length, 1500);
    assert.deepEqual(
      sliced.documents.map((d) => d.problems.map((p) => [p.code, p.range])),
      once.documents.map((d) => d.problems.map((p) => [p.code, p.range])),
    );
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
      const bigDone = Promise.all([h.pull(big), h.pull(big)]).then((r) => {
        order.push('big');
        return r;
      });
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
