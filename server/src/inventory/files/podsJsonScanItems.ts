// The items of a window of kubectl's JSON read by the WebAssembly scanner (podsJsonScan.ts) instead of pickPodKey:
// an item of a known template is stamped from its name, uid and node name, decoded from the bytes; a new template's
// item is parsed once and its template remembered. An item the scanner does not walk is left to the JS reader
// (podsJsonItems.ts), which goes on from there. Used where the sink hands batches on; where it keeps some pods whole
// (kce plan), an item its peeked owners do not rule out is parsed whole instead.
import type { ChunkReader } from './chunkReader';
import { JsonOwnersPeek } from './ownerRefsPeek';
import type { JsonLayout } from './podsJsonItems';
import type { PodSink } from './podSink';
import {
  isScannerTrap,
  PodsJsonScanner,
  REC_CLOSE,
  REC_NAME,
  REC_NODE,
  REC_OPEN,
  REC_PLAIN,
  REC_TEMPLATE,
  REC_UID,
  STOP_ITEM,
  STOP_LIST_END,
} from './podsJsonScan';
import type { StampKey } from './podTemplates';

/** What `read` returns when the List ended after the last item it read. */
export const SCAN_LIST_END = -1;

/** Counts shared with the JS reader (podsJsonItems.ts pickCounts). */
export interface ScanCounts {
  picked: number;
  parsedWhole: number;
  stamped: number;
}

/** The sampled check of stamped items against parsing them whole (podsJsonItems.ts checkStamped). */
export type CheckStamped = (sink: PodSink, id: StampKey, parse: () => unknown, whole: () => unknown) => void;

/**
 * The widest indentation unit the scanner is used for: its walk looks at most 6 units past a newline, within the
 * padding after its input (kubectl indents by 4, jq by 2); a file indented wider is left to the JS reader.
 */
export const MAX_SCANNED_UNIT = 8;

/** One reading's scanner (its memory is dropped with it): items of the windows it is given, into the sink. */
export class ScannedItems {
  /** False once the scanner failed (a trap of its WebAssembly): the JS reader reads the rest. */
  usable = true;
  private readonly scanner = new PodsJsonScanner();
  private readonly listEnd: Buffer;
  /** Where pods are kept whole: each item's owners, peeked at to tell the pods to keep. */
  private readonly owners: JsonOwnersPeek | undefined;

  constructor(
    private readonly layout: JsonLayout,
    private readonly sink: PodSink,
    private readonly check: { every: number; n: number },
    private readonly counts: ScanCounts,
    private readonly checkStamped: CheckStamped,
  ) {
    this.listEnd = Buffer.from(`\n${' '.repeat(layout.unit)}]`, 'latin1');
    if (sink.keepsWhole) this.owners = new JsonOwnersPeek(layout);
  }

  /** Has `r` read its next chunks into the scanner's memory, where they are scanned without a copy. */
  readInto(r: ChunkReader): void {
    this.scanner.readChunksInto(r);
  }

  /**
   * Reads the items of window `w` from the newline at `s` before an item's `{` line: where the rest starts (the
   * newline before the first item not read; `s` when none was), or SCAN_LIST_END.
   */
  read(w: Buffer, s: number): number {
    const sc = this.scanner;
    sc.hold(w, s);
    const d = this.layout.itemIndent;
    const listEnd = this.listEnd;
    let at = s;
    for (;;) {
      let n: number;
      try {
        n = sc.scan(at, d, this.layout.unit);
      } catch (e) {
        // A trap (say an access outside its memory) is a bug of the scanner, never a reason to fail the reading.
        if (!isScannerTrap(e)) throw e;
        this.usable = false;
        return at;
      }
      const stop = sc.stopReason;
      let ended = false;
      if (stop === STOP_LIST_END) {
        // The List's `]` must follow the last item; when it is not (yet) in the window, that item is left to the
        // JS reader, which tells a file cut short from one not laid out as kubectl's.
        const e = sc.stopAt;
        ended = e + listEnd.length <= w.length && w.compare(listEnd, 0, listEnd.length, e, e + listEnd.length) === 0;
        if (!ended) n--;
      }
      for (let i = 0; i < n; i++) this.toSink(w, sc.out, sc.recordAt(i));
      if (ended) return SCAN_LIST_END;
      if (stop === STOP_LIST_END) return sc.out[sc.recordAt(n) + REC_OPEN]! - d - 1;
      if (stop === STOP_ITEM) return sc.stopAt;
      at = sc.stopAt; // output or template table full: go on
    }
  }

  // One scanned item to the sink: stamped, or parsed when its name, uid or node name is not a plain string.
  private toSink(w: Buffer, out: Int32Array, r: number): void {
    const { sink, check, counts } = this;
    const open = out[r + REC_OPEN]!;
    const close = out[r + REC_CLOSE]!;
    const whole = () => JSON.parse(w.toString('utf8', open, close + 1)) as unknown;
    // A pod the sink may keep whole (its owners say a DaemonSet's, or none) is parsed whole, as the JS reader does.
    if (out[r + REC_PLAIN] !== 1 || (this.owners && !sink.surelyNotKept(this.owners.peek(w, open, close)))) {
      counts.parsedWhole++;
      sink.item(whole());
      return;
    }
    counts.picked++;
    const t = out[r + REC_TEMPLATE]!;
    // A control character first: never the JSON text of a template, the sink's other keys.
    const key = this.scanner.templateKey('\u0002', t);
    const id: StampKey = {
      key,
      name: w.toString('utf8', out[r + REC_NAME]!, out[r + REC_NAME + 1]!),
      uid: text(w, out[r + REC_UID]!, out[r + REC_UID + 1]!),
      nodeName: text(w, out[r + REC_NODE]!, out[r + REC_NODE + 1]!),
    };
    // Parsed at most once: by the check, or for the sink when the template is new.
    let raw: unknown;
    const parse = () => (raw ??= whole());
    if (++check.n >= check.every) {
      check.n = 0;
      this.checkStamped(sink, id, parse, whole);
    }
    if (sink.stamped(id, parse)) counts.stamped++;
  }
}

function text(w: Buffer, s: number, e: number): string | null {
  return s < 0 ? null : w.toString('utf8', s, e);
}
