// The driver of the WebAssembly pods JSON scanner (server/wasm/podsJsonScan, bytes in podsJsonScanModule.ts): it
// walks kubectl's JSON items over raw bytes as pickPodKey walks them over a string, about four times faster, and
// names each item's template by an id (equal ids: equal pods but for name, uid and node name). The memory, the
// records and the template table's restarts are wasmItemScanner.ts's.
import { PODS_JSON_SCAN_WASM } from './podsJsonScanModule';
import { type ScannerExports, WasmItemScanner } from './wasmItemScanner';

export { isScannerTrap } from './wasmItemScanner';

interface JsonScanExports extends ScannerExports {
  scan(start: number, end: number, d: number, unit: number): number;
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

export class PodsJsonScanner extends WasmItemScanner<JsonScanExports> {
  constructor() {
    super(PODS_JSON_SCAN_WASM, REC_NODE + 2);
  }

  /**
   * Walks the loaded items from the newline at `at` (a buffer offset) before an item's `{` line, indented `d` in
   * JSON indented by `unit`. The number of records written to `out`; `stopReason` and `stopAt` say what next.
   */
  scan(at: number, d: number, unit: number): number {
    this.beforeScan();
    return this.afterScan(this.ex.scan(at - this.delta, this.loadedEnd - this.delta, d, unit));
  }
}
