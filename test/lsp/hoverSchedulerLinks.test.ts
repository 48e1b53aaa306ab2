// The DaemonSet hover's Pending rows link the Go function of each exact reason string, not only its plugin's
// main function: two reasons of InterPodAffinity (the pod's own anti-affinity vs an existing pod's) link
// satisfyPodAntiAffinity and satisfyExistingPodsAntiAffinity, and the "Why? (note)" line names the reason codes.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { ClusterNodeInfos } from '../../server/src/core/scheduler/nodeInfo';
import { sampleClusterNodes, sampleClusterPods } from '../../server/src/inventory/files/sampleCluster';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { toSchedPod } from '../../server/src/inventory/files/podModel';
import { buildScheduling } from '../../server/src/inventory/source';
import { startServer } from './harness';
import { depsWithScheduling } from './schedulingDeps';

const FILTERING =
  'https://github.com/kubernetes/kubernetes/blob/v1.35.0/pkg/scheduler/framework/plugins/interpodaffinity/filtering.go';

const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: monitoring}
spec:
  selector: {matchLabels: {app: agent-links}}
  template:
    metadata: {labels: {app: agent-links}}
    spec:
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector: {matchLabels: {app: webx}}
            namespaceSelector: {}
            topologyKey: kubernetes.io/hostname
      containers:
      - name: agent
        image: registry.example/agent:1
`;

function pod(name: string, node: string, labels: Record<string, string>, affinity?: unknown) {
  const p = toSchedPod({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'shop', uid: `uid-${name}`, labels },
    spec: { nodeName: node, containers: [{ name: 'c', image: 'x' }], ...(affinity ? { affinity } : {}) },
    status: { phase: 'Running' },
  });
  if ('error' in p) throw new Error(String(p.error));
  return p;
}

// The sample nodes with two pods: one the DaemonSet avoids, one that avoids the DaemonSet.
function state(): ClusterNodeInfos {
  const s = new ClusterNodeInfos();
  for (const n of sampleClusterNodes()) s.setNode(n);
  s.upsertPod(pod('webx', 'worker-b-1', { app: 'webx' }));
  s.upsertPod(pod('loner', 'worker-c-1', { app: 'loner' }, {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        {
          labelSelector: { matchLabels: { app: 'agent-links' } },
          namespaceSelector: {},
          topologyKey: 'kubernetes.io/hostname',
        },
      ],
    },
  }));
  return s;
}

describe('hover: scheduler reasons link their exact Go function', () => {
  test('two InterPodAffinity reasons on two nodes link two different functions', async () => {
    const h = await startServer({ deps: depsWithScheduling(state()) });
    try {
      const uri = 'file:///links/agent.yaml';
      await h.open(uri, DS);
      const hover = (await h.client.sendRequest('textDocument/hover', {
        textDocument: { uri }, position: { line: 1, character: 1 },
      })) as Hover | null;
      const md = (hover?.contents as MarkupContent).value;
      const row = (node: string) => md.split('\n').find((l) => l.startsWith(`| ⚠ | ${node} |`)) ?? '';
      const b = row('worker-b-1');
      const c = row('worker-c-1');
      assert.ok(b.includes(`didn't match pod anti-affinity rules ([satisfyPodAntiAffinity](${FILTERING}))`), b);
      const existing = `([satisfyExistingPodsAntiAffinity](${FILTERING}))`;
      assert.ok(c.includes(`didn't satisfy existing pods anti-affinity rules ${existing}`), c);
      // The plugin's main function (satisfyPodAffinity) is linked by neither row.
      assert.ok(!b.includes('[satisfyPodAffinity]') && !c.includes('[satisfyPodAffinity]'));
      assert.match(md, /Why\? \(note\) .*\[InterPodAffinity\.AntiAffinity\]\(/);
      // The views get the same: each reason of the placement DTO carries its exact code.
      const placed = (await h.client.sendRequest('kce/simulatePlacement', { uri, documentIndex: 0 })) as {
        nodes: { name: string; scheduler?: { reasons: { plugin: string; code?: string }[] } }[];
      };
      const codes = (node: string) => placed.nodes.find((n) => n.name === node)?.scheduler?.reasons.map((r) => r.code);
      assert.deepEqual([codes('worker-b-1'), codes('worker-c-1')], [['InterPodAffinity.AntiAffinity'], ['InterPodAffinity.ExistingAntiAffinity']]);
    } finally {
      await h.dispose();
    }
  });

  test('node-exporter on the sample cluster: the NodePorts row names port 9100 and the pod holding it', async () => {
    const h = await startServer({ deps: depsWithScheduling(buildScheduling(sampleClusterNodes(), sampleClusterPods())) });
    try {
      const uri = 'file:///links/node-exporter.yaml';
      const text = readFileSync(join(resolve(__dirname, '../..'), 'examples/node-exporter.yaml'), 'utf8');
      await h.open(uri, text);
      const line = text.slice(0, text.indexOf('kind: DaemonSet')).split('\n').length - 1;
      const hover = (await h.client.sendRequest('textDocument/hover', {
        textDocument: { uri }, position: { line, character: 1 },
      })) as Hover | null;
      const md = (hover?.contents as MarkupContent).value;
      const row = md.split('\n').find((l) => l.startsWith('| ⚠ | worker-c-1 |')) ?? '';
      const detail = '(0.0.0.0:9100/TCP in use by kube-prometheus/prometheus-node-exporter-5m9tp)';
      assert.ok(row.includes(`didn't have free ports for the requested pod ports ${detail} ([NodePorts.Filter](`), row);
    } finally {
      await h.dispose();
    }
  });
});
