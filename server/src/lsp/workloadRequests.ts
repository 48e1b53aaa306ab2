// kce/simulateWorkload: a workload's preview for the view, each reason with the range of its field.
import type { Connection, Range } from 'vscode-languageserver/node';
import type { DocumentAnalysis } from '../analysis/types';
import { FILTER_STAGE_ONLY, workloadPreview } from '../analysis/workloads';
import { schedulerResult } from '../analysis/results';
import { schedulerDto } from './requests';
import * as P from '../protocol';
import { rangeOfPath } from '../yaml/paths';
import { findAnalysis, listItem } from '../analysis/lists';
import type { Analyzed, Session } from './session';
import { toRange } from './convert';
import { safe } from './safe';

/** Field path → range in the document (or in the List item the analysis is of), when the field is written there. */
function fieldRanges(a: Analyzed, d: DocumentAnalysis, session: Session): (field: string) => Range | undefined {
  const ydoc = session.yaml(a).documents.find((x) => x.index === d.index);
  const own = ydoc && d.item !== undefined ? listItem(ydoc, d.item) : ydoc;
  const cache = new Map<string, Range | undefined>();
  return (field) => {
    if (!own) return undefined;
    if (!cache.has(field)) {
      const off = rangeOfPath(own, field, 'key');
      cache.set(field, off ? toRange(a.doc, off) : undefined);
    }
    return cache.get(field);
  };
}

export async function simulateWorkloadResult(
  session: Session, params: P.DocumentRef,
): Promise<P.SimulateWorkloadResult | null> {
  const a = await session.analyze(params.uri);
  const d = a ? findAnalysis(a.analysis.documents, params.documentIndex, params.item) : undefined;
  const ctx = a?.analysis.context;
  if (!a || !d || !ctx) return null;
  const p = workloadPreview(d, ctx);
  if (!p) return null;
  const rangeOf = fieldRanges(a, d, session);
  const nodes = p.nodes.map((n): P.WorkloadNodeDto => ({ name: n.name, ...schedulerDto(schedulerResult(n), rangeOf) }));
  return {
    uri: a.uri,
    documentIndex: d.index,
    ...(d.item !== undefined ? { item: d.item } : {}),
    kind: p.kind,
    ...(d.name !== undefined ? { name: d.name } : {}),
    ...(d.namespace !== undefined ? { namespace: d.namespace } : {}),
    range: toRange(a.doc, d.range),
    inventory: { ...session.inventory },
    summary: p.summary,
    nodes,
    notes: [FILTER_STAGE_ONLY, ...p.notes],
  };
}

export function registerWorkloadRequests(connection: Connection, session: Session): void {
  connection.onRequest(P.simulateWorkload, safe(session, 'kce/simulateWorkload', null,
    (params: P.DocumentRef) => simulateWorkloadResult(session, params)));
}
