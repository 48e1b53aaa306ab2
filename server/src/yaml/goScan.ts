// The parts of go-yaml v2.4.3's scanner (scannerc.go; the reader behind sigs.k8s.io/yaml v1.6.0, so behind kubectl)
// whose outcome the `yaml` package does not share, replayed with the state they depend on (flow level, simple keys,
// the indentation stack):
// - tabs: in the block context a tab may not start a token where a simple key may start (a tab-only line, `-\tb`, a
//   tab before a comment at a line start), may not indent the continuation of a plain scalar, nor a block scalar;
// - go-yaml reads one document per chunk and stops where it ends: at a `...` line, at a directive line (an unknown
//   one is an error), or where a root block collection ends before the text does (`  a: 1\nb: 2` is `{a: 1}`).
// The walk reports the first such problem, as go-yaml stops at it; on any other problem it stops and says nothing.

export interface ScanProblem {
  /** Offset of the offending character in the text. */
  offset: number;
  message: string;
}

export interface ScanResult {
  problem?: ScanProblem;
  /** Where the document ends before the text does: go-yaml reads nothing from there. */
  readEnd?: number;
}

interface SimpleKey {
  possible: boolean;
  line: number;
  index: number;
  column: number;
}

const LINE_END = /[\r\n]/g;
const PLAIN_RUN_BLOCK = /[^ \t\r\n:]*/y;
const PLAIN_RUN_FLOW = /[^ \t\r\n:,?[\]{}]*/y;
const NO_KEY: SimpleKey = { possible: false, line: 0, index: 0, column: 0 };
const TAB_STARTS_TOKEN = 'found character that cannot start any token';
const TAB_IN_PLAIN = 'found a tab character that violates indentation';
const TAB_IN_BLOCK = 'found a tab character where an indentation space is expected';
// a key longer than this on one line is no longer a simple key (yaml_simple_key_is_valid)
const MAX_SIMPLE_KEY = 1024;

class Stop {
  constructor(readonly problem?: ScanProblem) {}
}

// yaml_parser_scan_directive, scannerc.go: the two directives it knows, with their parameters
const DIRECTIVE = /^%(?:YAML[ \t]+\d+\.\d+|TAG[ \t]+!\S*[ \t]+\S+)(?:[ \t]+(?:#.*)?)?\r?$/;

class Scanner {
  private pos = 0;
  private line = 0;
  private column = 0;
  private flow = 0;
  private allowed = true;
  private indent = -1;
  private readonly indents: number[] = [];
  private readonly keys: SimpleKey[] = [{ ...NO_KEY }];
  private begun = false; // a document started (`---` or a first token): a directive now ends it
  private root = false; // the root node is a block collection
  readEnd?: number;

  constructor(private readonly text: string) {}

  private at(i: number): string {
    return this.text[i] ?? '';
  }
  private isBreak(i: number): boolean {
    const c = this.text.charCodeAt(i);
    return c === 10 || c === 13;
  }
  private isBlank(i: number): boolean {
    const c = this.text.charCodeAt(i);
    return c === 32 || c === 9;
  }
  private isBlankz(i: number): boolean {
    const c = this.text.charCodeAt(i);
    return c === 32 || c === 9 || c === 10 || c === 13 || Number.isNaN(c);
  }
  private advance(n = 1): void {
    this.pos += n;
    this.column += n;
  }
  private skipBreak(): void {
    this.pos += this.at(this.pos) === '\r' && this.at(this.pos + 1) === '\n' ? 2 : 1;
    this.line++;
    this.column = 0;
  }
  private toLineEnd(): void {
    LINE_END.lastIndex = this.pos;
    const end = LINE_END.exec(this.text) ? LINE_END.lastIndex - 1 : this.text.length;
    this.advance(end - this.pos);
  }
  private tab(message: string): never {
    throw new Stop({ offset: this.pos, message });
  }

  // yaml_parser_roll_indent / yaml_parser_unroll_indent, scannerc.go
  private roll(column: number): void {
    if (this.flow > 0 || this.indent >= column) return;
    if (this.indent === -1) this.root = true;
    this.indents.push(this.indent);
    this.indent = column;
  }
  private unroll(column: number): void {
    if (this.flow > 0) return;
    while (this.indent > column) this.indent = this.indents.pop() ?? -1;
  }
  // yaml_parser_save_simple_key / yaml_parser_remove_simple_key, scannerc.go
  private saveKey(): void {
    if (this.allowed)
      this.keys[this.keys.length - 1] = { possible: true, line: this.line, index: this.pos, column: this.column };
  }
  private removeKey(): void {
    this.keys[this.keys.length - 1] = { ...NO_KEY };
  }

  // yaml_parser_scan_to_next_token, scannerc.go: tabs are skipped only in flow context or where no simple key may start
  private toNextToken(): void {
    for (;;) {
      if (this.column === 0 && this.at(this.pos) === '\uFEFF') this.advance();
      while (this.at(this.pos) === ' ' || ((this.flow > 0 || !this.allowed) && this.at(this.pos) === '\t'))
        this.advance();
      if (this.at(this.pos) === '#') this.toLineEnd();
      if (!this.isBreak(this.pos)) return;
      this.skipBreak();
      if (this.flow === 0) this.allowed = true;
    }
  }

  // yaml_parser_fetch_next_token, scannerc.go (the dispatch on the token's first character)
  run(): void {
    for (;;) {
      this.toNextToken();
      this.unroll(this.column);
      const i = this.pos;
      if (i >= this.text.length) return;
      const c = this.at(i);
      const marker = this.column === 0 && this.isBlankz(i + 3) ? this.text.slice(i, i + 3) : '';
      if (marker === '...') {
        this.toLineEnd();
        this.readEnd = this.pos;
        return;
      }
      if (this.column === 0 && c === '%') {
        this.toLineEnd();
        if (!this.begun) continue; // before the document: kubectlChunks.ts reports it
        if (!DIRECTIVE.test(this.text.slice(i, this.pos)))
          throw new Stop({ offset: i, message: 'found unknown directive name' });
        this.readEnd = i;
        return;
      }
      if (this.root && this.indent === -1 && marker !== '---') {
        // yaml_parser_parse_document_end: the root collection has ended, the document ends implicitly
        this.readEnd = i - this.column;
        return;
      }
      this.begun = true;
      if (marker === '---') {
        this.unroll(-1);
        this.removeKey();
        this.allowed = false;
        this.advance(3);
      } else if (c === '[' || c === '{') {
        this.saveKey();
        this.flow++;
        this.keys.push({ ...NO_KEY });
        this.allowed = true;
        this.advance();
      } else if (c === ']' || c === '}') {
        this.removeKey();
        if (this.flow > 0) {
          this.flow--;
          this.keys.pop();
        }
        this.allowed = false;
        this.advance();
      } else if (c === ',') {
        this.removeKey();
        this.allowed = true;
        this.advance();
      } else if (c === '-' && this.isBlankz(i + 1)) {
        if (this.flow === 0 && !this.allowed) throw new Stop();
        this.roll(this.column);
        this.removeKey();
        this.allowed = true;
        this.advance();
      } else if (c === '?' && (this.flow > 0 || this.isBlankz(i + 1))) {
        if (this.flow === 0 && !this.allowed) throw new Stop();
        this.roll(this.column);
        this.removeKey();
        this.allowed = this.flow === 0;
        this.advance();
      } else if (c === ':' && (this.flow > 0 || this.isBlankz(i + 1))) {
        this.value();
      } else if (c === '*' || c === '&') {
        this.saveKey();
        this.allowed = false;
        this.advance();
        while (/[0-9A-Za-z_-]/.test(this.at(this.pos))) this.advance();
      } else if (c === '!') {
        this.saveKey();
        this.allowed = false;
        while (!this.isBlankz(this.pos)) this.advance();
      } else if ((c === '|' || c === '>') && this.flow === 0) {
        this.removeKey();
        this.allowed = true;
        this.blockScalar();
      } else if (c === "'" || c === '"') {
        this.saveKey();
        this.allowed = false;
        this.quotedScalar(c);
      } else if (this.startsPlain(i)) {
        this.saveKey();
        this.allowed = false;
        this.plainScalar();
      } else if (c === '\t') {
        this.tab(TAB_STARTS_TOKEN);
      } else {
        throw new Stop();
      }
    }
  }

  private startsPlain(i: number): boolean {
    const c = this.at(i);
    if (!this.isBlankz(i) && !'-?:,[]{}#&*!|>\'"%@`'.includes(c)) return true;
    if (c === '-' && !this.isBlank(i + 1)) return true;
    return this.flow === 0 && (c === '?' || c === ':') && !this.isBlankz(i + 1);
  }

  // yaml_parser_fetch_value, scannerc.go
  private value(): void {
    const key = this.keys[this.keys.length - 1]!;
    if (key.possible && key.line === this.line && key.index + MAX_SIMPLE_KEY >= this.pos) {
      this.roll(key.column);
      this.removeKey();
      this.allowed = false;
    } else {
      if (this.flow === 0 && !this.allowed) throw new Stop();
      this.roll(this.column);
      this.allowed = this.flow === 0;
    }
    this.advance();
  }

  // yaml_parser_scan_flow_scalar, scannerc.go: tabs are plain whitespace there; only the extent matters
  private quotedScalar(quote: string): void {
    this.advance();
    for (;;) {
      if (this.pos >= this.text.length) throw new Stop();
      const c = this.at(this.pos);
      if (
        this.column === 0 &&
        this.isBlankz(this.pos + 3) &&
        /^(---|\.\.\.)$/.test(this.text.slice(this.pos, this.pos + 3))
      ) {
        throw new Stop();
      }
      if (this.isBreak(this.pos)) this.skipBreak();
      else if (c === quote && quote === "'" && this.at(this.pos + 1) === "'") this.advance(2);
      else if (c === quote) return this.advance();
      else if (c === '\\' && quote === '"' && this.isBreak(this.pos + 1)) {
        this.advance();
        this.skipBreak();
      } else this.advance(c === '\\' && quote === '"' ? 2 : 1);
    }
  }

  // yaml_parser_scan_plain_scalar, scannerc.go
  private plainScalar(): void {
    const indent = this.indent + 1;
    let leading = false;
    for (;;) {
      const doc =
        this.column === 0 &&
        this.isBlankz(this.pos + 3) &&
        /^(---|\.\.\.)$/.test(this.text.slice(this.pos, this.pos + 3));
      if (doc || this.at(this.pos) === '#') break;
      while (!this.isBlankz(this.pos)) {
        const c = this.at(this.pos);
        if ((c === ':' && this.isBlankz(this.pos + 1)) || (this.flow > 0 && ',?[]{}'.includes(c))) break;
        leading = false;
        // the characters that cannot end the scalar, in one step
        const run = this.flow > 0 ? PLAIN_RUN_FLOW : PLAIN_RUN_BLOCK;
        run.lastIndex = this.pos + 1;
        run.exec(this.text);
        this.advance(run.lastIndex - this.pos);
      }
      if (!this.isBlank(this.pos) && !this.isBreak(this.pos)) break;
      while (this.isBlank(this.pos) || this.isBreak(this.pos)) {
        if (this.isBreak(this.pos)) {
          this.skipBreak();
          leading = true;
        } else {
          if (leading && this.column < indent && this.at(this.pos) === '\t') this.tab(TAB_IN_PLAIN);
          this.advance();
        }
      }
      if (this.flow === 0 && this.column < indent) break;
    }
    if (leading) this.allowed = true;
  }

  // yaml_parser_scan_block_scalar, scannerc.go (header, then lines while they keep the indentation)
  private blockScalar(): void {
    this.advance();
    let increment = 0;
    for (let k = 0; k < 2; k++) {
      const c = this.at(this.pos);
      if (c === '+' || c === '-') this.advance();
      else if (/[0-9]/.test(c)) {
        if (c === '0') throw new Stop();
        increment = Number(c);
        this.advance();
      }
    }
    while (this.isBlank(this.pos)) this.advance();
    if (this.at(this.pos) === '#') this.toLineEnd();
    if (!this.isBlankz(this.pos)) throw new Stop();
    if (this.isBreak(this.pos)) this.skipBreak();
    let indent = increment > 0 ? (this.indent >= 0 ? this.indent + increment : increment) : 0;
    indent = this.blockBreaks(indent);
    while (this.column === indent && this.pos < this.text.length) {
      this.toLineEnd();
      if (this.pos >= this.text.length) break;
      this.skipBreak();
      indent = this.blockBreaks(indent);
    }
  }

  // yaml_parser_scan_block_scalar_breaks, scannerc.go: returns the indentation, found when it was 0
  private blockBreaks(indent: number): number {
    let maxIndent = 0;
    for (;;) {
      while ((indent === 0 || this.column < indent) && this.at(this.pos) === ' ') this.advance();
      if (this.column > maxIndent) maxIndent = this.column;
      if ((indent === 0 || this.column < indent) && this.at(this.pos) === '\t') this.tab(TAB_IN_BLOCK);
      if (!this.isBreak(this.pos)) break;
      this.skipBreak();
    }
    return indent === 0 ? Math.max(maxIndent, this.indent + 1, 1) : indent;
  }
}

// Only these texts can be read differently: a tab, a line starting with `%` or `...`, an indented first line.
const MAY_DIFFER = /\t|(?:^|\n)(?:%|\.\.\.)|^(?:[ \r]*(?:#[^\n]*)?\n|---[^\n]*\n)* +[^\s#]/;

/** Replay go-yaml's scanner over the first document of `text`. */
export function goYamlScan(text: string): ScanResult {
  if (!MAY_DIFFER.test(text)) return {};
  const scanner = new Scanner(text);
  try {
    scanner.run();
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    return { problem: e.problem };
  }
  return { readEnd: scanner.readEnd };
}
