// Pods of every shape the scheduler reads (init containers and sidecars, overhead, pod-level resources, host
// ports, affinity, tolerations, spread constraints, resized containers, strings that look like the layout's own
// lines, non-ASCII, a pod without a name), with a Node and a Deployment mixed in: 19 items, 17 of them Pods.
import { generatePodObjects } from '../../server/src/inventory/files/generatePods';
import { loadSchedPodsFile, type PodsFileResult } from '../../server/src/inventory/files/podsFile';
import { pickCounts, type PickPolicy } from '../../server/src/inventory/files/podsJsonItems';

type Obj = Record<string, unknown>;
const base = () => [...generatePodObjects(3, 6)] as Obj[];
const spec = (p: Obj) => p.spec as Obj;
const status = (p: Obj) => p.status as Obj;
const meta = (p: Obj) => p.metadata as Obj;

export function variedPods(): unknown[] {
  const pods = base();
  spec(pods[0]!).initContainers = [
    { name: 'init', image: 'busybox', resources: { requests: { cpu: '2', memory: '1Gi' } } },
    {
      name: 'sidecar',
      image: 'envoy',
      restartPolicy: 'Always',
      resources: { requests: { cpu: '300m' }, limits: { cpu: '1' } },
      ports: [{ containerPort: 53, hostPort: 5353, hostIP: '10.0.0.1', protocol: 'UDP' }],
    },
  ];
  spec(pods[1]!).overhead = { cpu: '250m', memory: '120Mi' };
  spec(pods[1]!).resources = { requests: { cpu: '1500m', 'example.com/gpu': '1' }, limits: { cpu: '2' } };
  spec(pods[2]!).affinity = {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        { labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'kubernetes.io/hostname' },
      ],
    },
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }] }],
      },
    },
  };
  spec(pods[2]!).topologySpreadConstraints = [
    { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { a: 'b' } } },
  ];
  spec(pods[3]!).tolerations = [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }];
  const resized = status(pods[4]!);
  resized.resize = 'InProgress';
  resized.conditions = [{ type: 'PodResizePending', status: 'True', reason: 'Deferred' }];
  (resized.containerStatuses as Obj[])[0]!.allocatedResources = { cpu: '750m' };
  (resized.containerStatuses as Obj[])[0]!.resources = { requests: { cpu: '750m' } };
  // Strings that hold the layout's own markers: escaped newlines, a closing brace at the items' indentation, keys.
  meta(pods[5]!).annotations = {
    note: '\n        },\n        {\n            "env": [\n- apiVersion: v1\nitems:\n',
    'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify(pods[6], null, 4),
  };
  meta(pods[6]!).labels = { ...(meta(pods[6]!).labels as Obj), team: 'équipe-北京', emoji: '🚀' };
  meta(pods[7]!).deletionTimestamp = '2025-03-01T11:00:00Z';
  delete meta(pods[8]!).ownerReferences; // an orphan
  delete meta(pods[9]!).name; // an error, located by its item
  // Keys the YAML reader drops unread, where they must not be dropped: a label named env, block scalars that hold
  // key-like lines, a sequence item whose first key is one of them.
  meta(pods[10]!).labels = { env: 'prod', state: 'x', app: 'a' };
  meta(pods[10]!).annotations = { doc: 'line one\n  env:\n    - name: x\nlast line\n' };
  const c10 = (spec(pods[10]!).containers as Obj[])[0]!;
  c10.args = ['--x', 'multi\nline\n  env:\n'];
  c10.command = ['run'];
  (c10.env as Obj[]).push({ name: 'SCRIPT', value: 'a\n\n  b:\n    - c\n' });
  spec(pods[10]!).tolerations = [{ key: 'state', operator: 'Equal', value: 'env', effect: 'NoSchedule' }];
  const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, status: { allocatable: { cpu: '4' } } };
  const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: {} };
  return [node, ...pods.slice(0, 9), deployment, ...pods.slice(9)];
}

// Strings kubectl escapes, and values of the wrong type (the API would refuse them; toSchedPod skips them).
export function oddPods(pods: Obj[]): Obj[] {
  const [a, b, c] = [0, 1, 2].map(() => structuredClone(pods[0]!));
  (a!.metadata as Obj).name = 'quote"and\\backslash';
  (a!.metadata as Obj).labels = { 'a"b': 'c\\d', tab: 'x\ty', nl: 'one\ntwo' };
  (a!.spec as Obj).nodeName = 'node-\u0001';
  (b!.spec as Obj).containers = { not: 'a list' };
  (b!.metadata as Obj).labels = ['not', 'a', 'map'];
  (b!.status as Obj).phase = 7;
  (c!.spec as Obj).containers = [];
  (c!.spec as Obj).initContainers = [{ name: 'i', ports: [], resources: {} }];
  (c!.status as Obj).containerStatuses = [];
  (c!.metadata as Obj).labels = {};
  const noSpec = structuredClone(pods[1]!);
  delete noSpec.spec;
  const specString = { ...structuredClone(pods[2]!), spec: 'running' };
  return [a!, b!, c!, noSpec, specString];
}

/** Two siblings of each pod, equal to it but for name, uid and node name: pods of the same template. */
export function siblingsOf(pods: Obj[]): Obj[] {
  return pods.flatMap((p, i) =>
    [0, 1].map((k) => {
      const c = structuredClone(p);
      const m = c.metadata as Obj;
      if (m.name !== undefined) m.name = `${String(m.name)}-sib${k}`;
      if (m.uid !== undefined) m.uid = `uid-${i}-${k}`;
      if (c.spec && typeof c.spec === 'object') (c.spec as Obj).nodeName = `node-${k}`;
      return c;
    }),
  );
}

/**
 * Copies of `base` with UTF-8 in the name, the node name and a label (and ASCII ones), for the scanners' UTF-8
 * tests: two share a label, so one template; then `more` ASCII pods named as given.
 */
export function utf8Pods(base: Obj, more: string[] = []): Obj[] {
  const pod = (name: string, node: string, label: string) => {
    const p = structuredClone(base);
    (p.metadata as Obj).name = name;
    (p.metadata as Obj).uid = `uid-${name}`;
    (p.metadata as Obj).labels = { team: label };
    (p.spec as Obj).nodeName = node;
    return p;
  };
  return [
    pod('pod-é', 'nœud-1', 'équipe-北京'),
    pod('pod-北京-🚀', 'nœud-2', 'équipe-北京'),
    pod('pod-plain', 'node-3', 'équipe-東京'),
    pod('pod-ascii', 'node-4', 'team'),
    ...more.map((name, i) => pod(name, `node-${5 + i}`, 'team')),
  ];
}

export const list = (items: unknown[]) => ({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } });


/** A seeded generator of integers below `n`: the same cases every run. */
export function seededRandom(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

/** One way to disturb a file's lines: it changes, inserts or removes lines around line `i`. */
export type LineEdit = (ls: string[], i: number, rand: (n: number) => number) => void;

/** A copy of `lines` with one to three edits, each at a line in `[first, lines.length - tail)`. */
export function disturbLines(
  lines: readonly string[],
  rand: (n: number) => number,
  edits: LineEdit[],
  first: number,
  tail: number,
): string {
  const ls = [...lines];
  for (let k = 0, n = 1 + rand(3); k < n; k++) edits[rand(edits.length)]!(ls, first + rand(ls.length - first - tail), rand);
  return ls.join('\n');
}

/** A line moved right by one to four spaces. */
export const deeper: LineEdit = (ls, i, rand) => {
  ls[i] = ' '.repeat(1 + rand(4)) + ls[i]!;
};

/** A space of a line's indentation replaced by a tab. */
export const tabbed: LineEdit = (ls, i) => {
  ls[i] = ls[i]!.replace(/^( *) /, '$1\t');
};

/** A pods file read with a pick policy, and how many of its items were picked (or pruned) and parsed whole. */
export function loadCounting(
  path: string,
  pick: PickPolicy,
): PodsFileResult & { picked: number; parsedWhole: number; stamped: number } {
  const before = { ...pickCounts };
  const r = loadSchedPodsFile(path, path, { pick });
  const delta = (k: keyof typeof pickCounts) => pickCounts[k] - before[k];
  return { ...r, picked: delta('picked'), parsedWhole: delta('parsedWhole'), stamped: delta('stamped') };
}
