// SARIF 2.1.0 for `kce validate --format sarif`, so CI code-scanning tools can show the diagnostics.
import { KUBERNETES_TAG } from '../core/k8sVersion';
import { docsForCode, type ProblemCode } from '../codes/index';

interface ValidateResult {
  files: {
    path: string;
    documents: {
      diagnostics: { severity: string; code: ProblemCode; field: string; message: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } }[];
    }[];
  }[];
}

const LEVEL: Record<string, string> = { error: 'error', warning: 'warning', information: 'note' };

export function toSarif(result: ValidateResult): unknown {
  const rules = new Map<string, { id: string; helpUri?: string }>();
  const results = [];
  for (const f of result.files) {
    for (const d of f.documents) {
      for (const p of d.diagnostics) {
        // Each rule links to where its code is explained (the code registry's docs link).
        const helpUri = docsForCode(p.code);
        rules.set(p.code, helpUri ? { id: p.code, helpUri } : { id: p.code });
        results.push({
          ruleId: p.code,
          level: LEVEL[p.severity] ?? 'note',
          message: { text: p.message },
          properties: { field: p.field },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: f.path.split('\\').join('/') },
                // SARIF lines and columns are 1-based.
                region: { startLine: p.range.start.line + 1, startColumn: p.range.start.character + 1, endLine: p.range.end.line + 1, endColumn: p.range.end.character + 1 },
              },
            },
          ],
        });
      }
    }
  }
  return {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [{ tool: { driver: { name: 'kce', informationUri: 'https://github.com/kubernetes/kubernetes/tree/' + KUBERNETES_TAG, rules: [...rules.values()] } }, results }],
  };
}
