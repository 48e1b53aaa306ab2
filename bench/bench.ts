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
import { lspFigures } from './lsp';

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

function floor(text: string, runs = 5): number {
  return time(() => parseAllDocuments(text).map((d) => d.toJS({ maxAliasCount: -1 })), { runs, warmup: 1 });
}

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

// 4. Over LSP (stdio, the built server), 5,000 nodes loaded from a file.
void (async () => {
  const smallFloor = floor(dsText, 100);
  const lsp = await lspFigures(root, dsText, bigText);
  report('LSP: edit → pulled diagnostics, one DaemonSet, 5,000 nodes', lsp.smallEditMs, smallFloor, '≤ 20 ms');
  report('LSP: one edit in the 1,000-document file → diagnostics', lsp.bigEditMs, bigFloor, 'below the floor');
  report('LSP: open the 1,000-document file → diagnostics', lsp.bigOpenMs, bigFloor, '—');
  console.log(`LSP server RSS with that file and 5,000 nodes: ${lsp.rssMiB.toFixed(0)} MiB (target ≤ 250 MiB)`);
  console.log('\n| measure | median | yaml floor | ratio | target |\n|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log(`\nserver RSS: ${lsp.rssMiB.toFixed(0)} MiB (target ≤ 250 MiB)`);
})().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
