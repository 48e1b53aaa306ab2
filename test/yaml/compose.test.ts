// compose.ts drives the `yaml` package's lexer and parser token by token, with its own per-token step (nodes
// counted, no environment read): the documents it composes are the library's own, and the node budget cuts the
// stream before anything is composed.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { composeDocumentsSteps, type ComposeLimits } from '../../server/src/yaml/compose';
import { runSteps } from '../../server/src/yaml/steps';
import { parseYamlDocument, parseYamlText } from '../../server/src/yaml/parse';
import { loadNodesFromText } from '../../server/src/inventory/files/loadNodes';

const composeDocuments = (text: string, limits: ComposeLimits) => runSteps(composeDocumentsSteps(text, limits));
const LOOSE = { maxErrors: 1e9, maxNodes: 1e9 };

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? yamlFiles(p) : /\.ya?ml$/.test(n) ? [p] : [];
    });
}

describe('the stepped parser composes what the library composes', () => {
  const files = yamlFiles(join(__dirname, '..', 'corpus'));
  test(`the ${files.length} real manifests of test/corpus: same values, same number of errors`, () => {
    assert.ok(files.length > 20);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const doc of text.split(/^---[ \t]*$/m)) {
        const ours = composeDocuments(doc, LOOSE);
        if (ours.readEnd !== undefined) continue; // go-yaml reads less than the library: compared in goyaml tests
        const theirs = parseAllDocuments(doc, { schema: 'failsafe', uniqueKeys: false, merge: false, strict: false });
        const list = Array.isArray(theirs) ? theirs : [theirs];
        assert.deepEqual(
          ours.docs.map((d) => d.toJS()),
          list.map((d) => d.toJS()),
          f,
        );
        assert.deepEqual(
          ours.docs.map((d) => d.errors.length),
          list.map((d) => d.errors.length),
          f,
        );
      }
    }
  });

  test('it yields while lexing and parsing a large document, and ends with the same result', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `k${i}: v${i}`).join('\n');
    const steps = composeDocumentsSteps(text, LOOSE);
    let yields = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) yields++;
    assert.ok(yields >= 10, `${yields} yields`);
    assert.deepEqual(r.value.docs[0]!.toJS(), composeDocuments(text, LOOSE).docs[0]!.toJS());
  });
});

describe('node budget (kce.limits.maxDocumentNodes)', () => {
  // Scalars (keys and values), aliases, flow collections and block sequence items each count one node.
  for (const [text, nodes] of [
    ['a: 1\nb: 2\n', 4],
    ['a: [x, "y", \'z\']\n', 5],
    ['- a\n- b: c\n', 5],
    ['a: &x {b: 1}\nc: *x\n', 6],
    ['a: |\n  line\n  line\n', 2],
  ] as const) {
    test(`${JSON.stringify(text)} has ${nodes} nodes: composed at ${nodes}, cut at ${nodes - 1}`, () => {
      assert.equal(composeDocuments(text, { maxErrors: 100, maxNodes: nodes }).tooManyNodes, undefined);
      const cut = composeDocuments(text, { maxErrors: 100, maxNodes: nodes - 1 });
      assert.deepEqual(cut.tooManyNodes?.nodes, nodes);
      assert.equal(cut.docs.length, 0, 'nothing composed');
    });
  }

  test('a document over the budget: one located yaml.tooLarge naming the limit, the setting and the flag', () => {
    const keys = Array.from({ length: 60_000 }, (_, i) => `  k${i}: v`).join('\n');
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n${keys}\n---\na: 1\n`;
    const file = parseYamlText(text);
    assert.equal(file.documents.length, 2);
    const [big, small] = file.documents;
    assert.deepEqual(
      big!.errors.map((e) => e.code),
      ['yaml.tooLarge'],
    );
    assert.equal(
      big!.errors[0]!.message,
      'document has more than 100000 nodes (keys, values and collections; node limit): it is not analysed ' +
        '(raise kce.limits.maxDocumentNodes (kce CLI: --max-document-nodes) to allow more)',
    );
    assert.deepEqual(big!.errors[0]!.range, [0, 1]);
    assert.equal(big!.value, null);
    assert.equal(big!.ast, null);
    assert.deepEqual(small!.value, { a: 1 }, 'the next document is analysed');
    // raised, the same document is read
    assert.deepEqual(parseYamlText(text, { maxDocumentNodes: 200_000 }).documents[0]!.errors, []);
  });

  test('a document at the shape of the largest public CRDs (25,000-30,000 nodes) is under the default budget', () => {
    // prometheus-operator's monitoring.coreos.com_alertmanagerconfigs (full): 1.6 MB, 27,438 nodes
    const props = (depth: number): string[] =>
      depth === 0
        ? ['type: string']
        : [
            'type: object',
            'properties:',
            ...['alpha', 'beta', 'gamma', 'delta'].flatMap((p) => [
              `  ${p}:`,
              `    description: the ${p} field`,
              ...props(depth - 1).map((l) => `    ${l}`),
            ]),
          ];
    const schema = props(6)
      .map((l) => `      ${l}`)
      .join('\n');
    const text =
      'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: big.example.com\n' +
      `spec:\n  versions:\n  - name: v1\n    schema:\n${schema}\n`;
    const d = parseYamlDocument(text, [0, text.length], 0);
    assert.deepEqual(d.errors, []);
    // between 25,000 and 30,000 nodes, as the real one
    assert.ok(composeDocuments(text, { maxErrors: 100, maxNodes: 30_000 }).tooManyNodes === undefined);
    assert.ok(composeDocuments(text, { maxErrors: 100, maxNodes: 25_000 }).tooManyNodes !== undefined, 'over 25,000');
  });

  test("a nodes file is not held to the editor's node budget", () => {
    const items = Array.from(
      { length: 11_000 },
      (_, i) => `- &n${i}\n  apiVersion: v1\n  kind: Node\n  metadata:\n    name: n${i}\n    labels: {a: b, c: d}\n`,
    ).join('');
    const loaded = loadNodesFromText(`apiVersion: v1\nkind: NodeList\nitems:\n${items}`, 'nodes.yaml');
    assert.deepEqual(loaded.errors, []);
    assert.equal(loaded.parser, 'yaml', 'read by the full parser');
    assert.equal(loaded.nodes.length, 11_000);
  });
});
