// Pods stamped from one template (a Deployment's replicas, a DaemonSet's pods) differ, in the scheduler's view, only
// in name, uid and node. A reading worker sends each template once and each pod as those three strings; the main
// thread stamps pods from the templates, so it parses a fraction of the text, and siblings share their labels,
// containers and status objects (and the state computes their requests once: ClusterNodeInfos.upsertPod).
// Nothing in the scheduler writes to a pod, so sharing is safe.
import type { ObjectMeta, Pod } from '../../core/types';
import type { SchedPod } from '../../core/scheduler/types';

/** A batch of pods as it crosses from a worker to the main thread (JSON texts: see podsWorker.ts). */
export interface WireBatch {
  /** The templates first used in this batch, in id order: JSON of SchedPod[]. */
  templates: string;
  /** Per pod `id, name, uid, nodeName` (null when absent); id -1: the next of `whole` instead. JSON of a flat array. */
  pods: string;
  /** Pods sent whole (no template): JSON of SchedPod[]. */
  whole: string;
  /** Pods kept whole for the caller (KeepWhole): JSON of Pod[]. */
  kept: string;
  /** Template ids start again from 0 with this batch. */
  reset: boolean;
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
  private flat: (string | number | null)[] = [];
  private whole: SchedPod[] = [];
  private reset = false;
  /** Templates given an id since the last restart. */
  templates = 0;
  /** Pods in the pending batch. */
  size = 0;

  /** Gives `t` the next id (sent with the pending batch). */
  addTemplate(t: SchedPod): number {
    this.fresh.push(t);
    return this.templates++;
  }

  stamped(id: number, name: string, uid: string | null, nodeName: string | null): void {
    this.flat.push(id, name, uid, nodeName);
    this.size++;
  }

  /** A pod that has no template (sent as it is). */
  alone(p: SchedPod): void {
    this.flat.push(-1);
    this.whole.push(p);
    this.size++;
  }

  /** The pending batch, with the kept pods given; the writer starts a new one. */
  take(kept: Pod[]): WireBatch {
    const b: WireBatch = {
      templates: JSON.stringify(this.fresh),
      pods: JSON.stringify(this.flat),
      whole: JSON.stringify(this.whole),
      kept: JSON.stringify(kept),
      reset: this.reset,
    };
    this.fresh = [];
    this.flat = [];
    this.whole = [];
    this.size = 0;
    this.reset = false;
    return b;
  }

  /** Ids start again from 0 with the next batch (the reader drops its templates). Only between batches. */
  restart(): void {
    this.templates = 0;
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

  read(b: WireBatch): ReadBatch {
    if (b.reset) this.templates = [];
    for (const t of JSON.parse(b.templates) as SchedPod[]) this.templates.push(t);
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
      pods.push(stamp(t, flat[i] as string, flat[i + 1] as string | null, flat[i + 2] as string | null));
      of.push(t);
      i += 3;
    }
    return { pods, templates: of, kept: JSON.parse(b.kept) as Pod[] };
  }
}
