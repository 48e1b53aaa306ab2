// npm run gen: writes every generated file of the repository. `--check` writes nothing and exits 1
// when a committed file differs from what would be generated (test/codes/registry.test.ts runs the check).
//   notes:   server/src/walkthrough/notes/**.md      → server/src/walkthrough/notes.generated.ts
//   codes:   server/src/codes/                       → README.md's code table, the report grammar's reason codes
//   schema:  server/src/yaml/schema/generate.mjs     → k8s-subset.json from go-types.tsv (write mode only; test/yaml/schema.test.ts checks it)
//   sample:  server/src/inventory/files/sampleCluster.ts → examples/sample-cluster.yaml
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { README_BEGIN, README_END, renderReadmeCodeTable, reportReasonCodePattern } from '../server/src/codes/docs';
import { sampleClusterList } from '../server/src/inventory/files/sampleCluster';
import { toKubectlYaml } from '../server/src/inventory/files/generate';

const SAMPLE_HEADER = '# The embedded sample cluster, as `kubectl get nodes,pods -A -o yaml` prints it ' +
  '(examples/SAMPLE-CLUSTER.md describes each node and pod).\n';

const ROOT = join(__dirname, '..');
const check = process.argv.includes('--check');
const stale: string[] = [];

/** The README with its code table replaced by the generated one; throws when the markers are missing. */
export function readmeWithCodes(readme: string): string {
  const a = readme.indexOf(README_BEGIN);
  const b = readme.indexOf(README_END);
  if (a < 0 || b < a) throw new Error('README.md: the code table markers are missing');
  return readme.slice(0, a) + renderReadmeCodeTable() + readme.slice(b + README_END.length);
}

/** The report grammar with its reason-code rule generated from the registry. */
export function grammarWithCodes(grammar: string): string {
  const json = JSON.parse(grammar) as { repository: Record<string, { match: string }> };
  const old = json.repository['reason-code']?.match;
  if (old === undefined) throw new Error('kce-report grammar: no reason-code rule');
  return grammar.replace(JSON.stringify(old), JSON.stringify(reportReasonCodePattern()));
}

function update(rel: string, make: (old: string) => string): void {
  const file = join(ROOT, rel);
  const old = readFileSync(file, 'utf8');
  const next = make(old);
  if (next === old) return;
  if (check) stale.push(rel);
  else writeFileSync(file, next);
}

if (require.main === module) {
  const notes = spawnSync(process.execPath, [join(ROOT, 'server/src/walkthrough/generate.mjs'), ...(check ? ['--check'] : [])], { stdio: 'inherit' });
  if (notes.status !== 0) stale.push('server/src/walkthrough/notes.generated.ts');
  update('README.md', readmeWithCodes);
  update('syntaxes/kce-report.tmLanguage.json', grammarWithCodes);
  update('examples/sample-cluster.yaml', () => SAMPLE_HEADER + toKubectlYaml(sampleClusterList()));
  if (!check) {
    const r = spawnSync(process.execPath, [join(ROOT, 'server/src/yaml/schema/generate.mjs')], { encoding: 'utf8' });
    process.stdout.write(r.stdout ?? '');
    if (r.status !== 0 && /ENOENT/.test(r.stderr ?? '')) {
      // Its source is not in this checkout: the committed subset stays as it is.
      console.warn(`schema subset not regenerated: its source file is missing (${/path: '([^']*)'/.exec(r.stderr)?.[1] ?? 'see the generator'})`);
    } else if (r.status !== 0) {
      process.stderr.write(r.stderr ?? '');
      process.exitCode = 1;
    }
  }
  if (stale.length) {
    console.error(`stale generated files (run npm run gen): ${stale.join(', ')}`);
    process.exitCode = 1;
  }
}
