// The YAML readers' resolvePlain (kubectlYamlScalars.ts) takes fast exits before go-yaml's full resolution
// (goResolve.ts resolvePlain): each exit must give that resolution's answer. Checked on the shapes the exits are for
// (uids, dates, quantities, decimals, words) and on random scalars of number-like characters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GiveUp, resolvePlain } from '../../server/src/inventory/files/kubectlYamlScalars';
import { resolvePlain as goResolvePlain } from '../../server/src/yaml/goResolve';
import { seededRandom } from './variedPods';

// The full resolution's value, or GiveUp where the reader leaves the value to the full parser.
function reference(s: string): unknown {
  const r = goResolvePlain(s);
  if (typeof r.value === 'number' && !Number.isFinite(r.value)) return GiveUp;
  if (r.tag === 'int' && r.int !== undefined && !Number.isSafeInteger(r.value)) return GiveUp;
  return r.value;
}

function fast(s: string): unknown {
  try {
    return resolvePlain(s);
  } catch (e) {
    if (e instanceof GiveUp) return GiveUp;
    throw e;
  }
}

test('kubectlYamlScalars resolvePlain: the fast exits agree with go-yaml`s resolution on chosen scalars', () => {
  const values = [
    '00003a90-7c1d-4e5f-9a8b-00000000002e',
    '7c1d4e5f-0000-4000-8000-000000000001',
    '1234567e-89ab-4cde-8f01-23456789abcd',
    '2001-12-14',
    '2001-12-14t21:59:43.10-05:00',
    '1e-5',
    '1E-5',
    '1.5e-3',
    '12e4-3',
    '-1',
    '-1-2',
    '+1-2',
    '--1',
    '-',
    '0x1f',
    '0x1F-1',
    '0o17',
    '0b101',
    '1_000',
    '1_000-1',
    '0777',
    '08',
    '100m',
    '128Mi',
    '1e3',
    '.5',
    '-.5',
    '3.',
    '42',
    '123456789012345',
    '1234567890123456',
    '9223372036854775807',
    '18446744073709551615',
    '18446744073709551616',
    'y',
    'yes',
    'No',
    'TRUE',
    'off',
    'null',
    '~',
    'nulls',
    'app-46-5f58ef2-xxbkg',
    'ip-10-0-234-44.ec2.internal',
    '10.0.0.1',
    '1.2.3',
    '.inf',
    '-.inf',
    '+.INF',
    '.nan',
    '<<',
    '',
    '0',
    '-0',
    '+0',
    '00',
  ];
  for (const s of values) assert.deepEqual(fast(s), reference(s), JSON.stringify(s));
});

test('kubectlYamlScalars resolvePlain: the fast exits agree with go-yaml`s resolution on 20,000 random scalars', () => {
  const seeded = seededRandom(20261125);
  const rand = (n: number) => Math.floor((seeded(2 ** 30) / 2 ** 30) * n);
  const chars = '0123456789abcdefxopEXOP.+-_';
  for (let k = 0; k < 20_000; k++) {
    let s = '';
    const n = 1 + rand(12);
    for (let i = 0; i < n; i++) s += chars[rand(chars.length)];
    assert.deepEqual(fast(s), reference(s), JSON.stringify(s));
  }
});
