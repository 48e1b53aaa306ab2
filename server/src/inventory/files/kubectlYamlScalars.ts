// Plain scalars as `kubectl get -o yaml` types them (go-yaml v2), for the kubectl-subset reader
// (kubectlYamlReader.ts) and the YAML pruner (podsYamlPick.ts): how one resolves, and which start the reader leaves
// to the full parser (GiveUp).
import { resolvePlain as goResolvePlain } from '../../yaml/goResolve';

export class GiveUp extends Error {}

export const giveUp = (): never => {
  throw new GiveUp();
};

const DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;

// A plain scalar as kubectl types it (go-yaml v2); values JSON cannot hold are left to the full parser.
export function resolvePlain(s: string): unknown {
  const c = s.charCodeAt(0);
  // fast exit: a plain scalar starting with any other letter is a string for go-yaml
  const maybeSpecial = s.length === 0 || '+-.0123456789yYnNtTfFoO~'.includes(s[0]!) || c === 60;
  if (!maybeSpecial) return s;
  // More fast exits, each giving goResolvePlain's answer: a bool or null word is at most 5 letters; a decimal of up
  // to 15 digits without a leading zero is that integer; what starts like a number but ends in a letter past f (a
  // quantity: 100m, 128Mi) is neither an integer (hex digits stop at f) nor a float; nor is what has a minus sign
  // inside but for an exponent's (a uid: 0a1b2c3d-…, a date).
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) {
    if (s.length > 5) return s;
  } else if ((c >= 48 && c <= 57) || c === 43 || c === 45) {
    if (DECIMAL.test(s)) return Number(s);
    const z = s.charCodeAt(s.length - 1);
    if ((z >= 103 && z <= 122) || (z >= 71 && z <= 90)) return s;
    const minus = s.indexOf('-', 1);
    if (minus > 0 && (s.charCodeAt(minus - 1) | 32) !== 101) return s;
  }
  const r = goResolvePlain(s);
  if (typeof r.value === 'number' && !Number.isFinite(r.value)) giveUp();
  if (r.tag === 'int' && r.int !== undefined && !Number.isSafeInteger(r.value)) giveUp(); // exact digits: full parser
  return r.value;
}

export function badPlainStart(s: string): boolean {
  const c = s[0]!;
  if ('[]{},#&*!|>\'"%@`'.includes(c)) return true;
  if ((c === '-' || c === '?' || c === ':') && (s.length === 1 || s[1] === ' ')) return true;
  if (c === '?' || c === ':') return true; // legal in 1.2 when followed by a char, but rare: keep it simple
  return false;
}

/**
 * The string a one-line value reads as (`v`: the text after `key: ` up to the line end), when it is a quoted scalar
 * without escapes or a plain scalar without a comment, tab or trailing space that the reader gives as that very
 * string (not a number, bool or null); undefined for anything else.
 */
export function oneLineString(v: string): string | undefined {
  const c = v.charCodeAt(0);
  if (c === 34 || c === 39) {
    if (v.length < 2 || v.charCodeAt(v.length - 1) !== c) return undefined;
    const inner = v.slice(1, -1);
    return inner.includes(v[0]!) || (c === 34 && inner.includes('\\')) || /[\t\r\n]/.test(inner) ? undefined : inner;
  }
  if (v.length === 0 || v.charCodeAt(v.length - 1) === 32 || /[\t\r\n]| #|: |:$/.test(v) || badPlainStart(v)) return undefined;
  try {
    return resolvePlain(v) === v ? v : undefined;
  } catch {
    return undefined;
  }
}
