// The driver of the WebAssembly pods JSON scanner (server/wasm/podsJsonScan, bytes in podsJsonScanModule.ts): it
// walks kubectl's JSON items over raw bytes as pickPodKey walks them over a string, about four times faster, and
// names each item's template by an id (equal ids: equal pods but for name, uid and node name). One instance per
// thread; its template table restarts when full, and `generation` tells ids of different tables apart.
import { PODS_JSON_SCAN_WASM } from './podsJsonScanModule';

// Node's WebAssembly, as far as used here: the project's libs (ES2022, no DOM) do not declare it.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports: object);
    readonly exports: unknown;
  }
  interface Memory {
    readonly buffer: ArrayBuffer;
    grow(pages: number): number;
  }
  interface Global {
    value: unknown;
  }
  class RuntimeError extends Error {}
}

interface ScanExports {
  memory: WebAssembly.Memory;
  scan(start: number, end: number, d: number, unit: number): number;
  reset(): void;
  templateCount(): number;
  inputBase(): number;
  outBase(): number;
  outCapacity(): number;
  stopReason: WebAssembly.Global;
  stopAt: WebAssembly.Global;
  REC_WORDS: WebAssembly.Global;
}

/** The fields of a record (`PodsJsonScanner.out`, REC_WORDS words from `recordAt(i)`): buffer offsets or -1. */
export const REC_OPEN = 0;
export const REC_CLOSE = 1;
export const REC_NAME = 2; // start, then end
export const REC_UID = 4;
export const REC_NODE = 6;
export const REC_TEMPLATE = 8;
/** 1 when name, uid and node name are strings without escapes, the name not empty (pickPodKey's `plain`). */
export const REC_PLAIN = 9;

/** Why a scan stopped (the wasm's STOP_*). */
export const STOP_ITEM = 0; // the item at `stopAt` was not walked: cut off by the end, or laid out otherwise
export const STOP_LIST_END = 1; // the last item was not followed by a comma; `stopAt` is just after its `}`
export const STOP_OUT_FULL = 2; // more items follow from `stopAt`: scan again
export const STOP_TABLES_FULL = 3; // the template table filled; it restarts at the next scan: scan again

// Zeroed bytes after the input: the scanner's 16-byte loads and over-copies read past its end.
const PAD = 64;
const PAGE = 65536;

let compiled: WebAssembly.Module | undefined;

/** Whether `e` is a trap of the scanner's WebAssembly (an access outside its memory, say): a bug, not bad input. */
export function isScannerTrap(e: unknown): boolean {
  return e instanceof WebAssembly.RuntimeError;
}

export class PodsJsonScanner {
  /** The records of the last scan; a record's offsets are the scanned buffer's. */
  out!: Int32Array;
  /** Bumped each time the template table restarts: a template is named by generation and id. */
  generation = 0;
  stopReason = STOP_ITEM;
  /** Where the last scan stopped, an offset in the scanned buffer. */
  stopAt = 0;
  private readonly ex: ScanExports;
  private readonly recWords: number;
  private readonly outWord: number;
  private readonly base: number;
  private u8!: Uint8Array;
  // Buffer offset = wasm address + delta, for the bytes loaded last.
  private delta = 0;
  private loadedEnd = 0;
  private restartPending = false;

  constructor() {
    compiled ??= new WebAssembly.Module(Buffer.from(PODS_JSON_SCAN_WASM, 'base64'));
    this.ex = new WebAssembly.Instance(compiled, {}).exports as unknown as ScanExports;
    this.recWords = this.ex.REC_WORDS.value as number;
    this.outWord = this.ex.outBase() >> 2;
    this.base = this.ex.inputBase();
    this.views();
  }

  /** Bytes [from, to) of `buf` for the scans that follow: copied into the scanner's memory unless already in it. */
  load(buf: Uint8Array, from: number, to: number): void {
    if (buf.buffer === this.ex.memory.buffer) {
      // Read into inputBuffers: scanned in place, the padding after it zeroed (inside the buffer or its room).
      this.u8.fill(0, buf.byteOffset + to, buf.byteOffset + to + PAD);
      this.delta = -buf.byteOffset;
      this.loadedEnd = to;
      return;
    }
    const need = this.base + (to - from) + PAD;
    const have = this.ex.memory.buffer.byteLength;
    if (need > have) {
      this.ex.memory.grow(Math.ceil((need - have) / PAGE));
      this.views(); // growing detaches the old views
    }
    this.u8.set(buf.subarray(from, to), this.base);
    this.u8.fill(0, this.base + (to - from), this.base + (to - from) + PAD);
    this.delta = from - this.base;
    this.loadedEnd = to;
  }

  /**
   * Two buffers of `size` bytes in the scanner's memory, each followed by room for the padding: a window read into
   * one is scanned where it lies (`load` copies nothing). Growing the memory later (`load` of a larger window from
   * elsewhere) detaches them: their length becomes 0.
   */
  inputBuffers(size: number): [Buffer, Buffer] {
    const need = this.base + 2 * (size + PAD);
    const have = this.ex.memory.buffer.byteLength;
    if (need > have) {
      this.ex.memory.grow(Math.ceil((need - have) / PAGE));
      this.views();
    }
    const m = this.ex.memory.buffer;
    return [Buffer.from(m, this.base, size), Buffer.from(m, this.base + size + PAD, size)];
  }

  /** The end (exclusive) of the bytes loaded last, as a buffer offset. */
  get end(): number {
    return this.loadedEnd;
  }

  /**
   * Walks the loaded items from the newline at `at` (a buffer offset) before an item's `{` line, indented `d` in
   * JSON indented by `unit`. The number of records written to `out`; `stopReason` and `stopAt` say what next.
   */
  scan(at: number, d: number, unit: number): number {
    if (this.restartPending) {
      this.ex.reset();
      this.generation++;
      this.restartPending = false;
    }
    const ex = this.ex;
    const n = ex.scan(at - this.delta, this.loadedEnd - this.delta, d, unit);
    this.stopReason = ex.stopReason.value as number;
    this.stopAt = (ex.stopAt.value as number) + this.delta;
    if (this.stopReason === STOP_TABLES_FULL) this.restartPending = true;
    // Addresses to buffer offsets (-1 stays -1: an absent name, uid or node name).
    const out = this.out;
    const delta = this.delta;
    for (let i = 0; i < n; i++) {
      const r = this.outWord + i * this.recWords;
      for (let f = REC_OPEN; f <= REC_NODE + 1; f++) {
        const v = out[r + f]!;
        if (v >= 0) out[r + f] = v + delta;
      }
    }
    return n;
  }

  /** Where record `i` of the last scan starts in `out`. */
  recordAt(i: number): number {
    return this.outWord + i * this.recWords;
  }

  /** Templates in the current table. */
  get templates(): number {
    return this.ex.templateCount();
  }

  private views(): void {
    this.u8 = new Uint8Array(this.ex.memory.buffer);
    this.out = new Int32Array(this.ex.memory.buffer);
  }
}
