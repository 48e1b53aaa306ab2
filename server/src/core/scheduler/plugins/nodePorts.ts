// NodePorts (pkg/scheduler/framework/plugins/nodeports/node_ports.go, v1.35-era): a host port (IP, protocol, port)
// already taken on the node rejects it; 0.0.0.0 (or no hostIP) conflicts with every IP.
import { schedulerMessage } from '../../../codes/scheduler';
import { conflictsWith, getHostPorts, type HostPortRef } from '../hostPorts';
import type { FilterPlugin, FilterResult, HostPortInfo } from '../types';

export const ERR_REASON_PORTS = schedulerMessage.nodePorts();

// Port of fitsPorts (pkg/scheduler/framework/plugins/nodeports/node_ports.go); the first conflicting port, if any.
export function firstPortConflict(want: readonly HostPortRef[], inUse: HostPortInfo): HostPortRef | undefined {
  for (const ref of want) if (conflictsWith(inUse, ref)) return ref;
  return undefined;
}

interface State {
  want: HostPortRef[];
  /** One rejection per conflicting port, built once and shared by every node. */
  rejections: Map<HostPortRef, FilterResult>;
}

export const nodePorts: FilterPlugin<State> = {
  name: 'NodePorts',
  // Port of NodePorts.PreFilter (pkg/scheduler/framework/plugins/nodeports/node_ports.go).
  preFilter(pod, ctx) {
    const ports = getHostPorts(pod, ctx.specPath);
    return ports.length === 0 ? { kind: 'skip' } : { kind: 'state', state: { want: ports, rejections: new Map() } };
  },
  // Port of NodePorts.Filter (pkg/scheduler/framework/plugins/nodeports/node_ports.go).
  filter(s, _pod, node): FilterResult | null {
    if (node.usedPorts.size === 0) return null;
    const conflict = firstPortConflict(s.want, node.usedPorts);
    if (!conflict) return null;
    let r = s.rejections.get(conflict);
    if (!r) {
      const hostPort = { hostIP: conflict.ip, protocol: conflict.protocol, hostPort: conflict.port.hostPort ?? 0 };
      r = { plugin: 'NodePorts', code: 'Unschedulable', reasons: [ERR_REASON_PORTS], field: conflict.field, hostPort };
      s.rejections.set(conflict, r);
    }
    return r;
  },
};
