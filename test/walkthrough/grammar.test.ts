import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allNotes } from '../../server/src/walkthrough/index';
import { anchorRefs, noteRefs } from '../../server/src/walkthrough/links';

interface Rule { match: string; captures: Record<string, { name: string }> }
const grammar = JSON.parse(readFileSync(join(__dirname, '..', '..', 'syntaxes', 'walkthrough-anchors.tmLanguage.json'), 'utf8')) as {
  scopeName: string; injectionSelector: string; patterns: { include: string }[]; repository: Record<string, Rule>;
};
// The rules use only syntax that Oniguruma and JavaScript read the same way.
const rule = (name: string) => new RegExp(grammar.repository[name]!.match, 'g');

test('the grammar is an injection into markdown whose includes all exist', () => {
  assert.equal(grammar.injectionSelector, 'L:text.html.markdown');
  assert.match(grammar.scopeName, /^markdown\./);
  for (const p of grammar.patterns) assert.ok(grammar.repository[p.include.slice(1)], p.include);
});

test('anchor links are highlighted with the symbol captured', () => {
  const m = rule('anchor-link').exec('see [manage](anchor:pkg/controller/daemon/daemon_controller.go#DaemonSetsController.manage) now')!;
  assert.equal(m[5], 'anchor');
  assert.equal(m[7], 'pkg/controller/daemon/daemon_controller.go');
  assert.equal(m[9], 'DaemonSetsController.manage');
  const short = rule('anchor-link').exec('[x](anchor:NewPod)')!;
  assert.equal(short[9], 'NewPod');
  assert.equal(rule('anchor-link').exec('[x](anchor:manage())'), null, 'not a symbol');
  assert.equal(rule('anchor-link').exec('[x](https://example.com/anchor:NewPod)'), null);
});

test('note links and front-matter symbols are highlighted', () => {
  assert.equal(rule('note-link').exec('[sync](note:ds-sync-loop)')?.[7], 'ds-sync-loop');
  const fm = new RegExp(grammar.repository['front-matter-symbol']!.match, 'm');
  assert.equal(fm.exec('    symbol: podStorage.Merge')?.[4], 'podStorage.Merge');
  assert.equal(fm.exec('    symbol: not a symbol'), null);
});

test('the grammar finds exactly the links the engine finds in every bundled note', () => {
  for (const n of allNotes()) {
    assert.equal([...n.body.matchAll(rule('anchor-link'))].length, anchorRefs(n.body).length, n.id);
    assert.equal([...n.body.matchAll(rule('note-link'))].length, noteRefs(n.body).length, n.id);
  }
});
