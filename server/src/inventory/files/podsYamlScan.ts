// The driver of the WebAssembly pods YAML scanner (server/wasm/podsYamlScan, bytes in podsYamlScanModule.ts): it
// walks kubectl's YAML items over raw bytes as pruneYamlItem prunes them over a string, and names each item's
// template by an id (equal ids: equal pruned text but for the name, uid and node name lines). The memory, the
// records and the template table's restarts are wasmItemScanner.ts's.
import { PODS_YAML_SCAN_WASM } from './podsYamlScanModule';
import { type ScannerExports, WasmItemScanner } from './wasmItemScanner';

interface YamlScanExports extends ScannerExports {
  scan(start: number, end: number): number;
}

/** The fields of a record (`PodsYamlScanner.out`, REC_WORDS words from `recordAt(i)`): buffer offsets or -1. */
export const REC_START = 0; // the item's `- `
export const REC_NEXT = 1; // the next item's `- `
export const REC_NAME = 2; // the raw value after `name: `, start then end
export const REC_UID = 4; // -1 when absent
export const REC_NODE = 6; // -1 when absent
export const REC_TEMPLATE = 8;

/** Why a scan stopped (the wasm's STOP_*). */
export const STOP_ITEM = 0; // the item after `stopAt` was not walked: refused, cut off by the end, or the List's last
export const STOP_OUT_FULL = 2; // more items follow from `stopAt`: scan again
export const STOP_TABLES_FULL = 3; // the template table filled; it restarts at the next scan: scan again

export class PodsYamlScanner extends WasmItemScanner<YamlScanExports> {
  constructor() {
    super(PODS_YAML_SCAN_WASM, REC_NODE + 2);
  }

  /**
   * Walks the loaded items from the newline at `at` (a buffer offset) before an item's `- `. The number of records
   * written to `out`; `stopReason` and `stopAt` (the newline before the first item not read) say what next.
   */
  scan(at: number): number {
    this.beforeScan();
    return this.afterScan(this.ex.scan(at - this.delta, this.loadedEnd - this.delta));
  }
}
