// Realistic kubectl-style node inventories for tests and the benchmark, and a small YAML writer
// that prints objects the way `kubectl get -o yaml` does (sorted keys, sequences flush with their key).

/** Print a plain value as kubectl (go-yaml v2) would: 2-space indent, sorted keys, `- ` flush with the parent key. */
export function toKubectlYaml(value: unknown): string {
  const out: string[] = [];
  writeValue(out, value, 0, true);
  return out.join('');
}

const PLAIN_SAFE = /^[A-Za-z0-9_./][A-Za-z0-9_./=@+,() -]*$/;
// Anything YAML 1.1 or 1.2 could read as a non-string is quoted, as go-yaml does.
const NON_STRING = /^(?:[-+]?[0-9][0-9_]*(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\.[0-9]+|0[xXoObB][0-9a-fA-F_]+|y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~|\.(?:inf|Inf|INF|nan|NaN|NAN)|[0-9]{4}-.*)$/;

function scalar(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const s = String(v);
  if (s !== '' && PLAIN_SAFE.test(s) && !NON_STRING.test(s) && !s.endsWith(' ') && !s.includes(' #') && !s.includes(': ')) return s;
  return JSON.stringify(s);
}

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function key(k: string): string {
  return scalar(k);
}

function multiline(s: unknown): s is string {
  return typeof s === 'string' && s.includes('\n') && !/[\t\r]/.test(s) && !/^\s/.test(s) && !/\n[ ]*\n$/.test(s) && !/ \n/.test(s) && !s.endsWith(' ');
}

function literal(out: string[], s: string, indent: number): void {
  const pad = ' '.repeat(indent);
  const body = s.endsWith('\n') ? s.slice(0, -1) : s;
  out.push(s.endsWith('\n') ? '|\n' : '|-\n');
  for (const line of body.split('\n')) out.push(line === '' ? '\n' : `${pad}${line}\n`);
}

function writeValue(out: string[], v: unknown, indent: number, atLineStart: boolean): void {
  const pad = ' '.repeat(indent);
  if (isObj(v)) {
    const keys = Object.keys(v).sort();
    if (keys.length === 0) { out.push('{}\n'); return; }
    keys.forEach((k, i) => {
      if (i > 0 || atLineStart) out.push(pad);
      writeEntry(out, k, v[k], indent);
    });
    return;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) { out.push('[]\n'); return; }
    v.forEach((item, i) => {
      if (i > 0 || atLineStart) out.push(pad);
      out.push('- ');
      if (isObj(item) && Object.keys(item).length > 0) writeValue(out, item, indent + 2, false);
      else if (Array.isArray(item) && item.length > 0) { out.push('\n'); writeValue(out, item, indent + 2, true); }
      else if (multiline(item)) literal(out, item, indent + 2);
      else if (isObj(item)) out.push('{}\n');
      else if (Array.isArray(item)) out.push('[]\n');
      else out.push(scalar(item) + '\n');
    });
    return;
  }
  out.push(scalar(v) + '\n');
}

function writeEntry(out: string[], k: string, v: unknown, indent: number): void {
  out.push(key(k) + ':');
  if (isObj(v) && Object.keys(v).length > 0) { out.push('\n'); writeValue(out, v, indent + 2, true); }
  else if (Array.isArray(v) && v.length > 0) { out.push('\n'); writeValue(out, v, indent, true); }
  else if (multiline(v)) { out.push(' '); literal(out, v, indent + 2); }
  else { out.push(' '); writeValue(out, v, indent, false); }
}

// Deterministic pseudo-random numbers so generated inventories are stable across runs.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
const TYPES = ['m5.xlarge', 'm5.2xlarge', 'c5.4xlarge', 'r5.large', 'g4dn.xlarge', 'm6g.xlarge'];

/** `n` realistic Node objects (about 2 KB each in YAML): ~10 labels, some taints, four conditions. */
export function generateNodeObjects(n: number, seed = 42): Record<string, unknown>[] {
  const r = rng(seed);
  const nodes: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const name = `ip-10-${(i >> 8) & 255}-${i & 255}-${10 + (i % 200)}.ec2.internal`;
    const zone = ZONES[i % ZONES.length]!;
    const type = TYPES[Math.floor(r() * TYPES.length)]!;
    const arm = type.startsWith('m6g');
    const gpu = type.startsWith('g4dn');
    const controlPlane = i < 3;
    const notReady = r() < 0.02;
    const cordoned = r() < 0.02;
    const labels: Record<string, string> = {
      'beta.kubernetes.io/arch': arm ? 'arm64' : 'amd64',
      'beta.kubernetes.io/instance-type': type,
      'beta.kubernetes.io/os': 'linux',
      'kubernetes.io/arch': arm ? 'arm64' : 'amd64',
      'kubernetes.io/hostname': name,
      'kubernetes.io/os': 'linux',
      'node.kubernetes.io/instance-type': type,
      'topology.kubernetes.io/region': 'us-east-1',
      'topology.kubernetes.io/zone': zone,
      'eks.amazonaws.com/nodegroup': controlPlane ? 'control-plane' : gpu ? 'gpu' : `workers-${i % 4}`,
    };
    if (controlPlane) labels['node-role.kubernetes.io/control-plane'] = '';
    if (gpu) labels['nvidia.com/gpu.present'] = 'true';
    if (r() < 0.1) labels['disktype'] = 'ssd';
    const taints: Record<string, unknown>[] = [];
    if (controlPlane) taints.push({ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' });
    if (gpu) taints.push({ effect: 'NoSchedule', key: 'nvidia.com/gpu', value: 'present' });
    // Ready=Unknown below: the node lifecycle controller's NoSchedule and NoExecute unreachable taints.
    if (notReady) {
      taints.push({ effect: 'NoSchedule', key: 'node.kubernetes.io/unreachable', timeAdded: '2025-01-02T03:04:00Z' });
      taints.push({ effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', timeAdded: '2025-01-02T03:04:05Z' });
    }
    if (cordoned) taints.push({ effect: 'NoSchedule', key: 'node.kubernetes.io/unschedulable', timeAdded: '2025-01-02T03:04:05Z' });
    if (r() < 0.05) taints.push({ effect: 'NoExecute', key: 'dedicated', value: 'infra' });
    const spec: Record<string, unknown> = {
      podCIDR: `10.${100 + (i >> 8)}.${i & 255}.0/24`,
      podCIDRs: [`10.${100 + (i >> 8)}.${i & 255}.0/24`],
      providerID: `aws:///${zone}/i-0${(1e15 + Math.floor(r() * 1e15)).toString(16)}`,
    };
    if (taints.length) spec.taints = taints;
    if (cordoned) spec.unschedulable = true;
    const cond = (type: string, status: string, reason: string, message: string) => ({
      lastHeartbeatTime: '2025-03-01T10:00:00Z', lastTransitionTime: '2025-01-01T00:00:00Z', message, reason, status, type,
    });
    nodes.push({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        annotations: {
          'alpha.kubernetes.io/provided-node-ip': `10.0.${(i >> 8) & 255}.${i & 255}`,
          'node.alpha.kubernetes.io/ttl': '0',
          'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
        },
        creationTimestamp: '2025-01-01T00:00:00Z',
        labels,
        name,
        resourceVersion: String(1000000 + i * 7),
        uid: `6f1c${i.toString(16).padStart(4, '0')}-1c2d-4e5f-8a9b-${i.toString(16).padStart(12, '0')}`,
      },
      spec,
      status: {
        addresses: [
          { address: `10.0.${(i >> 8) & 255}.${i & 255}`, type: 'InternalIP' },
          { address: name, type: 'Hostname' },
        ],
        allocatable: { cpu: '3920m', 'ephemeral-storage': '95551679124', memory: '15147768Ki', pods: '58' },
        capacity: { cpu: '4', 'ephemeral-storage': '104845292Ki', memory: '16093944Ki', pods: '58' },
        conditions: [
          cond('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
          cond('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
          notReady
            ? cond('Ready', 'Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.')
            : cond('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
        ],
        daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
        nodeInfo: {
          architecture: arm ? 'arm64' : 'amd64',
          containerRuntimeVersion: 'containerd://1.7.22',
          kernelVersion: '6.1.112-122.189.amzn2023.x86_64',
          kubeletVersion: 'v1.31.2-eks-94953ac',
          operatingSystem: 'linux',
          osImage: 'Amazon Linux 2023.6.20241111',
        },
      },
    });
  }
  return nodes;
}

function asList(nodes: Record<string, unknown>[]): Record<string, unknown> {
  return { apiVersion: 'v1', items: nodes, kind: 'List', metadata: { resourceVersion: '' } };
}

/** `kubectl get nodes -o yaml` for `n` generated nodes (a List; about 2 KB a node). */
export function generateNodesYaml(n: number, seed = 42): string {
  return toKubectlYaml(asList(generateNodeObjects(n, seed)));
}

/** `kubectl get nodes -o json` for `n` generated nodes. */
export function generateNodesJson(n: number, seed = 42): string {
  return JSON.stringify(asList(generateNodeObjects(n, seed)), null, 4) + '\n';
}
