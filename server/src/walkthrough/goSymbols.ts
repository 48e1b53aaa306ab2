// Go-aware lookup of a top-level declaration by symbol: `Func`, `Type.method` or `Type`.
// Comments and string literals are blanked out first, so a name that only appears in a comment,
// a string or a raw string never matches. gofmt puts top-level declarations at column 0, which
// is what keeps nested (local) declarations out.

export interface ParsedSymbol {
  /** Receiver type for a method, else undefined. */
  receiver?: string;
  name: string;
}

export type DeclKind = 'func' | 'method' | 'type' | 'const' | 'var';

export interface SymbolMatch {
  /** 1-based line. */
  line: number;
  /** 0-based column of the name. */
  column: number;
  kind: DeclKind;
}

const IDENT = '[A-Za-z_][A-Za-z0-9_]*';
// Names declared before ours in the same const/var spec (`var a, b, ours = ...`).
const NAME_LIST = `(?:${IDENT}[ \\t]*,[ \\t]*)*`;
const SYMBOL_RE = new RegExp(`^(${IDENT})(?:\\.(${IDENT}))?$`);

/** Parses `Name` or `Type.method`; undefined when the symbol is not of that form. */
export function parseSymbol(symbol: string): ParsedSymbol | undefined {
  const m = SYMBOL_RE.exec(symbol);
  if (!m) return undefined;
  const first = m[1] as string;
  return m[2] !== undefined ? { receiver: first, name: m[2] } : { name: first };
}

export function isWellFormedSymbol(symbol: string): boolean {
  return parseSymbol(symbol) !== undefined;
}

/**
 * Returns the source with the contents of comments, interpreted strings, raw strings and rune
 * literals replaced by spaces. Newlines are kept so that line numbers and offsets do not move.
 */
export function maskGoSource(src: string): string {
  const out: string[] = new Array(src.length);
  let i = 0;
  const n = src.length;
  const blank = (c: string): string => (c === '\n' || c === '\r' ? c : ' ');
  while (i < n) {
    const c = src[i] as string;
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      while (i < n && src[i] !== '\n') { out[i] = ' '; i++; }
      continue;
    }
    if (c === '/' && next === '*') {
      out[i] = ' '; out[i + 1] = ' '; i += 2;
      while (i < n && !(src[i] === '*' && src[i + 1] === '/')) { out[i] = blank(src[i] as string); i++; }
      if (i < n) { out[i] = ' '; out[i + 1] = ' '; i += 2; }
      continue;
    }
    if (c === '"' || c === "'") {
      out[i] = c; i++;
      while (i < n && src[i] !== c && src[i] !== '\n') {
        if (src[i] === '\\' && i + 1 < n && src[i + 1] !== '\n') { out[i] = ' '; out[i + 1] = ' '; i += 2; continue; }
        out[i] = ' '; i++;
      }
      if (i < n) { out[i] = src[i] as string; i++; }
      continue;
    }
    if (c === '`') {
      out[i] = c; i++;
      while (i < n && src[i] !== '`') { out[i] = blank(src[i] as string); i++; }
      if (i < n) { out[i] = '`'; i++; }
      continue;
    }
    out[i] = c; i++;
  }
  return out.join('');
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Group starts as findGoSymbol sees them: `const (`, `var (` or `type (` at column 0, nothing after but a comment.
const GROUP_START = '^(?:const|var|type)[ \\t]*\\([ \\t]*(?://[^\\n]*)?\\r?\\n';

/**
 * A JavaScript regular expression (source) for the declaration line, usable as CodeTour's `pattern`, which
 * CodeTour runs over the whole file with the `m` flag and opens at the first match. It finds the same
 * declarations as findGoSymbol in gofmt-formatted code: a method by its receiver; a bare name as a func,
 * a type, a single `const`/`var`, or a spec one tab deep inside a `const (`, `var (` or `type (` group (a
 * look-behind checks that no column-0 `)` closed the group in between). Unlike findGoSymbol it cannot skip
 * look-alikes inside block comments or raw strings.
 */
export function declarationPattern(symbol: string): string | undefined {
  const p = parseSymbol(symbol);
  if (!p) return undefined;
  const name = escapeRe(p.name);
  if (p.receiver) {
    const recv = escapeRe(p.receiver);
    return `^func\\s*\\((?:\\s*[A-Za-z_][A-Za-z0-9_]*\\s+)?\\*?\\s*${recv}(?:\\[[^\\]]*\\])?\\s*\\)\\s*${name}\\s*[\\[(]`;
  }
  // The look-ahead first, so the look-behind (a scan back to the group start) only runs on candidate lines.
  const spec = `\\t${NAME_LIST}${name}(?:\\s|\\[|=|,|$)`;
  const inGroup = `^(?=${spec})(?<=${GROUP_START}(?:(?!\\))[^\\n]*\\n)*)${spec}`;
  return [
    `^func[ \\t]+${name}\\s*[\\[(]`,
    `^type[ \\t]+${name}(?:\\s|\\[|=|$)`,
    `^(?:const|var)[ \\t]+${NAME_LIST}${name}(?:\\s|,|=|$)`,
    inGroup,
  ].map((alt) => `(?:${alt})`).join('|');
}

/**
 * Every top-level declaration of `symbol` in a Go file. For `Type.method` both pointer and
 * value receivers (and generic receivers) match; for a bare name, a func, a type (also inside a
 * `type ( ... )` group), a const or a var (also a later name of a `var a, b = ...` spec, single or grouped).
 */
export function findGoSymbol(src: string, symbol: string): SymbolMatch[] {
  const p = parseSymbol(symbol);
  if (!p) return [];
  const lines = maskGoSource(src).split('\n');
  const name = escapeRe(p.name);
  const matches: SymbolMatch[] = [];

  if (p.receiver) {
    const re = new RegExp(declarationPattern(symbol) as string);
    const nameRe = new RegExp(`\\)\\s*(${name})\\s*[\\[(]`);
    lines.forEach((text, i) => {
      if (!re.test(text)) return;
      const nm = nameRe.exec(text);
      matches.push({ line: i + 1, column: nm ? nm.index + nm[0].indexOf(p.name) : 0, kind: 'method' });
    });
    return matches;
  }

  const funcRe = new RegExp(`^func\\s+(${name})\\s*[\\[(]`);
  const typeRe = new RegExp(`^type\\s+(${name})(?:\\s|\\[|=|$)`);
  const singleRe = new RegExp(`^((const|var)[ \\t]+${NAME_LIST})${name}(?:\\s|,|=|$)`);
  const groupStart = /^(type|const|var)\s*\(\s*$/;
  const groupSpec = new RegExp(`^(\\s+${NAME_LIST})${name}(?:\\s|\\[|=|,|$)`);
  let group: DeclKind | undefined;
  let depth = 0; // braces/parens opened inside a group, so struct fields are not specs

  lines.forEach((raw, i) => {
    const text = raw.replace(/\r$/, '');
    if (group) {
      if (depth === 0 && /^\)/.test(text)) { group = undefined; return; }
      if (depth === 0) {
        const g = groupSpec.exec(text);
        if (g) matches.push({ line: i + 1, column: (g[1] as string).length, kind: group });
      }
      for (const ch of text) {
        if (ch === '{' || ch === '(') depth++;
        else if ((ch === '}' || ch === ')') && depth > 0) depth--;
      }
      return;
    }
    const gs = groupStart.exec(text);
    if (gs) { group = gs[1] as DeclKind; depth = 0; return; }
    const f = funcRe.exec(text);
    if (f) { matches.push({ line: i + 1, column: text.indexOf(p.name, 4), kind: 'func' }); return; }
    const t = typeRe.exec(text);
    if (t) { matches.push({ line: i + 1, column: text.indexOf(p.name, 4), kind: 'type' }); return; }
    const s = singleRe.exec(text);
    if (s) matches.push({ line: i + 1, column: (s[1] as string).length, kind: s[2] as DeclKind });
  });
  return matches;
}
