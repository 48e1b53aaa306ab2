// Which quick fixes are offered where: only for the diagnostics under the cursor or selection, chosen by code.
// (What each fix writes and its placement effect: quickfixes.test.ts.)
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, Diagnostic, Range } from 'vscode-languageserver/node';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { closest, placementEffect } from '../../server/src/lsp/codeActions';
import { startServer } from './harness';
import type { Harness } from './harness';

let h: Harness;
let n = 0;
before(async () => { h = await startServer({ deps: defaultDeps() }); });
after(async () => { await h.dispose(); });

// Three problems with fixes on different lines, a comment, and an error without a mechanical fix (the name).
const TEXT = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: Agent_1
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
    spec:
      # tolerations below
      restartPolicy: OnFailure
      tolerations:
        - key: node-role.kubernetes.io/master
          operator: Exists
        - key: dedicated
          operator: Exists
          effect: NoSchedul
      containers:
        - name: c
          image: busybox
`;

const line = (l: number, from = 0, to = 80): Range => ({ start: { line: l, character: from }, end: { line: l, character: to } });

async function setup(): Promise<{ uri: string; diags: Diagnostic[] }> {
  const uri = `file:///w/where-${n++}.yaml`;
  await h.open(uri, TEXT);
  return { uri, diags: (await h.pull(uri)).items ?? [] };
}

function ask(uri: string, range: Range, diagnostics: Diagnostic[]): Promise<CodeAction[]> {
  return h.client.sendRequest('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics } }) as Promise<CodeAction[]>;
}

/** What an editor sends: the diagnostics overlapping the range. */
function overlapping(diags: Diagnostic[], r: Range): Diagnostic[] {
  return diags.filter((d) => d.range.start.line <= r.end.line && d.range.end.line >= r.start.line);
}

describe('quick fixes only where the cursor is', () => {
  test('a comment line or a line without a diagnostic gets no fix', async () => {
    const { uri, diags } = await setup();
    for (const l of [0, 13, 22]) assert.deepEqual(await ask(uri, line(l), overlapping(diags, line(l))), [], `line ${l + 1}`);
  });

  test('each line gets the fixes of its own diagnostic, and nothing else', async () => {
    const { uri, diags } = await setup();
    const titles = async (l: number): Promise<string[]> => (await ask(uri, line(l), overlapping(diags, line(l)))).map((a) => a.title.replace(/ — .*$/, ''));
    assert.deepEqual(await titles(14), ['Change restartPolicy OnFailure to Always']);
    assert.deepEqual(await titles(16), ['Replace the node-role.kubernetes.io/master toleration by node-role.kubernetes.io/control-plane']);
    assert.deepEqual(await titles(20), ['Change NoSchedul to NoSchedule']);
  });

  test('a client sending every diagnostic still gets only those under the range', async () => {
    const { uri, diags } = await setup();
    const actions = await ask(uri, line(20), diags);
    assert.deepEqual(actions.map((a) => a.title.replace(/ — .*$/, '')), ['Change NoSchedul to NoSchedule']);
  });

  test('a selection over several lines gets the fixes of every diagnostic in it', async () => {
    const { uri, diags } = await setup();
    const r: Range = { start: { line: 14, character: 0 }, end: { line: 20, character: 30 } };
    const actions = await ask(uri, r, overlapping(diags, r));
    assert.equal(actions.length, 3, JSON.stringify(actions.map((a) => a.title)));
  });

  test('an error without a mechanical fix (an invalid name) gets none', async () => {
    const { uri, diags } = await setup();
    const name = diags.find((d) => (d.data as { field: string }).field === 'metadata.name');
    assert.ok(name);
    assert.deepEqual(await ask(uri, name.range, [name]), []);
  });

  test('foreign diagnostics and closed documents give nothing', async () => {
    const { uri, diags } = await setup();
    const effect = diags.find((d) => d.code === 'FieldValueNotSupported' && /effect$/.test((d.data as { field: string }).field))!;
    assert.deepEqual(await ask(uri, effect.range, [{ ...effect, source: 'other' }]), []);
    assert.deepEqual(await ask('file:///w/none.yaml', effect.range, [effect]), []);
  });
});

describe('titles and spelling', () => {
  test('placement effect wording', () => {
    assert.equal(placementEffect(0), ' — no change in placement');
    assert.equal(placementEffect(1), ' — runs on 1 more node');
    assert.equal(placementEffect(-3), ' — runs on 3 fewer nodes');
    assert.equal(placementEffect(undefined), '');
  });

  test('closest: typo distance bound and operator synonyms', () => {
    assert.equal(closest('noschedule', ['NoSchedule', 'NoExecute']), 'NoSchedule');
    assert.equal(closest('Banana', ['NoSchedule', 'NoExecute']), undefined);
    assert.equal(closest('NoExecute', ['NoSchedule', 'NoExecute']), undefined);
    assert.equal(closest('Within', ['In', 'NotIn', 'Exists', 'DoesNotExist']), 'In');
    assert.equal(closest('Equals', ['Equal', 'Exists']), 'Equal');
    assert.equal(closest('Within', ['Equal', 'Exists']), undefined);
  });
});
