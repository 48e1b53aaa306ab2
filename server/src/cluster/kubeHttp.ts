// GET and watch against a Kubernetes API server over node's http(s), with timeouts, cancellation, and
// error messages that name what failed (never a credential). The auth options come from the caller
// (client-node's applyToHTTPSOptions, loaded lazily in cluster.ts).
import * as http from 'node:http';
import * as https from 'node:https';
import { Redactor } from './credentials';

export type KubeErrorKind = 'unreachable' | 'tls' | 'unauthorized' | 'forbidden' | 'timeout' | 'gone' | 'aborted' | 'http' | 'protocol';

export class KubeApiError extends Error {
  constructor(readonly kind: KubeErrorKind, message: string, readonly status?: number) {
    super(message);
    this.name = 'KubeApiError';
  }
}

export interface RequestInfo {
  /** What the call does, for messages: verb and resource as RBAC names them. */
  verb: string;
  resource: string;
  namespace?: string;
}

export interface GetInit extends RequestInfo {
  /** Whole-request deadline (connect + response + body). */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface WatchInit extends RequestInfo {
  /** Deadline until the response headers arrive. */
  connectTimeoutMs: number;
  /** Longest silence on an open watch before it is treated as dead. */
  idleTimeoutMs: number;
  signal?: AbortSignal;
  /** Called once the server has accepted the watch (2xx headers). */
  onOpen?(): void;
  onLine(line: string): void;
}

export interface KubeHttp {
  /** The API server URL (no trailing slash). */
  readonly server: string;
  getJson(path: string, init: GetInit): Promise<unknown>;
  /** Streams newline-delimited JSON; resolves when the server ends the stream. */
  watch(path: string, init: WatchInit): Promise<void>;
  /** Hides any credential that a message might contain. */
  redact(text: string): string;
}

const TLS_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_GET_ISSUER_CERT', 'CERT_SIGNATURE_FAILURE', 'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO', 'ERR_OSSL_PEM_NO_START_LINE', 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA', 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE', 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED',
]);
const NET_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE', 'EADDRNOTAVAIL']);

function what(i: RequestInfo): string {
  return `${i.verb} ${i.resource}${i.namespace ? ` in namespace ${i.namespace}` : ''}`;
}

/** Turns a socket/TLS error into a KubeApiError with a message naming the server and the call. */
export function classifyNetworkError(e: unknown, server: string, info: RequestInfo): KubeApiError {
  if (e instanceof KubeApiError) return e;
  const err = e as NodeJS.ErrnoException;
  const code = err?.code ?? '';
  const msg = err?.message ?? String(e);
  if (err?.name === 'AbortError' || code === 'ABORT_ERR') return new KubeApiError('aborted', `${what(info)}: cancelled`);
  if (TLS_CODES.has(code) || /certificate|SSL|TLS/i.test(code)) {
    return new KubeApiError('tls', `TLS error talking to ${server}: ${msg} (${code}); check certificate-authority in the kubeconfig`);
  }
  if (NET_CODES.has(code)) return new KubeApiError('unreachable', `cannot reach the API server ${server}: ${code === 'ECONNREFUSED' ? 'connection refused' : msg} (${code})`);
  return new KubeApiError('unreachable', `cannot ${what(info)} at ${server}: ${msg}`);
}

/** Turns a non-2xx answer into a KubeApiError; the Status body's message is kept (it never holds credentials). */
export function classifyHttpError(status: number, body: string, server: string, info: RequestInfo): KubeApiError {
  let detail = '';
  try {
    const s = JSON.parse(body) as { message?: unknown };
    if (typeof s.message === 'string') detail = s.message;
  } catch {
    detail = body.slice(0, 200).trim();
  }
  const suffix = detail ? `: ${detail}` : '';
  if (status === 401) return new KubeApiError('unauthorized', `401 Unauthorized from ${server} (${what(info)}): the credentials of this context were refused${suffix}`, 401);
  if (status === 403) return new KubeApiError('forbidden', `403 Forbidden: not allowed to ${what(info)} (verb "${info.verb}", resource "${info.resource}")${suffix}`, 403);
  if (status === 410) return new KubeApiError('gone', `410 Gone (${what(info)})${suffix}`, 410);
  return new KubeApiError('http', `${status} from ${server} (${what(info)})${suffix}`, status);
}

export interface TransportOptions {
  server: string;
  /** Fresh request options per call (CA, client cert, Authorization header, agent): exec credentials can expire. */
  requestOptions(): Promise<https.RequestOptions>;
  /** Credentials that must never be printed. */
  secrets?: string[];
  /** Hides credentials, including those learnt later (plugin and token-file results); secrets are added to it. */
  redactor?: Redactor;
}

export function createKubeHttp(t: TransportOptions): KubeHttp {
  const server = t.server.replace(/\/+$/, '');
  const redactor = t.redactor ?? new Redactor();
  for (const s of t.secrets ?? []) redactor.add(s);
  const redact = (text: string): string => redactor.redact(text);
  const fail = (e: KubeApiError): KubeApiError => {
    const m = redact(e.message);
    return m === e.message ? e : new KubeApiError(e.kind, m, e.status);
  };

  async function open(path: string, info: RequestInfo, connectTimeoutMs: number, signal: AbortSignal | undefined): Promise<{ res: http.IncomingMessage; req: http.ClientRequest }> {
    if (signal?.aborted) throw new KubeApiError('aborted', `${what(info)}: cancelled`);
    let opts: https.RequestOptions;
    try {
      opts = await t.requestOptions();
    } catch (e) {
      throw fail(new KubeApiError('unauthorized', `cannot get credentials for ${server}: ${(e as Error)?.message ?? String(e)}`));
    }
    // Cancelled while the credentials were prepared: an abort listener added now would never fire.
    if (signal?.aborted) throw new KubeApiError('aborted', `${what(info)}: cancelled`);
    const url = new URL(server + path);
    const mod = url.protocol === 'http:' ? http : https;
    if (url.protocol === 'http:') delete opts.agent;
    return new Promise((resolvePromise, reject) => {
      let settled = false;
      const done = (err: KubeApiError | undefined, value?: { res: http.IncomingMessage; req: http.ClientRequest }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (err) reject(fail(err));
        else resolvePromise(value!);
      };
      const req = mod.request(url, { ...opts, method: 'GET', headers: { ...(opts.headers ?? {}), Accept: 'application/json' } });
      const onAbort = () => {
        req.destroy();
        done(new KubeApiError('aborted', `${what(info)}: cancelled`));
      };
      const timer = setTimeout(() => {
        req.destroy();
        done(new KubeApiError('timeout', `timed out after ${connectTimeoutMs} ms waiting for ${server} (${what(info)})`));
      }, connectTimeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (e) => done(classifyNetworkError(e, server, info)));
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          done(undefined, { res, req });
          return;
        }
        // Read a bounded error body for the Status message.
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          if (body.length < 4096) body += c;
        });
        res.on('end', () => done(classifyHttpError(status, body, server, info)));
        res.on('error', () => done(classifyHttpError(status, body, server, info)));
      });
      req.end();
    });
  }

  return {
    server,
    redact,
    async getJson(path, init) {
      const started = Date.now();
      const { res, req } = await open(path, init, init.timeoutMs, init.signal);
      const left = Math.max(1, init.timeoutMs - (Date.now() - started));
      return new Promise((resolvePromise, reject) => {
        const chunks: Buffer[] = [];
        let settled = false;
        const finish = (err?: KubeApiError, v?: unknown) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          init.signal?.removeEventListener('abort', onAbort);
          if (err) {
            req.destroy();
            reject(fail(err));
          } else resolvePromise(v);
        };
        const onAbort = () => finish(new KubeApiError('aborted', `${what(init)}: cancelled`));
        const timer = setTimeout(() => finish(new KubeApiError('timeout', `timed out after ${init.timeoutMs} ms reading the answer of ${server} (${what(init)})`)), left);
        if (init.signal?.aborted) return onAbort();
        init.signal?.addEventListener('abort', onAbort, { once: true });
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => finish(classifyNetworkError(e, server, init)));
        res.on('end', () => {
          try {
            finish(undefined, JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            finish(new KubeApiError('protocol', `${server} answered ${what(init)} with something that is not JSON`));
          }
        });
      });
    },
    async watch(path, init) {
      const { res, req } = await open(path, init, init.connectTimeoutMs, init.signal);
      init.onOpen?.();
      return new Promise<void>((resolvePromise, reject) => {
        let settled = false;
        let buf = '';
        let idle: NodeJS.Timeout | undefined;
        const finish = (err?: KubeApiError) => {
          if (settled) return;
          settled = true;
          if (idle) clearTimeout(idle);
          init.signal?.removeEventListener('abort', onAbort);
          req.destroy();
          if (err) reject(fail(err));
          else resolvePromise();
        };
        const arm = () => {
          if (idle) clearTimeout(idle);
          idle = setTimeout(() => finish(new KubeApiError('timeout', `watch of ${init.resource} silent for ${init.idleTimeoutMs} ms`)), init.idleTimeoutMs);
        };
        const onAbort = () => finish(new KubeApiError('aborted', `${what(init)}: cancelled`));
        if (init.signal?.aborted) return onAbort();
        init.signal?.addEventListener('abort', onAbort, { once: true });
        arm();
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (settled) return;
          arm();
          buf += chunk;
          let nl: number;
          while ((nl = buf.indexOf('\n')) >= 0) {
            const line = buf.slice(0, nl);
            buf = buf.slice(nl + 1);
            if (line.trim()) {
              try {
                init.onLine(line);
              } catch (e) {
                finish(e instanceof KubeApiError ? e : new KubeApiError('protocol', `bad watch event: ${(e as Error).message}`));
                return;
              }
            }
          }
        });
        res.on('end', () => {
          if (!settled && buf.trim()) {
            try {
              init.onLine(buf);
            } catch (e) {
              finish(e instanceof KubeApiError ? e : new KubeApiError('protocol', `bad watch event: ${(e as Error).message}`));
              return;
            }
          }
          finish();
        });
        res.on('error', (e) => finish(classifyNetworkError(e, server, init)));
        // A socket closed before the end of the chunked stream: the watch was dropped, not finished.
        res.on('close', () => finish(new KubeApiError('unreachable', `watch of ${init.resource} dropped by ${server}`)));
      });
    },
  };
}
