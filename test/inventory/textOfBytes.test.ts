// A file's bytes as text: ASCII through the Latin-1 copy, everything else as UTF-8 decoding gives it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textOfBytes } from '../../server/src/inventory/files/textOfBytes';

test('textOfBytes: the same string as UTF-8 decoding, for ASCII, UTF-8, a BOM and invalid bytes', () => {
  const cases = [
    Buffer.from('apiVersion: v1\nkind: NodeList\nitems: []\n'),
    Buffer.from('metadata:\n  labels:\n    zone: "zürich-ü-雪"\n'),
    Buffer.from('\ufeffkind: Node\n'),
    Buffer.from([0x6b, 0x3a, 0x20, 0xff, 0xfe, 0x0a, 0xc3]), // not UTF-8: replacement characters, as before
    Buffer.alloc(0),
  ];
  for (const b of cases) assert.equal(textOfBytes(b), b.toString('utf8'), JSON.stringify(b.toString('latin1')));
  // Latin-1 alone would differ on every non-ASCII case: the test tells the two decodings apart.
  assert.notEqual(cases[1]!.toString('latin1'), cases[1]!.toString('utf8'));
});
