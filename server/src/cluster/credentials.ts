// Credentials as kubectl handles them, and kept out of every message: a token file is re-read and trimmed,
// every credential the kubeconfig holds or a plugin returns is redacted in its plain and encoded forms, and an
// exec plugin's error output is summarised (it may hold anything), never echoed.
import { readFileSync } from 'node:fs';
import type * as https from 'node:https';

const MIN_SECRET = 4;
const PEM_LINE = /^[A-Za-z0-9+/=]{16,}$/;

/** The forms a secret may take in a message: as is, base64 (std/url, padded or not), URL-encoded. */
function variants(s: string): string[] {
  const b64 = Buffer.from(s, 'utf8').toString('base64');
  const url = Buffer.from(s, 'utf8').toString('base64url');
  return [s, b64, b64.replace(/=+$/, ''), url, encodeURIComponent(s)];
}

/** A growing set of secrets and the function that hides them in any text. */
export class Redactor {
  private readonly secrets = new Set<string>();
  private sorted: string[] | undefined;

  add(secret: unknown): void {
    if (typeof secret !== 'string') return;
    const s = secret.trim();
    if (s.length < MIN_SECRET) return;
    const before = this.secrets.size;
    for (const v of variants(s)) if (v.length >= MIN_SECRET) this.secrets.add(v);
    // A PEM key (inline or base64 of one): each body line is a secret of its own.
    const pem = s.includes('-----BEGIN') ? s : decodedPem(s);
    if (pem) for (const line of pem.split(/\r?\n/)) if (PEM_LINE.test(line.trim())) this.secrets.add(line.trim());
    if (this.secrets.size !== before) this.sorted = undefined;
  }

  /** `user:password` of basic auth: the pair, the password, and their encodings. */
  addBasic(username: unknown, password: unknown): void {
    if (typeof password !== 'string') return;
    this.add(password);
    if (typeof username === 'string') this.add(`${username}:${password}`);
  }

  redact(text: string): string {
    let out = text.replace(/(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, '$1 [redacted]');
    // Longest first, so a secret that contains another one is hidden whole.
    this.sorted ??= [...this.secrets].sort((a, b) => b.length - a.length);
    for (const s of this.sorted) if (out.includes(s)) out = out.split(s).join('[redacted]');
    return out;
  }
}

function decodedPem(s: string): string | undefined {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(s)) return undefined;
  const d = Buffer.from(s, 'base64').toString('utf8');
  return d.includes('-----BEGIN') ? d : undefined;
}

/** Collects what client-node put into request options (exec and token-file results included). */
export function harvestRequestCredentials(o: https.RequestOptions, r: Redactor): void {
  const headers = (o.headers ?? {}) as Record<string, unknown>;
  const auth = headers.Authorization ?? headers.authorization;
  if (typeof auth === 'string') {
    const m = /^(Bearer|Basic)\s+(.*)$/i.exec(auth.trim());
    const value = m ? m[2]! : auth;
    r.add(value);
    if (m && m[1]!.toLowerCase() === 'basic') {
      const pair = Buffer.from(value, 'base64').toString('utf8');
      const i = pair.indexOf(':');
      if (i >= 0) r.addBasic(pair.slice(0, i), pair.slice(i + 1));
    }
  }
  if (typeof o.auth === 'string') {
    const i = o.auth.indexOf(':');
    if (i >= 0) r.addBasic(o.auth.slice(0, i), o.auth.slice(i + 1));
  }
  const key = o.key;
  for (const k of Array.isArray(key) ? key : [key]) {
    if (typeof k === 'string') r.add(k);
    else if (Buffer.isBuffer(k)) r.add(k.toString('utf8'));
  }
}

/** kubectl's token file: re-read at most once a minute, surrounding whitespace trimmed, empty is an error. */
// Port of fileTokenSource.Token with cachingTokenSource (client-go/transport/token_source.go).
export class TokenFile {
  private cached: { token: string; at: number } | undefined;

  constructor(readonly path: string, private readonly periodMs = 60_000, private readonly read = (p: string) => readFileSync(p, 'utf8')) {}

  token(now = Date.now()): string {
    if (this.cached && now - this.cached.at < this.periodMs) return this.cached.token;
    let text: string;
    try {
      text = this.read(this.path);
    } catch (e) {
      // A token read before stays in use when a refresh fails, as client-go does.
      if (this.cached) return this.cached.token;
      throw new Error(`failed to read token file "${this.path}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    const token = text.trim();
    if (!token) throw new Error(`read empty token from file "${this.path}"`);
    this.cached = { token, at: now };
    return token;
  }
}

/**
 * A failed exec / auth-provider plugin as one line: the system error (command not found, not executable) when
 * there is one, else a summary of the error output (its size, not its text: a plugin may print tokens there).
 */
export function pluginFailure(user: Record<string, unknown>, e: unknown): Error {
  const exec = user.exec as { command?: unknown } | undefined;
  const name = typeof exec?.command === 'string' ? `exec plugin "${exec.command.split(/[\\/]/).pop()}"` : 'the auth-provider plugin';
  const err = e as NodeJS.ErrnoException;
  if (typeof err?.code === 'string' && /^E[A-Z]+$/.test(err.code)) return new Error(`${name} could not run (${err.code})`);
  if (err instanceof SyntaxError) return new Error(`${name} printed something that is not an ExecCredential`);
  const text = typeof err?.message === 'string' ? err.message : String(e);
  const lines = text.split('\n').filter((l) => l.trim()).length;
  return new Error(
    `${name} failed; its error output (${lines} line${lines === 1 ? '' : 's'}, ${Buffer.byteLength(text)} bytes) is not shown ` +
      'because it may hold credentials: run the command in a terminal to see it',
  );
}
