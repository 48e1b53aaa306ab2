// A tiny stand-in for the product's analysis and inventory, for wiring tests only.
import type { AnalysisContext, DocumentAnalysis, FileAnalysis, Problem } from '../../server/src/analysis/types';
import type { NodeInfo, NodePlacement } from '../../server/src/core/types';
// A code the registry does not have, on purpose: the fake stands in for any analysis.
import type { ProblemCode } from '../../server/src/codes/index';
import type { ServerDeps } from '../../server/src/lsp/deps';

export const FAKE_NODES: NodeInfo[] = [
  { name: 'cp-1', labels: { 'kubernetes.io/os': 'linux' }, taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }], unschedulable: false, conditions: [{ type: 'Ready', status: 'True' }] },
  { name: 'worker-1', labels: { 'kubernetes.io/os': 'linux', disktype: 'ssd' }, taints: [], unschedulable: false, conditions: [{ type: 'Ready', status: 'True' }] },
  { name: 'worker-2', labels: { 'kubernetes.io/os': 'linux' }, taints: [], unschedulable: false, conditions: [{ type: 'Ready', status: 'True' }] },
];

const EFFECTS = new Set(['NoSchedule', 'PreferNoSchedule', 'NoExecute']);

/** Splits on `---` lines; reports unknown toleration effects; places on untainted nodes. */
export function fakeAnalyze(text: string, ctx: AnalysisContext): FileAnalysis {
  const documents: DocumentAnalysis[] = [];
  const re = /^---[ \t]*\r?$/gm;
  const starts: number[] = [0];
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) if (m.index > 0) starts.push(m.index);
  starts.forEach((start, i) => {
    const end = starts[i + 1] ?? text.length;
    const body = text.slice(start, end);
    const problems: Problem[] = [];
    const eff = /effect:[ \t]*([^\s#,}\]]+)/g;
    let e: RegExpExecArray | null;
    while ((e = eff.exec(body))) {
      const v = e[1]!;
      if (!EFFECTS.has(v)) {
        const s = start + e.index + e[0].length - v.length;
        problems.push({
          severity: 'error', code: 'FieldValueNotSupported', field: 'spec.template.spec.tolerations[0].effect', type: 'Unsupported value',
          message: `spec.template.spec.tolerations[0].effect: Unsupported value: "${v}"`, range: [s, s + v.length], note: 'sched-tainttoleration', docUrl: 'https://example.invalid/taints',
        });
      }
    }
    if (ctx.insights && /nodeSelector:\s*\{\s*\}/.test(body)) {
      problems.push({ severity: 'warning', code: 'kce.emptyNodeSelector' as ProblemCode, field: 'spec.template.spec.nodeSelector', message: 'empty nodeSelector', range: [start, start] });
    }
    const kind = /^kind:[ \t]*(\S+)/m.exec(body)?.[1];
    const name = /^  name:[ \t]*(\S+)/m.exec(body)?.[1];
    const d: DocumentAnalysis = { index: i, range: [start, end], problems };
    if (kind) d.kind = kind;
    if (name) d.name = name;
    if (kind === 'DaemonSet') {
      const tolerated = new Set([...body.matchAll(/key:[ \t]*(\S+)/g)].map((x) => x[1]));
      const placements: NodePlacement[] = ctx.nodes.map((n) => {
        const bad = n.taints.find((t) => t.effect === 'NoSchedule' && !tolerated.has(t.key));
        return bad
          ? { node: n.name, shouldRun: false, shouldContinueRunning: true, reasons: [{ code: 'TaintNotTolerated', message: `taint ${bad.key}:${bad.effect} not tolerated`, field: 'spec.template.spec.tolerations', taint: bad }] }
          : { node: n.name, shouldRun: true, shouldContinueRunning: true, reasons: [] };
      });
      const shouldRun = placements.filter((p) => p.shouldRun).length;
      d.placement = { nodes: ctx.nodes.length, shouldRun, shouldContinueRunning: placements.filter((p) => p.shouldContinueRunning).length, placements };
      d.daemonSet = { kind: 'DaemonSet', metadata: name ? { name } : {} };
    }
    documents.push(d);
  });
  return { documents };
}

export function fakeDeps(over: Partial<ServerDeps> = {}): ServerDeps & { loads: number } {
  const deps = {
    loads: 0,
    analyzeText: fakeAnalyze,
    async loadInventory() {
      deps.loads++;
      return { source: 'sample', detail: 'fake sample', nodes: FAKE_NODES };
    },
    ...over,
  };
  return deps;
}
