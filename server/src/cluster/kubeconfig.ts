// kubeconfig files merged the way kubectl merges them, on top of which client-node gets one context.
// client-node's own multi-file merge differs from kubectl (last current-context wins, duplicate names throw,
// missing files throw), so the files are read and merged here and client-node only sees the chosen context.
// No client-node import here: listing contexts must stay cheap.
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter as pathDelimiter, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';

export type KubeconfigErrorKind = 'no-kubeconfig' | 'bad-kubeconfig' | 'no-context' | 'unknown-context' | 'incomplete-context' | 'untrusted';

/** A kubeconfig problem with a message fit for the status bar (never holds a credential). */
export class KubeconfigError extends Error {
  constructor(readonly kind: KubeconfigErrorKind, message: string) {
    super(message);
    this.name = 'KubeconfigError';
  }
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export interface Named<T> {
  value: T;
  /** The file that defined it: relative paths inside were resolved against its folder. */
  origin: string;
}

export interface MergedKubeconfig {
  currentContext: string;
  clusters: Map<string, Named<Obj>>;
  users: Map<string, Named<Obj>>;
  contexts: Map<string, Named<Obj>>;
  /** Files read, in order. */
  files: string[];
  /** Files of the precedence list that do not exist (skipped, as kubectl does). */
  missing: string[];
}

export interface LoadingRules {
  /** --kubeconfig or the settings path: the only file read, and it must exist. */
  explicitPath?: string;
  /** KUBECONFIG entries (deduplicated), or ~/.kube/config. */
  precedence: string[];
}

export interface RulesInput {
  explicitPath?: string;
  /** Value of KUBECONFIG (pass `process.env.KUBECONFIG`). */
  env?: string;
  home?: string;
  delimiter?: string;
}

// Port of NewDefaultClientConfigLoadingRules (client-go/tools/clientcmd/loader.go).
export function defaultLoadingRules(input: RulesInput = {}): LoadingRules {
  const rules: LoadingRules = { precedence: [] };
  if (input.explicitPath) rules.explicitPath = input.explicitPath;
  const env = input.env ?? '';
  if (env.length > 0) {
    const seen = new Set<string>();
    // filepath.SplitList keeps empty entries; Load skips them later.
    for (const p of env.split(input.delimiter ?? pathDelimiter)) {
      if (seen.has(p)) continue;
      seen.add(p);
      rules.precedence.push(p);
    }
  } else {
    rules.precedence.push(join(input.home ?? homedir(), '.kube', 'config'));
  }
  return rules;
}

export interface FileReader {
  /** Returns the text, or undefined when the file does not exist; throws on other read errors. */
  (path: string): string | undefined;
}

export const readKubeconfigFile: FileReader = (path) => {
  try {
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) return undefined;
    if (st.isDirectory()) throw new Error('is a directory');
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
};

interface OneFile {
  currentContext: string;
  clusters: Map<string, Obj>;
  users: Map<string, Obj>;
  contexts: Map<string, Obj>;
}

// Named lists become maps; a name twice in one file is an error, as clientcmd's conversion says.
function namedList(doc: Obj, list: string, inner: string, goType: string, goMap: string): Map<string, Obj> {
  const out = new Map<string, Obj>();
  const items = doc[list];
  if (items == null) return out;
  if (!Array.isArray(items)) throw new Error(`${list} must be a list`);
  for (const it of items) {
    if (!isObj(it)) continue;
    const name = typeof it.name === 'string' ? it.name : '';
    if (out.has(name)) throw new Error(`error converting *[]${goType} into *map[string]*api.${goMap}: duplicate name "${name}" in list`);
    out.set(name, isObj(it[inner]) ? { ...(it[inner] as Obj) } : {});
  }
  return out;
}

// Port of Load (client-go/tools/clientcmd/loader.go), for one file's bytes.
export function parseKubeconfig(text: string): OneFile {
  const empty: OneFile = { currentContext: '', clusters: new Map(), users: new Map(), contexts: new Map() };
  if (text.trim() === '') return empty;
  let doc: unknown;
  try {
    doc = parseYaml(text, { prettyErrors: false });
  } catch (e) {
    throw new Error(`not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (doc == null) return empty;
  if (!isObj(doc)) throw new Error("couldn't get version/kind; json parse error: not an object");
  return {
    currentContext: typeof doc['current-context'] === 'string' ? doc['current-context'] : '',
    clusters: namedList(doc, 'clusters', 'cluster', 'NamedCluster', 'Cluster'),
    users: namedList(doc, 'users', 'user', 'NamedAuthInfo', 'AuthInfo'),
    contexts: namedList(doc, 'contexts', 'context', 'NamedContext', 'Context'),
  };
}

// Port of ResolvePaths with GetClusterFileReferences / GetAuthInfoFileReferences (client-go/tools/clientcmd/loader.go).
function resolveFileRefs(kind: 'cluster' | 'user', v: Obj, origin: string): Obj {
  const base = resolve(dirname(origin));
  const fix = (o: Obj, key: string) => {
    const p = o[key];
    if (typeof p === 'string' && p.length > 0 && !isAbsolute(p)) o[key] = join(base, p);
  };
  const out = { ...v };
  if (kind === 'cluster') fix(out, 'certificate-authority');
  else {
    fix(out, 'client-certificate');
    fix(out, 'client-key');
    fix(out, 'tokenFile');
    // An exec command found on PATH stays as it is; one with a separator is a path.
    if (isObj(out.exec) && typeof out.exec.command === 'string' && out.exec.command.includes(sep)) {
      out.exec = { ...out.exec };
      fix(out.exec as Obj, 'command');
    }
  }
  return out;
}

// Port of ClientConfigLoadingRules.Load (client-go/tools/clientcmd/loader.go).
export function loadKubeconfig(rules: LoadingRules, read: FileReader = readKubeconfigFile): MergedKubeconfig {
  const merged: MergedKubeconfig = { currentContext: '', clusters: new Map(), users: new Map(), contexts: new Map(), files: [], missing: [] };
  let names: string[];
  let explicitText: string | undefined;
  if (rules.explicitPath) {
    // The file the user named must exist; the others are not read at all.
    let text: string | undefined;
    try {
      text = read(rules.explicitPath);
    } catch (e) {
      throw new KubeconfigError('bad-kubeconfig', `error loading config file "${rules.explicitPath}": ${(e as Error).message}`);
    }
    if (text === undefined) throw new KubeconfigError('no-kubeconfig', `no kubeconfig: stat ${rules.explicitPath}: no such file or directory`);
    explicitText = text;
    names = [rules.explicitPath];
  } else names = rules.precedence;

  const errors: string[] = [];
  for (const filename of names) {
    if (filename.length === 0) continue;
    let one: OneFile;
    try {
      // The explicit file was read once already, to check that it exists.
      const text = explicitText ?? read(filename);
      if (text === undefined) {
        merged.missing.push(filename);
        continue;
      }
      one = parseKubeconfig(text);
    } catch (e) {
      errors.push(`error loading config file "${filename}": ${(e as Error).message}`);
      continue;
    }
    merged.files.push(filename);
    // Map entries: the first file to define a name wins, and its entry is taken whole.
    for (const [name, v] of one.clusters) if (!merged.clusters.has(name)) merged.clusters.set(name, { value: resolveFileRefs('cluster', v, filename), origin: filename });
    for (const [name, v] of one.users) if (!merged.users.has(name)) merged.users.set(name, { value: resolveFileRefs('user', v, filename), origin: filename });
    for (const [name, v] of one.contexts) if (!merged.contexts.has(name)) merged.contexts.set(name, { value: v, origin: filename });
    // Plain values: the first file that sets one wins (an empty value sets nothing).
    if (!merged.currentContext && one.currentContext) merged.currentContext = one.currentContext;
  }
  if (errors.length) throw new KubeconfigError('bad-kubeconfig', errors.join('; '));
  if (merged.files.length === 0) {
    throw new KubeconfigError('no-kubeconfig', `no kubeconfig: ${names.filter((n) => n).join(', ') || '(empty KUBECONFIG)'} not found (set KUBECONFIG, create ~/.kube/config, or set kce.inventory.kubeconfig)`);
  }
  return merged;
}

export interface ContextSummary {
  name: string;
  cluster: string;
  user: string;
  namespace: string;
  /** The API server URL of the context's cluster ('' when the cluster is not defined). */
  server: string;
  current: boolean;
}

/** Contexts for a picker: names, cluster, user, namespace and server only (never credentials). */
export function listContexts(cfg: MergedKubeconfig): ContextSummary[] {
  const out: ContextSummary[] = [];
  for (const [name, { value }] of cfg.contexts) {
    const cluster = typeof value.cluster === 'string' ? value.cluster : '';
    const server = cfg.clusters.get(cluster)?.value.server;
    out.push({
      name,
      cluster,
      user: typeof value.user === 'string' ? value.user : '',
      namespace: typeof value.namespace === 'string' && value.namespace ? value.namespace : 'default',
      server: typeof server === 'string' ? server : '',
      current: name === cfg.currentContext,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export interface ResolvedContext {
  contextName: string;
  namespace: string;
  clusterName: string;
  userName: string;
  server: string;
  cluster: Obj;
  user: Obj;
  /** Whether the user runs a program (exec) or an auth-provider plugin to get credentials. */
  usesPlugin: boolean;
}

/** The context to use (the named one, else current-context), with its cluster and user; clear errors otherwise. */
export function resolveContext(cfg: MergedKubeconfig, contextName?: string): ResolvedContext {
  const name = contextName || cfg.currentContext;
  if (!name) {
    const known = [...cfg.contexts.keys()].sort();
    throw new KubeconfigError('no-context', `no current context in ${cfg.files.join(', ')}; choose one of: ${known.join(', ') || '(no contexts defined)'}`);
  }
  const ctx = cfg.contexts.get(name);
  if (!ctx) {
    const known = [...cfg.contexts.keys()].sort();
    throw new KubeconfigError('unknown-context', `context "${name}" not found in kubeconfig (known: ${known.join(', ') || 'none'})`);
  }
  const clusterName = typeof ctx.value.cluster === 'string' ? ctx.value.cluster : '';
  const userName = typeof ctx.value.user === 'string' ? ctx.value.user : '';
  const cluster = cfg.clusters.get(clusterName);
  if (!cluster) throw new KubeconfigError('incomplete-context', `context "${name}": cluster "${clusterName}" not found in kubeconfig`);
  const server = typeof cluster.value.server === 'string' ? cluster.value.server : '';
  if (!server) throw new KubeconfigError('incomplete-context', `context "${name}": cluster "${clusterName}" has no server`);
  // kubectl allows a context without a user (anonymous); so do we.
  const user = userName ? cfg.users.get(userName)?.value : {};
  if (!user) throw new KubeconfigError('incomplete-context', `context "${name}": user "${userName}" not found in kubeconfig`);
  return {
    contextName: name,
    namespace: typeof ctx.value.namespace === 'string' && ctx.value.namespace ? ctx.value.namespace : 'default',
    clusterName,
    userName,
    server,
    cluster: cluster.value,
    user,
    usesPlugin: isObj(user.exec) || isObj(user['auth-provider']),
  };
}

/** A one-context kubeconfig (JSON is YAML) for client-node's loadFromString: it never sees the other files. */
export function singleContextConfig(r: ResolvedContext): string {
  const user = { ...r.user };
  // The token file is read by cluster.ts as kubectl reads it (trimmed, re-read); client-node never sees it.
  delete user.tokenFile;
  delete user['token-file'];
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: r.clusterName || 'cluster', cluster: r.cluster }],
    users: [{ name: r.userName || 'user', user }],
    contexts: [{ name: r.contextName, context: { cluster: r.clusterName || 'cluster', user: r.userName || 'user', namespace: r.namespace } }],
    'current-context': r.contextName,
  });
}

const SECRET_KEYS = new Set(['token', 'password', 'client-key-data', 'client-certificate-data', 'id-token', 'refresh-token', 'access-token', 'client-secret', 'idp-certificate-authority-data']);

/** Every credential string of a user entry (inline values and auth-provider config), for redaction. */
export function secretsOf(user: Obj): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key: string) => {
    if (typeof v === 'string') {
      if (SECRET_KEYS.has(key) && v.length >= 4) out.push(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (isObj(v)) for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(user, '');
  // Values an exec plugin gets in its environment are often keys or tokens.
  const env = isObj(user.exec) ? user.exec.env : undefined;
  if (Array.isArray(env)) for (const e of env) if (isObj(e) && typeof e.value === 'string' && e.value.length >= 4) out.push(e.value);
  return out;
}
