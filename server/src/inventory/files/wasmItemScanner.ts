// What the WebAssembly item scanners (podsJsonScan.ts, podsYamlScan.ts) share: one instance of a compiled scanner
// per thread, the input loaded into its memory (or read there in the first place), its output records turned
// from memory addresses into buffer offsets, and its template table restarted when full (`generation` tells ids
// of different tables apart).

import { CHUNK_BUFFER_BYTES, type ChunkReader } from './chunkReader';

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

/** The exports every scanner has; `scan` differs. */
export interface ScannerExports {
  memory: WebAssembly.Memory;
  reset(): void;
  templateCount(): number;
  inputBase(): number;
  outBase(): number;
  outCapacity(): number;
  stopReason: WebAssembly.Global;
  stopAt: WebAssembly.Global;
  REC_WORDS: WebAssembly.Global;
}

/** A scan stopped with its template table full (each scanner's STOP_TABLES_FULL): it restarts at the next scan. */
export const STOP_TABLES_FULL = 3;

// Zeroed bytes after the input: the scanners' 16-byte loads and over-copies read past its end.
const PAD = 64;
const PAGE = 65536;

const compiled = new Map<string, WebAssembly.Module>();

/** Whether `e` is a trap of a scanner's WebAssembly (an access outside its memory, say): a bug, not bad input. */
export function isScannerTrap(e: unknown): boolean {
  return e instanceof WebAssembly.RuntimeError;
}

export class WasmItemScanner<E extends ScannerExports> {
  /** The records of the last scan; a record's offsets are the scanned buffer's. */
  out!: Int32Array;
  /** Bumped each time the template table restarts: a template is named by generation and id. */
  generation = 0;
  stopReason = 0;
  /** Where the last scan stopped, an offset in the scanned buffer. */
  stopAt = 0;
  protected readonly ex: E;
  private readonly recWords: number;
  private readonly outWord: number;
  private readonly base: number;
  private u8!: Uint8Array;
  // Buffer offset = wasm address + delta, for the bytes loaded last.
  protected delta = 0;
  protected loadedEnd = 0;
  private restartPending = false;
  private held: Buffer | undefined;
  private heldFrom = 0;
  private keys: string[] = [];
  private keysGeneration = -1;

  /** `wasmBase64`: the scanner's module bytes; `offsetWords`: how many words of a record are offsets. */
  constructor(
    wasmBase64: string,
    private readonly offsetWords: number,
  ) {
    let m = compiled.get(wasmBase64);
    if (!m) compiled.set(wasmBase64, (m = new WebAssembly.Module(Buffer.from(wasmBase64, 'base64'))));
    this.ex = new WebAssembly.Instance(m, {}).exports as E;
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

  /** Has `r` read its next chunks into this scanner's memory, where `hold` finds them and copies nothing. */
  readChunksInto(r: ChunkReader): void {
    r.readInto(...this.inputBuffers(CHUNK_BUFFER_BYTES));
  }

  /**
   * Window `w` from `s` on, for the scans that follow: loaded unless it is the window held already from `s` or
   * before (the chunk reader makes a new window object for each chunk).
   */
  hold(w: Buffer, s: number): void {
    if (this.held === w && this.heldFrom <= s && this.loadedEnd === w.length) return;
    this.load(w, s, w.length);
    this.held = w;
    this.heldFrom = s;
  }

  /**
   * The sink's key of template `t` of the current table: `mark` (a control character naming the scanner, never
   * the first of a template's JSON or of the JS readers' keys), the table's generation and the id.
   */
  templateKey(mark: string, t: number): string {
    if (this.keysGeneration !== this.generation) {
      this.keys = [];
      this.keysGeneration = this.generation;
    }
    return (this.keys[t] ??= `${mark}${this.generation}:${t}`);
  }

  /** Where record `i` of the last scan starts in `out`. */
  recordAt(i: number): number {
    return this.outWord + i * this.recWords;
  }

  /** Templates in the current table. */
  get templates(): number {
    return this.ex.templateCount();
  }

  /** Before a scan: the template table restarts if the last scan filled it. */
  protected beforeScan(): void {
    if (this.restartPending) {
      this.ex.reset();
      this.generation++;
      this.restartPending = false;
    }
  }

  /** After a scan that wrote `n` records: its stop, and the records' addresses as buffer offsets (-1 stays -1). */
  protected afterScan(n: number): number {
    const ex = this.ex;
    this.stopReason = ex.stopReason.value as number;
    this.stopAt = (ex.stopAt.value as number) + this.delta;
    if (this.stopReason === STOP_TABLES_FULL) this.restartPending = true;
    const out = this.out;
    const delta = this.delta;
    for (let i = 0; i < n; i++) {
      const r = this.outWord + i * this.recWords;
      for (let f = 0; f < this.offsetWords; f++) {
        const v = out[r + f]!;
        if (v >= 0) out[r + f] = v + delta;
      }
    }
    return n;
  }

  private views(): void {
    this.u8 = new Uint8Array(this.ex.memory.buffer);
    this.out = new Int32Array(this.ex.memory.buffer);
  }
}
