// The Get Started pages: written from the inventory the workspace uses (names, counts, taints, labels of its nodes),
// inventory-neutral as shipped, and safe whatever a nodes file holds.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeSpan, getStartedMedia, GET_STARTED_FILES, inventoryFacts } from '../../client/src/walkthrough/getStarted';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { toNodeDto } from '../../server/src/lsp/requests';
import type { InventoryResult, NodeDto } from '../../server/src/protocol';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

function sample(): InventoryResult {
  const nodes = sampleClusterNodes().map(toNodeDto);
  const ref = { source: 'sample', label: 'sample cluster' };
  return { source: 'sample', requested: { source: 'auto', label: 'automatic' }, inUse: ref, count: nodes.length, nodes };
}

const node = (name: string, more: Partial<NodeDto> = {}): NodeDto => ({ name, labels: {}, taints: [], unschedulable: false, conditions: [{ type: 'Ready', status: 'True' }], ...more });

describe('Get Started pages', () => {
  test('package.json points every step at a page; the shipped pages are the inventory-neutral text', () => {
    const steps = pkg.contributes.walkthroughs[0].steps as { media: { markdown: string } }[];
    const pages = steps.map((s) => s.media.markdown.replace('media/walkthrough/', ''));
    for (const f of GET_STARTED_FILES) assert.ok(pages.includes(f), f);
    const neutral = getStartedMedia(undefined);
    for (const f of GET_STARTED_FILES) assert.equal(readFileSync(join(ROOT, 'media', 'walkthrough', f), 'utf8'), neutral[f], f);
    for (const f of GET_STARTED_FILES) assert.doesNotMatch(neutral[f], /\d+ of \d+|\d+ nodes/, f);
    // Opening the walkthrough activates the extension, so the pages follow the inventory from then on.
    assert.ok(pkg.activationEvents.includes('onWalkthrough:kce.gettingStarted'));
  });

  test('on the sample cluster the pages name it, count its nodes and list what a DaemonSet meets there', () => {
    const inv = sample();
    const n = inv.nodes.length;
    const pages = getStartedMedia(inv);
    assert.match(pages['open-sample.md'], new RegExp(`this workspace's inventory: the sample cluster, ${n} nodes\\.`));
    assert.match(pages['hover.md'], new RegExp(`a table of the ${n} nodes of the sample cluster:`));
    assert.match(pages['simulate.md'], new RegExp(`a sortable, filterable table of the ${n} nodes, with reasons`));
    // The facts come from the nodes: every control-plane taint holder is counted, the OS spread adds up.
    const cp = inv.nodes.filter((x) => x.taints.some((t) => t.key === 'node-role.kubernetes.io/control-plane'));
    assert.ok(cp.length > 0);
    assert.match(pages['hover.md'], new RegExp(`\`node-role\\.kubernetes\\.io/control-plane:NoSchedule\` on ${cp.slice(0, 3).map((x) => `\`${x.name}\``).join(', ')}`));
    const os = /\*\*Operating systems\*\* \(`kubernetes.io\/os`\): (.*)\./.exec(pages['hover.md'])?.[1] ?? '';
    const counts = [...os.matchAll(/on (\d+)/g)].map((m) => Number(m[1]));
    assert.equal(counts.reduce((a, b) => a + b, 0), inv.nodes.filter((x) => x.labels['kubernetes.io/os']).length);
    const cordoned = inv.nodes.filter((x) => x.unschedulable).map((x) => x.name);
    if (cordoned.length) assert.match(pages['hover.md'], new RegExp(`\\*\\*Cordoned\\*\\*: \`${cordoned[0]}\``));
  });

  test('another inventory gives other pages: a two-node file, and a fallback says what could not be used', () => {
    const two: InventoryResult = {
      source: 'file', detail: '/w/two-nodes.json', count: 2,
      requested: { source: 'cluster', detail: 'prod', label: 'cluster prod' },
      inUse: { source: 'file', detail: '/w/two-nodes.json', label: 'two-nodes.json' },
      problem: { kind: 'unreachable', summary: 'cluster prod unreachable', message: 'connect ECONNREFUSED' },
      nodes: [node('a', { labels: { 'kubernetes.io/os': 'linux' } }), node('b', { labels: { 'kubernetes.io/os': 'linux' } })],
    };
    const pages = getStartedMedia(two);
    assert.match(pages['hover.md'], /a table of the 2 nodes of `two-nodes\.json` \(`cluster prod` could not be used: cluster prod unreachable\)/);
    assert.match(pages['hover.md'], /\*\*Taints\*\*: none/);
    assert.match(pages['hover.md'], /`linux` on 2 nodes\./);
    assert.notEqual(pages['hover.md'], getStartedMedia(sample())['hover.md']);
  });

  test('long lists are cut with a count; values from a nodes file cannot break out of their code span', () => {
    const many = Array.from({ length: 6 }, (_, i) => node(`n${i}`, { taints: [{ key: `k${i % 5}`, effect: 'NoSchedule' }] }));
    const facts = inventoryFacts(many).join('\n');
    assert.match(facts, /`k0:NoSchedule` on `n0`, `n5`/);
    assert.match(facts, /and 1 more taints/);
    assert.equal(codeSpan('a`b'), '``a`b``');
    assert.equal(codeSpan('`x'), '`` `x ``');
    assert.equal(codeSpan('line\nbreak'), '`line break`');
    const evil = getStartedMedia({ source: 'file', count: 1, inUse: { source: 'file', label: '<img src=x onerror=alert(1)>`](command:x)' }, nodes: [node('a')] });
    assert.match(evil['hover.md'], /``<img src=x onerror=alert\(1\)>`\]\(command:x\)``/);
  });
});
