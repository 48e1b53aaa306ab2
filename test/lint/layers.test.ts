// The layer rules of eslint.config.mjs fail on a wrong import and stay quiet on the allowed ones:
// each case lints a line as if it were a file of that layer.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = join(__dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

async function importErrors(file: string, line: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${line}\nexport const probe = 1;\n`, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

const CASES: { name: string; file: string; line: string; fails: boolean }[] = [
  { name: 'core → yaml layer', file: 'server/src/core/probe.ts', line: "import { parseYamlText } from '../yaml/parse';", fails: true },
  { name: 'core → yaml package', file: 'server/src/core/probe.ts', line: "import { parse } from 'yaml';", fails: true },
  { name: 'core → node:fs', file: 'server/src/core/validation/probe.ts', line: "import { readFileSync } from 'node:fs';", fails: true },
  { name: 'core → net', file: 'server/src/core/probe.ts', line: "import { connect } from 'net';", fails: true },
  { name: 'core → lsp (types too)', file: 'server/src/core/probe.ts', line: "import type { Session } from '../lsp/session';", fails: true },
  { name: 'core → cluster', file: 'server/src/core/probe.ts', line: "import { LiveCluster } from '../cluster/kubeLive';", fails: true },
  { name: 'core → core', file: 'server/src/core/probe.ts', line: "import { parseInt64 } from './labels';", fails: false },
  { name: 'core → codes', file: 'server/src/core/probe.ts', line: "import { placementMessage } from '../codes/placement';", fails: false },
  { name: 'lsp → vscode', file: 'server/src/lsp/probe.ts', line: "import * as vscode from 'vscode';", fails: true },
  { name: 'lsp → core', file: 'server/src/lsp/probe.ts', line: "import { placeDaemonSet } from '../core/placement';", fails: false },
  { name: 'codes → core beyond the tag', file: 'server/src/codes/probe.ts', line: "import { parseInt64 } from '../core/labels';", fails: true },
  { name: 'codes → the tag', file: 'server/src/codes/probe.ts', line: "import { KUBERNETES_TAG } from '../core/k8sVersion';", fails: false },
  { name: 'client → lsp', file: 'client/src/views/probe.ts', line: "import { whyLinks } from '../../../server/src/lsp/hover';", fails: true },
  { name: 'client → core', file: 'client/src/probe.ts', line: "import { placeDaemonSet } from '../../server/src/core/placement';", fails: true },
  { name: 'client → walkthrough values', file: 'client/src/probe.ts', line: "import { allNotes } from '../../server/src/walkthrough/index';", fails: true },
  { name: 'client → walkthrough types', file: 'client/src/probe.ts', line: "import type { Note } from '../../server/src/walkthrough/index';", fails: false },
  { name: 'client → protocol', file: 'client/src/probe.ts', line: "import { plan } from '../../server/src/protocol';", fails: false },
  { name: 'client → vocabulary', file: 'client/src/views/probe.ts', line: "import { zoneOf } from '../../../server/src/core/vocabulary';", fails: false },
  { name: 'client → codes', file: 'client/src/views/probe.ts', line: "import { goSymbolFor } from '../../../server/src/codes/index';", fails: false },
];

describe('layer rules (npm run lint)', () => {
  for (const c of CASES) {
    test(`${c.name}: ${c.fails ? 'fails' : 'passes'}`, async () => {
      const errors = await importErrors(c.file, c.line);
      if (c.fails) assert.ok(errors.length > 0 && /docs\/ARCHITECTURE\.md/.test(errors[0]!), `expected a layer error for ${c.line}`);
      else assert.deepEqual(errors, []);
    });
  }
});
