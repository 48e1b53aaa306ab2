// Keyboard inside a table that is one Tab stop: the header's sort buttons and the rows are reached with arrows.
// The same function runs in the webview as text (viewScript.ts): the embedded copy is checked too.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { tableKey, type TablePos, type TableShape } from '../../client/src/views/tableKeys';
import { SCRIPT } from '../../client/src/views/viewScript';
import { header, page } from '../../client/src/views/html';
import { renderRolloutBody } from '../../client/src/views/plan';
import type { RolloutResult } from '../../server/src/protocol';

type Fn = typeof tableKey;
// 3 sort buttons; 4 rows, row 1 has two actions, row 3 one.
const shape: TableShape = { headers: 3, rows: 4, actions: (r) => [0, 2, 0, 1][r] ?? 0 };
const at = (row: number, col = -1): TablePos => ({ row, col });

/** The function exactly as the webview gets it: its text, evaluated with nothing else in scope. */
function embedded(): Fn {
  const m = /const tableKey = \(([\s\S]*?)\);\n {2}const vscode = /.exec(SCRIPT);
  assert.ok(m, 'the script embeds tableKey');
  return new Function(`"use strict"; return (${m[1]});`)() as Fn;
}

for (const [name, key] of [['imported', tableKey], ['embedded in the webview script', embedded()]] as [string, Fn][]) {
  describe(`tableKey (${name})`, () => {
    test('up from the first row reaches the header, at the column last used; down comes back to the first row', () => {
      assert.deepEqual(key(shape, at(0), 'ArrowUp', 2), at(-1, 2));
      assert.deepEqual(key(shape, at(0), 'ArrowUp', 7), at(-1, 2));
      assert.deepEqual(key(shape, at(-1, 1), 'ArrowDown', 1), at(0));
      assert.deepEqual(key(shape, at(-1, 1), 'ArrowUp', 1), at(-1, 1));
    });

    test('left and right move between the sort buttons and stop at the ends; Home and End jump', () => {
      assert.deepEqual(key(shape, at(-1, 0), 'ArrowRight', 0), at(-1, 1));
      assert.deepEqual(key(shape, at(-1, 2), 'ArrowRight', 0), at(-1, 2));
      assert.deepEqual(key(shape, at(-1, 0), 'ArrowLeft', 0), at(-1, 0));
      assert.deepEqual(key(shape, at(-1, 1), 'End', 0), at(-1, 2));
      assert.deepEqual(key(shape, at(-1, 2), 'Home', 0), at(-1, 0));
    });

    test('Enter and Space on a sort button are the button\'s own (it sorts); Tab always leaves the table', () => {
      assert.equal(key(shape, at(-1, 1), 'Enter', 0), undefined);
      assert.equal(key(shape, at(-1, 1), ' ', 0), undefined);
      assert.equal(key(shape, at(-1, 1), 'Tab', 0), undefined);
      assert.equal(key(shape, at(2), 'Tab', 0), undefined);
    });

    test('rows: down, up, page, Home and End, clamped to the table', () => {
      assert.deepEqual(key(shape, at(0), 'ArrowDown', 0), at(1));
      assert.deepEqual(key(shape, at(3), 'ArrowDown', 0), at(3));
      assert.deepEqual(key(shape, at(2), 'ArrowUp', 0), at(1));
      assert.deepEqual(key(shape, at(0), 'PageDown', 0), at(3));
      assert.deepEqual(key(shape, at(3), 'PageUp', 0), at(0));
      assert.deepEqual(key(shape, at(2), 'Home', 0), at(0));
      assert.deepEqual(key(shape, at(0), 'End', 0), at(3));
      // From an action, a vertical move lands on the row itself.
      assert.deepEqual(key(shape, at(1, 1), 'ArrowDown', 0), at(2));
    });

    test('right and left walk the row\'s actions and back to the row; Enter on the row runs its first action', () => {
      assert.deepEqual(key(shape, at(1), 'ArrowRight', 0), at(1, 0));
      assert.deepEqual(key(shape, at(1, 0), 'ArrowRight', 0), at(1, 1));
      assert.deepEqual(key(shape, at(1, 1), 'ArrowRight', 0), at(1, 1));
      assert.deepEqual(key(shape, at(1, 1), 'ArrowLeft', 0), at(1, 0));
      assert.deepEqual(key(shape, at(1, 0), 'ArrowLeft', 0), at(1));
      assert.deepEqual(key(shape, at(0), 'ArrowRight', 0), at(0));
      assert.equal(key(shape, at(1), 'Enter', 0), 'activate');
      assert.equal(key(shape, at(0), 'Enter', 0), undefined);
      assert.equal(key(shape, at(1, 1), 'Enter', 0), undefined);
    });

    test('a table without sort buttons keeps ArrowUp on the first row; an empty table keeps the header', () => {
      const plain: TableShape = { headers: 0, rows: 2, actions: () => 0 };
      assert.deepEqual(key(plain, at(0), 'ArrowUp', 0), at(0));
      const empty: TableShape = { headers: 2, rows: 0, actions: () => 0 };
      assert.deepEqual(key(empty, at(-1, 0), 'ArrowDown', 0), at(-1, 0));
    });
  });
}

describe('one Tab stop per table in the rendered HTML', () => {
  test('sort buttons are out of the Tab order; a plain header has no button', () => {
    assert.match(header('Node'), /<button type="button" tabindex="-1">Node<\/button>/);
    assert.doesNotMatch(header('Pod', { sortable: false }), /button/);
  });

  test('a rendered table has exactly one element with tabindex 0 before the script runs', () => {
    const r: RolloutResult = {
      uri: 'u', documentIndex: 0, strategy: 'RollingUpdate', desiredNumberScheduled: 3, maxSurge: 0, maxUnavailable: 2,
      explanation: { maxSurge: '0', maxUnavailable: '2' }, notes: [],
      rounds: [
        { index: 1, surge: [], delete: ['a', 'b'], create: ['a', 'b'], unavailable: 2, note: '' },
        { index: 2, surge: [], delete: ['c'], create: ['c'], unavailable: 1, note: '' },
      ],
    };
    const html = page({ title: 't', cspSource: 'x', nonce: 'n', view: 'kce.rollout', state: null, body: renderRolloutBody(r, 'ns/ds') });
    const table = /<table[^>]*id="rounds"[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
    assert.ok(table, html.slice(0, 400));
    assert.equal((table.match(/tabindex="0"/g) ?? []).length, 1);
    assert.ok((table.match(/<button type="button" tabindex="-1">/g) ?? []).length >= 4);
  });
});
