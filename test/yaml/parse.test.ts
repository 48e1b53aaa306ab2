import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseYamlText, parseYamlDocument, rebaseDocument, splitYamlDocuments } from '../../server/src/yaml/parse';

const at = (text: string, r: [number, number]) => text.slice(r[0], r[1]);

describe('splitYamlDocuments', () => {
  const cases: { name: string; text: string; want: string[] }[] = [
    { name: 'single document', text: 'a: 1\n', want: ['a: 1\n'] },
    {
      name: 'leading comment merges into first document',
      text: '# c\n---\na: 1\n---\nb: 2\n',
      want: ['# c\n---\na: 1\n', '---\nb: 2\n'],
    },
    {
      name: '`...` does not cut: a chunk runs to the next line starting with ---',
      text: 'a: 1\n...\n%YAML 1.2\n---\nb: 2\n',
      want: ['a: 1\n...\n%YAML 1.2\n', '---\nb: 2\n'],
    },
    {
      name: 'a line starting with --- cuts even when more follows (kubectl then fails on it)',
      text: 'a: |\n  x\n----\n',
      want: ['a: |\n  x\n', '----\n'],
    },
    {
      name: 'a comment-only chunk with `...` is not empty for go-yaml',
      text: '# c\n...\n---\na: 1\n',
      want: ['# c\n...\n', '---\na: 1\n'],
    },
    { name: 'CRLF markers', text: 'a: 1\r\n---\r\nb: 2\r\n', want: ['a: 1\r\n', '---\r\nb: 2\r\n'] },
    {
      name: 'trailing comment joins the last document',
      text: 'a: 1\n---\nb: 2\n# end\n',
      want: ['a: 1\n', '---\nb: 2\n# end\n'],
    },
    { name: 'empty text is one empty document', text: '', want: [''] },
  ];
  for (const c of cases) {
    test(c.name, () => {
      assert.deepEqual(
        splitYamlDocuments(c.text).map((r) => at(c.text, r)),
        c.want,
      );
    });
  }
});

describe('parseYamlText', () => {
  test('documents carry kind, name, namespace and absolute ranges', () => {
    const text =
      'apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ns}\n---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: ds\n';
    const f = parseYamlText(text);
    assert.equal(f.documents.length, 2);
    const [a, b] = f.documents;
    assert.deepEqual([a!.kind, a!.name, a!.namespace, a!.apiVersion], ['Pod', 'p', 'ns', 'v1']);
    assert.deepEqual([b!.kind, b!.name, b!.namespace, b!.index], ['DaemonSet', 'ds', undefined, 1]);
    assert.ok(at(text, b!.range).startsWith('---\napiVersion: apps/v1'));
  });

  test('syntax errors are located in the whole text and have no source excerpt', () => {
    const text = 'a: 1\n---\nb: [1, 2\n';
    const d = parseYamlText(text).documents[1]!;
    assert.ok(d.errors.length > 0);
    for (const e of d.errors) {
      assert.equal(e.code, 'yaml.syntax');
      assert.ok(!e.message.includes('\n'), 'prettyErrors must be off: ' + e.message);
      assert.ok(e.range[0] >= d.range[0] && e.range[1] <= text.length, JSON.stringify([e.range, d.range, text.length]));
    }
  });

  test('duplicate key is reported at the second key, last value wins', () => {
    const text = 'metadata:\n  labels:\n    app: a\n    app: b\n';
    const d = parseYamlText(text).documents[0]!;
    const dup = d.errors.filter((e) => e.code === 'yaml.duplicateKey');
    assert.equal(dup.length, 1);
    assert.deepEqual(dup[0]!.range, [text.lastIndexOf('app'), text.lastIndexOf('app') + 3]);
    assert.deepEqual(d.value, { metadata: { labels: { app: 'b' } } });
  });

  test('merge keys: a key written after the merge wins and is not a duplicate', () => {
    const d = parseYamlText('base: &b {x: 1, w: 2}\nuse:\n  <<: *b\n  w: 3\n').documents[0]!;
    assert.deepEqual(d.errors, []);
    assert.deepEqual(d.value, { base: { x: 1, w: 2 }, use: { x: 1, w: 3 } });
  });

  test('alias bomb (billion laughs) is cut off and reported at the alias', () => {
    const rows = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    const names = 'abcdefghij';
    for (let i = 1; i < names.length; i++) {
      const p = names[i - 1]!;
      rows.push(
        `${names[i]}: &${names[i]} [${Array(9)
          .fill('*' + p)
          .join(',')}]`,
      );
    }
    const text = rows.join('\n') + '\n';
    const t0 = Date.now();
    const d = parseYamlText(text).documents[0]!;
    assert.ok(Date.now() - t0 < 2000);
    const e = d.errors.find((x) => x.code === 'yaml.aliasLimit');
    assert.ok(e, 'alias limit reported');
    assert.match(at(text, e!.range), /^\*[a-j]$/);
  });

  test('an alias inside its own anchor is an error, not a crash', () => {
    const d = parseYamlText('a: &x [1, *x]\n').documents[0]!;
    assert.ok(d.errors.some((e) => e.code === 'yaml.aliasCycle' || e.code === 'yaml.syntax'));
  });

  test('__proto__ key stays an own property', () => {
    const d = parseYamlText('__proto__: {polluted: true}\n').documents[0]!;
    const v = d.value as Record<string, unknown>;
    assert.ok(Object.prototype.hasOwnProperty.call(v, '__proto__'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('deep nesting is bounded and does not throw', () => {
    const n = 5000;
    const d = parseYamlText('['.repeat(n) + ']'.repeat(n)).documents[0]!;
    assert.ok(d.errors.some((e) => e.code === 'yaml.tooDeep'));
  });

  test('binary garbage yields errors, never a throw', () => {
    let s = '';
    let x = 7;
    for (let i = 0; i < 20000; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      s += String.fromCharCode(x % 256);
    }
    const f = parseYamlText(s);
    for (const d of f.documents) assert.ok(d.errors.length <= 101);
  });

  test('200,000 keys in one mapping: linear duplicate detection', () => {
    const parts: string[] = [];
    for (let i = 0; i < 200_000; i++) parts.push(`k${i}: ${i}\n`);
    parts.push('k7: again\n');
    const text = parts.join('');
    const t0 = Date.now();
    // 400,001 nodes: over the default node budget, which is raised here to reach the duplicate check
    const d = parseYamlText(text, { maxDocumentNodes: 1_000_000 }).documents[0]!;
    const ms = Date.now() - t0;
    assert.ok(ms < 20_000, `took ${ms} ms`);
    const dup = d.errors.filter((e) => e.code === 'yaml.duplicateKey');
    assert.equal(dup.length, 1);
    assert.equal(at(text, dup[0]!.range), 'k7');
    assert.equal(dup[0]!.range[0], text.length - 'k7: again\n'.length);
  });

  test('50 MB text is refused quickly by the size limit', () => {
    const text = 'a: ' + 'x'.repeat(50 * 1024 * 1024) + '\n';
    const t0 = Date.now();
    const f = parseYamlText(text);
    assert.ok(Date.now() - t0 < 5000);
    assert.equal(f.documents.length, 0);
    assert.equal(f.errors[0]!.code, 'yaml.tooLarge');
  });

  test('an oversized document is skipped, its neighbours are parsed', () => {
    const big = 'b: ' + 'x'.repeat(2000) + '\n';
    const f = parseYamlText(`a: 1\n---\n${big}---\nc: 3\n`, { maxDocumentLength: 1000 });
    assert.deepEqual(
      f.documents.map((d) => d.value),
      [{ a: 1 }, null, { c: 3 }],
    );
    assert.equal(f.documents[1]!.errors[0]!.code, 'yaml.tooLarge');
  });
});

describe('re-parsing one document', () => {
  test('parseYamlDocument on one range equals the whole-text parse; rebase shifts ranges', () => {
    const text = 'a: [1\n---\nb: 2\n---\nc: 3\n';
    const whole = parseYamlText(text).documents;
    const ranges = splitYamlDocuments(text);
    const one = parseYamlDocument(text, ranges[2]!, 2);
    assert.deepEqual(one.value, whole[2]!.value);
    assert.deepEqual(one.range, whole[2]!.range);
    // an edit in document 0 moves document 2 by +3 characters
    const edited = 'a: [1, 2]\n---\nb: 2\n---\nc: 3\n';
    const moved = rebaseDocument(whole[1]!, splitYamlDocuments(edited)[1]![0], 1);
    const fresh = parseYamlText(edited).documents[1]!;
    assert.deepEqual(moved.range, fresh.range);
    assert.equal(moved.base, fresh.base);
    assert.deepEqual(moved.value, fresh.value);
  });
});
