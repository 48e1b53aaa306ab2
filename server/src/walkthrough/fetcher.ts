// The real SourceFetcher: raw files from GitHub at a ref over HTTPS, cached on disk. Files at a tag
// never change, so a cached copy is kept for good. Tests inject a fake instead (no network in tests).
import { get } from 'node:https';
import { get as httpGet } from 'node:http';
import { mkdir, readFile, writeFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SourceFetcher } from './types';

export interface GitHubRawFetcherOptions {
  /** Directory for cached files; no caching when omitted. */
  cacheDir?: string;
  /** Per request, default 10 s. */
  timeoutMs?: number;
  /** Base URL, default the GitHub raw content host. */
  baseUrl?: string;
  /** Largest answer accepted, default MAX_FETCH_BYTES. */
  maxBytes?: number;
}

const DEFAULT_BASE = 'https://raw.githubusercontent.com';

function safeSegments(...parts: string[]): string[] {
  // Keep the cache inside cacheDir whatever the anchor says.
  return parts.flatMap((p) => p.split('/')).filter((s) => s !== '' && s !== '.' && s !== '..');
}

/** Largest file accepted: Go sources are far smaller; a bigger answer is refused, never buffered. */
export const MAX_FETCH_BYTES = 8 * 1024 * 1024;

interface GetLimits {
  timeoutMs: number;
  maxBytes: number;
  deadline: number;
}

function httpsGet(url: string, lim: GetLimits, redirects = 3): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const protocol = new URL(url).protocol;
    const getter = protocol === 'http:' ? httpGet : protocol === 'https:' ? get : undefined;
    if (!getter) { reject(new Error(`unsupported protocol ${protocol}`)); return; }
    let settled = false;
    const fail = (e: Error) => { if (!settled) { settled = true; req.destroy(); reject(e); } };
    const req = getter(url, { headers: { 'user-agent': 'kube-controller-explorer' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location && redirects > 0) {
        res.resume();
        let next: URL;
        try {
          next = new URL(res.headers.location, url);
        } catch {
          fail(new Error('bad redirect location'));
          return;
        }
        if (next.protocol !== protocol) { fail(new Error(`redirect to ${next.protocol} refused`)); return; }
        settled = true;
        httpsGet(next.href, lim, redirects - 1).then(resolve, reject);
        return;
      }
      if (status === 404) { res.resume(); settled = true; resolve(undefined); return; }
      if (status !== 200) { res.resume(); fail(new Error(`HTTP ${status}`)); return; }
      const declared = Number(res.headers['content-length']);
      if (declared > lim.maxBytes) { fail(new Error(`answer of ${declared} bytes is over the ${lim.maxBytes}-byte limit`)); return; }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > lim.maxBytes) fail(new Error(`answer is over the ${lim.maxBytes}-byte limit`));
        else chunks.push(chunk);
      });
      res.on('end', () => { if (!settled) { settled = true; resolve(Buffer.concat(chunks).toString('utf8')); } });
      res.on('error', (e) => fail(e));
    });
    // Idle timeout per socket, and one deadline for the whole fetch (a slow drip cannot hold it open).
    req.setTimeout(lim.timeoutMs, () => fail(new Error(`timed out after ${lim.timeoutMs} ms`)));
    const left = lim.deadline - Date.now();
    const timer = setTimeout(() => fail(new Error(`timed out after ${lim.timeoutMs} ms`)), Math.max(1, left));
    req.on('close', () => clearTimeout(timer));
    req.on('error', (e) => fail(e));
  });
}

export function createGitHubRawFetcher(opts: GitHubRawFetcherOptions = {}): SourceFetcher {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const base = (opts.baseUrl ?? DEFAULT_BASE).replace(/\/$/, '');
  return {
    async fetch(repo, ref, path) {
      const cacheFile = opts.cacheDir ? join(opts.cacheDir, ...safeSegments(repo, ref, path)) : undefined;
      if (cacheFile) {
        try { return await readFile(cacheFile, 'utf8'); } catch { /* not cached yet */ }
      }
      const url = `${base}/${repo}/${encodeURIComponent(ref)}/${path.split('/').map(encodeURIComponent).join('/')}`;
      const text = await httpsGet(url, { timeoutMs, maxBytes: opts.maxBytes ?? MAX_FETCH_BYTES, deadline: Date.now() + timeoutMs });
      if (text !== undefined && cacheFile) {
        // Write then rename so that a crash never leaves a half file in the cache.
        await mkdir(dirname(cacheFile), { recursive: true });
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        await writeFile(tmp, text, 'utf8');
        await rename(tmp, cacheFile);
      }
      return text;
    },
  };
}

/** Wraps a fetcher so that every result is remembered in memory for the session. */
export function memoizeFetcher(inner: SourceFetcher): SourceFetcher {
  const seen = new Map<string, Promise<string | undefined>>();
  return {
    fetch(repo, ref, path) {
      const k = `${repo}@${ref}:${path}`;
      let p = seen.get(k);
      if (!p) {
        p = inner.fetch(repo, ref, path);
        // A failure (offline) is not remembered, so a later call can succeed.
        p.catch(() => seen.delete(k));
        seen.set(k, p);
      }
      return p;
    },
  };
}
