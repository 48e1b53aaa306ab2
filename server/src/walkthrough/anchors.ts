// Turns an anchor into a place to open: a line in a local kubernetes checkout, else a line in the
// raw file fetched at the tag, else the GitHub URL without a line and the reason why.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findGoSymbol, isWellFormedSymbol, type SymbolMatch } from './goSymbols';
import type { Anchor, AnchorLocation, SourceFetcher } from './types';

export function blobUrl(anchor: Anchor, line?: number): string {
  const base = `https://github.com/${anchor.repo}/blob/${anchor.ref}/${anchor.path}`;
  return line !== undefined ? `${base}#L${line}` : base;
}

export interface ResolveOptions {
  /** Root of a local checkout of anchor.repo (any version; a mismatch is reported in `why`). */
  checkout?: string;
  /** Used when there is no checkout or the symbol is not in it. */
  fetcher?: SourceFetcher;
}

export type LookupOutcome =
  | { status: 'found'; matches: SymbolMatch[] }
  | { status: 'missing-file' }
  | { status: 'missing-symbol' }
  | { status: 'malformed-symbol' };

/** Looks a symbol up in a checkout on disk. */
export async function lookupInCheckout(checkout: string, anchor: Anchor): Promise<LookupOutcome> {
  if (!isWellFormedSymbol(anchor.symbol)) return { status: 'malformed-symbol' };
  let text: string;
  try {
    text = await readFile(join(checkout, ...anchor.path.split('/')), 'utf8');
  } catch {
    return { status: 'missing-file' };
  }
  const matches = findGoSymbol(text, anchor.symbol);
  return matches.length ? { status: 'found', matches } : { status: 'missing-symbol' };
}

function located(anchor: Anchor, via: 'checkout' | 'fetched', matches: SymbolMatch[], uri?: string): AnchorLocation {
  const first = matches[0] as SymbolMatch;
  const loc: AnchorLocation = { anchor, via, url: blobUrl(anchor, first.line), line: first.line };
  if (uri) loc.uri = uri;
  if (matches.length > 1) {
    loc.ambiguous = matches.map((m) => m.line);
    loc.why = `${anchor.symbol} is declared ${matches.length} times in ${anchor.path} (lines ${loc.ambiguous.join(', ')}); opening the first.`;
  }
  return loc;
}

export async function resolveAnchor(anchor: Anchor, opts: ResolveOptions = {}): Promise<AnchorLocation> {
  if (!isWellFormedSymbol(anchor.symbol)) {
    return { anchor, via: 'none', url: blobUrl(anchor), why: `"${anchor.symbol}" is not a Go symbol (Func, Type or Type.method).` };
  }
  const reasons: string[] = [];
  if (opts.checkout) {
    const found = await lookupInCheckout(opts.checkout, anchor);
    if (found.status === 'found') {
      const uri = pathToFileURL(join(opts.checkout, ...anchor.path.split('/'))).href;
      return located(anchor, 'checkout', found.matches, uri);
    }
    reasons.push(found.status === 'missing-file'
      ? `${anchor.path} is not in the local checkout ${opts.checkout}`
      : `${anchor.symbol} is not declared in ${anchor.path} of the local checkout (it may be at another version than ${anchor.ref})`);
  } else {
    reasons.push('no local kubernetes checkout is configured');
  }
  if (opts.fetcher) {
    try {
      const text = await opts.fetcher.fetch(anchor.repo, anchor.ref, anchor.path);
      if (text === undefined) {
        reasons.push(`${anchor.path} does not exist at ${anchor.ref}`);
      } else {
        const matches = findGoSymbol(text, anchor.symbol);
        if (matches.length) {
          const loc = located(anchor, 'fetched', matches);
          if (reasons.length && opts.checkout) loc.why = [reasons.join('; '), loc.why].filter(Boolean).join('. ');
          return loc;
        }
        reasons.push(`${anchor.symbol} is not declared in ${anchor.path} at ${anchor.ref}`);
      }
    } catch (err) {
      reasons.push(`the source at ${anchor.ref} could not be fetched (${err instanceof Error ? err.message : String(err)})`);
    }
  } else {
    reasons.push('fetching from GitHub is off');
  }
  return { anchor, via: 'none', url: blobUrl(anchor), why: `Opening without a line: ${reasons.join('; ')}.` };
}
