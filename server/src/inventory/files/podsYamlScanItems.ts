// The items of a window of kubectl's YAML read by the WebAssembly scanner (podsYamlScan.ts) instead of
// pruneYamlItem: an item of a known template is stamped from its name, uid and node name, decoded from the bytes; a
// new template's item is pruned and parsed once (as the JS reader does) and its template remembered under the
// scanner's id. An item the scanner does not walk is left to the JS reader (podsYamlItems.ts), which goes on from
// there. Used where the sink hands batches on; where it keeps some pods whole (kce plan), an item its peeked owners
// do not rule out is parsed whole instead.
import type { ChunkReader } from './chunkReader';
import { oneLineString } from './kubectlYamlScalars';
import { peekYamlOwners } from './ownerRefsPeek';
import type { PodSink } from './podSink';
import type { CheckStamped, ScanCounts } from './podsJsonScanItems';
import { pruneYamlItem } from './podsYamlPick';
import {
  PodsYamlScanner,
  REC_NAME,
  REC_NEXT,
  REC_NODE,
  REC_START,
  REC_TEMPLATE,
  REC_UID,
  STOP_ITEM,
} from './podsYamlScan';
import type { StampKey } from './podTemplates';
import { isScannerTrap } from './wasmItemScanner';

/** Parses the text of one item (from its `- `) as the JS reader does: NotKubectlShaped when it cannot. */
export type ParseYamlItem = (text: string) => unknown;

/** One reading's scanner (its memory is dropped with it): items of the windows it is given, into the sink. */
export class ScannedYamlItems {
  /** False once the scanner failed (a trap of its WebAssembly): the JS reader reads the rest. */
  usable = true;
  private readonly scanner = new PodsYamlScanner();

  constructor(
    private readonly sink: PodSink,
    private readonly check: { every: number; n: number },
    private readonly counts: ScanCounts,
    private readonly checkStamped: CheckStamped,
    private readonly parseItem: ParseYamlItem,
  ) {}

  /** Has `r` read its next chunks into the scanner's memory, where they are scanned without a copy. */
  readInto(r: ChunkReader): void {
    this.scanner.readChunksInto(r);
  }

  /**
   * Reads the items of window `w` from the newline at `s` before an item's `- `: where the rest starts (the newline
   * before the first item not read; `s` when none was).
   */
  read(w: Buffer, s: number): number {
    const sc = this.scanner;
    sc.hold(w, s);
    let at = s;
    for (;;) {
      let n: number;
      try {
        n = sc.scan(at);
      } catch (e) {
        // A trap (say an access outside its memory) is a bug of the scanner, never a reason to fail the reading.
        if (!isScannerTrap(e)) throw e;
        this.usable = false;
        return at;
      }
      for (let i = 0; i < n; i++) this.toSink(w, sc.out, sc.recordAt(i));
      if (sc.stopReason === STOP_ITEM) return sc.stopAt;
      at = sc.stopAt; // output or template table full: go on
    }
  }

  // One scanned item to the sink: stamped, or parsed whole when its name, uid or node name is not a one-line string.
  private toSink(w: Buffer, out: Int32Array, r: number): void {
    const { sink, check, counts, parseItem } = this;
    const start = out[r + REC_START]!;
    const next = out[r + REC_NEXT]!;
    const text = () => w.toString('utf8', start, next);
    // A pod the sink may keep whole (its owners say a DaemonSet's, or none) is parsed whole, as the JS reader does.
    if (sink.keepsWhole && !sink.surelyNotKept(peekYamlOwners(w, start, next))) {
      counts.parsedWhole++;
      sink.item(parseItem(text()), true);
      return;
    }
    const name = value(w, out[r + REC_NAME]!, out[r + REC_NAME + 1]!);
    const uid = value(w, out[r + REC_UID]!, out[r + REC_UID + 1]!);
    const nodeName = value(w, out[r + REC_NODE]!, out[r + REC_NODE + 1]!);
    if (!name || uid === undefined || nodeName === undefined) {
      counts.parsedWhole++;
      sink.item(parseItem(text()), true);
      return;
    }
    counts.picked++;
    const t = out[r + REC_TEMPLATE]!;
    // A control character first: never the JSON text of a template, nor the JS readers' keys (\u0002, \u0005).
    const key = this.scanner.templateKey('\u0006', t);
    const id: StampKey = { key, name, uid, nodeName };
    // Pruned and parsed at most once: by the check, or for the sink when the template is new.
    let raw: unknown;
    const parse = () => {
      if (raw !== undefined) return raw;
      const s = text();
      return (raw = parseItem(pruneYamlItem(s, 0, s.length, false)?.text ?? s));
    };
    if (++check.n >= check.every) {
      check.n = 0;
      this.checkStamped(sink, id, parse, () => parseItem(text()));
    }
    if (sink.stamped(id, parse)) counts.stamped++;
  }
}

// An identity value as the JS reader reads it: null when its key is absent, undefined when not a one-line string.
function value(w: Buffer, s: number, e: number): string | null | undefined {
  return s < 0 ? null : oneLineString(w.toString('utf8', s, e));
}
