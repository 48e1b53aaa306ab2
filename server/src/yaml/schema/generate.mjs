// Extracts the Kubernetes JSON-schema definitions reachable from the kinds the product decodes into a
// compact JSON (k8s-subset.json) that the server bundles. Run by hand when the schema source changes:
//   node server/src/yaml/schema/generate.mjs [path/to/_definitions.json.gz]
// Compact type forms: "string" | "integer" | "number" | "boolean" | "any" | "int-or-string" | "quantity"
//   | "#Name" (a named definition) | { o: {field: type} } (struct, unknown fields reported)
//   | { a: type } (list) | { m: type } (map with string keys)
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const source = process.argv[2] ?? join(here, '../../../../../shared/k8s-schema/v1.32.1-standalone-strict/_definitions.json.gz');
const defs = JSON.parse(gunzipSync(readFileSync(source)).toString('utf8')).definitions;

const ROOTS = {
  'apps/v1/DaemonSet': 'io.k8s.api.apps.v1.DaemonSet',
  'apps/v1/Deployment': 'io.k8s.api.apps.v1.Deployment',
  'apps/v1/StatefulSet': 'io.k8s.api.apps.v1.StatefulSet',
  'apps/v1/ReplicaSet': 'io.k8s.api.apps.v1.ReplicaSet',
  'batch/v1/Job': 'io.k8s.api.batch.v1.Job',
  'batch/v1/CronJob': 'io.k8s.api.batch.v1.CronJob',
  'v1/Pod': 'io.k8s.api.core.v1.Pod',
  'v1/PodList': 'io.k8s.api.core.v1.PodList',
  'v1/PodTemplate': 'io.k8s.api.core.v1.PodTemplate',
  'v1/Node': 'io.k8s.api.core.v1.Node',
  'v1/NodeList': 'io.k8s.api.core.v1.NodeList',
};

const SPECIAL = {
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': 'int-or-string',
  'io.k8s.apimachinery.pkg.api.resource.Quantity': 'quantity',
  'io.k8s.apimachinery.pkg.apis.meta.v1.Time': 'string',
  'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime': 'string',
  'io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1': 'any',
  'io.k8s.apimachinery.pkg.runtime.RawExtension': 'any',
};

// Short, unique names: the last segment, qualified with the group/version when two collide.
const longNames = new Set();
const out = {};
const shortOf = new Map();
const used = new Map();

function shortName(id) {
  if (shortOf.has(id)) return shortOf.get(id);
  const parts = id.split('.');
  let name = parts[parts.length - 1];
  if (used.has(name) && used.get(name) !== id) name = parts.slice(-3).join('.');
  used.set(name, id);
  shortOf.set(id, name);
  return name;
}

function compact(schema) {
  if (!schema || typeof schema !== 'object') return 'any';
  if (schema.$ref) {
    const id = schema.$ref.replace('#/definitions/', '');
    if (SPECIAL[id]) return SPECIAL[id];
    visit(id);
    return '#' + shortName(id);
  }
  if (schema.oneOf || schema.anyOf) return 'any';
  switch (schema.type) {
    case 'string':
    case 'integer':
    case 'number':
    case 'boolean':
      return schema.type;
    case 'array':
      return { a: compact(schema.items) };
    case 'object':
      if (schema.properties) {
        const o = {};
        for (const [k, v] of Object.entries(schema.properties)) o[k] = compact(v);
        return { o };
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') return { m: compact(schema.additionalProperties) };
      return 'any';
    default:
      return 'any';
  }
}

function visit(id) {
  if (longNames.has(id)) return;
  longNames.add(id);
  const def = defs[id];
  if (!def) throw new Error(`missing definition ${id}`);
  const name = shortName(id);
  out[name] = null; // reserve before recursing (cycles, e.g. JSONSchemaProps are not reachable but be safe)
  out[name] = compact(def);
}

const roots = {};
for (const [gvk, id] of Object.entries(ROOTS)) {
  visit(id);
  roots[gvk] = '#' + shortName(id);
}
// v1 List has no definition in the schema (its items are RawExtension): describe it by hand; the decoder
// dispatches on each item's apiVersion/kind.
visit('io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta');
out.List = { o: { apiVersion: 'string', kind: 'string', metadata: '#' + shortName('io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta'), items: { a: 'any' } } };
roots['v1/List'] = '#List';

const result = { source: 'kubernetes-json-schema v1.32.1 standalone-strict', roots, types: out };
const target = join(here, 'k8s-subset.json');
writeFileSync(target, JSON.stringify(result) + '\n');
console.log(`wrote ${target}: ${Object.keys(out).length} types, ${JSON.stringify(result).length} bytes`);
