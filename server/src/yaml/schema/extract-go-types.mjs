// Extracts, from the Go source of k8s.io/api and k8s.io/apimachinery at one tag, every API type reachable from
// the kinds kce decodes, into go-types.tsv: one line per struct field (JSON name and Go type) or named type. Run it
// only to move to another Kubernetes release; generate.mjs then rebuilds k8s-subset.json from the table alone.
//   node server/src/yaml/schema/extract-go-types.mjs --api GITDIR --apimachinery GITDIR --tag v0.35.0
// GITDIR is a clone (bare or not) of each repository holding the tag. Each struct's field names are checked against
// types_swagger_doc_generated.go of the same tag (a second listing generated upstream from the same types), and
// each type said to have its own JSON form must define UnmarshalJSON there: a mismatch stops the extraction.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOTS } from './roots.mjs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .join(' ')
    .split(/\s*--/)
    .filter(Boolean)
    .map((a) => a.split(/\s+/)),
);
if (!args.api || !args.apimachinery || !args.tag) {
  console.error('usage: extract-go-types.mjs --api GITDIR --apimachinery GITDIR --tag vX.Y.Z');
  process.exit(2);
}
const git = (dir, ...a) => execFileSync('git', ['--git-dir', dir, ...a], { encoding: 'utf8', maxBuffer: 64 << 20 });
const gitDir = (d) => execFileSync('git', ['-C', d, 'rev-parse', '--absolute-git-dir'], { encoding: 'utf8' }).trim();
const API = gitDir(args.api);
const MACHINERY = gitDir(args.apimachinery);
const show = (dir, path) => git(dir, 'show', `${args.tag}:${path}`);

// Go packages read, by the short id the table uses.
const PACKAGES = {
  'core/v1': { dir: API, path: 'core/v1', files: ['types.go'], importPath: 'k8s.io/api/core/v1' },
  'apps/v1': { dir: API, path: 'apps/v1', files: ['types.go'], importPath: 'k8s.io/api/apps/v1' },
  'batch/v1': { dir: API, path: 'batch/v1', files: ['types.go'], importPath: 'k8s.io/api/batch/v1' },
  'meta/v1': {
    dir: MACHINERY,
    path: 'pkg/apis/meta/v1',
    files: ['types.go', 'time.go', 'micro_time.go', 'duration.go'],
    importPath: 'k8s.io/apimachinery/pkg/apis/meta/v1',
  },
};

// Types that (un)marshal themselves: the JSON form each takes, and where its UnmarshalJSON is defined.
const OWN_JSON = {
  'meta/v1.Time': ['string', MACHINERY, 'pkg/apis/meta/v1/time.go'],
  'meta/v1.MicroTime': ['string', MACHINERY, 'pkg/apis/meta/v1/micro_time.go'],
  'meta/v1.Duration': ['string', MACHINERY, 'pkg/apis/meta/v1/duration.go'],
  'meta/v1.FieldsV1': ['any', MACHINERY, 'pkg/apis/meta/v1/helpers.go'],
  'resource.Quantity': ['quantity', MACHINERY, 'pkg/api/resource/quantity.go'],
  'intstr.IntOrString': ['int-or-string', MACHINERY, 'pkg/util/intstr/intstr.go'],
  'runtime.RawExtension': ['any', MACHINERY, 'pkg/runtime/extension.go'],
};
// Named types of packages not read here: apimachinery/pkg/types.UID is a string.
const FOREIGN = { 'types.UID': 'string' };
const IMPORTS = {
  'k8s.io/apimachinery/pkg/api/resource': 'resource',
  'k8s.io/apimachinery/pkg/util/intstr': 'intstr',
  'k8s.io/apimachinery/pkg/runtime': 'runtime',
  'k8s.io/apimachinery/pkg/types': 'types',
};
for (const [id, p] of Object.entries(PACKAGES)) IMPORTS[p.importPath] = id;

function stripComments(src) {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:"`])\/\/.*$/gm, '$1');
}

// One package: its struct fields and its named non-struct types, with qualified type expressions.
function readPackage(id) {
  const p = PACKAGES[id];
  const structs = new Map();
  const named = new Map();
  for (const file of p.files) {
    const src = stripComments(show(p.dir, `${p.path}/${file}`));
    const alias = new Map();
    const imports = /^import\s*\(([\s\S]*?)^\)/m.exec(src)?.[1] ?? /^import\s+(.*)$/m.exec(src)?.[1] ?? '';
    for (const m of imports.matchAll(/^\s*(\w+\s+)?"([^"]+)"/gm)) {
      const pkg = IMPORTS[m[2]] ?? m[2];
      alias.set((m[1] ?? m[2].split('/').pop()).trim(), pkg);
    }
    const qualify = (expr) =>
      expr.replace(/(\b[a-z]\w*)\.([A-Z]\w*)|\b([A-Z]\w*)\b/g, (s, pk, name, local) => {
        if (local) return `${id}.${local}`;
        const q = alias.get(pk);
        if (!q) throw new Error(`${id}/${file}: unknown package ${pk} in ${expr}`);
        return `${q}.${name}`;
      });
    for (const m of src.matchAll(/^type\s+([A-Z]\w*)\s+struct\s*\{/gm)) {
      let depth = 1;
      let i = m.index + m[0].length;
      for (; depth > 0 && i < src.length; i++) depth += src[i] === '{' ? 1 : src[i] === '}' ? -1 : 0;
      const body = src.slice(m.index + m[0].length, i - 1);
      const fields = [];
      for (const raw of body.split('\n')) {
        const line = raw.trim();
        if (!line) continue;
        const f = /^(?:([A-Z]\w*)\s+)?([*\[\]\w.]+(?:\[[\w.]+\][*\[\]\w.]+)?)\s*(`.*`)?$/.exec(line);
        // Types kce never reaches may hold what this reader does not know: it fails only if one is reached.
        if (!f) {
          fields.push([null, `${id}.${m[1]}: cannot read field line: ${line}`]);
          continue;
        }
        const json = /json:"([^"]*)"/.exec(f[3] ?? '')?.[1];
        if (json === undefined) {
          if (OWN_JSON[`${id}.${m[1]}`]) continue; // e.g. Time embeds time.Time: it has its own JSON form
          throw new Error(`${id}.${m[1]}: field without a json tag: ${line}`);
        }
        const name = json.split(',')[0];
        if (name === '-') continue;
        const inline = json.split(',').includes('inline');
        if (inline && f[1]) throw new Error(`${id}.${m[1]}: named inline field: ${line}`);
        fields.push([inline ? ',inline' : name, qualify(f[2])]);
      }
      structs.set(m[1], fields);
    }
    for (const m of src.matchAll(/^type\s+([A-Z]\w*)\s+([^\s{]+)\s*$/gm)) named.set(m[1], qualify(m[2]));
  }
  return { structs, named };
}

const packages = Object.fromEntries(Object.keys(PACKAGES).map((id) => [id, readPackage(id)]));
const lines = new Map(); // type -> its lines, in the order types are reached
const emit = (q, a, b) => (lines.get(q) ?? lines.set(q, []).get(q)).push([q, a, b]);
const seen = new Set();

function visitExpr(expr) {
  for (const m of expr.matchAll(/([a-z]+\/v1|resource|intstr|runtime|types)\.([A-Z]\w*)/g)) visit(`${m[1]}.${m[2]}`);
}

function visit(q) {
  if (seen.has(q)) return;
  seen.add(q);
  if (OWN_JSON[q]) {
    emit(q, 'json', OWN_JSON[q][0]);
    return;
  }
  if (FOREIGN[q]) {
    emit(q, '=', FOREIGN[q]);
    return;
  }
  const [id, name] = q.split(/\.(?=[A-Z])/);
  const pkg = packages[id];
  if (!pkg) throw new Error(`type ${q}: package not read`);
  if (pkg.structs.has(name)) {
    for (const [field, expr] of pkg.structs.get(name)) {
      if (field === null) throw new Error(expr);
      emit(q, field, expr);
      visitExpr(expr);
    }
    if (pkg.structs.get(name).length === 0) emit(q, 'struct', '');
  } else if (pkg.named.has(name)) {
    emit(q, '=', pkg.named.get(name));
    visitExpr(pkg.named.get(name));
  } else throw new Error(`type ${q} not found`);
}

for (const root of Object.values(ROOTS)) visit(root);

// Check 1: each struct's direct JSON names equal the keys of its map_<Type> in types_swagger_doc_generated.go.
const docs = {};
for (const [id, p] of Object.entries(PACKAGES)) {
  const src = show(p.dir, `${p.path}/types_swagger_doc_generated.go`);
  for (const m of src.matchAll(/^var map_(\w+) = map\[string\]string\{([\s\S]*?)^\}/gm)) {
    docs[`${id}.${m[1]}`] = [...m[2].matchAll(/^\s*"(\w*)":/gm)]
      .map((k) => k[1])
      .filter(Boolean)
      .sort();
  }
}
let checked = 0;
for (const q of seen) {
  const [id, name] = q.split(/\.(?=[A-Z])/);
  const fields = packages[id]?.structs.get(name);
  if (!fields || OWN_JSON[q]) continue;
  if (!docs[q]) throw new Error(`${q}: no map_${name} in types_swagger_doc_generated.go`);
  const ours = fields
    .map(([f]) => f)
    .filter((f) => f !== ',inline')
    .sort();
  if (JSON.stringify(ours) !== JSON.stringify(docs[q])) {
    throw new Error(`${q}: fields ${ours.join(' ')} differ from the swagger docs ${docs[q].join(' ')}`);
  }
  checked++;
}
// Check 2: every type given its own JSON form defines UnmarshalJSON.
for (const [q, [, dir, file]] of Object.entries(OWN_JSON)) {
  if (!seen.has(q)) continue;
  const name = q.split('.')[1];
  if (!new RegExp(`func \\(\\w+ \\*${name}\\) UnmarshalJSON\\(`).test(show(dir, file))) {
    throw new Error(`${q}: no UnmarshalJSON in ${file}`);
  }
}

const commit = (dir) => git(dir, 'rev-parse', `${args.tag}^{commit}`).trim();
const header = [
  `# Kubernetes API types reachable from the kinds in roots.mjs, extracted by extract-go-types.mjs from`,
  `# k8s.io/api ${args.tag} (commit ${commit(API)}) and k8s.io/apimachinery ${args.tag} (commit ${commit(MACHINERY)}).`,
  `# ${checked} structs checked against types_swagger_doc_generated.go of the same tag.`,
  '# TYPE<TAB>jsonName<TAB>Go type | TYPE<TAB>,inline<TAB>embedded type | TYPE<TAB>=<TAB>underlying type',
  '# | TYPE<TAB>json<TAB>its own JSON form (it has UnmarshalJSON) | TYPE<TAB>struct<TAB> (no fields)',
  `@version\t${args.tag}`,
];
const here = dirname(fileURLToPath(import.meta.url));
writeFileSync(
  join(here, 'go-types.tsv'),
  [...header, ...[...lines.values()].flat().map((l) => l.join('\t'))].join('\n') + '\n',
);
console.log(
  `wrote go-types.tsv: ${seen.size} types, ${[...lines.values()].flat().length} lines, ${checked} structs checked`,
);
