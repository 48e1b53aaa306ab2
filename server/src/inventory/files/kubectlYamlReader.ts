// A fast reader for the block-YAML subset that `kubectl get ... -o yaml` prints (go-yaml v2 output):
// space-indented block mappings and sequences, single-line plain/quoted scalars, `|` literal block
// scalars, empty `{}`/`[]`, comments, `---` between documents. Anything outside that subset (tabs,
// anchors, aliases, tags, flow collections with content, multi-line plain or quoted scalars, folded
// scalars, complex or merge keys, directives) makes it give up, and the caller uses the full parser.
// When it does answer, the value equals what the full parser (yaml/parse.ts, go-yaml v2 semantics) gives.

import { jsonKey, resolvePlain as goResolvePlain } from '../../yaml/goResolve';
import { badPlainStart, GiveUp, giveUp, resolvePlain } from './kubectlYamlScalars';
import { decodeQuoted } from '../../yaml/goQuoted';

interface Line {
  start: number; // offset of the first character of the line
  indent: number; // leading spaces
  end: number; // offset after the last content character (CR and trailing spaces excluded)
}

function setKey(obj: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
  else obj[k] = v;
}

class Reader {
  private lines: Line[] = [];
  private i = 0;

  constructor(private readonly text: string, from: number, to: number) {
    let pos = from;
    while (pos < to) {
      let nl = text.indexOf('\n', pos);
      if (nl < 0 || nl > to) nl = to;
      let indent = 0;
      let p = pos;
      while (p < nl && text.charCodeAt(p) === 32) { p++; indent++; }
      let end = nl;
      if (end > pos && text.charCodeAt(end - 1) === 13) end--;
      while (end > p && text.charCodeAt(end - 1) === 32) end--;
      // a tab anywhere, or a stray CR, is outside the subset
      for (let q = p; q < end; q++) { const ch = text.charCodeAt(q); if (ch < 32 || ch === 127) giveUp(); }
      this.lines.push({ start: pos, indent, end });
      pos = nl + 1;
    }
  }

  /** Next line with content (not blank, not a comment), without consuming it. */
  private peek(): Line | undefined {
    while (this.i < this.lines.length) {
      const l = this.lines[this.i]!;
      const p = l.start + l.indent;
      if (p >= l.end || this.text.charCodeAt(p) === 35 /* # */) { this.i++; continue; }
      return l;
    }
    return undefined;
  }

  document(): unknown {
    const l = this.peek();
    if (!l) return null;
    if (l.indent !== 0) giveUp();
    const v = this.block(0, l.start);
    if (this.peek()) giveUp(); // content left over: a less-indented or otherwise unexpected line
    return v;
  }

  /** A block node whose first line is the next content line, starting at column `col` (offset `at`). */
  private block(col: number, at: number): unknown {
    const t = this.text;
    const c = t.charCodeAt(at);
    if (c === 45 /* - */ && this.isSeqIndicator(at)) return this.sequence(col, at);
    return this.mapping(col, at);
  }

  private isSeqIndicator(at: number): boolean {
    const n = this.text.charCodeAt(at + 1);
    return Number.isNaN(n) || n === 32 || n === 10 || n === 13 || at + 1 >= this.lineEnd();
  }

  private lineEnd(): number {
    return this.lines[this.i]!.end;
  }

  private sequence(col: number, firstAt: number): unknown[] {
    const out: unknown[] = [];
    let at = firstAt;
    for (;;) {
      const line = this.lines[this.i]!;
      const end = line.end;
      let p = at + 1;
      while (p < end && this.text.charCodeAt(p) === 32) p++;
      if (p >= end || this.text.charCodeAt(p) === 35) {
        // `-` alone: the item is the following more-indented block, or null
        if (p < end && this.text.charCodeAt(p - 1) !== 32) giveUp();
        this.i++;
        const next = this.peek();
        if (next && next.indent > col) out.push(this.block(next.indent, next.start + next.indent));
        else out.push(null);
      } else {
        const itemCol = col + (p - at);
        const c = this.text.charCodeAt(p);
        if (c === 45 && this.isSeqIndicatorAt(p, end)) giveUp(); // nested `- - x`
        const colon = this.findMappingColon(p, end);
        if (colon >= 0) out.push(this.mapping(itemCol, p));
        else {
          out.push(this.inlineScalar(p, end, col));
        }
      }
      const next = this.peek();
      if (!next || next.indent < col) return out;
      if (next.indent > col) giveUp();
      at = next.start + next.indent;
      if (!(this.text.charCodeAt(at) === 45 && this.isSeqIndicatorAt(at, next.end))) return out;
    }
  }

  private isSeqIndicatorAt(at: number, end: number): boolean {
    return at + 1 >= end || this.text.charCodeAt(at + 1) === 32;
  }

  /** Offset of the `:` that ends a mapping key on this line, or -1 when the line is not a `key: value`. */
  private findMappingColon(p: number, end: number): number {
    const t = this.text;
    const c = t.charCodeAt(p);
    if (c === 34 /* " */ || c === 39 /* ' */) {
      const close = c === 39 ? this.singleQuotedEnd(p, end) : this.doubleQuotedEnd(p, end);
      if (close < 0) return -1;
      let q = close;
      while (q < end && t.charCodeAt(q) === 32) q++;
      if (t.charCodeAt(q) === 58 && (q + 1 >= end || t.charCodeAt(q + 1) === 32)) return q;
      return -1;
    }
    for (let q = p; q < end; q++) {
      const ch = t.charCodeAt(q);
      if (ch === 58 && (q + 1 >= end || t.charCodeAt(q + 1) === 32)) return q;
      if (ch === 35 && q > p && t.charCodeAt(q - 1) === 32) return -1; // comment starts
    }
    return -1;
  }

  private mapping(col: number, firstAt: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const t = this.text;
    let at = firstAt;
    for (;;) {
      const line = this.lines[this.i]!;
      const end = line.end;
      const colon = this.findMappingColon(at, end);
      if (colon < 0) giveUp();
      const k = this.key(at, colon);
      let p = colon + 1;
      while (p < end && t.charCodeAt(p) === 32) p++;
      let value: unknown;
      if (p >= end || t.charCodeAt(p) === 35) {
        this.i++;
        const next = this.peek();
        if (next && next.indent > col) value = this.block(next.indent, next.start + next.indent);
        else if (next && next.indent === col && t.charCodeAt(next.start + next.indent) === 45 && this.isSeqIndicatorAt(next.start + next.indent, next.end)) {
          value = this.sequence(col, next.start + next.indent);
        } else value = null;
      } else {
        value = this.inlineScalar(p, end, col);
      }
      setKey(out, k, value);
      const next = this.peek();
      if (!next || next.indent < col) return out;
      if (next.indent > col) giveUp();
      at = next.start + next.indent;
      if (t.charCodeAt(at) === 45 && this.isSeqIndicatorAt(at, next.end)) return out;
    }
  }

  private key(p: number, colon: number): string {
    const t = this.text;
    const c = t.charCodeAt(p);
    if (c === 34) return this.doubleQuoted(p, this.doubleQuotedEnd(p, colon + 1));
    if (c === 39) return this.singleQuoted(p, this.singleQuotedEnd(p, colon + 1));
    let e = colon;
    while (e > p && t.charCodeAt(e - 1) === 32) e--;
    const raw = t.slice(p, e);
    if (raw.length === 0 || badPlainStart(raw) || raw === '<<') giveUp();
    const k = jsonKey(goResolvePlain(raw));
    return typeof k === 'string' ? k : giveUp();
  }


  /** A scalar or empty flow collection that starts at `p` on the current line; consumes the line (and block scalar lines). */
  private inlineScalar(p: number, end: number, parentCol: number): unknown {
    const t = this.text;
    const c = t.charCodeAt(p);
    if (c === 34 || c === 39) {
      const close = c === 34 ? this.doubleQuotedEnd(p, end) : this.singleQuotedEnd(p, end);
      if (close < 0) giveUp();
      this.expectLineRest(close, end);
      const v = c === 34 ? this.doubleQuoted(p, close) : this.singleQuoted(p, close);
      this.i++;
      this.noContinuation(parentCol);
      return v;
    }
    if (c === 124 /* | */) return this.literal(p, end, parentCol);
    if (c === 123 /* { */ || c === 91 /* [ */) {
      const closeCh = c === 123 ? 125 : 93;
      let q = p + 1;
      while (q < end && t.charCodeAt(q) === 32) q++;
      if (t.charCodeAt(q) !== closeCh) giveUp();
      this.expectLineRest(q + 1, end);
      this.i++;
      this.noContinuation(parentCol);
      return c === 123 ? {} : [];
    }
    // plain scalar: up to a comment or the end of the line
    let e = end;
    for (let q = p; q < end; q++) {
      const ch = t.charCodeAt(q);
      if (ch === 35 && t.charCodeAt(q - 1) === 32) { e = q; break; }
      if (ch === 58 && (q + 1 >= end || t.charCodeAt(q + 1) === 32)) giveUp(); // `a: b: c`
    }
    while (e > p && t.charCodeAt(e - 1) === 32) e--;
    const raw = t.slice(p, e);
    if (badPlainStart(raw)) giveUp();
    this.i++;
    this.noContinuation(parentCol);
    return resolvePlain(raw);
  }

  /** After a single-line scalar, a more-indented line would continue it (multi-line plain scalar): not in the subset. */
  private noContinuation(parentCol: number): void {
    const next = this.peek();
    if (next && next.indent > parentCol) giveUp();
  }

  private expectLineRest(q: number, end: number): void {
    const t = this.text;
    let r = q;
    while (r < end && t.charCodeAt(r) === 32) r++;
    if (r < end && !(t.charCodeAt(r) === 35 && r > q)) giveUp();
  }

  private literal(p: number, end: number, parentCol: number): string {
    const t = this.text;
    const header = t.slice(p, end);
    let chomp: 'clip' | 'strip' | 'keep';
    if (header === '|') chomp = 'clip';
    else if (header === '|-') chomp = 'strip';
    else if (header === '|+') chomp = 'keep';
    else return giveUp();
    this.i++;
    // content lines: blank lines and lines indented more than the parent
    const parts: string[] = [];
    let contentIndent = -1;
    let trailingBlank = 0;
    let leadingMaxBlank = 0;
    while (this.i < this.lines.length) {
      const l = this.lines[this.i]!;
      const blank = l.start + l.indent >= l.end;
      if (blank) {
        if (contentIndent < 0) leadingMaxBlank = Math.max(leadingMaxBlank, l.indent);
        else if (l.indent > contentIndent) giveUp(); // whitespace-only line that carries content: keep it simple
        trailingBlank++;
        this.i++;
        continue;
      }
      if (l.indent <= parentCol) break;
      if (contentIndent < 0) {
        contentIndent = l.indent;
        if (leadingMaxBlank > contentIndent) giveUp();
      }
      if (l.indent < contentIndent) giveUp();
      // raw end: keep trailing spaces, which are content in a literal scalar
      let rawEnd = t.indexOf('\n', l.start);
      if (rawEnd < 0) rawEnd = t.length;
      if (rawEnd > l.start && t.charCodeAt(rawEnd - 1) === 13) rawEnd--;
      for (let b = 0; b < trailingBlank; b++) parts.push('');
      trailingBlank = 0;
      parts.push(t.slice(l.start + contentIndent, rawEnd));
      this.i++;
    }
    if (contentIndent < 0) {
      // no content at all: yaml gives "" (clip/strip) or the newlines (keep)
      return chomp === 'keep' ? '\n'.repeat(trailingBlank) : '';
    }
    let s = parts.join('\n');
    if (chomp === 'clip') s += '\n';
    else if (chomp === 'keep') s += '\n' + '\n'.repeat(trailingBlank);
    return s;
  }

  private singleQuotedEnd(p: number, end: number): number {
    const t = this.text;
    for (let q = p + 1; q < end; q++) {
      if (t.charCodeAt(q) === 39) {
        if (t.charCodeAt(q + 1) === 39 && q + 1 < end) { q++; continue; }
        return q + 1;
      }
    }
    return -1;
  }

  private singleQuoted(p: number, close: number): string {
    return this.text.slice(p + 1, close - 1).replace(/''/g, "'");
  }

  private doubleQuotedEnd(p: number, end: number): number {
    const t = this.text;
    for (let q = p + 1; q < end; q++) {
      const ch = t.charCodeAt(q);
      if (ch === 92) { q++; continue; }
      if (ch === 34) return q + 1;
    }
    return -1;
  }

  private doubleQuoted(p: number, close: number): string {
    const raw = this.text.slice(p, close);
    if (raw.indexOf('\\') < 0) return raw.slice(1, -1);
    const q = decodeQuoted(raw);
    return 'value' in q ? q.value : giveUp();
  }
}

function isMarker(text: string, at: number, end: number, marker: string): boolean {
  return text.startsWith(marker, at) && (at + 3 >= end || text.charCodeAt(at + 3) === 32 || text.charCodeAt(at + 3) === 13 || text.charCodeAt(at + 3) === 10);
}

/**
 * Read a kubectl-style YAML stream. Returns the documents' values (empty documents omitted), or
 * undefined when the text steps outside the subset this reader can prove it reads like `yaml` does.
 */
export function fastParseYamlStream(text: string): unknown[] | undefined {
  try {
    let src = text;
    if (src.charCodeAt(0) === 0xfeff) src = src.slice(1);
    const docs: unknown[] = [];
    let docStart = 0;
    let pos = 0;
    const n = src.length;
    const flush = (end: number): void => {
      const v = new Reader(src, docStart, end).document();
      if (v !== null) docs.push(v);
    };
    while (pos <= n) {
      let nl = src.indexOf('\n', pos);
      if (nl < 0) nl = n;
      const c = src.charCodeAt(pos);
      if (c === 37 /* % */) giveUp(); // directives
      if (c === 45 && src.startsWith('---', pos) && !isMarker(src, pos, nl, '---')) giveUp(); // kubectl fails on it
      if (c === 45 && isMarker(src, pos, nl, '---')) {
        let q = pos + 3;
        while (q < nl && (src.charCodeAt(q) === 32 || src.charCodeAt(q) === 13)) q++;
        if (q < nl && src.charCodeAt(q) !== 35) giveUp(); // content on the marker line
        flush(pos);
        docStart = nl + 1;
      } else if (c === 46 && isMarker(src, pos, nl, '...')) {
        giveUp();
      }
      if (nl >= n) break;
      pos = nl + 1;
    }
    if (docStart < n) flush(n);
    return docs;
  } catch (e) {
    if (e instanceof GiveUp) return undefined;
    // any other failure (e.g. a deep structure blowing the stack) also means: use the full parser
    return undefined;
  }
}
