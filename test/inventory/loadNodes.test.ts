import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNodesFromText } from '../../server/src/inventory/files/loadNodes';
import { loadPodsFromText } from '../../server/src/inventory/files/loadPods';
import { toNodeInfo } from '../../server/src/inventory/files/nodeModel';
import { generateNodeObjects, generateNodesJson, generateNodesYaml, toKubectlYaml } from '../../server/src/inventory/files/generate';
import { sampleClusterList, sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { buildScheduling, pickInventory, looksLikeNodesFile } from '../../server/src/inventory/source';
import { fastParseYamlStream } from '../../server/src/inventory/files/kubectlYamlReader';
import { parseYamlText } from '../../server/src/yaml/parse';

const nodeObj = (name: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/os': 'linux' } },
  spec: { taints: [{ key: 't', value: 'v', effect: 'NoSchedule' }] }, status: { conditions: [{ type: 'Ready', status: 'True' }] }, ...extra,
});
const info = (name: string) => ({ name, labels: { 'kubernetes.io/os': 'linux' }, taints: [{ key: 't', value: 'v', effect: 'NoSchedule' }], unschedulable: false, conditions: [{ type: 'Ready', status: 'True' }] });

describe('toNodeInfo', () => {
  test('reads name, labels, taints, unschedulable, conditions', () => {
    assert.deepEqual(toNodeInfo({ ...nodeObj('n1'), spec: { unschedulable: true, taints: [{ key: 'k', effect: 'NoExecute', timeAdded: 't0' }] } }), {
      ...info('n1'), unschedulable: true, taints: [{ key: 'k', effect: 'NoExecute', timeAdded: 't0' }],
    });
  });
  test('no name is an error', () => assert.deepEqual(toNodeInfo({ kind: 'Node', metadata: {} }), { error: 'a Node needs metadata.name' }));
  test('non-string label values and malformed taints are skipped', () => {
    const n = toNodeInfo({ metadata: { name: 'x', labels: { a: 1, b: 'ok' } }, spec: { taints: [{ key: 'k' }, 'bad'] } });
    assert.deepEqual(n, { name: 'x', labels: { b: 'ok' }, taints: [], unschedulable: false, conditions: [] });
  });
});

describe('loadNodesFromText: every kubectl shape', () => {
  const two = [nodeObj('a'), nodeObj('b')];
  const shapes: { name: string; text: string; parser: string }[] = [
    { name: 'Node, YAML', text: toKubectlYaml(nodeObj('a')) + toKubectlYaml(nodeObj('b')).replace(/^/, '---\n'), parser: 'fast-yaml' },
    { name: 'NodeList, YAML', text: toKubectlYaml({ apiVersion: 'v1', kind: 'NodeList', items: two.map(({ kind: _k, apiVersion: _a, ...rest }) => rest) }), parser: 'fast-yaml' },
    { name: 'List, YAML', text: toKubectlYaml({ apiVersion: 'v1', kind: 'List', items: two, metadata: { resourceVersion: '' } }), parser: 'fast-yaml' },
    { name: 'List, JSON', text: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: two }, null, 4), parser: 'json' },
    { name: 'NodeList, JSON', text: JSON.stringify({ apiVersion: 'v1', kind: 'NodeList', items: two }), parser: 'json' },
    { name: 'multi-document with a non-Node document, YAML', text: `${toKubectlYaml(two[0])}---\nkind: ConfigMap\nmetadata: {name: cm}\n---\n${toKubectlYaml(two[1])}`, parser: 'yaml' },
    { name: 'flow style YAML falls back to the full parser', text: `kind: List\nitems: [${JSON.stringify(two[0])}, ${JSON.stringify(two[1])}]\n`, parser: 'yaml' },
  ];
  for (const s of shapes) {
    test(s.name, () => {
      const r = loadNodesFromText(s.text, 'nodes.yaml');
      assert.deepEqual(r.errors, []);
      assert.equal(r.parser, s.parser);
      assert.deepEqual(r.nodes, [info('a'), info('b')]);
    });
  }
  test('a single Node in JSON', () => {
    const r = loadNodesFromText(JSON.stringify(nodeObj('a')), 'n.json');
    assert.deepEqual(r.nodes, [info('a')]);
  });
  test('no nodes, broken YAML, nameless nodes and duplicates are reported', () => {
    assert.match(loadNodesFromText('kind: Pod\nmetadata: {name: p}\n', 'f').errors[0]!.message, /no Node objects/);
    const broken = loadNodesFromText('kind: List\nitems: [\n', 'f');
    assert.ok(broken.errors.length > 0 && broken.errors[0]!.range);
    assert.match(loadNodesFromText('kind: Node\nmetadata: {}\n', 'f').errors[0]!.message, /metadata.name/);
    const dup = loadNodesFromText(`${toKubectlYaml(nodeObj('a'))}---\n${toKubectlYaml(nodeObj('a'))}`, 'f');
    assert.equal(dup.nodes.length, 1);
    assert.match(dup.errors[0]!.message, /more than once/);
  });
});

describe('fast kubectl-YAML reader == full parser', () => {
  const full = (text: string) => parseYamlText(text, { maxDocumentLength: 1e9, maxTextLength: 1e9 }).documents.map((d) => d.value).filter((v) => v !== null);
  test('generated inventories', () => {
    for (const seed of [1, 2, 3]) {
      const y = generateNodesYaml(150, seed);
      const fast = fastParseYamlStream(y);
      assert.ok(fast, 'fast path accepts kubectl output');
      assert.deepEqual(fast, full(y));
    }
  });
  const tricky: { name: string; text: string; accepted: boolean }[] = [
    { name: 'quoted keys and values', text: 'metadata:\n  labels:\n    "a: b": \'it\'\'s\'\n    \'x\': "esc \\" \\u00e9 \\n \\t"\n', accepted: true },
    { name: 'comments everywhere', text: '# top\na: 1 # c\n# mid\nb:\n  # inner\n  - x # y\n  - "q" # z\nc: a#b\n', accepted: true },
    { name: 'literal block scalars', text: 'a: |\n  line1\n\n    indented\n  last\nb: |-\n  strip\nc: |+\n  keep\n\nd: x\n', accepted: true },
    { name: 'empty literal', text: 'a: |\nb: 1\n', accepted: true },
    { name: 'scalars of every core type', text: 'a: 1\nb: -2.5\nc: true\nd: null\ne: ~\nf: 0x1F\ng: 0o17\nh: 1e3\nj: yes\nk: 007\nl: ""\nm:\nn: {}\no: []\n', accepted: true },
    { name: 'YAML 1.1 keys and a \\\' escape, as go-yaml reads them', text: 'yes: 1\n1.5: a\nb: "it\\\'s"\n', accepted: true },
    { name: 'infinity, which JSON cannot hold: left to the full parser', text: 'i: .inf\n', accepted: false },
    { name: 'CRLF', text: 'a: 1\r\nb:\r\n- c: d\r\n  e: "f"\r\n', accepted: true },
    { name: 'indented sequences', text: 'a:\n  - b: 1\n    c: 2\n  - 3\n', accepted: true },
    { name: 'nested empty dash items', text: 'a:\n-\n  b: 1\n- \n', accepted: true },
    { name: 'duplicate keys: last wins like the full parser', text: 'a: 1\na: 2\n', accepted: true },
    { name: 'flow map with content', text: 'a: {b: 1}\n', accepted: false },
    { name: 'folded block scalar', text: 'a: >\n  x\n  y\n', accepted: false },
    { name: 'multi-line plain scalar', text: 'a: one\n  two\n', accepted: false },
    { name: 'multi-line quoted scalar', text: 'a: "one\n  two"\n', accepted: false },
    { name: 'anchors and aliases', text: 'a: &x 1\nb: *x\n', accepted: false },
    { name: 'tags', text: 'a: !!str 1\n', accepted: false },
    { name: 'merge key', text: 'a:\n  <<: {}\n', accepted: false },
    { name: 'tab indentation', text: 'a:\n\tb: 1\n', accepted: false },
    { name: 'directive', text: '%YAML 1.2\n---\na: 1\n', accepted: false },
    { name: 'value on the marker line', text: '--- a: 1\n', accepted: false },
    { name: 'key: value: value', text: 'a: b: c\n', accepted: false },
    { name: 'bad indentation', text: 'a:\n    b: 1\n  c: 2\n', accepted: false },
  ];
  test('plain scalars typed as go-yaml types them, where the reader answers (its fast exits included)', () => {
    const words = [
      '0', '00', '007', '010', '0777', '08', '1', '-1', '+1', '-0', '+0', '12', '999999999999999', '1000000000000000', '9007199254740993',
      '100m', '128Mi', '5Gi', '3.5Gi', '1Ki', '1k', '1K', '1M', '1G', '1T', '1P', '1E', '1Ei', '500n', '12h', '1e',
      '1e5', '1E5', '1.0e+3', '1.5', '-1.5', '.5', '5.', '0.0', '1_000', '1_0', '1:20', '0x1F', '0x1g', '-0x1f',
      '0o17', '0b101', '+0b1', '0B1', '2025-03-01T10:00:00Z', '-', '+', '+.inf', '-.Inf', 'e1', 'y', 'Y', 'yes',
      'Yes', 'no', 'on', 'OFF', 'o', 'off1', 'true', 'false', 'FALSE', 'fals', 'null', 'Null', 'nodes', 'yellow',
      'tango', 'node-agent', 'offline', 'Running', '~',
    ];
    let answered = 0;
    for (const w of words) {
      const text = `a: ${w}\n`;
      const fast = fastParseYamlStream(text);
      if (fast === undefined) continue;
      answered++;
      assert.deepEqual(fast, full(text), w);
    }
    assert.ok(answered >= words.length - 4, `${answered} of ${words.length} answered`);
  });
  for (const c of tricky) {
    test(c.name, () => {
      const fast = fastParseYamlStream(c.text);
      if (!c.accepted) { assert.equal(fast, undefined); return; }
      assert.ok(fast, 'accepted');
      assert.deepEqual(fast, full(c.text));
    });
  }
});

describe('performance guard (generous; the benchmark measures properly)', () => {
  test('5,000 nodes of kubectl YAML load fast, equal to JSON', () => {
    const y = generateNodesYaml(5000);
    const j = generateNodesJson(5000);
    assert.ok(y.length > 8e6);
    let t0 = performance.now();
    const a = loadNodesFromText(y, 'big.yaml');
    const yamlMs = performance.now() - t0;
    t0 = performance.now();
    const b = loadNodesFromText(j, 'big.json');
    const jsonMs = performance.now() - t0;
    assert.equal(a.parser, 'fast-yaml');
    assert.equal(a.nodes.length, 5000);
    assert.deepEqual(a.nodes, b.nodes);
    assert.ok(yamlMs < 4000 && jsonMs < 4000, `yaml ${yamlMs} ms, json ${jsonMs} ms`);
  });
  test('generated nodes carry the expected model', () => {
    const objs = generateNodeObjects(10);
    const n0 = toNodeInfo(objs[0]);
    assert.ok(!('error' in n0));
    if (!('error' in n0)) {
      assert.equal(n0.taints[0]!.key, 'node-role.kubernetes.io/control-plane');
      assert.ok(Object.keys(n0.labels).length >= 10);
    }
  });
});

describe('sample cluster', () => {
  test('examples/sample-cluster.yaml is the embedded sample cluster', () => {
    const text = readFileSync(join(__dirname, '../../examples/sample-cluster.yaml'), 'utf8');
    const r = loadNodesFromText(text, 'sample-cluster.yaml');
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.nodes, sampleClusterNodes());
    assert.equal(text.replace(/^#.*\n/, ''), toKubectlYaml(sampleClusterList()));
  });
  test('has the nodes the design asks for', () => {
    const nodes = sampleClusterNodes();
    const taint = (k: string, e: string) => nodes.filter((n) => n.taints.some((t) => t.key === k && t.effect === e));
    assert.ok(nodes.length >= 12);
    assert.ok(taint('node-role.kubernetes.io/control-plane', 'NoSchedule').length >= 1);
    assert.ok(taint('nvidia.com/gpu', 'NoSchedule').length >= 1);
    assert.ok(taint('dedicated', 'NoExecute').length === 1);
    const notReady = taint('node.kubernetes.io/not-ready', 'NoExecute');
    assert.ok(notReady.length === 1 && notReady[0]!.conditions.some((c) => c.type === 'Ready' && c.status === 'False'));
    const cordoned = nodes.filter((n) => n.unschedulable);
    assert.ok(cordoned.length === 1 && cordoned[0]!.taints.some((t) => t.key === 'node.kubernetes.io/unschedulable'));
    assert.ok(nodes.some((n) => n.labels['kubernetes.io/os'] === 'windows'));
    assert.ok(nodes.some((n) => n.labels['kubernetes.io/arch'] === 'arm64'));
    assert.equal(new Set(nodes.map((n) => n.labels['topology.kubernetes.io/zone'])).size, 3);
  });
});

describe('inventory source precedence', () => {
  const nodesFile = { path: '/w/nodes.yaml', text: toKubectlYaml(nodeObj('from-file')) };
  const other = { path: '/w/ds.yaml', text: 'kind: DaemonSet\n' };
  test('cluster > settings file > workspace file > sample', () => {
    const cluster = { kind: 'cluster' as const, label: 'ctx', nodes: [], loadedAt: 1, errors: [], pods: [], scheduling: buildScheduling([], []) };
    assert.equal(pickInventory({ cluster, settingsFile: nodesFile }).kind, 'cluster');
    const s = pickInventory({ settingsFile: nodesFile, now: 5 });
    assert.deepEqual([s.kind, s.label, s.nodes.map((n) => n.name), s.loadedAt], ['file', 'nodes.yaml', ['from-file'], 5]);
    assert.deepEqual(pickInventory({ workspaceFiles: [other, nodesFile] }).nodes.map((n) => n.name), ['from-file']);
    const sample = pickInventory({ workspaceFiles: [other] });
    assert.equal(sample.kind, 'sample');
    assert.equal(sample.nodes.length, sampleClusterNodes().length);
  });
  test('an empty settings file still wins and says why', () => {
    const s = pickInventory({ settingsFile: other });
    assert.equal(s.kind, 'file');
    assert.match(s.errors[0]!.message, /no Node objects/);
  });
  test('looksLikeNodesFile', () => {
    assert.equal(looksLikeNodesFile(nodesFile.text), true);
    assert.equal(looksLikeNodesFile(generateNodesJson(1)), true);
    assert.equal(looksLikeNodesFile('{"kind": "NodeList", "items": []}'), true);
    assert.equal(looksLikeNodesFile('{"kind": "Pod", "metadata": {"name": "Node"}}'), false);
    assert.equal(looksLikeNodesFile(other.text), false);
  });
});

describe('loadPodsFromText', () => {
  const pod = (name: string, node: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'kube-system' }, spec: { nodeName: node } });
  test('PodList JSON, List YAML and multi-doc YAML', () => {
    const list = { apiVersion: 'v1', kind: 'List', items: [pod('p1', 'a'), pod('p2', 'b')] };
    for (const text of [JSON.stringify({ ...list, kind: 'PodList' }), toKubectlYaml(list), `${toKubectlYaml(pod('p1', 'a'))}---\n${toKubectlYaml(pod('p2', 'b'))}`]) {
      const r = loadPodsFromText(text, 'pods');
      assert.deepEqual(r.errors, []);
      assert.deepEqual(r.pods.map((p) => [p.metadata?.name, p.spec?.nodeName]), [['p1', 'a'], ['p2', 'b']]);
    }
  });
  test('nameless pod is an error', () => {
    assert.match(loadPodsFromText('kind: Pod\nmetadata: {}\n', 'pods').errors[0]!.message, /metadata.name/);
  });
});
