// kube-apiserver's create validation of Deployment, ReplicaSet, StatefulSet, Job and CronJob: the upstream test
// tables (test/core/data/validation/upstream/workloads.json), then what defaulting and the registry add before it.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FieldError } from '../../server/src/core/types';
import { DEFAULT_FEATURE_GATES } from '../../server/src/core/k8sVersion';
import { validateDeploymentDefaulted, validateReplicaSetDefaulted } from '../../server/src/core/validation/replicaSet';
import { validateStatefulSetDefaulted } from '../../server/src/core/validation/statefulSet';
import { validateJobDefaulted } from '../../server/src/core/validation/job';
import { validateCronJobDefaulted } from '../../server/src/core/validation/cronJob';

const gates = { ...DEFAULT_FEATURE_GATES };
const data = JSON.parse(readFileSync(join(__dirname, 'data', 'validation', 'upstream', 'workloads.json'), 'utf8'));

type Json = Record<string, unknown>;

/** `"$podSpec"` anywhere stands for podtest.MakePodSpec(); `{"$repeat": [s, n]}` for strings.Repeat(s, n). */
function expand(v: unknown): unknown {
  if (v === '$podSpec') return structuredClone(data.podSpec);
  const rep = (v as { $repeat?: [string, number] } | null)?.$repeat;
  if (rep) return rep[0].repeat(rep[1]);
  if (Array.isArray(v)) return v.map(expand);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expand(x)]));
  return v;
}

/** The table's base with a case's patch: objects merge, `=key` replaces, null deletes. */
function merge(base: unknown, patch: unknown): unknown {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return structuredClone(patch);
  const out: Json = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Json) } : {};
  for (const [k, v] of Object.entries(patch as Json)) {
    const key = k.startsWith('=') ? k.slice(1) : k;
    if (v === null) delete out[key];
    else out[key] = k.startsWith('=') ? structuredClone(v) : merge(out[key], v);
  }
  return out;
}

function objectOf(table: { base: unknown }, c: { patch?: unknown; object?: unknown }): Json {
  return (c.object ? structuredClone(c.object) : merge(expand(table.base), expand(c.patch ?? {}))) as Json;
}

const pairs = (errs: FieldError[]) => errs.map((e) => [e.field, e.reason]);
const sorted = (p: unknown[][]) => [...p].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('TestValidateDeployment (apps/validation)', () => {
  const table = data.TestValidateDeployment;
  for (const c of table.success) {
    test(`success: ${c.name}`, () => assert.deepEqual(validateDeploymentDefaulted(objectOf(table, c), { gates }), []));
  }
  for (const c of table.errors) {
    if (c.skip) {
      test(`${c.name}: not reachable from apps/v1 (${c.skip})`, () => {
        assert.doesNotMatch(JSON.stringify(data.TestValidateDeployment.base), /rollbackTo/);
      });
      continue;
    }
    test(c.name, () => {
      const errs = validateDeploymentDefaulted(objectOf(table, c), { gates });
      assert.ok(errs.length > 0, 'expected failure');
      assert.ok(errs[0]!.message.includes(c.name), errs[0]!.message);
    });
  }
});

describe('TestValidateReplicaSet (apps/validation)', () => {
  const table = data.TestValidateReplicaSet;
  for (const c of table.success) {
    test(`success: ${c.name}`, () => assert.deepEqual(validateReplicaSetDefaulted(objectOf(table, c), { gates }), []));
  }
  for (const c of table.errors) {
    test(c.name + (c.divergence ? ' (divergence)' : ''), () => {
      const errs = validateReplicaSetDefaulted(objectOf(table, c), { gates });
      if (c.first === null) return assert.deepEqual(errs, [], c.divergence);
      assert.deepEqual(pairs(errs)[0], c.first);
      for (const e of errs) {
        assert.ok(
          e.field.startsWith('spec.template.') || table.fields.includes(e.field),
          `${c.name}: missing prefix for ${e.field}`,
        );
      }
    });
  }
});

describe('TestValidateStatefulSet (apps/validation)', () => {
  const table = data.TestValidateStatefulSet;
  for (const c of table.success) {
    test(`success case ${c.name}`, () =>
      assert.deepEqual(validateStatefulSetDefaulted(objectOf(table, c), { gates }), []));
  }
  for (const c of table.errors) {
    test(`error case ${c.name}`, () => {
      assert.deepEqual(sorted(pairs(validateStatefulSetDefaulted(objectOf(table, c), { gates }))), sorted(c.errs));
    });
  }
});

describe('TestValidateJob (batch/validation)', () => {
  const table = data.TestValidateJob;
  const run = (c: Json) => validateJobDefaulted(objectOf(table, c), { gates, requirePrefixedLabels: false });
  for (const c of table.success) test(`success: ${c.name}`, () => assert.deepEqual(run(c), []));
  for (const c of table.errors) {
    test(c.name, () => {
      const errs = run(c);
      assert.ok(errs.length > 0, 'expected failure');
      const colon = c.name.indexOf(':');
      assert.equal(errs[0]!.field, c.name.slice(0, colon));
      assert.ok(errs[0]!.message.includes(c.contains ?? c.name.slice(colon + 1).trim()), errs[0]!.message);
    });
  }
});

describe('TestValidateCronJob (batch/validation)', () => {
  const table = data.TestValidateCronJob;
  for (const c of table.success) {
    test(`success: ${c.name}`, () => assert.deepEqual(validateCronJobDefaulted(objectOf(table, c), { gates }), []));
  }
  for (const c of table.errors) {
    test(c.name, () => {
      const errs = validateCronJobDefaulted(objectOf(table, c), { gates });
      assert.ok(errs.length > 0, 'expected failure');
      const [field, next] = c.name.split(':');
      assert.equal(errs[0]!.field, field);
      assert.ok(errs[0]!.message.includes(c.contains ?? next.trim()), errs[0]!.message);
    });
  }
});
