// What both scanners export the same way (podsJsonScan/index.ts, podsYamlScan/index.ts): where the input and the
// output records live, how many records fit, the template table's reset; and each record written word by word.
import { INPUT, OUT, OUT_END } from './memoryLayout';
import { resetTemplates } from './templates';

export function inputBase(): i32 {
  return INPUT;
}
export function outBase(): i32 {
  return OUT;
}
export function reset(): void {
  resetTemplates();
}

/** How many records of `words` i32 each fit in the output. */
export function recordsThatFit(words: i32): i32 {
  return (OUT_END - OUT) / (words * 4);
}

/**
 * Record `n` of `words` words: its item's two positions, where its name, uid and node name start and end, and its
 * template id; the address of the record (a scanner may add words after these nine).
 */
export function writeRecord(
  n: i32, words: i32, a: i32, b: i32, nameS: i32, nameE: i32, uidS: i32, uidE: i32, nodeS: i32, nodeE: i32, id: i32,
): i32 {
  const r = OUT + n * words * 4;
  store<i32>(<usize>r, a);
  store<i32>(<usize>(r + 4), b);
  store<i32>(<usize>(r + 8), nameS);
  store<i32>(<usize>(r + 12), nameE);
  store<i32>(<usize>(r + 16), uidS);
  store<i32>(<usize>(r + 20), uidE);
  store<i32>(<usize>(r + 24), nodeS);
  store<i32>(<usize>(r + 28), nodeE);
  store<i32>(<usize>(r + 32), id);
  return r;
}
