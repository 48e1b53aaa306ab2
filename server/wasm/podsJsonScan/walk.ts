// The walk of one item in kubectl's layout (jsonLayoutWalk.ts walkObject/walkEntries with podsJsonPick.ts's
// visits): every member of the objects it enters is a line indented one unit deeper than the object's own; a wanted
// member's value is kept in the template key (keys.ts) or, for the name, uid and node name, noted by its place. Any
// layout the JS walk refuses is refused here too (-1), and the item is left to the JS reader.
import {
  ch, closeOf, COMMA, contains, findLineEnd, LBRACE, LBRACK, lineAt, lineBackslash, NL, plainKey, plainString,
  QUOTE, RBRACE, RBRACK,
} from './bytes';
import {
  addToKey, code, CONTAINER, CONTAINER_PART, ITEM, ITEM_PART, keyAt, mark, META, META_PART, ODD_KEY, SPEC,
  SPEC_PART, STATUS, STATUS_PART, vsOff, walks,
} from './keys';

let unit: i32 = 4;
/** The item's name, uid and node name (-1 when absent or not a plain string). */
export let nameS: i32 = -1, nameE: i32 = -1, uidS: i32 = -1, uidE: i32 = -1, nodeS: i32 = -1, nodeE: i32 = -1;
/** The identity values are plain strings (podsJsonPick.ts KeyedItem.plain). */
export let plain = true;

/** Walks the item whose `{` is at `open`, its line indented `d` in JSON indented by `u`: its `}`, or -1. */
export function walkItem(open: i32, d: i32, u: i32): i32 {
  unit = u;
  nameS = nameE = uidS = uidE = nodeS = nodeE = -1;
  plain = true;
  const close = walkObject(open, d, ITEM);
  if (nameS < 0) plain = false;
  return close;
}

/**
 * The visit of wanted member k of an object of `kind`, its line indented `md`, its value at [vs, ve) (ve = -1
 * when the visit is to walk the value and find its end). The value's end, or -1 to refuse the item.
 */
function visit(kind: i32, k: i32, vs: i32, ve: i32, md: i32): i32 {
  switch (kind) {
    case ITEM: {
      if (k == 0) {
        addToKey(ITEM_PART, 0, vs, ve);
        return ve;
      }
      if (ch(vs) != LBRACE) return -1;
      mark(code(3, k, 0)); // podsJsonPick.ts PART_MARKS: part k (META 1, SPEC 2, STATUS 3)
      const close = walkObject(vs, md, k); // the kinds META, SPEC, STATUS are 1, 2, 3 too
      return close < 0 ? -1 : close + 1;
    }
    case META: {
      if (k == 5) return ve; // ownerReferences: not kept
      if (k == 0) {
        if (plainString(vs, ve) && ve - vs > 2) {
          nameS = vs + 1;
          nameE = ve - 1;
        } else {
          nameS = nameE = -1;
          plain = false;
        }
      } else if (k == 2) {
        if (plainString(vs, ve)) {
          uidS = vs + 1;
          uidE = ve - 1;
        } else {
          uidS = uidE = -1;
          plain = false;
        }
      } else addToKey(META_PART, k, vs, ve);
      return ve;
    }
    case SPEC: {
      if (k == 0) {
        if (plainString(vs, ve)) {
          nodeS = vs + 1;
          nodeE = ve - 1;
        } else {
          nodeS = nodeE = -1;
          plain = false;
        }
        return ve;
      }
      if (k >= 5) return keyContainers(vs, ve, md, SPEC_PART, k);
      addToKey(SPEC_PART, k, vs, ve);
      return ve;
    }
    case STATUS: {
      if (k == 4 && !contains(vs, ve, "PodResize")) return ve; // conditions: only a resize's matter
      if (k >= 5) return keyContainers(vs, ve, md, STATUS_PART, k);
      addToKey(STATUS_PART, k, vs, ve);
      return ve;
    }
    default: {
      // CONTAINER: ports only when one takes a host port
      if (k == 4 && !contains(vs, ve, "hostPort")) mark(code(3, CONTAINER_PART, 6)); // NO_HOST_PORTS
      else addToKey(CONTAINER_PART, k, vs, ve);
      return ve;
    }
  }
}

/** podsJsonPick.ts keyContainers: a list of containers walked entry by entry (ve -1: found here). */
function keyContainers(vs: i32, ve: i32, md: i32, part: i32, k: i32): i32 {
  if (ch(vs) != LBRACK || ch(vs + 1) == RBRACK) {
    addToKey(part, k, vs, ve);
    return ve;
  }
  mark(code(2, part, k)); // LIST_MARKS
  const d = md + unit;
  let at = vs + 1;
  for (;;) {
    if (!lineAt(at, d, LBRACE)) return -1;
    mark(code(3, CONTAINER_PART, 7)); // ENTRY_MARK
    const close = walkObject(at + d + 1, d, CONTAINER);
    if (close < 0) return -1;
    if (ch(close + 1) == COMMA) {
      at = close + 2;
      continue;
    }
    if (!lineAt(close + 1, md, RBRACK)) return -1;
    return close + md + 3;
  }
}

/** jsonLayoutWalk.ts walkObject: the object at `open`, its line indented `d`; its `}`, or -1. */
function walkObject(open: i32, d: i32, kind: i32): i32 {
  if (ch(open) != LBRACE) return -1;
  if (ch(open + 1) == RBRACE) return open + 1;
  const md = d + unit;
  let at = open + 1;
  for (;;) {
    if (!lineAt(at, md, QUOTE)) return -1;
    const k0 = at + md + 2;
    const nl = findLineEnd(k0);
    if (nl < 0) return -1;
    if (lineBackslash && !plainKey(k0, nl)) return -1;
    // The line is read by its end: a bracket there opens the member's value.
    let last = nl - 1;
    let lc = ch(last);
    if (lc == COMMA) lc = ch(--last);
    const k = keyAt(kind, k0);
    if (k == ODD_KEY) return -1;
    const vs = k >= 0 ? k0 + vsOff : last;
    let ve: i32;
    if ((lc == LBRACE || lc == LBRACK) && vs == last) {
      if (k >= 0 && walks(kind, k) == lc) {
        ve = visit(kind, k, vs, -1, md);
        if (ve < 0) return -1;
      } else {
        const close = closeOf(last, md);
        if (close < 0) return -1;
        ve = close + 1;
        if (k >= 0 && visit(kind, k, vs, ve, md) < 0) return -1;
      }
    } else {
      ve = last + 1;
      if (k >= 0) {
        // A wanted object or list on its key's line (but an empty one) is refused.
        const first = ch(vs);
        if ((first == LBRACE || first == LBRACK) && !(ve == vs + 2 && ch(vs + 1) == first + 2)) return -1;
        if (visit(kind, k, vs, ve, md) < 0) return -1;
      }
    }
    const after = ch(ve);
    if (after == COMMA) {
      at = ve + 1;
      continue;
    }
    return after == NL && lineAt(ve, d, RBRACE) ? ve + d + 1 : -1;
  }
}
