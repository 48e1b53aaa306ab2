// Facts tests check that a note still says what the engine is tested to do, so the two cannot drift apart.
import assert from 'node:assert/strict';
import { getNote } from '../../server/src/walkthrough/index';

/** The note exists and still says what the test checks (whitespace runs read as one space). */
export function noteSays(id: string, ...claims: RegExp[]): void {
  const note = getNote(id);
  assert.ok(note, `note ${id}`);
  const text = note.body.replace(/\s+/g, ' ');
  for (const c of claims) assert.match(text, c, `note ${id} says ${c}`);
}
