// The `yaml` package's parser, adjusted to read what go-yaml v2 reads, and bounded before it does the work:
// - a quoted scalar runs to its closing quote whatever the indentation of its continuation lines (go-yaml has
//   no indentation rule there; the `yaml` package ends the scalar at the first under-indented line);
// - a tab where go-yaml refuses one (goScan.ts) is an error of the first document, unless one is reported there,
//   and the text after the first document's end (goScan.ts) is not composed, as go-yaml does not read it;
// - the token stream stops once more than `maxErrors` error tokens went by, so an error-dense text
//   (a million `]`) costs a few milliseconds instead of one error object per bad token;
// - nodes are counted as their tokens go by, and the stream stops before composing once a document has more
//   than `maxNodes` (the node budget): composing and converting a document cannot be sliced, this bounds them;
// - the tokens are fed one at a time (composeDocumentsSteps), so that a caller can yield between batches.
// The lexer and parser hooks rely on the internals of yaml 2.9.1 (pinned exactly in package.json); tests cover them.
import { CST, Composer, Lexer, Parser, YAMLParseError } from 'yaml';
import type { Document } from 'yaml';
import { goYamlScan } from './goScan';

interface LexerInternals {
  buffer: string;
  pos: number;
  atEnd: boolean;
  flowLevel: number;
  charAt(n: number): string | undefined;
  setNext(state: string): string;
  pushToIndex(i: number, allowEmpty: boolean): Generator<string, number>;
}

/** Index of the closing quote of the quoted scalar opening at `pos`, or -1 when there is none yet. */
function closingQuote(buffer: string, pos: number): number {
  const quote = buffer[pos];
  let end = buffer.indexOf(quote!, pos + 1);
  if (quote === "'") {
    while (end !== -1 && buffer[end + 1] === "'") end = buffer.indexOf("'", end + 2);
    return end;
  }
  while (end !== -1) {
    let backslashes = 0;
    while (buffer[end - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) break;
    end = buffer.indexOf('"', end + 1);
  }
  return end;
}

/**
 * Where the line break before a document marker (`---` or `...` at column 0) lies in [from, to), or -1.
 * Bounded by `to` so that the scan costs the quoted scalar's length, not the rest of the text (quadratic).
 */
function documentMarkerBefore(buffer: string, from: number, to: number): number {
  for (let nl = buffer.indexOf('\n', from); nl !== -1 && nl < to; nl = buffer.indexOf('\n', nl + 1)) {
    const m = buffer.slice(nl + 1, nl + 4);
    const after = buffer.charCodeAt(nl + 4);
    const ends = Number.isNaN(after) || after === 32 || after === 9 || after === 13 || after === 10;
    if ((m === '---' || m === '...') && ends) return nl > from && buffer[nl - 1] === '\r' ? nl - 1 : nl;
  }
  return -1;
}

// A document marker at column 0 ends a quoted scalar (go-yaml reports it; so does the parser downstream).
function* goYamlQuotedScalar(this: LexerInternals): Generator<string, string> {
  let end = closingQuote(this.buffer, this.pos);
  const scanTo = end === -1 ? this.buffer.length : end;
  const marker = documentMarkerBefore(this.buffer, this.pos, scanTo);
  if (marker !== -1) end = marker - 1;
  if (end === -1) {
    if (!this.atEnd) return this.setNext('quoted-scalar');
    end = this.buffer.length;
  }
  yield* this.pushToIndex(end + 1, false);
  return this.flowLevel ? 'flow' : 'doc';
}

interface ParserInternals {
  lexer: Lexer;
  atScalar: boolean;
  atNewLine: boolean;
  indent: number;
  offset: number;
  source: string;
  type: string;
  /** Ours: the nodes whose first token went by (scalars, aliases, flow collections, block sequence items). */
  nodes: number;
  step(): Generator<CST.Token, void>;
  pop(error?: CST.Token): Generator<CST.Token, void>;
}

// The token kinds that open a node: a block mapping has none of its own, its keys count instead.
const NODE_TOKENS: ReadonlySet<string> = new Set([
  'scalar', 'single-quoted-scalar', 'double-quoted-scalar', 'alias', 'flow-map-start', 'flow-seq-start', 'seq-item-ind',
]);

/**
 * The parser's per-token step (Parser.next of yaml 2.9.1) with the nodes counted, and without the library's
 * check of process.env.LOG_TOKENS on every token: a call into node's environment that took a fifth of the parse.
 */
function* countingNext(this: ParserInternals, source: string): Generator<CST.Token, void> {
  this.source = source;
  if (this.atScalar) {
    this.atScalar = false;
    yield* this.step();
    this.offset += source.length;
    return;
  }
  const type = CST.tokenType(source);
  if (!type) {
    yield* this.pop({ type: 'error', offset: this.offset, message: `Not a YAML token: ${source}`, source });
    this.offset += source.length;
    return;
  }
  if (NODE_TOKENS.has(type)) this.nodes++;
  if (type === 'scalar') {
    this.atNewLine = false;
    this.atScalar = true;
    this.type = 'scalar';
    return;
  }
  this.type = type;
  yield* this.step();
  switch (type) {
    case 'newline':
      this.atNewLine = true;
      this.indent = 0;
      break;
    case 'space':
      if (this.atNewLine && source[0] === ' ') this.indent += source.length;
      break;
    case 'explicit-key-ind':
    case 'map-value-ind':
    case 'seq-item-ind':
      if (this.atNewLine) this.indent += source.length;
      break;
    case 'doc-mode':
    case 'flow-error-end':
      return;
    default:
      this.atNewLine = false;
  }
  this.offset += source.length;
}

function goYamlParser(): ParserInternals {
  const parser = new Parser() as unknown as ParserInternals;
  (parser.lexer as unknown as { parseQuotedScalar: unknown }).parseQuotedScalar = goYamlQuotedScalar;
  parser.nodes = 0;
  return parser;
}

export interface Composed {
  docs: Document.Parsed[];
  /** Error tokens seen before the stream was cut (only set when it was cut). */
  stoppedAt?: { offset: number; errors: number };
  /** Set when the node budget cut the stream: nothing was composed. */
  tooManyNodes?: { offset: number; nodes: number };
  /** Where go-yaml stops reading (past `...`, at a directive, where the root ends): the rest was not composed. */
  readEnd?: number;
}

export interface ComposeLimits {
  /** Error tokens before the stream is cut. */
  maxErrors: number;
  /** Nodes (see NODE_TOKENS) before the stream is cut, uncomposed. */
  maxNodes: number;
}

/** Tokens fed between two yields of composeDocumentsSteps: a few milliseconds of lexing and parsing. */
const TOKENS_PER_STEP = 4096;

/**
 * Compose every document of `source` (failsafe schema: every scalar is a string; parse.ts types them), yielding
 * every TOKENS_PER_STEP tokens of lexing and parsing; the composing itself is not sliced.
 */
export function* composeDocumentsSteps(text: string, limits: ComposeLimits): Generator<void, Composed> {
  const scan = goYamlScan(text);
  const source = scan.readEnd === undefined ? text : text.slice(0, scan.readEnd);
  const composer = new Composer({ schema: 'failsafe', uniqueKeys: false, merge: false, strict: false });
  const out: Composed = { docs: [], readEnd: scan.readEnd };
  const parser = goYamlParser();
  let errors = 0;
  let fed = 0;
  const feed = (tokens: Iterable<CST.Token>): boolean => {
    for (const token of tokens) {
      if (token.type === 'error' && ++errors > limits.maxErrors) {
        out.stoppedAt = { offset: token.offset, errors };
        return false;
      }
      for (const doc of composer.next(token)) out.docs.push(doc as Document.Parsed);
    }
    return true;
  };
  let whole = true;
  for (const lexeme of parser.lexer.lex(source)) {
    const offset = parser.offset;
    if (!feed(countingNext.call(parser, lexeme))) {
      whole = false;
      break;
    }
    if (parser.nodes > limits.maxNodes) {
      out.tooManyNodes = { offset, nodes: parser.nodes };
      return out;
    }
    if (++fed % TOKENS_PER_STEP === 0) yield;
  }
  if (whole) feed(parserEnd(parser));
  // a cut stream (or a comment-only one with a bad tab) may have no document yet: force one to keep the errors
  const tab = out.stoppedAt ? undefined : scan.problem;
  const force = (!!out.stoppedAt || !!tab) && out.docs.length === 0;
  for (const doc of composer.end(force, source.length)) out.docs.push(doc as Document.Parsed);
  const first = out.docs[0];
  const covered = (e: { pos: [number, number] }): boolean =>
    !!tab && e.pos[0] <= tab.offset && tab.offset < Math.max(e.pos[1], e.pos[0] + 1);
  if (tab && first && !first.errors.some(covered)) {
    first.errors.push(new YAMLParseError([tab.offset, tab.offset + 1], 'TAB_AS_INDENT', tab.message));
  }
  return out;
}

/** The parser's end of input: what is still open on its stack is pushed out (Parser.end). */
function parserEnd(parser: ParserInternals): Generator<CST.Token, void> {
  return (parser as unknown as Parser).end();
}
