// The analysis of a whole text in slices: after each slice of about SLICE_MS the event loop runs, so that a
// language server answers other requests while a large file is analysed. Same result as analyzeText.
import { analyzeTextSteps } from './index';
import type { AnalysisLimits } from './index';
import type { AnalysisContext, FileAnalysis } from './types';

/** Longest stretch of analysis between two turns of the event loop (one document may take longer). */
export const SLICE_MS = 20;

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function analyzeTextCooperatively(
  text: string,
  ctx: AnalysisContext,
  previous?: FileAnalysis,
  limits?: Partial<AnalysisLimits>,
  sliceMs = SLICE_MS,
): Promise<FileAnalysis> {
  const steps = analyzeTextSteps(text, ctx, previous, limits);
  let sliceStart = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await turn();
      sliceStart = performance.now();
    }
  }
}
