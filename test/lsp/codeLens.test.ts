// The code lens never shows the placement of a document with errors silently: it says so before the numbers.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeLens } from 'vscode-languageserver/node';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { errorWarning, lensTitle } from '../../server/src/lsp/codeLens';
import { startServer } from './harness';
import type { Harness } from './harness';

let h: Harness;
before(async () => { h = await startServer({ deps: defaultDeps() }); });
after(async () => { await h.dispose(); });

const DS = (spec: string): string => `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
${spec}      containers:
        - name: c
          image: busybox
`;

async function lensOf(uri: string, text: string): Promise<string> {
  await h.open(uri, text);
  const lenses = (await h.client.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
  assert.equal(lenses.length, 1);
  return lenses[0]!.command!.title;
}

describe('code lens and document errors', () => {
  test('a valid DaemonSet: the counts alone', async () => {
    assert.match(await lensOf('file:///w/lens-ok.yaml', DS('')), /^runs on \d+ of 14 nodes · \d+ skipped$/);
  });

  test('API errors: how many to fix first, then the placement as written', async () => {
    const title = await lensOf('file:///w/lens-api.yaml', DS('      restartPolicy: OnFailure\n      tolerations:\n        - key: a\n          effect: NoSchedul\n'));
    assert.match(title, /^⚠ fix 2 errors first · runs on \d+ of 14 nodes as written, ignoring what is invalid$/);
  });

  test('a YAML syntax error mid-typing is named as such', async () => {
    const title = await lensOf('file:///w/lens-yaml.yaml', DS('      nodeSelector:\n        disktype: [ssd\n'));
    assert.match(title, /^⚠ YAML syntax errors?( \(\d+\))?: fix (it|them) first · runs on \d+ of 14 nodes as written/);
  });

  test('wording and plurals', () => {
    assert.equal(lensTitle(1, 1), 'runs on 1 of 1 node · 0 skipped');
    assert.equal(errorWarning({ yaml: 0, api: 1 }), 'fix 1 error first');
    assert.equal(errorWarning({ yaml: 1, api: 3 }), 'YAML syntax error: fix it first');
    assert.equal(errorWarning({ yaml: 0, api: 0 }), '');
  });
});
