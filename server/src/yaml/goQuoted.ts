// Quoted scalars read as go-yaml v2 reads them: its escape set (which has `\'` but not `\/`), its line
// folding, and no indentation rule for continuation lines. Works on the scalar's source, quotes included.

export type QuotedResult = { value: string } | { error: string; offset: number };

const SIMPLE_ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b',
  ' ': ' ', '"': '"', "'": "'", '\\': '\\', N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029',
};
const HEX_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
const isBreak = (c: string | undefined) => c === '\n' || c === '\r' || c === '\u0085' || c === '\u2028' || c === '\u2029';

/** Length of the line break at i and what go-yaml's read_line makes of it (CR LF, CR, LF and NEL become LF). */
function lineBreak(src: string, i: number): [length: number, value: string] {
  const c = src[i];
  if (c === '\r' && src[i + 1] === '\n') return [2, '\n'];
  if (c === '\u2028' || c === '\u2029') return [1, c];
  return [1, '\n'];
}

function atDocumentIndicator(src: string, i: number): boolean {
  if (!isBreak(src[i - 1])) return false; // only at column 0
  const three = src.slice(i, i + 3);
  const after = src[i + 3];
  return (three === '---' || three === '...') && (after === undefined || isBlank(after) || isBreak(after));
}

// yaml_parser_scan_flow_scalar (go-yaml v2 scannerc.go): the value of a quoted scalar.
export function decodeQuoted(src: string): QuotedResult {
  const single = src[0] === "'";
  const quote = src[0]!;
  let out = '';
  let i = 1;
  for (;;) {
    if (atDocumentIndicator(src, i)) return { error: 'found unexpected document indicator', offset: i };
    if (i >= src.length) return { error: 'found unexpected end of stream', offset: src.length };
    let leadingBlanks = false;
    while (i < src.length && !isBlank(src[i]) && !isBreak(src[i])) {
      const c = src[i]!;
      if (single && c === "'" && src[i + 1] === "'") {
        out += "'";
        i += 2;
      } else if (c === quote) {
        break;
      } else if (!single && c === '\\' && isBreak(src[i + 1])) {
        i += 1 + lineBreak(src, i + 1)[0]; // an escaped line break joins the lines
        leadingBlanks = true;
        break;
      } else if (!single && c === '\\') {
        const e = src[i + 1] ?? '';
        const simple = SIMPLE_ESCAPES[e];
        if (simple !== undefined) {
          out += simple;
          i += 2;
          continue;
        }
        const n = HEX_LENGTH[e];
        if (n === undefined) return { error: 'found unknown escape character', offset: i };
        const hex = src.slice(i + 2, i + 2 + n);
        if (hex.length < n || !/^[0-9a-fA-F]+$/.test(hex)) return { error: 'did not find expected hexdecimal number', offset: i };
        const code = parseInt(hex, 16);
        if ((code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) {
          return { error: 'found invalid Unicode character escape code', offset: i };
        }
        out += String.fromCodePoint(code);
        i += 2 + n;
      } else {
        out += c;
        i++;
      }
    }
    if (src[i] === quote) break;
    let whitespace = '';
    let leadingBreak = '';
    let trailingBreaks = '';
    while (isBlank(src[i]) || isBreak(src[i])) {
      if (isBlank(src[i])) {
        if (!leadingBlanks) whitespace += src[i];
        i++;
      } else {
        const [len, value] = lineBreak(src, i);
        if (!leadingBlanks) {
          whitespace = '';
          leadingBreak = value;
          leadingBlanks = true;
        } else {
          trailingBreaks += value;
        }
        i += len;
      }
    }
    if (leadingBlanks) {
      if (leadingBreak === '\n') out += trailingBreaks === '' ? ' ' : trailingBreaks;
      else out += leadingBreak + trailingBreaks;
    } else {
      out += whitespace;
    }
  }
  return { value: out };
}
