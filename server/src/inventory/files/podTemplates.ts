// Pods stamped from one template (a Deployment's replicas, a DaemonSet's pods) differ, in the scheduler's view, only
// in name, uid and node. A reading worker sends each template once and each pod as its name, uid and the index of
// its node's name (each node name crosses once too); the main thread stamps pods from the templates, so it parses a
// fraction of the text, siblings share their labels, containers and status objects (and the state computes their
// requests once: ClusterNodeInfos.upsertPod), and the pods of a node share one node-name string.
// Nothing in the scheduler writes to a pod, so sharing is safe.
import type { ObjectMeta, Pod } from '../../core/types';
import type { SchedPod } from '../../core/scheduler/types';

/** A batch of pods as it crosses from a worker to the main thread (JSON texts: see podsWorker.ts). */
export interface WireBatch {
  /** The templates first used in this batch, in id order: JSON of SchedPod[]. */
  templates: string;
  /**
   * Per pod `id, name, uid, node` (uid null when absent; node: an index into the node names, -1 when absent);
   * id -1: the next of `whole` instead. JSON of a flat array.
   */
  pods: string;
  /** The node names first used in this batch, in index order: JSON of string[]. */
  nodes: string;
  /** Pods sent whole (no template): JSON of SchedPod[]. */
  whole: string;
  /** Pods kept whole for the caller (KeepWhole): JSON of Pod[]. */
  kept: string;
  /** Template ids and node indexes start again from 0 with this batch. */
  reset: boolean;
}

/**
 * A copy of `s` that shares no reader's text: V8 keeps the whole text a slice was cut from alive through the slice,
 * so whatever outlives a chunk (a table's key, a kept value) is copied. Short strings are copied by slicing anyway.
 */
export function unsliced(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}

/** The identity of an item a reader keys by its template (podSink.ts `stamped`): the key, and what it leaves out. */
export interface StampKey {
  key: string;
  name: string;
  uid: string | null;
  nodeName: string | null;
}

/** The pod without its name, uid and node name: what its siblings share. */
export function templateOf(p: SchedPod): SchedPod {
  const { name: _name, uid: _uid, ...metadata } = p.metadata ?? {};
  const t: SchedPod = { kind: 'Pod', metadata };
  if (p.spec) {
    const { nodeName: _node, ...spec } = p.spec;
    t.spec = spec;
  }
  if (p.status) t.status = p.status;
  return t;
}

/** The pod toSchedPod gives for an item of template `t` with this identity (its keys in toSchedPod's order). */
export function stamp(t: SchedPod, name: string, uid: string | null, nodeName: string | null): SchedPod {
  const m = t.metadata!;
  const metadata: ObjectMeta = { name };
  if (m.namespace !== undefined) metadata.namespace = m.namespace;
  if (uid !== null) metadata.uid = uid;
  if (m.labels !== undefined) metadata.labels = m.labels;
  if (m.deletionTimestamp !== undefined) metadata.deletionTimestamp = m.deletionTimestamp;
  const pod: SchedPod = { kind: 'Pod', metadata };
  if (t.spec) pod.spec = nodeName === null ? t.spec : { nodeName, ...t.spec };
  if (t.status) pod.status = t.status;
  return pod;
}

/** The worker's side: pods into a WireBatch. Template ids count up from 0 until `restart`. */
export class BatchWriter {
  private fresh: SchedPod[] = [];
  // The batch's pods as JSON text, written as they come: a name or uid sliced from a reader's text is copied into
  // it at once, so that text dies young (held in an array until the batch went, each run's text was promoted).
  private flat = '';
  private whole: SchedPod[] = [];
  private readonly nodeIndex = new Map<string, number>();
  private freshNodes: string[] = [];
  private reset = false;
  /** Templates given an id since the last restart. */
  templates = 0;
  /** Pods in the pending batch. */
  size = 0;

  /** Node names given an index since the last restart. */
  get nodeNames(): number {
    return this.nodeIndex.size;
  }

  /** Gives `t` the next id (sent with the pending batch). */
  addTemplate(t: SchedPod): number {
    this.fresh.push(t);
    return this.templates++;
  }

  stamped(id: number, name: string, uid: string | null, nodeName: string | null): void {
    let node = -1;
    if (nodeName !== null) {
      const known = this.nodeIndex.get(nodeName);
      if (known !== undefined) node = known;
      else {
        node = this.nodeIndex.size;
        this.nodeIndex.set(unsliced(nodeName), node);
        this.freshNodes.push(nodeName);
      }
    }
    this.flat += `${id},${JSON.stringify(name)},${uid === null ? 'null' : JSON.stringify(uid)},${node},`;
    this.size++;
  }

  /** A pod that has no template (sent as it is). */
  alone(p: SchedPod): void {
    this.flat += '-1,';
    this.whole.push(p);
    this.size++;
  }

  /** The pending batch, with the kept pods given; the writer starts a new one. */
  take(kept: Pod[]): WireBatch {
    const b: WireBatch = {
      templates: JSON.stringify(this.fresh),
      pods: `[${this.flat.slice(0, -1)}]`,
      nodes: JSON.stringify(this.freshNodes),
      whole: JSON.stringify(this.whole),
      kept: JSON.stringify(kept),
      reset: this.reset,
    };
    this.fresh = [];
    this.flat = '';
    this.freshNodes = [];
    this.whole = [];
    this.size = 0;
    this.reset = false;
    return b;
  }

  /** Ids start again from 0 with the next batch (the reader drops its templates). Only between batches. */
  restart(): void {
    this.templates = 0;
    this.nodeIndex.clear();
    this.reset = true;
  }
}

/** A batch read back: the pods, and for each the template it was stamped from (undefined when sent whole). */
export interface ReadBatch {
  pods: SchedPod[];
  templates: (SchedPod | undefined)[];
  kept: Pod[];
}

/** The main thread's side: WireBatches of one worker, in order, back into pods. */
export class BatchReader {
  private templates: SchedPod[] = [];
  private nodes: string[] = [];

  read(b: WireBatch): ReadBatch {
    if (b.reset) {
      this.templates = [];
      this.nodes = [];
    }
    for (const t of JSON.parse(b.templates) as SchedPod[]) this.templates.push(t);
    for (const n of JSON.parse(b.nodes) as string[]) this.nodes.push(n);
    const flat = JSON.parse(b.pods) as (string | number | null)[];
    const whole = JSON.parse(b.whole) as SchedPod[];
    const pods: SchedPod[] = [];
    const of: (SchedPod | undefined)[] = [];
    let w = 0;
    for (let i = 0; i < flat.length;) {
      const id = flat[i++] as number;
      if (id < 0) {
        pods.push(whole[w++]!);
        of.push(undefined);
        continue;
      }
      const t = this.templates[id]!;
      const node = flat[i + 2] as number;
      pods.push(stamp(t, flat[i] as string, flat[i + 1] as string | null, node < 0 ? null : this.nodes[node]!));
      of.push(t);
      i += 3;
    }
    return { pods, templates: of, kept: JSON.parse(b.kept) as Pod[] };
  }
}
