// The DaemonSet hover's Pending rows link the Go function of each exact reason string, not only its plugin's
// main function: two reasons of InterPodAffinity (the pod's own anti-affinity vs an existing pod's) link
// satisfyPodAntiAffinity and satisfyExistingPodsAntiAffinity, and the "Why? (note)" line names the reason codes.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { analyzeText } from '../../server/src/analysis/index';
import { defaultDeps } from '../../server/src/lsp/defaultDeps';
import { ClusterNodeInfos } from '../../server/src/core/scheduler/nodeInfo';
import { sampleClusterNodes } from '../../server/src/inventory/files/sampleCluster';
import { toSchedPod } from '../../server/src/inventory/files/podModel';
import type { ServerDeps } from '../../server/src/lsp/deps';
import { startServer } from './harness';

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
        { labelSelector: { matchLabels: { app: 'agent-links' } }, namespaceSelector: {}, topologyKey: 'kubernetes.io/hostname' },
      ],
    },
  }));
  return s;
}

function depsWith(s: ClusterNodeInfos): ServerDeps {
  const { analyzeTextAsync: _cooperative, ...real } = defaultDeps();
  return { ...real, analyzeText: (text, ctx, previous) => analyzeText(text, { ...ctx, scheduling: s }, previous) };
}

describe('hover: scheduler reasons link their exact Go function', () => {
  test('two InterPodAffinity reasons on two nodes link two different functions', async () => {
    const h = await startServer({ deps: depsWith(state()) });
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
      assert.match(b, /didn't match pod anti-affinity rules \(\[satisfyPodAntiAffinity\]\(https:\/\/github\.com\/kubernetes\/kubernetes\/blob\/v1\.35\.0\/pkg\/scheduler\/framework\/plugins\/interpodaffinity\/filtering\.go\)\)/);
      assert.match(c, /didn't satisfy existing pods anti-affinity rules \(\[satisfyExistingPodsAntiAffinity\]\(https:\/\/github\.com\/kubernetes\/kubernetes\/blob\/v1\.35\.0\/pkg\/scheduler\/framework\/plugins\/interpodaffinity\/filtering\.go\)\)/);
      // The plugin's main function (satisfyPodAffinity) is linked by neither row.
      assert.ok(!b.includes('[satisfyPodAffinity]') && !c.includes('[satisfyPodAffinity]'));
      assert.match(md, /Why\? \(note\) .*\[InterPodAffinity\.AntiAffinity\]\(/);
    } finally {
      await h.dispose();
    }
  });
});
