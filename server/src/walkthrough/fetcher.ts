// The real SourceFetcher: raw files from GitHub at a ref over HTTPS, cached on disk. Files at a tag
// never change, so a cached copy is kept for good. Tests inject a fake instead (no network in tests).
import { get } from 'node:https';
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
}

const DEFAULT_BASE = 'https://raw.githubusercontent.com';

function safeSegments(...parts: string[]): string[] {
  // Keep the cache inside cacheDir whatever the anchor says.
  return parts.flatMap((p) => p.split('/')).filter((s) => s !== '' && s !== '.' && s !== '..');
}

function httpsGet(url: string, timeoutMs: number, redirects = 3): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: { 'user-agent': 'kube-controller-explorer' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location && redirects > 0) {
        res.resume();
        httpsGet(new URL(res.headers.location, url).href, timeoutMs, redirects - 1).then(resolve, reject);
        return;
      }
      if (status === 404) { res.resume(); resolve(undefined); return; }
      if (status !== 200) { res.resume(); reject(new Error(`HTTP ${status}`)); return; }
      res.setEncoding('utf8');
      let body = '';
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve(body));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
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
      const text = await httpsGet(url, timeoutMs);
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
