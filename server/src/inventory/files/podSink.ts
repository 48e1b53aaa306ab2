// Where the item-by-item readers put each Pod object they parse: reduced to the scheduler's view (podModel.ts),
// with its error located by item, and kept whole only when the caller asks (the CLI's controller stage wants the
// full pods a DaemonSet may own). Batches can be handed on as they fill (the worker posts them to the main thread).
import type { Pod } from '../../core/types';
import type { SchedPod } from '../../core/scheduler/types';
import type { LoadError } from './loadNodes';
import { mayBelongToDaemonSet } from './loadPods';
import type { PeekedOwners } from './ownerRefsPeek';
import { toSchedPod } from './podModel';
import { BatchWriter, stamp, templateOf, unsliced, type StampKey, type WireBatch } from './podTemplates';

export type KeepWhole = (raw: Record<string, unknown>) => boolean;

// Pods per batch handed on: the main thread reads and adds batches between requests, a few milliseconds' worth at a
// time (podsLoader.ts), so a batch must stay small (4,096 pods held it about 200 ms); small batches also keep the
// worker's collections young.
const BATCH = 256;

// Templates and node names remembered at most (a file of all-different pods would otherwise keep a key per pod).
const MAX_TEMPLATES = 20_000;
const MAX_NODE_NAMES = 100_000;

interface Template {
  pod: SchedPod;
  /** Its id in the batches handed on (podTemplates.ts BatchWriter); -1 when the pods stay with the sink. */
  id: number;
}

export class PodSink {
  pods: SchedPod[] = [];
  kept: Pod[] = [];
  /** Pods that could not be read, by their index in the List's items. */
  errorItems: { item: number; message: string }[] = [];
  /** Pods handed on so far (by `onBatch`) plus those in `pods`. */
  count = 0;
  /** The index of the next item of the List, for error messages. */
  index = 0;
  private readonly writer: BatchWriter | undefined;
  // Templates by a text that determines them: JSON of the template, or a reader's own key (`stamped`).
  private readonly known = new Map<string, Template>();

  constructor(
    readonly sourceName: string,
    private readonly keep?: KeepWhole,
    private readonly onBatch?: (batch: WireBatch) => void,
  ) {
    if (onBatch) this.writer = new BatchWriter();
  }

  /** Whether some pods are kept whole (then a reader must not drop any part of them). */
  get keepsWhole(): boolean {
    return this.keep !== undefined;
  }

  /** Whether batches are handed on as they fill (the pods do not stay with this sink). */
  get handsOn(): boolean {
    return this.onBatch !== undefined;
  }

  /**
   * Whether an item whose metadata.ownerReferences a reader peeked at (ownerRefsPeek.ts) is surely not to be kept
   * whole: only when the keep test reads nothing but those (mayBelongToDaemonSet, the one every caller uses) and
   * says no. Then the item may be stamped like any other; otherwise it is parsed whole and given to `item`.
   */
  surelyNotKept(peeked: PeekedOwners): boolean {
    if (!this.keep) return true;
    if (!peeked || this.keep !== mayBelongToDaemonSet) return false;
    return !this.keep({ metadata: peeked });
  }

  /** Whether the caller's keep test takes this raw pod. */
  wouldKeep(raw: Record<string, unknown>): boolean {
    return this.keep?.(raw) ?? false;
  }

  /** One item of the List; items of other kinds (a Node in `kubectl get nodes,pods`) only advance the index. */
  item(raw: unknown, sliced = false): void {
    const p = this.read(raw);
    if (!p) return;
    if (this.keep?.(raw as Record<string, unknown>)) {
      const whole = { kind: 'Pod', ...(raw as Pod) };
      this.kept.push(sliced ? detach(whole) : whole);
    }
    if (this.writer) this.handOn(p, JSON.stringify(templateOf(p)));
    else this.pods.push(sliced ? detach(p) : p);
    this.count++;
    if (this.writer && this.writer.size >= BATCH) this.flush();
  }

  /**
   * The template `key` names, when an item with that key was read before; a reader that can tell an item's
   * template by its text (podsJsonItems.ts) then only adds the item's identity (`stamped`), parsing nothing else.
   */
  knownTemplate(key: string): SchedPod | undefined {
    return this.known.get(key)?.pod;
  }

  /**
   * An item whose scheduler view, but for its name, uid and node name, is determined by `key` (a reader's text,
   * never JSON of a template: start it with a control character). Seen before: stamped from that template; else
   * `parse` gives the item, read as `item` reads it, and its template is remembered under `key`. Only for an item
   * not to be kept whole (`surelyNotKept`). True when the pod was stamped (nothing parsed).
   */
  stamped(item: StampKey, parse: () => unknown): boolean {
    const { key, name, uid, nodeName } = item;
    const t = this.known.get(key);
    if (!t) {
      const p = this.read(parse());
      if (!p) return false;
      if (this.writer) this.handOn(p, unsliced(key));
      else {
        if (this.known.size >= MAX_TEMPLATES) this.known.clear();
        const pod = detach(p);
        this.known.set(unsliced(key), { pod: templateOf(pod), id: -1 });
        this.pods.push(pod);
      }
    } else {
      this.index++;
      if (this.writer) this.writer.stamped(t.id, name, uid, nodeName);
      else this.pods.push(stamp(t.pod, detach(name), detach(uid), detach(nodeName)));
    }
    this.count++;
    if (this.writer && this.writer.size >= BATCH) this.flush();
    return t !== undefined;
  }

  // The scheduler's view of one item, its error recorded; undefined for an error or another kind.
  private read(raw: unknown): SchedPod | undefined {
    const index = this.index++;
    const p = sinkView(raw);
    if (!p) return undefined;
    if ('error' in p) {
      this.errorItems.push({ item: index, message: p.error });
      return undefined;
    }
    return p;
  }

  // A pod into the pending batch, stamped from the template under `key` (added when new).
  private handOn(p: SchedPod, key: string): void {
    const w = this.writer!;
    let t = this.known.get(key);
    if (!t) {
      // Remembered: a value sliced from a reader's text would keep that whole text (a chunk of the file) alive.
      const pod = templateOf(detach(p));
      t = { pod, id: w.addTemplate(pod) };
      this.known.set(key, t);
    }
    const m = p.metadata!;
    w.stamped(t.id, m.name!, m.uid ?? null, p.spec?.nodeName ?? null);
  }

  /** The errors, located in the file; `base` is the index of this sink's first item (a part of a split file). */
  errors(base = 0): LoadError[] {
    return locate(this.sourceName, this.errorItems, base);
  }

  /** Hands on what is pending (no-op without `onBatch`). */
  flush(): void {
    const w = this.writer;
    if (!w) return;
    if (w.size > 0 || this.kept.length > 0) {
      this.onBatch!(w.take(this.kept));
      this.kept = [];
    }
    if (w.templates >= MAX_TEMPLATES || w.nodeNames >= MAX_NODE_NAMES) {
      this.known.clear();
      w.restart();
    }
  }
}

/**
 * What a sink makes of one raw item: the pod's scheduler view, its error, or undefined for an item of another kind
 * (a Node in `kubectl get nodes,pods`), which is skipped. Readers compare a checked item by this view too.
 */
export function sinkView(raw: unknown): SchedPod | { error: string } | undefined {
  const kind = (raw as { kind?: unknown } | null)?.kind;
  return kind !== 'Pod' && kind !== undefined ? undefined : toSchedPod(raw);
}

// A reader that slices its values out of a chunk's text (the YAML one) would keep the whole chunk alive through any
// kept slice (V8 shares the parent string): the kept strings are copied.
function detach<T>(v: T): T {
  if (typeof v === 'string') return unsliced(v) as T;
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = detach(v[i]);
    return v;
  }
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) o[k] = detach(o[k]);
  return v;
}

export function locate(sourceName: string, items: { item: number; message: string }[], base: number): LoadError[] {
  return items.map((e) => ({ message: `${sourceName} (items[${e.item + base}]): ${e.message}` }));
}
