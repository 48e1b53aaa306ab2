// An item's metadata.ownerReferences read straight from kubectl's layout, without parsing the item: where pods a
// DaemonSet may own are kept whole (kce plan), the scanners still stamp every other pod, and only these few need the
// whole parse. Found only where kubectl's printers put them: metadata is the item's first mapping before spec (keys
// are sorted), and its members sit at a known indentation. Anything else is undefined ("look at the whole item"), so
// a reader that trusts a peek can only ever skip keeping a pod whose references say it is not to be kept.
import type { JsonLayout } from './podsJsonItems';
import { fastParseYamlStream } from './kubectlYamlReader';

/** What a peek found: the references, or undefined when they could not be read without the whole item. */
export type PeekedOwners = { ownerReferences: unknown } | undefined;

const NL = 10;

// The needles of one JSON layout, built once per reading.
export class JsonOwnersPeek {
  private readonly key: Buffer;
  private readonly close: Buffer;
  private readonly spec: Buffer;

  constructor(layout: JsonLayout) {
    const member = ' '.repeat(layout.itemIndent + layout.unit);
    const inMetadata = ' '.repeat(layout.itemIndent + 2 * layout.unit);
    this.key = Buffer.from(`\n${inMetadata}"ownerReferences": [\n`, 'latin1');
    this.close = Buffer.from(`\n${inMetadata}]`, 'latin1');
    this.spec = Buffer.from(`\n${member}"spec": {`, 'latin1');
  }

  /** The ownerReferences of the item from `open` (its `{`) to `close` (its `}`) in `w`. */
  peek(w: Buffer, open: number, close: number): PeekedOwners {
    const item = w.subarray(open, close + 1);
    const spec = item.indexOf(this.spec);
    const head = spec < 0 ? item : item.subarray(0, spec);
    const at = head.indexOf(this.key);
    if (at < 0) return undefined; // none (an orphan, kept) or not where kubectl puts them
    const from = at + this.key.length - 2; // the `[`
    const end = head.indexOf(this.close, from);
    if (end < 0) return undefined;
    try {
      return { ownerReferences: JSON.parse(head.toString('utf8', from, end + this.close.length)) as unknown };
    } catch {
      return undefined;
    }
  }
}

// kubectl's YAML: an item starts `- apiVersion` at column 0, its keys at column 2, metadata's members at column 4,
// and a block sequence at its key's indentation (`    - apiVersion: …`, the entry's other keys at column 6).
const YAML_KEY = Buffer.from('\n    ownerReferences:\n', 'latin1');
const YAML_METADATA = Buffer.from('\n  metadata:\n', 'latin1');
const YAML_SPEC = Buffer.from('\n  spec:\n', 'latin1');
const ENTRY = Buffer.from('    - ', 'latin1');
const ENTRY_KEY = Buffer.from('      ', 'latin1');

/** The ownerReferences of the YAML item from `start` (its `- `) to `next` in `w`. */
export function peekYamlOwners(w: Buffer, start: number, next: number): PeekedOwners {
  const item = w.subarray(start, next);
  const spec = item.indexOf(YAML_SPEC);
  const head = spec < 0 ? item : item.subarray(0, spec);
  const metadata = head.indexOf(YAML_METADATA);
  const at = metadata < 0 ? -1 : head.indexOf(YAML_KEY, metadata);
  if (at < 0) return undefined;
  // The block: the lines after the key that are entries or deeper.
  const from = at + YAML_KEY.length;
  let end = from;
  while (end + ENTRY_KEY.length <= head.length) {
    const isEntry = head.compare(ENTRY, 0, ENTRY.length, end, end + ENTRY.length) === 0;
    const isDeeper = head.compare(ENTRY_KEY, 0, ENTRY_KEY.length, end, end + ENTRY_KEY.length) === 0;
    if (!isEntry && !isDeeper) break;
    const nl = head.indexOf(NL, end);
    if (nl < 0) return undefined;
    end = nl + 1;
  }
  if (end === from) return undefined;
  // The block as a document of its own: every line moved 4 columns left, under its key.
  const lines = head.toString('utf8', from, end).replace(/^ {4}/gm, '');
  const docs = fastParseYamlStream(`ownerReferences:\n${lines}`);
  const doc = docs?.length === 1 ? docs[0] : undefined;
  if (doc === null || typeof doc !== 'object' || !('ownerReferences' in doc)) return undefined;
  return { ownerReferences: (doc as { ownerReferences: unknown }).ownerReferences };
}
