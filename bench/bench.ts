// `npm run bench`: the figures README.md's Benchmarks table sets targets for, each beside the `yaml` floor
// (parseAllDocuments + toJS of the same text) measured in the same run.
import { parseAllDocuments } from 'yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compilePlacement, placeDaemonSet } from '../server/src/core/placement';
import { DEFAULT_FEATURE_GATES } from '../server/src/core/k8sVersion';
import type { DaemonSet } from '../server/src/core/types';
import { generateNodesJson, generateNodesYaml } from '../server/src/inventory/files/generate';
import { loadNodesFromText } from '../server/src/inventory/files/loadNodes';
import { analyzeText } from '../server/src/analysis/index';
import { parseYamlDocument, splitYamlDocuments } from '../server/src/yaml/parse';
import { analyzeDocument } from '../server/src/analysis/index';
import { lspFigures, tinyDocumentsFigures } from './lsp';

const gates = DEFAULT_FEATURE_GATES;

function time(fn: () => unknown, { runs, warmup }: { runs: number; warmup: number }): number {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!; // median
}

function floor(text: string, runs = 5, options: { uniqueKeys?: boolean } = {}): number {
  return time(() => parseAllDocuments(text, options).map((d) => d.toJS({ maxAliasCount: -1 })), { runs, warmup: 1 });
}

/** The floor of one large mapping: without the library's duplicate-key check, which is quadratic in the keys. */
const mapFloor = (text: string, runs: number) => floor(text, runs, { uniqueKeys: false });

const rows: string[][] = [];
function report(name: string, ms: number, floorMs: number, target: string) {
  rows.push([name, `${ms.toFixed(3)} ms`, `${floorMs.toFixed(3)} ms`, `${(ms / floorMs).toFixed(3)}×`, target]);
  console.log(`${name}: ${ms.toFixed(3)} ms (floor ${floorMs.toFixed(3)} ms, ratio ${(ms / floorMs).toFixed(3)}; target ${target})`);
}

const root = join(__dirname, '..');
const dsText = readFileSync(join(root, 'examples', 'csi-node.yaml'), 'utf8');
const ds = parseAllDocuments(dsText)[0]!.toJS() as DaemonSet;

// 1. Placement of one DaemonSet over 5,000 nodes, with reasons.
const nodesYaml = generateNodesYaml(5000);
const nodesJson = generateNodesJson(5000);
const nodes = loadNodesFromText(nodesJson, 'bench.json').nodes;
const dsFloor = floor(dsText, 200);
const compiled = compilePlacement(ds, gates);
report('placement: 5,000 nodes, compiled DaemonSet, with reasons', time(() => { for (const n of nodes) compiled.evaluate(n); }, { runs: 200, warmup: 50 }), dsFloor, '≤ 1 ms');
report('placement: compile + 5,000 nodes (placeDaemonSet)', time(() => placeDaemonSet(ds, nodes, gates), { runs: 200, warmup: 50 }), dsFloor, '≤ 1 ms');

// 2. Loading a 5,000-node inventory (about 10 MB).
const mb = (s: string) => (Buffer.byteLength(s) / 1024 / 1024).toFixed(1);
const yamlFloor = floor(nodesYaml, 1);
report(`inventory: 5,000 nodes, YAML ${mb(nodesYaml)} MB`, time(() => loadNodesFromText(nodesYaml, 'n.yaml'), { runs: 5, warmup: 1 }), yamlFloor, '≤ 1,000 ms');
report(`inventory: 5,000 nodes, JSON ${mb(nodesJson)} MB`, time(() => loadNodesFromText(nodesJson, 'n.json'), { runs: 5, warmup: 1 }), yamlFloor, '≤ 1,000 ms');

// 3. Validating a 1,000-document file, and re-analysing one edited document of it.
const docs: string[] = [];
for (let i = 0; i < 1000; i++) docs.push(dsText.replace(/name: ebs-csi-node/, `name: ebs-csi-node-${i}`));
const bigText = docs.join('---\n');
const bigFloor = floor(bigText, 3);
const ctx = { nodes: nodes.slice(0, 100), gates, insights: true, inventoryLabel: 'bench' };
report('validate: 1,000-document file (31k lines), 100 nodes', time(() => analyzeText(bigText, ctx), { runs: 3, warmup: 1 }), bigFloor, '—');
const ranges = splitYamlDocuments(bigText);
const one = ranges[500]!;
report('edit: split + re-parse + analyse 1 of 1,000 documents', time(() => {
  const r = splitYamlDocuments(bigText)[500]!;
  analyzeDocument(parseYamlDocument(bigText, r, 500), ctx);
}, { runs: 20, warmup: 3 }), bigFloor, 'below the floor');
void one;

// 5. Budgets (issue 10): a document at the node budget costs its analysis; a larger one only the lexing of its
// first 100,000 nodes. Floor: the yaml library's own parse of the same text.
const keysDoc = (head: string, indent: string, n: number) =>
  head + Array.from({ length: n }, (_, i) => `${indent}k${i}: v${i}`).join('\n') + '\n';
const atCapMap = keysDoc('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n', '  ', 49_900);
const atCapDs = keysDoc(dsText.replace(/\n+$/, '') + '\n      nodeSelector:\n', '        ', 49_900);
const overCap = keysDoc('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n', '  ', 200_000);
const noInsightsCtx = { nodes: [], gates, insights: true, inventoryLabel: 'bench' };
report('budget: ConfigMap of 49,900 keys (at the 100,000-node budget) → analysis',
  time(() => analyzeText(atCapMap, noInsightsCtx), { runs: 3, warmup: 1 }), mapFloor(atCapMap, 3), '≤ 2,000 ms');
report('budget: DaemonSet, 49,900 nodeSelector keys (at the budget), 5,000 nodes → analysis',
  time(() => analyzeText(atCapDs, { ...ctx, nodes }), { runs: 3, warmup: 1 }), mapFloor(atCapDs, 3), '≤ 2,000 ms');
report('budget: ConfigMap of 200,000 keys (3.6 MB) refused by the node budget',
  time(() => analyzeText(overCap, noInsightsCtx), { runs: 3, warmup: 1 }), mapFloor(overCap, 1), '≤ 2,000 ms');

// 4. Over LSP (stdio, the built server), 5,000 nodes loaded from a file.
void (async () => {
  const smallFloor = floor(dsText, 100);
  const lsp = await lspFigures(root, dsText, bigText);
  report('LSP: edit → pulled diagnostics, one DaemonSet, 5,000 nodes', lsp.smallEditMs, smallFloor, '≤ 20 ms');
  report('LSP: one edit in the 1,000-document file → diagnostics', lsp.bigEditMs, bigFloor, 'below the floor');
  report('LSP: open the 1,000-document file → diagnostics', lsp.bigOpenMs, bigFloor, '—');
  console.log(`LSP server RSS with that file and 5,000 nodes: ${lsp.rssMiB.toFixed(0)} MiB (target ≤ 250 MiB)`);
  // 16 MiB of tiny documents (1.7 million; the first 25,000 analysed): floor, the yaml parse of those 25,000.
  const tinyText = 'a: 1\n---\n'.repeat(1_700_000);
  const tiny = await tinyDocumentsFigures(root, tinyText);
  if (tiny.items !== 1) throw new Error(`16 MiB of tiny documents: ${tiny.items} diagnostics, expected 1`);
  report('LSP: open 16 MiB of tiny documents (25,000 of 1.7 M analysed) → diagnostics', tiny.ms,
    floor('a: 1\n---\n'.repeat(25_000), 3), '≤ 2,000 ms');
  console.log(`LSP server peak RSS for those 16 MiB: ${tiny.peakMiB.toFixed(0)} MiB (target ≤ 300 MiB)`);
  console.log('\n| measure | median | yaml floor | ratio | target |\n|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log(`\nserver RSS: ${lsp.rssMiB.toFixed(0)} MiB (target ≤ 250 MiB); 16 MiB of tiny documents: peak ` +
    `${tiny.peakMiB.toFixed(0)} MiB (target ≤ 300 MiB)`);
})().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
