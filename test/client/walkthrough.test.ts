// The walkthrough client's pure parts: the tree model built from the real notes, checkout detection,
// note links (hover, diagnostics, webview) and the note page.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  ancestors, buildTree, commandUri, flattenSteps, isKubernetesGoMod, noteLink, noteMarkdownFor, relativeInCheckout,
  renderMarkdown, renderNoteBody, rewriteNoteLinks, CLIENT_ONLY_SETTINGS, fetchGoFilesEnabled, userValueOf, MARKDOWN_COMMANDS, OPEN_ANCHOR, OPEN_NOTE, OPEN_NOTE_FOR_CODE,
  SAMPLE_DAEMONSET,
} from '../../client/src/walkthrough/model';
import { adjacentNotes, allChapters, allNotes, getNote, getNoteMarkdown, listChapters, noteForCode } from '../../server/src/walkthrough/index';
import { whyLinks } from '../../server/src/lsp/hover';
import { KUBERNETES_TAG } from '../../server/src/core/k8sVersion';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));

/** The messages the links of a rendered page post, in order. */
function messages(html: string): unknown[] {
  return [...html.matchAll(/data-msg="([^"]*)"/g)].map((m) => JSON.parse((m[1] as string).replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#96;/g, '`').replace(/&amp;/g, '&')));
}

describe('tree model', () => {
  const tree = buildTree(listChapters());

  test('one node per chapter, in order, with its steps in order and their questions', () => {
    assert.equal(tree.length, allChapters().length);
    assert.ok(tree.length >= 4);
    tree.forEach((c, i) => {
      assert.equal(c.kind, 'chapter');
      const chapter = [...allChapters()].sort((a, b) => a.order - b.order)[i];
      assert.equal(c.label, `${chapter!.order}. ${chapter!.title}`);
      if (c.kind !== 'chapter') return;
      assert.ok(c.children.length > 0, c.label);
      assert.equal(c.description, `${c.children.length} steps`);
      c.children.forEach((s, j) => {
        const note = getNote(s.id);
        assert.ok(note, s.id);
        assert.equal(s.label, `${chapter!.order}.${j + 1} ${note.title}`);
        assert.equal(s.description, note.question);
        assert.ok(s.description.endsWith('?'));
      });
    });
  });

  test('every note is a step exactly once', () => {
    const ids = flattenSteps(tree).map((s) => s.id);
    assert.equal(new Set(ids).size, ids.length);
    assert.deepEqual([...ids].sort(), allNotes().map((n) => n.id).sort());
  });

  test('next/previous walk the steps in the order the tree shows them', () => {
    const ids = flattenSteps(tree).map((s) => s.id);
    const walked: string[] = [ids[0]!];
    for (let next = adjacentNotes(ids[0]!).next; next; next = adjacentNotes(next).next) walked.push(next);
    assert.deepEqual(walked, ids);
    assert.equal(adjacentNotes(ids[0]!).previous, undefined);
    assert.equal(adjacentNotes(ids[1]!).previous, ids[0]);
  });

  test('a chapter with one step says "1 step"; an empty model is an empty tree', () => {
    const one = buildTree([{ id: 'c', order: 7, title: 'C', summary: 'S', steps: [{ id: 'n', title: 'N', question: 'Q?', order: 1 }] }]);
    assert.deepEqual(one, [{ kind: 'chapter', id: 'chapter:c', label: '7. C', description: '1 step', tooltip: 'S', children: [{ kind: 'step', id: 'n', chapter: 'c', label: '7.1 N', description: 'Q?', tooltip: 'N\n\nQ?' }] }]);
    assert.deepEqual(buildTree([]), []);
  });
});

describe('checkout detection', () => {
  const cases: { name: string; text: string; want: boolean }[] = [
    { name: 'the kubernetes go.mod (comments first)', text: '// This is a generated file. Do not edit directly.\n// Ensure you\'ve carefully read\n\nmodule k8s.io/kubernetes\n\ngo 1.24.0\n', want: true },
    { name: 'CRLF line ends', text: 'module k8s.io/kubernetes\r\n\r\ngo 1.24\r\n', want: true },
    { name: 'a trailing comment', text: 'module k8s.io/kubernetes // the main module\n', want: true },
    { name: 'a quoted module path', text: 'module "k8s.io/kubernetes"\n', want: true },
    { name: 'a staging module', text: 'module k8s.io/api\n\ngo 1.24\n', want: false },
    { name: 'a module that requires kubernetes', text: 'module example.com/op\n\nrequire k8s.io/kubernetes v1.35.0\n', want: false },
    { name: 'a longer path with the same prefix', text: 'module k8s.io/kubernetes/sub\n', want: false },
    { name: 'empty', text: '', want: false },
  ];
  for (const c of cases) test(c.name, () => assert.equal(isKubernetesGoMod(c.text), c.want));

  test('a file inside the checkout has a forward-slash path; outside or a sibling prefix does not', () => {
    assert.equal(relativeInCheckout('/src/kubernetes', '/src/kubernetes/pkg/controller/daemon/daemon_controller.go'), 'pkg/controller/daemon/daemon_controller.go');
    assert.equal(relativeInCheckout('/src/kubernetes/', '/src/kubernetes/cmd/x.go'), 'cmd/x.go');
    assert.equal(relativeInCheckout('/src/kubernetes', '/src/kubernetes2/pkg/a.go'), undefined);
    assert.equal(relativeInCheckout('/src/kubernetes', '/src/kubernetes'), undefined);
    assert.equal(relativeInCheckout('C:\\src\\Kubernetes', 'c:\\src\\kubernetes\\pkg\\a.go'), 'pkg/a.go');
  });

  test('ancestors go from the folder up to the root', () => {
    assert.deepEqual(ancestors('/src/k8s/pkg/controller'), ['/src/k8s/pkg/controller', '/src/k8s/pkg', '/src/k8s', '/src', '/']);
    assert.deepEqual(ancestors('/'), ['/']);
    assert.deepEqual(ancestors('C:\\k8s\\pkg'), ['C:\\k8s\\pkg', 'C:\\k8s', 'C:\\']);
  });
});

describe('links both ways', () => {
  test('the command the simulation views call is the one the walkthrough registers, and markdown may run only note commands', () => {
    assert.equal(OPEN_NOTE_FOR_CODE, 'kce.walkthrough.openNoteForCode');
    assert.deepEqual([...MARKDOWN_COMMANDS].sort(), [OPEN_NOTE, OPEN_NOTE_FOR_CODE].sort());
    const cmds = (pkg.contributes.commands as { command: string }[]).map((c) => c.command);
    for (const c of [OPEN_NOTE, OPEN_NOTE_FOR_CODE, OPEN_ANCHOR, 'kce.walkthrough.start', 'kce.walkthrough.next', 'kce.walkthrough.previous', 'kce.walkthrough.listChapters', 'kce.walkthrough.openSample', 'kce.walkthrough.simulateOpenDaemonSet']) {
      assert.ok(cmds.includes(c), c);
    }
  });

  test('a command URI carries its arguments as a JSON array', () => {
    const u = commandUri(OPEN_NOTE, ['reason-taint-not-tolerated']);
    assert.match(u, /^command:kce\.walkthrough\.openNote\?/);
    assert.deepEqual(JSON.parse(decodeURIComponent(u.slice(u.indexOf('?') + 1))), ['reason-taint-not-tolerated']);
  });

  test('the server\'s "Why? (note)" links become command links; other links stay', () => {
    const why = whyLinks(['TaintNotTolerated', 'TaintNotTolerated', 'NoSuchCode', 'NodeSelectorMismatch']);
    const taint = noteForCode('TaintNotTolerated')!;
    const selector = noteForCode('NodeSelectorMismatch')!;
    assert.ok(taint && selector);
    // One link per note, pointing elsewhere at the Go source at the tag.
    assert.equal((why.match(/kce-note:/g) ?? []).length, taint === selector ? 1 : 2);
    assert.match(why, new RegExp(`^Why\\? \\(note\\) \\[TaintNotTolerated\\]\\(https://github\\.com/kubernetes/kubernetes/blob/${KUBERNETES_TAG}/[^ )]+\\.go "kce-note:${taint}"\\)`));
    const md = `| ✗ | gpu-1 | [docs](https://kubernetes.io/docs) |\n\n${why}`;
    const { text, changed } = rewriteNoteLinks(md);
    assert.ok(changed);
    assert.ok(text.includes(`[TaintNotTolerated](${commandUri(OPEN_NOTE, [taint])} "Open the walkthrough note")`), text);
    assert.ok(text.includes('[docs](https://kubernetes.io/docs)'));
    assert.ok(!text.includes('kce-note:'));
    assert.deepEqual(rewriteNoteLinks('[x](https://a "kce-note:Bad Id")'), { text: '[x](https://a "kce-note:Bad Id")', changed: false });
    assert.equal(whyLinks([]), '');
    assert.equal(whyLinks(['NoSuchCode']), '');
  });
});

describe('note page', () => {
  test('every anchor of every note becomes a link that opens its own index; no private link form is left', () => {
    for (const note of allNotes()) {
      const md = noteMarkdownFor(note, getNoteMarkdown);
      assert.ok(md.startsWith(`# ${note.title}`), note.id);
      const body = renderNoteBody(note.id, md, adjacentNotes(note.id));
      assert.ok(!/\]\((anchor|note|kce-anchor|kce-note):/.test(body), note.id);
      const anchorMsgs = messages(body).filter((m) => (m as { command?: string }).command === OPEN_ANCHOR) as { args: [string, number] }[];
      const indexes = new Set(anchorMsgs.map((m) => m.args[1]));
      assert.deepEqual([...indexes].sort(), note.anchors.map((_a, i) => i), note.id);
      assert.ok(anchorMsgs.every((m) => m.args[0] === note.id));
    }
  });

  test('previous/next post openNote with the neighbours; the ends are plain text', () => {
    const steps = flattenSteps(buildTree(listChapters()));
    const first = steps[0]!.id;
    const body = renderNoteBody(first, '# T', { ...adjacentNotes(first), position: 'step 1 of 9' });
    const nav = messages(body);
    assert.deepEqual(nav, [{ type: 'command', command: OPEN_NOTE, args: [steps[1]!.id] }]);
    assert.match(body, /<span class="sub">← Previous<\/span>/);
    assert.match(body, /step 1 of 9/);
  });

  test('markdown: escaping, code in links, lists, quotes, emphasis, and no link to an unknown scheme', () => {
    const html = renderMarkdown([
      '# Title <b>',
      '',
      '> Why <script>alert(1)</script>?',
      '',
      'See [`Toleration.ToleratesTaint`](kce-anchor:2) and [the other note](kce-note:ds-manage), **bold** and _it_.',
      'Not [a link](javascript:alert(1)) nor `<i>`.',
      '',
      '- one',
      '  continued',
      '- two [GitHub](https://github.com/kubernetes/kubernetes)',
      '',
      '```',
      'func a() { <x> }',
      '```',
    ].join('\n'), noteLink('n1'));
    assert.ok(html.includes('<h1>Title &lt;b&gt;</h1>'));
    assert.ok(html.includes('<blockquote>Why &lt;script&gt;alert(1)&lt;/script&gt;?</blockquote>'));
    assert.ok(!/<script|<b>|<i>/.test(html));
    assert.match(html, /<button type="button" class="msg link" data-msg="[^"]+" title="Open the Go code"><code>Toleration\.ToleratesTaint<\/code><\/button>/);
    assert.ok(html.includes('<strong>bold</strong>') && html.includes('<em>it</em>'));
    // The link's text stays, as text; what the regex leaves of the parenthesis is harmless.
    assert.ok(html.includes('Not a link) nor <code>&lt;i&gt;</code>.'), html);
    assert.ok(!html.includes('javascript:'));
    assert.ok(html.includes('<ul><li>one continued</li><li>two '));
    assert.ok(html.includes('<pre><code>func a() { &lt;x&gt; }</code></pre>'));
    assert.deepEqual(messages(html), [
      { type: 'command', command: OPEN_ANCHOR, args: ['n1', 2] },
      { type: 'command', command: OPEN_NOTE, args: ['ds-manage'] },
      { type: 'open', url: 'https://github.com/kubernetes/kubernetes' },
    ]);
  });

  test('the onboarding sample is a DaemonSet; client-only settings are walkthrough keys', () => {
    assert.match(SAMPLE_DAEMONSET, /^kind: DaemonSet$/m);
    assert.deepEqual(Object.keys(CLIENT_ONLY_SETTINGS).sort(), ['kce.walkthrough.fetchGoFiles', 'kce.walkthrough.kubernetesSource']);
  });
});

test('walkthrough.fetchGoFiles: the user\'s value wins, else the key it replaced (fetchFromGitHub), else on', () => {
  assert.equal(fetchGoFilesEnabled(false, true), false);
  assert.equal(fetchGoFilesEnabled(true, false), true);
  assert.equal(fetchGoFilesEnabled(undefined, false), false);
  assert.equal(fetchGoFilesEnabled(undefined, 'no'), true);
  assert.equal(fetchGoFilesEnabled(undefined, undefined), true);
  assert.equal(fetchGoFilesEnabled('yes', false), false);
});

test('a setting\'s user value is the folder\'s, else the workspace\'s, else the user\'s: never the declared default', () => {
  // The replaced key is declared with a default, so reading it with get() would always answer a value.
  assert.equal(userValueOf({ defaultValue: true } as { globalValue?: unknown }), undefined);
  assert.equal(userValueOf({ globalValue: false, workspaceValue: true }), true);
  assert.equal(userValueOf({ globalValue: false, workspaceValue: true, workspaceFolderValue: false }), false);
  assert.equal(userValueOf({ globalValue: false }), false);
  assert.equal(userValueOf(undefined), undefined);
});
