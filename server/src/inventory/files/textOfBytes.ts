// A file's bytes as text. Most kubectl output is ASCII: then its bytes are already the string's one-byte form, and
// decoding them as Latin-1 is a copy, where UTF-8 decoding walks every byte (on a 63 MB nodes file, 52 ms against
// 85-126 ms with the read included). Anything else is decoded as UTF-8, exactly as before.
import { isAscii } from 'node:buffer';

export function textOfBytes(buf: Buffer): string {
  return isAscii(buf) ? buf.toString('latin1') : buf.toString('utf8');
}
