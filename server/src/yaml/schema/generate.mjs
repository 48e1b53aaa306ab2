// Builds k8s-subset.json, the compact schema the server bundles, from go-types.tsv: the Go types of the Kubernetes
// API (k8s.io/api and k8s.io/apimachinery at the tag the table names) reachable from the kinds in roots.mjs, kept
// in the repository, so regenerating needs nothing outside it:
//   node server/src/yaml/schema/generate.mjs
// (extract-go-types.mjs rebuilds the table from the Go source when moving to another release.)
// Compact type forms: "string" | "int32" | "int64" | "number" | "boolean" | "any" | "int-or-string" | "quantity"
//   | "#Name" (a named struct) | { o: {field: type} } (struct, unknown fields reported)
//   | { a: type } (list) | { m: type } (map with string keys)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOTS } from './roots.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TABLE = 'go-types.tsv';

/** The table: per qualified Go type, its lines [what, type expression] in order. */
function readTable(text) {
  const types = new Map();
  let version;
  text.split('\n').forEach((line, i) => {
    if (!line || line.startsWith('#')) return;
    const cols = line.split('\t');
    if (cols[0] === '@version') return void (version = cols[1]);
    if (cols.length !== 3) throw new Error(`${TABLE}:${i + 1}: expected 3 columns`);
    const [type, what, expr] = cols;
    (types.get(type) ?? types.set(type, []).get(type)).push([what, expr]);
  });
  if (!version) throw new Error(`${TABLE}: no @version line`);
  return { version, types };
}

const { version, types: table } = readTable(readFileSync(join(here, TABLE), 'utf8'));
const GO_BASIC = { string: 'string', bool: 'boolean', int32: 'int32', int64: 'int64', float64: 'number' };
const out = {};
const ownerOf = new Map(); // short name -> the qualified type that took it

function shortName(q) {
  return q.slice(q.lastIndexOf('.') + 1);
}

function linesOf(q) {
  const l = table.get(q);
  if (!l) throw new Error(`${TABLE}: type ${q} is referenced but not listed`);
  return l;
}

/** A Go type expression as a compact schema type. */
function compact(expr) {
  if (expr.startsWith('*')) return compact(expr.slice(1));
  if (expr.startsWith('[]')) return { a: compact(expr.slice(2)) };
  const map = /^map\[[^\]]+\](.+)$/.exec(expr);
  if (map) return { m: compact(map[1]) };
  if (GO_BASIC[expr]) return GO_BASIC[expr];
  const lines = linesOf(expr);
  const [what, under] = lines[0];
  if (what === 'json') return under; // its own JSON form
  if (what === '=') return compact(under); // a named string or map type decodes as its underlying type
  visitStruct(expr);
  return '#' + shortName(expr);
}

/** The fields of a struct, embedded (`,inline`) structs' fields included, as encoding/json promotes them. */
function fieldsOf(q, o = {}) {
  for (const [what, expr] of linesOf(q)) {
    if (what === 'struct') continue;
    if (what === ',inline') fieldsOf(expr.replace(/^\*/, ''), o);
    else o[what] = compact(expr);
  }
  return o;
}

function visitStruct(q) {
  const name = shortName(q);
  if (ownerOf.has(name)) {
    if (ownerOf.get(name) !== q) throw new Error(`two structs named ${name}: ${ownerOf.get(name)} and ${q}`);
    return;
  }
  ownerOf.set(name, q); // taken before recursing: types refer to each other
  out[name] = { o: fieldsOf(q) };
}

const roots = {};
for (const [gvk, q] of Object.entries(ROOTS)) roots[gvk] = compact(q);
const result = { source: `k8s.io/api and k8s.io/apimachinery ${version} Go types (${TABLE})`, roots, types: out };
const target = join(here, 'k8s-subset.json');
writeFileSync(target, JSON.stringify(result) + '\n');
console.log(`wrote ${target}: ${Object.keys(out).length} types, ${JSON.stringify(result).length} bytes`);
