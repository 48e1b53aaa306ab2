// Where a scanner keeps what in linear memory (byte addresses), shared by the pods JSON and YAML scanners. The
// input is copied above INPUT; the drivers (server/src/inventory/files/podsJsonScan.ts, podsYamlScan.ts) grow the
// memory to fit it.

/** Scratch key of the item being walked. */
export const KEYBUF: i32 = 64 << 10;
export const KEYBUF_END: i32 = (2 << 20) - 4096;
/** Output records, REC_WORDS i32 each. */
export const OUT: i32 = 2 << 20;
export const OUT_END: i32 = 4 << 20;
/** Template hash table: HT_SLOTS × (u32 hash, u32 id + 1). */
export const HT: i32 = 4 << 20;
export const HT_SLOTS: i32 = 1 << 17;
/** Template id → (u32 key address, u32 key length). */
export const TPL: i32 = 5 << 20;
export const TPL_MAX: i32 = HT_SLOTS / 2;
/** The template keys' bytes. */
export const ARENA: i32 = 6 << 20;
export const ARENA_END: i32 = 32 << 20;
/** The input bytes. */
export const INPUT: i32 = 32 << 20;
