// One Pod item of `kubectl get pods -A -o json`, its scheduler fields picked out without parsing the rest, by a walk
// of kubectl's layout (jsonLayoutWalk.ts). Only the small values the scheduler keeps (labels, requests, ports,
// affinity, …) go through JSON.parse; env, probes, volumes, most of status are stepped over. Or, for templates
// (podSink.ts `stamped`), the same walk keeps those values' texts as the item's key and parses nothing. A member
// line, key or bracket not laid out that way returns undefined and the caller parses the item whole. Where the whole
// file is indented as kubectl indents it, the picked pod is the one toSchedPod makes of the parsed item; a closing
// bracket indented off by a column can hide the members after it, which is why the caller only picks in big files
// and checks a sample of items against parsing (podsJsonItems.ts, PickPolicy).
//
// Works on a latin1 string of an ASCII-only run of items (the caller checks), so positions are bytes.
import type { StampKey } from './podTemplates';
import { Keys, LBRACE, LBRACK, QUOTE, RBRACK, walkEntries, walkObject, type Member, type Visit } from './jsonLayoutWalk';

/** A scalar or a small value, as JSON.parse would give it (strings without escapes are sliced, not parsed). */
function valueOf(s: string, m: Member): unknown {
  if (s.charCodeAt(m.vs) === QUOTE && s.charCodeAt(m.ve - 1) === QUOTE && m.ve - m.vs >= 2) {
    const t = s.slice(m.vs + 1, m.ve - 1);
    if (!t.includes('\\') && !t.includes('"')) return t;
  }
  return JSON.parse(s.slice(m.vs, m.ve));
}

// What podModel.ts reads of a container (or a container status).
const CONTAINER = new Keys(['name', 'restartPolicy', 'resources', 'allocatedResources', 'ports']);
const PORTS = 4;

const visitContainer: Visit<Record<string, unknown>> = (s, k, m, c) => {
  // Only ports with a hostPort matter; most containers have none, so their ports are not parsed.
  if (k === PORTS) c.ports = s.slice(m.vs, m.ve).includes('hostPort') ? valueOf(s, m) : [];
  else c[CONTAINER.names[k]!] = valueOf(s, m);
  return true;
};

/**
 * The containers (or container statuses) of the array member `m`, each an object; undefined when not laid out
 * as kubectl prints them. A value that is not an array is parsed as it is (toSchedPod ignores it).
 */
function pickContainers(s: string, m: Member, unit: number): unknown {
  if (s.charCodeAt(m.vs) !== LBRACK) return valueOf(s, m);
  if (s.charCodeAt(m.vs + 1) === RBRACK) return [];
  const out: Record<string, unknown>[] = [];
  const entry = () => {
    const c: Record<string, unknown> = {};
    out.push(c);
    return c;
  };
  return walkEntries(s, m, unit, CONTAINER, visitContainer, entry) ? out : undefined;
}

const META = new Keys(['name', 'namespace', 'uid', 'labels', 'deletionTimestamp', 'ownerReferences']);
const OWNERS = 5;
const SPEC = new Keys([
  'nodeName',
  'overhead',
  'resources',
  'affinity',
  'topologySpreadConstraints',
  'containers',
  'initContainers',
], { containers: LBRACK, initContainers: LBRACK });
const STATUS = new Keys([
  'phase',
  'resize',
  'resources',
  'allocatedResources',
  'conditions',
  'containerStatuses',
  'initContainerStatuses',
], { containerStatuses: LBRACK, initContainerStatuses: LBRACK });
const CONDITIONS = 4;
// In SPEC and STATUS, the keys from this index on are lists of containers (or their statuses).
const FIRST_CONTAINERS = 5;

interface Target {
  part: Record<string, unknown>;
  withOwners: boolean;
  /** Set when the item is read for its template key (pickPodKey) instead of parsed. */
  keyed: KeyedItem | undefined;
}

const META_NAME = 0;
const META_UID = 2;
const SPEC_NODE_NAME = 0;

const visitMeta: Visit<Target> = (s, k, m, t) => {
  if (k === OWNERS && !t.withOwners) return true;
  const keyed = t.keyed;
  if (!keyed) t.part[META.names[k]!] = valueOf(s, m);
  else if (k === META_NAME) keyed.name = plainString(s, m) ?? '';
  else if (k === META_UID) keyed.uid = identityOf(keyed, s, m);
  else addToKey(keyed, s, m, META_PART, k);
  return true;
};
const visitSpec: Visit<Target> = (s, k, m, t, unit) => {
  const keyed = t.keyed;
  if (keyed) {
    if (k === SPEC_NODE_NAME) keyed.nodeName = identityOf(keyed, s, m);
    else if (k >= FIRST_CONTAINERS) return keyContainers(s, m, unit, keyed, SPEC_PART, k);
    else addToKey(keyed, s, m, SPEC_PART, k);
    return true;
  }
  const v = k >= FIRST_CONTAINERS ? pickContainers(s, m, unit) : valueOf(s, m);
  t.part[SPEC.names[k]!] = v;
  return v !== undefined;
};
const visitStatus: Visit<Target> = (s, k, m, t, unit) => {
  // Only the resize conditions are read; pods seldom have one, so the conditions are seldom parsed.
  if (k === CONDITIONS && !s.slice(m.vs, m.ve).includes('PodResize')) return true;
  const keyed = t.keyed;
  if (keyed) {
    if (k >= FIRST_CONTAINERS) return keyContainers(s, m, unit, keyed, STATUS_PART, k);
    addToKey(keyed, s, m, STATUS_PART, k);
    return true;
  }
  const v = k >= FIRST_CONTAINERS ? pickContainers(s, m, unit) : valueOf(s, m);
  t.part[STATUS.names[k]!] = v;
  return v !== undefined;
};

const ITEM = new Keys(['kind', 'metadata', 'spec', 'status'], { metadata: LBRACE, spec: LBRACE, status: LBRACE });
const PARTS: readonly [Keys, Visit<Target>][] = [
  [META, visitMeta],
  [SPEC, visitSpec],
  [STATUS, visitStatus],
];

interface ItemTarget {
  pod: Record<string, unknown>;
  withOwners: boolean;
  keyed: KeyedItem | undefined;
}

const visitItem: Visit<ItemTarget> = (s, k, m, t, unit) => {
  const keyed = t.keyed;
  if (k === 0) {
    if (keyed) addToKey(keyed, s, m, ITEM_PART, k);
    else t.pod.kind = valueOf(s, m);
    return true;
  }
  // A part that is not an object: left out here, so the caller parses the item whole (as toSchedPod reads it).
  if (s.charCodeAt(m.vs) !== LBRACE) return false;
  const part: Record<string, unknown> = {};
  if (keyed) keyed.key += PART_MARKS[k]!;
  else t.pod[ITEM.names[k]!] = part;
  const [keys, visit] = PARTS[k - 1]!;
  const close = walkObject(s, m.vs, m.d, unit, keys, visit, { part, withOwners: t.withOwners, keyed });
  m.ve = close + 1;
  return close >= 0;
};

/**
 * The scheduler's fields of the Pod item whose `{` is at `open` (its line indented `d`, the JSON indented by
 * `unit`): a pruned copy of the item for toSchedPod, and the item's closing brace. Undefined when the item is not
 * laid out as kubectl prints it; `withOwners` also picks metadata.ownerReferences (for the caller's keep test).
 */
export function pickPodItem(
  s: string,
  open: number,
  d: number,
  unit: number,
  withOwners: boolean,
): { pod: Record<string, unknown>; close: number } | undefined {
  const t: ItemTarget = { pod: {}, withOwners, keyed: undefined };
  const close = walkObject(s, open, d, unit, ITEM, visitItem, t);
  return close < 0 ? undefined : { pod: t.pod, close };
}

/**
 * An item read for its template (podSink.ts `stamped`): `key` is the text of every member pickPodItem parses but
 * metadata.name, metadata.uid and spec.nodeName, each with its place and length, so two items with one key give
 * one pod but for those three. `plain`: they are strings without escapes, the name not empty (else the item is to
 * be parsed).
 */
export interface KeyedItem extends StampKey {
  plain: boolean;
  close: number;
}

/** pickPodItem's walk, keeping the members' texts instead of parsing them; undefined as for pickPodItem. */
export function pickPodKey(s: string, open: number, d: number, unit: number): KeyedItem | undefined {
  const keyed: KeyedItem = { key: '\u0001', name: '', uid: null, nodeName: null, plain: true, close: -1 };
  const close = walkObject(s, open, d, unit, ITEM, visitItem, { pod: {}, withOwners: false, keyed });
  if (close < 0) return undefined;
  keyed.close = close;
  if (keyed.name === '') keyed.plain = false;
  return keyed;
}

// Each kept member's text goes into the key after a mark naming its part and index and then its length (two
// chars; longer texts a mark of their own and the length in digits): keys made of different members never coincide.
// Every char stays under 256, so keys are one-byte strings (cheaper to hash).
const [ITEM_PART, META_PART, SPEC_PART, STATUS_PART, CONTAINER_PART] = [0, 1, 2, 3, 4];
type Part = number;
const mark = (part: Part, k: number, family: number) => String.fromCharCode(0x40 + family * 0x30 + part * 8 + k);
const marks = (family: number) => Array.from({ length: 40 }, (_, i) => mark(i >> 3, i & 7, family));
const MEMBER_MARKS = marks(0);
const LONG_MARKS = marks(1);
const LIST_MARKS = marks(2);
const PART_MARKS = ['', mark(META_PART, 0, 3), mark(SPEC_PART, 0, 3), mark(STATUS_PART, 0, 3)];
const ENTRY_MARK = mark(CONTAINER_PART, 7, 3);
const NO_HOST_PORTS = mark(CONTAINER_PART, 6, 3);
const SHORT = 4096;
const LENGTHS = Array.from({ length: SHORT }, (_, n) => String.fromCharCode(n >> 8, n & 255));
function addToKey(keyed: KeyedItem, s: string, m: Member, part: Part, k: number): void {
  const n = m.ve - m.vs;
  if (n < SHORT) keyed.key += MEMBER_MARKS[part * 8 + k]! + LENGTHS[n]! + s.slice(m.vs, m.ve);
  else keyed.key += `${LONG_MARKS[part * 8 + k]!}${n},${s.slice(m.vs, m.ve)}`;
}

/** A string value without escapes, as its text; undefined for anything else. */
function plainString(s: string, m: Member): string | undefined {
  if (s.charCodeAt(m.vs) !== QUOTE || s.charCodeAt(m.ve - 1) !== QUOTE || m.ve - m.vs < 2) return undefined;
  const t = s.slice(m.vs + 1, m.ve - 1);
  return t.includes('\\') || t.includes('"') ? undefined : t;
}

// The uid or node name, when a plain string (else the item is parsed: `plain` false).
function identityOf(keyed: KeyedItem, s: string, m: Member): string | null {
  const v = plainString(s, m);
  if (v === undefined) keyed.plain = false;
  return v ?? null;
}

/** pickContainers, keeping the texts pickContainers parses (a container's ports only when one takes a host port). */
function keyContainers(s: string, m: Member, unit: number, keyed: KeyedItem, part: Part, k: number): boolean {
  if (s.charCodeAt(m.vs) !== LBRACK || s.charCodeAt(m.vs + 1) === RBRACK) {
    addToKey(keyed, s, m, part, k);
    return true;
  }
  keyed.key += LIST_MARKS[part * 8 + k]!;
  const entry = () => {
    keyed.key += ENTRY_MARK;
    return keyed;
  };
  return walkEntries(s, m, unit, CONTAINER, keyContainer, entry);
}

const keyContainer: Visit<KeyedItem> = (s, k, m, keyed) => {
  if (k === PORTS && !s.slice(m.vs, m.ve).includes('hostPort')) keyed.key += NO_HOST_PORTS;
  else addToKey(keyed, s, m, CONTAINER_PART, k);
  return true;
};
