// Where the item-by-item readers put each Pod object they parse: reduced to the scheduler's view (podModel.ts),
// with its error located by item, and kept whole only when the caller asks (the CLI's controller stage wants the
// full pods a DaemonSet may own). Batches can be handed on as they fill (the worker posts them to the main thread).
import type { Pod } from '../../core/types';
import type { SchedPod } from '../../core/scheduler/types';
import type { LoadError } from './loadNodes';
import { toSchedPod } from './podModel';

export type KeepWhole = (raw: Record<string, unknown>) => boolean;

// Pods per batch handed on: the main thread parses and adds batches between requests, a few milliseconds' worth at a
// time (podsLoader.ts), so a batch must stay small (4,096 pods held it about 200 ms); small batches also keep the
// worker's collections young.
const BATCH = 256;

export class PodSink {
  pods: SchedPod[] = [];
  kept: Pod[] = [];
  /** Pods that could not be read, by their index in the List's items. */
  errorItems: { item: number; message: string }[] = [];
  /** Pods handed on so far (by `onBatch`) plus those in `pods`. */
  count = 0;
  /** The index of the next item of the List, for error messages. */
  index = 0;

  constructor(
    readonly sourceName: string,
    private readonly keep?: KeepWhole,
    private readonly onBatch?: (pods: SchedPod[], kept: Pod[]) => void,
  ) {}

  /** Whether some pods are kept whole (then a reader must not drop any part of them). */
  get keepsWhole(): boolean {
    return this.keep !== undefined;
  }

  /** Whether batches are handed on as they fill (the pods do not stay with this sink). */
  get handsOn(): boolean {
    return this.onBatch !== undefined;
  }

  /** Whether the caller's keep test takes this raw pod. */
  wouldKeep(raw: Record<string, unknown>): boolean {
    return this.keep?.(raw) ?? false;
  }

  /** One item of the List; items of other kinds (a Node in `kubectl get nodes,pods`) only advance the index. */
  item(raw: unknown, sliced = false): void {
    const index = this.index++;
    const kind = (raw as { kind?: unknown } | null)?.kind;
    if (kind !== 'Pod' && kind !== undefined) return;
    const p = toSchedPod(raw);
    if ('error' in p) {
      this.errorItems.push({ item: index, message: p.error });
      return;
    }
    this.pods.push(sliced ? detach(p) : p);
    this.count++;
    if (this.keep?.(raw as Record<string, unknown>)) {
      const whole = { kind: 'Pod', ...(raw as Pod) };
      this.kept.push(sliced ? detach(whole) : whole);
    }
    if (this.onBatch && this.pods.length >= BATCH) this.flush();
  }

  /** The errors, located in the file; `base` is the index of this sink's first item (a part of a split file). */
  errors(base = 0): LoadError[] {
    return locate(this.sourceName, this.errorItems, base);
  }

  /** Hands on what is pending (no-op without `onBatch`). */
  flush(): void {
    if (!this.onBatch || (this.pods.length === 0 && this.kept.length === 0)) return;
    this.onBatch(this.pods, this.kept);
    this.pods = [];
    this.kept = [];
  }
}

// A reader that slices its values out of a chunk's text (the YAML one) would keep the whole chunk alive through any
// kept slice (V8 shares the parent string): the kept strings are copied.
function detach<T>(v: T): T {
  if (typeof v === 'string') return (v.length < 13 ? v : (' ' + v).slice(1)) as T;
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
