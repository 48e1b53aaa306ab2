// The quick picks of "What If…": an event, a node, then what the event needs. Every picker's title counts its
// step out of the steps that event has (a taint takes four, a cordon two), so no picker appears unnumbered.
import * as vscode from 'vscode';
import type * as P from '../../../server/src/protocol';
import type { Ctx } from '../ctx';

const EFFECTS = [
  { label: 'NoSchedule', description: 'new pods that do not tolerate it are not placed' },
  { label: 'PreferNoSchedule', description: 'a preference only: the DaemonSet controller ignores it' },
  { label: 'NoExecute', description: 'also evicts running pods that do not tolerate it' },
];

type Kind = 'addNode' | 'addTaint' | 'removeTaint' | 'setLabel' | 'removeLabel' | 'cordon' | 'uncordon' | 'removeNode';

/** How many pickers each event takes (the event itself included). */
export const STEPS: Record<Kind, number> = {
  addNode: 3, addTaint: 4, removeTaint: 3, setLabel: 3, removeLabel: 3, cordon: 2, uncordon: 2, removeNode: 2,
};

/** `What If… (2/4): Which Node`. The first picker, before the event is known, has no count. */
export function stepTitle(step: number, kind: Kind | undefined, what: string): string {
  return kind ? `What If… (${step}/${STEPS[kind]}): ${what}` : `What If…: ${what}`;
}

async function pickNode(nodes: P.NodeDto[], title: string): Promise<P.NodeDto | undefined> {
  const picked = await vscode.window.showQuickPick(
    nodes.map((n) => {
      const marks = [n.unschedulable ? 'cordoned' : '', ...n.taints.map((t) => `${t.key}:${t.effect}`)];
      return { label: n.name, description: marks.filter(Boolean).join(' · '), node: n };
    }),
    { title, placeHolder: 'Node', matchOnDescription: true },
  );
  return picked?.node;
}

export function splitKeyValue(s: string): { key: string; value: string } | undefined {
  const t = s.trim();
  if (!t) return undefined;
  const i = t.indexOf('=');
  return i < 0 ? { key: t, value: '' } : { key: t.slice(0, i).trim(), value: t.slice(i + 1).trim() };
}

export async function askNodeEvent(ctx: Ctx): Promise<P.NodeEvent | undefined> {
  const inv = await ctx.request('inventory', {});
  if (!inv) return undefined;
  const items: { label: string; description?: string; id: Kind }[] = [
    { label: 'Add a Node', description: 'a copy of an existing node, under a new name', id: 'addNode' },
    { label: 'Add a Taint', description: 'NoSchedule, PreferNoSchedule or NoExecute', id: 'addTaint' },
    { label: 'Remove a Taint', id: 'removeTaint' },
    { label: 'Set a Label', description: 'relabel a node', id: 'setLabel' },
    { label: 'Remove a Label', id: 'removeLabel' },
    { label: 'Cordon a Node', id: 'cordon' },
    { label: 'Uncordon a Node', id: 'uncordon' },
    { label: 'Remove a Node', id: 'removeNode' },
  ];
  const title = stepTitle(1, undefined, 'Node Event');
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: 'What happens to the cluster?' });
  if (!picked) return undefined;
  const kind = picked.id;
  const node = await pickNode(inv.nodes, stepTitle(2, kind, kind === 'addNode' ? 'Template Node' : 'Which Node'));
  if (!node) return undefined;
  const t3 = (what: string): string => stepTitle(3, kind, what);
  switch (kind) {
    case 'addNode': {
      const validateInput = (v: string): string | undefined =>
        /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(v) ? undefined : 'a lowercase DNS subdomain';
      const name = await vscode.window.showInputBox({ title: t3('New Node Name'), value: `${node.name}-new`, validateInput });
      return name ? { type: 'addNode', node: { ...node, name } } : undefined;
    }
    case 'addTaint': {
      const typed = await vscode.window.showInputBox({ title: t3('Taint key=value'), placeHolder: 'example.com/gpu=true' });
      const kv = splitKeyValue(typed ?? '');
      if (!kv?.key) return undefined;
      const effectTitle = stepTitle(4, kind, 'Taint Effect');
      const effect = await vscode.window.showQuickPick(EFFECTS, { title: effectTitle, placeHolder: 'Effect of the taint' });
      if (!effect) return undefined;
      const taint = { key: kv.key, ...(kv.value ? { value: kv.value } : {}), effect: effect.label };
      return { type: 'addTaint', node: node.name, taint };
    }
    case 'removeTaint': {
      if (!node.taints.length) {
        void vscode.window.showInformationMessage(`Kube Controller Explorer: ${node.name} has no taint.`);
        return undefined;
      }
      const taints = node.taints.map((x) => ({ label: `${x.key}${x.value ? `=${x.value}` : ''}:${x.effect}`, t: x }));
      const t = await vscode.window.showQuickPick(taints, { title: t3('Taint to Remove') });
      return t ? { type: 'removeTaint', node: node.name, taint: { key: t.t.key, effect: t.t.effect } } : undefined;
    }
    case 'setLabel': {
      const typed = await vscode.window.showInputBox({ title: t3('Label key=value'), placeHolder: 'disktype=ssd' });
      const kv = splitKeyValue(typed ?? '');
      return kv?.key ? { type: 'setLabel', node: node.name, key: kv.key, value: kv.value } : undefined;
    }
    case 'removeLabel': {
      const labels = Object.entries(node.labels).map(([key, value]) => ({ label: key, description: value }));
      const k = await vscode.window.showQuickPick(labels, { title: t3('Label to Remove') });
      return k ? { type: 'removeLabel', node: node.name, key: k.label } : undefined;
    }
    case 'cordon':
      return { type: 'cordon', node: node.name, unschedulable: true };
    case 'uncordon':
      return { type: 'cordon', node: node.name, unschedulable: false };
    case 'removeNode':
      return { type: 'removeNode', node: node.name };
  }
  return undefined;
}
