// The walk of one Pod item of kubectl's YAML: podsYamlPick.ts's Pruner (mapping, sequence), with withOwners false,
// over bytes. The kept text goes to the template key (keys.ts) but the name, uid and node name lines, whose values
// are noted by their place. Where the Pruner throws Unexpected the walk gives -1 (the item is left to the JS reader).
import { ch, contains, END, NL, SP } from '../common/bytes';
import {
  CONTAINER, dash, ID_NAME, ID_NODE, ID_UID, IF_RESIZE, ITEM, keep, keyLength, MAP_META, MAP_STATUS, NOT_KEPT, ruleOf,
  SEQ, WHOLE,
} from './keys';
import { at, colonBefore, DASH, indent, nextLine, spaces, subtreeEmpty, subtreeEnd } from './lines';

/** Where the name, uid and node name values start and end; -1 when their key was not met. */
export let nameS: i32 = -1, nameE: i32 = -1, uidS: i32 = -1, uidE: i32 = -1, nodeS: i32 = -1, nodeE: i32 = -1;
/** False when an identity value is not on its key's line alone, or its key is met twice (Pruner identityPlain). */
export let identityPlain = true;

/** Walks the item whose `- ` is at `from` (column 0): where the mapping ends (Pruner mapping's result), or -1. */
export function walkItem(from: i32): i32 {
  nameS = nameE = uidS = uidE = nodeS = nodeE = -1;
  identityPlain = true;
  return mapping(from, 2, ITEM, true);
}

@inline function letter(c: i32): bool {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/**
 * Pruner mapping: the keys of a block mapping of `kind` at column `c` from the line at `p`; where it is an entry
 * of a sequence (`dashed`), its first line starts with `- ` two columns left of `c`. The start of the line after
 * it, or -1.
 */
function mapping(p: i32, c: i32, kind: i32, dashed: bool): i32 {
  const first = keyLength();
  const dashLine = dashed ? p : -1;
  let firstAt = -1; // where the first kept line starts
  while (p < END) {
    const lead =
      p == dashLine ? spaces(p, c - 2) && at(p + c - 2) == DASH && at(p + c - 1) == SP : spaces(p, c);
    if (!lead) break;
    const k0 = p + c;
    if (!letter(at(k0))) return -1;
    const eol = nextLine(p);
    const colon = colonBefore(k0, eol);
    if (colon < 0) return -1;
    const after = at(colon + 1);
    const block = after == NL || colon + 1 >= END;
    if (!block && after != SP) return -1;
    const rule = ruleOf(kind, k0, colon - k0);
    const before = keyLength();
    let keptIdentity = false;
    if (block && (rule == SEQ || (rule >= MAP_META && rule <= MAP_STATUS)) && !subtreeEmpty(eol, c)) {
      // A mapping or sequence walked into: its own walk finds where it ends, without measuring the key's subtree
      // first (that would walk each of its lines once more per level). Where it ends is never a blank line; a line
      // it leaves inside the subtree has a space or a dash at column `c`, which the next round refuses as a key.
      keep(p, eol);
      let q: i32;
      if (rule == SEQ) q = sequence(eol);
      else {
        // A mapping rule is the kind of the mapping it enters (keys.ts MAP_META, MAP_SPEC, MAP_STATUS).
        const d = indent(eol);
        if (d <= c) return -1;
        q = mapping(eol, d, rule, false);
      }
      if (q < 0) return -1;
      if (firstAt < 0 && keyLength() > before) firstAt = p;
      p = q;
      continue;
    }
    const stop = subtreeEnd(eol, c);
    if (rule == NOT_KEPT) {
      // not read
    } else if (rule == WHOLE) {
      keep(p, stop);
    } else if (rule >= ID_NAME) {
      const vs = colon + 2;
      const ve = ch(eol - 1) == NL ? eol - 1 : eol;
      if (block || stop != eol) identityPlain = false;
      if (rule == ID_NAME) {
        if (nameS >= 0) identityPlain = false;
        nameS = vs;
        nameE = ve;
      } else if (rule == ID_UID) {
        if (uidS >= 0) identityPlain = false;
        uidS = vs;
        uidE = ve;
      } else if (rule == ID_NODE) {
        if (nodeS >= 0) identityPlain = false;
        nodeS = vs;
        nodeE = ve;
      }
      keptIdentity = true; // in the pruned text, not in the key
    } else if (rule == IF_RESIZE) {
      if (contains(p, stop, "PodResize")) keep(p, stop);
    } else {
      keep(p, stop); // a mapping or sequence rule's `{}`, `[]`, scalar or nothing: as it is
    }
    if (firstAt < 0 && (keyLength() > before || keptIdentity)) firstAt = p;
    p = stop;
  }
  if (dashed) dash(first, firstAt == dashLine, c - 2);
  return p;
}

/** Pruner sequence: the container mappings of a block sequence whose first `- ` is on the line at `p`: its end; -1. */
function sequence(p: i32): i32 {
  const d = indent(p);
  while (p < END && indent(p) == d && at(p + d) == DASH && at(p + d + 1) == SP) {
    p = mapping(p, d + 2, CONTAINER, true);
    if (p < 0) return -1;
  }
  return p;
}

