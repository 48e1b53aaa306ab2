// The placement hover ends with "Why? (note)" links for the reasons it shows, marked for the VS Code
// client (title kce-note:<id>) and pointing at the note's Go function for every other client.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { placementMarkdown } from '../../server/src/lsp/hover';
import type { DocumentAnalysis } from '../../server/src/analysis/types';
import { blobUrl, getNote, noteForCode } from '../../server/src/walkthrough/index';

function analysis(placements: { node: string; shouldRun: boolean; codes: string[] }[]): DocumentAnalysis {
  return {
    index: 0,
    range: [0, 0],
    kind: 'DaemonSet',
    name: 'agent',
    placement: {
      nodes: placements.length,
      shouldRun: placements.filter((p) => p.shouldRun).length,
      shouldContinueRunning: placements.filter((p) => p.shouldRun).length,
      placements: placements.map((p) => ({
        node: p.node,
        shouldRun: p.shouldRun,
        shouldContinueRunning: p.shouldRun,
        reasons: p.codes.map((code) => ({ code, message: `${code} on ${p.node}`, field: 'spec.template.spec' })),
      })),
    },
  } as unknown as DocumentAnalysis;
}

describe('placement hover note links', () => {
  test('one link per note of the reasons shown, to the note\'s first Go function', () => {
    const md = placementMarkdown(analysis([
      { node: 'cp-1', shouldRun: false, codes: ['TaintNotTolerated'] },
      { node: 'gpu-1', shouldRun: false, codes: ['TaintNotTolerated', 'NodeSelectorMismatch'] },
      { node: 'worker-1', shouldRun: true, codes: [] },
    ]), 20, 'sample');
    const lines = md.split('\n');
    const why = lines[lines.length - 1]!;
    for (const code of ['TaintNotTolerated', 'NodeSelectorMismatch']) {
      const id = noteForCode(code)!;
      const url = blobUrl(getNote(id)!.anchors[0]!);
      assert.ok(why.includes(`[${code}](${url} "kce-note:${id}")`), why);
    }
    assert.equal((why.match(/kce-note:/g) ?? []).length, new Set(['TaintNotTolerated', 'NodeSelectorMismatch'].map(noteForCode)).size);
    assert.match(why, /^Why\? \(note\) /);
  });

  test('no link when every shown node runs the pod, or when the rows that would need one are cut off', () => {
    const all = placementMarkdown(analysis([{ node: 'w', shouldRun: true, codes: [] }]), 20, 'sample');
    assert.ok(!all.includes('Why?'));
    const capped = placementMarkdown(analysis([{ node: 'x', shouldRun: false, codes: ['TaintNotTolerated'] }]), 0, 'sample');
    assert.ok(!capped.includes('Why?'));
  });
});
