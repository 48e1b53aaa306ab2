// Extracts the Kubernetes API types reachable from the kinds the product decodes into a compact JSON
// (k8s-subset.json) that the server bundles. The source is the generated models of @kubernetes/client-node,
// pinned exactly in package.json (its models carry every field with its JSON name, type and format), so
// regenerating needs nothing outside the repository:
//   node server/src/yaml/schema/generate.mjs
// Compact type forms: "string" | "int32" | "int64" | "number" | "boolean" | "any" | "int-or-string" | "quantity"
//   | "#Name" (a named type) | { o: {field: type} } (struct, unknown fields reported)
//   | { a: type } (list) | { m: type } (map with string keys)
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const PACKAGE = '@kubernetes/client-node';
const pkgDir = dirname(require.resolve(`${PACKAGE}/package.json`));
const version = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;
const models = join(pkgDir, 'dist/gen/models');
const specVersion = /OpenAPI spec version: (\S+)/.exec(readFileSync(join(models, 'V1PodSpec.js'), 'utf8'))?.[1] ?? '?';

const ROOTS = {
  'apps/v1/DaemonSet': 'V1DaemonSet',
  'apps/v1/Deployment': 'V1Deployment',
  'apps/v1/StatefulSet': 'V1StatefulSet',
  'apps/v1/ReplicaSet': 'V1ReplicaSet',
  'batch/v1/Job': 'V1Job',
  'batch/v1/CronJob': 'V1CronJob',
  'v1/Pod': 'V1Pod',
  'v1/PodList': 'V1PodList',
  'v1/PodTemplate': 'V1PodTemplate',
  'v1/Node': 'V1Node',
  'v1/NodeList': 'V1NodeList',
};

// The models type Quantity fields as strings; the API also takes numbers there (resource.Quantity).
const QUANTITY = new Set([
  'PodSpec.overhead', 'ResourceFieldSelector.divisor', 'ResourceRequirements.limits', 'ResourceRequirements.requests',
  'EmptyDirVolumeSource.sizeLimit', 'VolumeResourceRequirements.limits', 'VolumeResourceRequirements.requests',
  'PersistentVolumeClaimStatus.allocatedResources', 'PersistentVolumeClaimStatus.capacity',
  'ContainerStatus.allocatedResources', 'NodeStatus.allocatable', 'NodeStatus.capacity',
]);

// Fields of the v1.35.0 API (k8s.io/api v0.35.0) that the pinned models predate, added by hand.
const SUPPLEMENT = {
  PodSpec: { workloadRef: '#WorkloadReference' },
  WorkloadReference: { o: { name: 'string', podGroup: 'string', podGroupReplicaKey: 'string' } },
};

const out = {};
const done = new Set();

function shortName(model) {
  return model.replace(/^(CoreV1|V1)/, '');
}

function load(model) {
  const file = join(models, `${model}.js`);
  const cls = require(file)[model];
  if (!cls?.attributeTypeMap) throw new Error(`no model ${model}`);
  return cls.attributeTypeMap;
}

function compact(type, format, owner, field) {
  if (QUANTITY.has(`${owner}.${field}`)) return type.startsWith('{') ? { m: 'quantity' } : 'quantity';
  let m;
  if ((m = /^Array<(.+)>$/.exec(type))) return { a: compact(m[1], format, '', '') };
  if ((m = /^\{ \[key: string\]: (.+); \}$/.exec(type))) return { m: compact(m[1], format, '', '') };
  switch (type) {
    case 'string':
    case 'Date':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return format === 'int32' || format === 'int64' ? format : 'number';
    case 'IntOrString':
      return 'int-or-string';
    case 'any':
      return 'any';
  }
  if (/^[A-Z]\w+$/.test(type)) {
    visit(type);
    return '#' + shortName(type);
  }
  throw new Error(`unknown model type ${type} (${owner}.${field})`);
}

function visit(model) {
  if (done.has(model)) return;
  done.add(model);
  const name = shortName(model);
  if (out[name]) throw new Error(`two models named ${name}`);
  out[name] = null; // reserved before recursing: types refer to each other
  const o = {};
  for (const a of load(model)) o[a.baseName] = compact(a.type, a.format, name, a.baseName);
  out[name] = { o };
}

const roots = {};
for (const [gvk, model] of Object.entries(ROOTS)) {
  visit(model);
  roots[gvk] = '#' + shortName(model);
}
for (const [name, add] of Object.entries(SUPPLEMENT)) {
  if (add.o) out[name] ??= add;
  else for (const [f, t] of Object.entries(add)) out[name].o[f] ??= t;
}
// v1 List has no model of its own (its items are raw objects): described by hand; the decoder dispatches on
// each item's apiVersion/kind.
out.List = { o: { apiVersion: 'string', kind: 'string', metadata: '#ListMeta', items: { a: 'any' } } };
roots['v1/List'] = '#List';

const result = { source: `${PACKAGE} ${version} generated models (OpenAPI ${specVersion}) + v1.35.0 supplement`, roots, types: out };
const target = join(here, 'k8s-subset.json');
writeFileSync(target, JSON.stringify(result) + '\n');
console.log(`wrote ${target}: ${Object.keys(out).length} types, ${JSON.stringify(result).length} bytes`);
