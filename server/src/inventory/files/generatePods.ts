// Realistic `kubectl get pods -A` output for tests and the benchmark: pods of Deployments, StatefulSets and
// DaemonSets as a v1.35 API server returns them (owner, labels, requests and limits, probes, env, the service-account
// token volume, tolerations, status with conditions and container statuses; managedFields omitted, as kubectl
// prints them by default). Nodes come from generate.ts's node names.
import { toKubectlYaml } from './generate';

// Deterministic pseudo-random numbers so generated inventories are stable across runs.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** The node names generateNodeObjects gives its nodes. */
export function generatedNodeName(i: number): string {
  return `ip-10-${(i >> 8) & 255}-${i & 255}-${10 + (i % 200)}.ec2.internal`;
}

const CPU = ['50m', '100m', '250m', '500m', '1'];
const MEM = ['64Mi', '128Mi', '256Mi', '512Mi', '1Gi'];
const STAMP = '2025-03-01T10:00:00Z';

function condition(type: string) {
  return { lastProbeTime: null, lastTransitionTime: STAMP, status: 'True', type };
}

/** One pod of app `app` (0..99) on node `node`, the `j`th on that node. */
export function generatePodObject(node: number, j: number, r: () => number): Record<string, unknown> {
  const app = (node * 7 + j * 13) % 100;
  const ns = `team-${app % 12}`;
  const k = (node * 31 + j) % 5;
  const daemon = j < 2;
  const name = daemon ? (j === 0 ? 'node-agent' : 'log-shipper') : `app-${app}`;
  const rs = `${name}-${(0x5f00000 + app * 7919).toString(16)}`;
  const suffix = (node * 64 + j).toString(36).padStart(5, 'x');
  const podName = `${daemon ? name : rs}-${suffix}`;
  const uid = `${(node * 64 + j).toString(16).padStart(8, '0')}-7c1d-4e5f-9a8b-${app.toString(16).padStart(12, '0')}`;
  const tokenVolume = `kube-api-access-${suffix}`;
  const ports: Record<string, unknown>[] = [{ containerPort: 8080, name: 'http', protocol: 'TCP' }];
  if (daemon && j === 0) ports.push({ containerPort: 9100, hostPort: 9100, name: 'metrics', protocol: 'TCP' });
  const container = {
    env: [
      { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
      { name: 'LOG_LEVEL', value: r() < 0.5 ? 'info' : 'debug' },
    ],
    image: `registry.example.com/${ns}/${name}:1.${app % 20}.${j % 7}`,
    imagePullPolicy: 'IfNotPresent',
    livenessProbe: {
      failureThreshold: 3,
      httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' },
      periodSeconds: 10,
      successThreshold: 1,
      timeoutSeconds: 1,
    },
    name: daemon ? name : 'main',
    ports,
    readinessProbe: {
      failureThreshold: 3,
      httpGet: { path: '/ready', port: 8080, scheme: 'HTTP' },
      periodSeconds: 5,
      successThreshold: 1,
      timeoutSeconds: 1,
    },
    resources: { limits: { memory: MEM[k] }, requests: { cpu: CPU[k], memory: MEM[k] } },
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
    volumeMounts: [{ mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: tokenVolume, readOnly: true }],
  };
  const nodeName = generatedNodeName(node);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      creationTimestamp: STAMP,
      generateName: `${daemon ? name : rs}-`,
      labels: daemon
        ? { app: name, 'controller-revision-hash': '7d9f8c6b5', 'pod-template-generation': '3' }
        : { app: name, 'pod-template-hash': rs.slice(name.length + 1) },
      name: podName,
      namespace: daemon ? 'kube-system' : ns,
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          blockOwnerDeletion: true,
          controller: true,
          kind: daemon ? 'DaemonSet' : 'ReplicaSet',
          name: daemon ? name : rs,
          uid: `owner-${app}-${j}`,
        },
      ],
      resourceVersion: String(5_000_000 + node * 64 + j),
      uid,
    },
    spec: {
      containers: [container],
      dnsPolicy: 'ClusterFirst',
      enableServiceLinks: true,
      nodeName,
      preemptionPolicy: 'PreemptLowerPriority',
      priority: 0,
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: {},
      serviceAccount: 'default',
      serviceAccountName: 'default',
      terminationGracePeriodSeconds: 30,
      tolerations: [
        { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 },
        { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 },
      ],
      volumes: [
        {
          name: tokenVolume,
          projected: {
            defaultMode: 420,
            sources: [
              { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
              { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' } },
              {
                downwardAPI: {
                  items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }],
                },
              },
            ],
          },
        },
      ],
    },
    status: {
      conditions: ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map(
        condition,
      ),
      containerStatuses: [
        {
          containerID: `containerd://${uid.replace(/-/g, '')}${uid.replace(/-/g, '')}`,
          image: container.image,
          imageID: `${container.image.split(':')[0]}@sha256:${'0123456789abcdef'.repeat(4)}`,
          lastState: {},
          name: container.name,
          ready: true,
          restartCount: 0,
          started: true,
          state: { running: { startedAt: STAMP } },
          volumeMounts: [
            {
              mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
              name: tokenVolume,
              readOnly: true,
              recursiveReadOnly: 'Disabled',
            },
          ],
        },
      ],
      hostIP: `10.0.${(node >> 8) & 255}.${node & 255}`,
      hostIPs: [{ ip: `10.0.${(node >> 8) & 255}.${node & 255}` }],
      phase: 'Running',
      podIP: `10.${100 + (node >> 8)}.${node & 255}.${j + 2}`,
      podIPs: [{ ip: `10.${100 + (node >> 8)}.${node & 255}.${j + 2}` }],
      qosClass: 'Burstable',
      startTime: STAMP,
    },
  };
}

/** The items of `kubectl get pods -A` for `perNode` pods on each of `nodes` generated nodes, one by one. */
export function* generatePodObjects(nodes: number, perNode: number, seed = 7): Generator<Record<string, unknown>> {
  const r = rng(seed);
  for (let n = 0; n < nodes; n++) for (let j = 0; j < perNode; j++) yield generatePodObject(n, j, r);
}

/**
 * `kubectl get pods -A -o json` (a List, 4-space indent as kubectl prints it) or `-o yaml`, written in pieces through
 * `write`, so files far larger than one string can be made.
 */
export function writePodsList(
  format: 'json' | 'yaml',
  nodes: number,
  perNode: number,
  write: (chunk: string) => void,
): void {
  if (format === 'json') {
    write('{\n    "apiVersion": "v1",\n    "items": [\n');
    let first = true;
    for (const p of generatePodObjects(nodes, perNode)) {
      const body = JSON.stringify(p, null, 4).replace(/\n/g, '\n        ');
      write(`${first ? '' : ',\n'}        ${body}`);
      first = false;
    }
    write('\n    ],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n');
    return;
  }
  write('apiVersion: v1\nitems:\n');
  for (const p of generatePodObjects(nodes, perNode)) {
    // An item of a block sequence flush with its key: `- ` then the mapping indented by two.
    write('- ' + toKubectlYaml(p).replace(/\n(?=.)/g, '\n  '));
  }
  write('kind: List\nmetadata:\n  resourceVersion: ""\n');
}
