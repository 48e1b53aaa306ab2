// A small Kubernetes API server for tests: HTTPS on 127.0.0.1 with a CA made at test time, a bearer token
// it requires, Nodes and Pods (lists with pages, watches with chunked JSON events; pods also per namespace by label
// selector), and switches to drop the watches, answer 410, answer 403, stall, or hold thousands of nodes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Pki {
  dir: string;
  caCert: string;
  serverCert: string;
  serverKey: string;
}

/** A CA and a server certificate for 127.0.0.1 (EC keys: quick to make). */
export function makePki(): Pki {
  const dir = mkdtempSync(join(tmpdir(), 'kce-pki-'));
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=kce-test-ca']);
  run(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=127.0.0.1']);
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  run(['x509', '-req', '-in', 'srv.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'srv.crt', '-days', '2', '-extfile', 'ext.cnf']);
  return { dir, caCert: readFileSync(join(dir, 'ca.crt'), 'utf8'), serverCert: readFileSync(join(dir, 'srv.crt'), 'utf8'), serverKey: readFileSync(join(dir, 'srv.key'), 'utf8') };
}

export interface NodeObj {
  apiVersion?: string;
  kind?: string;
  metadata: { name: string; labels?: Record<string, string>; resourceVersion?: string; [k: string]: unknown };
  spec?: { taints?: { key: string; value?: string; effect: string }[]; unschedulable?: boolean; [k: string]: unknown };
  status?: { conditions?: { type: string; status: string; [k: string]: unknown }[]; [k: string]: unknown };
}

export function makeNode(name: string, labels: Record<string, string> = {}, taints: { key: string; value?: string; effect: string }[] = []): NodeObj {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', ...labels }, uid: `uid-${name}`, annotations: { 'node.alpha.kubernetes.io/ttl': '0' } },
    spec: { taints, podCIDR: '10.0.0.0/24' },
    status: {
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', lastHeartbeatTime: '2025-01-01T00:00:00Z' }],
      capacity: { cpu: '4', memory: '16Gi' },
      images: [{ names: ['registry.example/pause:3.10'], sizeBytes: 1 }],
    },
  };
}

type Resource = 'nodes' | 'pods';
interface Ev { rv: number; resource: Resource; type: 'ADDED' | 'MODIFIED' | 'DELETED'; obj: NodeObj }
type PodObj = Record<string, unknown> & { metadata?: { name?: string; namespace?: string; [k: string]: unknown } };

export interface RequestLog { method: string; path: string; authorized: boolean }

export class TestApiServer {
  readonly token: string;
  readonly nodes = new Map<string, NodeObj>();
  /** Pods (pushed directly: there before any watch; addPod / deletePod: with events). */
  readonly pods: Record<string, unknown>[] = [];
  readonly requests: RequestLog[] = [];
  /** Resources answered with 403 (e.g. 'nodes', 'pods'). */
  forbidden = new Set<string>();
  /** Delay before answering list and watch requests (ms). */
  stallMs = 0;
  /** The next N watches of nodes answer an ERROR event with a 410 Status, then end. */
  goneWatches = 0;
  /** The next N lists answer 500. */
  failLists = 0;
  private rv = 100;
  private history: Ev[] = [];
  private oldestRv = 100;
  private readonly watchers = new Set<{ res: ServerResponse; since: number; resource: Resource }>();
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(readonly pki: Pki, token = `kce-test-token-${Math.random().toString(36).slice(2)}-secret`) {
    this.token = token;
  }

  get url(): string {
    const a = this.server?.address() as AddressInfo;
    return `https://127.0.0.1:${a.port}`;
  }

  get resourceVersion(): number {
    return this.rv;
  }

  async start(): Promise<this> {
    this.server = createServer({ cert: this.pki.serverCert, key: this.pki.serverKey }, (req, res) => this.handle(req, res));
    this.server.on('secureConnection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    return this;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const w of this.watchers) w.res.destroy();
    this.watchers.clear();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  // ---------- state ----------

  private record(type: Ev['type'], obj: NodeObj, resource: Resource = 'nodes'): void {
    this.rv++;
    const copy = structuredClone(obj);
    copy.metadata.resourceVersion = String(this.rv);
    if (resource === 'nodes') {
      if (type === 'DELETED') this.nodes.delete(copy.metadata.name);
      else this.nodes.set(copy.metadata.name, copy);
    } else {
      const i = this.podIndex(copy as PodObj);
      if (type === 'DELETED') {
        if (i >= 0) this.pods.splice(i, 1);
      } else if (i >= 0) this.pods[i] = copy as PodObj;
      else this.pods.push(copy as PodObj);
    }
    const ev: Ev = { rv: this.rv, resource, type, obj: copy };
    this.history.push(ev);
    if (this.history.length > 20_000) this.history.splice(0, this.history.length - 20_000);
    const line = JSON.stringify({ type, object: copy }) + '\n';
    for (const w of this.watchers) if (w.since < this.rv && w.resource === resource) w.res.write(line);
  }

  private podIndex(p: PodObj): number {
    const m = p.metadata ?? {};
    return this.pods.findIndex((x) => (x as PodObj).metadata?.name === m.name && (x as PodObj).metadata?.namespace === m.namespace);
  }

  /** Adds (or replaces) a pod, with a watch event. */
  addPod(p: PodObj): void {
    this.record(this.podIndex(p) >= 0 ? 'MODIFIED' : 'ADDED', p as unknown as NodeObj, 'pods');
  }

  deletePod(namespace: string, name: string): void {
    const p = this.pods.find((x) => (x as PodObj).metadata?.name === name && (x as PodObj).metadata?.namespace === namespace);
    if (p) this.record('DELETED', p as unknown as NodeObj, 'pods');
  }

  addNode(n: NodeObj): void {
    this.record(this.nodes.has(n.metadata.name) ? 'MODIFIED' : 'ADDED', n);
  }

  /** Adds many nodes without events (as if they were there before any watch). */
  seed(nodes: NodeObj[]): void {
    for (const n of nodes) {
      this.rv++;
      const c = structuredClone(n);
      c.metadata.resourceVersion = String(this.rv);
      this.nodes.set(c.metadata.name, c);
    }
    this.compact();
  }

  modifyNode(name: string, change: (n: NodeObj) => void): void {
    const n = structuredClone(this.nodes.get(name));
    if (!n) throw new Error(`no node ${name}`);
    change(n);
    this.record('MODIFIED', n);
  }

  deleteNode(name: string): void {
    const n = this.nodes.get(name);
    if (n) this.record('DELETED', n);
  }

  /** Forgets the event history: watches from an older resourceVersion get 410 Gone. */
  compact(): void {
    this.history = [];
    this.oldestRv = this.rv;
  }

  /** Cuts every open watch connection (mid-stream, no clean end). */
  dropWatches(): void {
    for (const w of this.watchers) w.res.socket?.destroy();
    this.watchers.clear();
  }

  get openWatches(): number {
    return this.watchers.size;
  }

  /** Open watches of one resource. */
  watching(resource: Resource): number {
    return [...this.watchers].filter((w) => w.resource === resource).length;
  }

  count(kind: 'list' | 'watch', resource = 'nodes'): number {
    return this.requests.filter((r) => r.path.includes(`/${resource}`) && (kind === 'watch') === /[?&]watch=(1|true)/.test(r.path)).length;
  }

  // ---------- HTTP ----------

  private status(res: ServerResponse, code: number, reason: string, message: string): void {
    res.writeHead(code, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code }));
  }

  private later(ms: number, f: () => void): void {
    if (ms <= 0) return f();
    const t = setTimeout(() => {
      this.timers.delete(t);
      f();
    }, ms);
    this.timers.add(t);
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    const authorized = req.headers.authorization === `Bearer ${this.token}`;
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, authorized });
    if (!authorized) return this.status(res, 401, 'Unauthorized', 'Unauthorized');
    const podsMatch = /^\/api\/v1\/namespaces\/([^/]+)\/pods$/.exec(url.pathname);
    const allPods = url.pathname === '/api/v1/pods';
    const resource = url.pathname === '/api/v1/nodes' ? 'nodes' : podsMatch || allPods ? 'pods' : '';
    if (!resource) return this.status(res, 404, 'NotFound', 'the server could not find the requested resource');
    const watch = url.searchParams.get('watch') === '1' || url.searchParams.get('watch') === 'true';
    if (this.forbidden.has(resource)) {
      const verb = watch ? 'watch' : 'list';
      const scope = podsMatch ? `in the namespace "${podsMatch[1]}"` : 'at the cluster scope';
      return this.status(res, 403, 'Forbidden', `${resource} is forbidden: User "system:serviceaccount:test:viewer" cannot ${verb} resource "${resource}" in API group "" ${scope}`);
    }
    this.later(this.stallMs, () => {
      if (res.destroyed) return;
      if (podsMatch) return this.listPods(podsMatch[1]!, url, res);
      if (watch) return this.watch(url, res, resource);
      if (allPods) return this.listAll('PodList', this.pods as unknown as NodeObj[], url, res);
      if (this.failLists > 0) {
        this.failLists--;
        return this.status(res, 500, 'InternalError', 'etcd is having a bad day');
      }
      return this.listNodes(url, res);
    });
  }

  private listNodes(url: URL, res: ServerResponse): void {
    const all = [...this.nodes.values()].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
    this.listAll('NodeList', all, url, res);
  }

  private listAll(kind: string, all: NodeObj[], url: URL, res: ServerResponse): void {
    const limit = Number(url.searchParams.get('limit') ?? 0);
    const cont = url.searchParams.get('continue');
    let start = 0;
    let rv = String(this.rv);
    if (cont) {
      const c = JSON.parse(Buffer.from(cont, 'base64').toString()) as { start: number; rv: string };
      if (Number(c.rv) < this.oldestRv) return this.status(res, 410, 'Expired', 'The provided continue parameter is too old');
      start = c.start;
      rv = c.rv;
    }
    const end = limit > 0 ? Math.min(all.length, start + limit) : all.length;
    const metadata: Record<string, unknown> = { resourceVersion: rv };
    if (end < all.length) metadata.continue = Buffer.from(JSON.stringify({ start: end, rv })).toString('base64');
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ kind, apiVersion: 'v1', metadata, items: all.slice(start, end) }));
  }

  private watch(url: URL, res: ServerResponse, resource: Resource): void {
    const since = Number(url.searchParams.get('resourceVersion') || this.rv);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    // As the API server does: headers go out at once, before any event.
    res.flushHeaders();
    const gone = resource === 'nodes' && this.goneWatches > 0;
    if (gone || since < this.oldestRv) {
      if (gone) this.goneWatches--;
      // How the API server reports an expired resourceVersion on a watch: an ERROR event, then the end.
      res.end(JSON.stringify({ type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: `too old resource version: ${since} (${this.rv})`, reason: 'Expired', code: 410 } }) + '\n');
      return;
    }
    for (const ev of this.history) {
      if (ev.rv > since && ev.resource === resource) res.write(JSON.stringify({ type: ev.type, object: ev.obj }) + '\n');
    }
    const w = { res, since, resource };
    this.watchers.add(w);
    res.on('close', () => this.watchers.delete(w));
    const t = Number(url.searchParams.get('timeoutSeconds') ?? 0);
    if (t > 0) this.later(t * 1000, () => {
      this.watchers.delete(w);
      if (!res.destroyed) res.end();
    });
  }

  private listPods(ns: string, url: URL, res: ServerResponse): void {
    const sel = url.searchParams.get('labelSelector') ?? '';
    const reqs = sel ? sel.split(/,(?![^(]*\))/).map((s) => s.trim()) : [];
    const matches = (labels: Record<string, string>) =>
      reqs.every((r) => {
        let m: RegExpExecArray | null;
        if ((m = /^([^=!\s]+)\s*=\s*(.*)$/.exec(r))) return labels[m[1]!] === m[2];
        if ((m = /^(\S+)\s+in\s+\((.*)\)$/.exec(r))) return m[2]!.split(',').includes(labels[m[1]!] ?? '\0');
        if ((m = /^(\S+)\s+notin\s+\((.*)\)$/.exec(r))) return !m[2]!.split(',').includes(labels[m[1]!] ?? '\0');
        if ((m = /^!(\S+)$/.exec(r))) return !(m[1]! in labels);
        return r in labels;
      });
    const items = this.pods.filter((p) => {
      const meta = (p.metadata ?? {}) as { namespace?: string; labels?: Record<string, string> };
      return meta.namespace === ns && matches(meta.labels ?? {});
    });
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: String(this.rv) }, items }));
  }
}

export interface KubeconfigContext {
  name: string;
  server: string;
  token?: string;
  ca?: string;
  namespace?: string;
  cluster?: string;
  user?: string;
}

/** Writes a kubeconfig (YAML by hand: the test does not depend on the loader it tests). */
export function kubeconfigText(contexts: KubeconfigContext[], current?: string): string {
  const lines = ['apiVersion: v1', 'kind: Config'];
  if (current !== undefined) lines.push(`current-context: ${current}`);
  lines.push('clusters:');
  for (const c of contexts) {
    lines.push(`- name: ${c.cluster ?? c.name}`, '  cluster:', `    server: ${c.server}`);
    if (c.ca) lines.push(`    certificate-authority-data: ${Buffer.from(c.ca).toString('base64')}`);
  }
  lines.push('users:');
  for (const c of contexts) {
    lines.push(`- name: ${c.user ?? c.name}`, '  user:');
    lines.push(c.token ? `    token: ${c.token}` : '    {}');
  }
  lines.push('contexts:');
  for (const c of contexts) {
    lines.push(`- name: ${c.name}`, '  context:', `    cluster: ${c.cluster ?? c.name}`, `    user: ${c.user ?? c.name}`);
    if (c.namespace) lines.push(`    namespace: ${c.namespace}`);
  }
  return lines.join('\n') + '\n';
}

export function tempDir(prefix = 'kce-cluster-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Polls until `cond` holds, at most `ms` (bounded: tests never hang). */
export async function waitFor(cond: () => boolean, ms = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The DaemonSet the cluster tests place: it runs on nodes labelled disk=ssd. */
export const AGENT_DS = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      nodeSelector: {disk: ssd}
      containers:
      - name: agent
        image: registry.example/agent:1
`;

/** An API server with node-a (disk=ssd) and node-b (disk=hdd), and a kubeconfig whose context `test` reaches it. */
export async function startSeededCluster(dir: string): Promise<{ api: TestApiServer; kubeconfig: string }> {
  const api = await new TestApiServer(makePki()).start();
  api.seed([makeNode('node-a', { disk: 'ssd' }), makeNode('node-b', { disk: 'hdd' })]);
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigText([{ name: 'test', server: api.url, token: api.token, ca: api.pki.caCert }], 'test'));
  return { api, kubeconfig };
}
