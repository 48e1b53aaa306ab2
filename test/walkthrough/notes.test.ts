import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generate, OUTPUT_FILE, noteFromFile } from '../../server/src/walkthrough/generate.mjs';
import {
  allNotes, allChapters, listChapters, getNote, getNoteMarkdown, noteForCode, adjacentNotes, anchorsInFile,
  validateNote, validateNotes, PLACEMENT_REASON_CODES, INSIGHT_CODES, isWellFormedSymbol, UPSTREAM_REPO,
} from '../../server/src/walkthrough/index';
import { anchorRefs, noteRefs } from '../../server/src/walkthrough/links';
import { KUBERNETES_TAG } from '../../server/src/core/k8sVersion';
import { codeEntry, isNone } from '../../server/src/codes/index';
import type { Note } from '../../server/src/walkthrough/types';

describe('bundled notes', () => {
  test('notes.generated.ts is up to date with the markdown', () => {
    assert.equal(readFileSync(OUTPUT_FILE, 'utf8'), generate(), 'run: node server/src/walkthrough/generate.mjs');
  });

  test('validateNotes finds no problem', () => {
    assert.deepEqual(validateNotes(), []);
  });

  test('every note has a title, a question, at least one well-formed anchor at the pinned tag', () => {
    assert.ok(allNotes().length >= 30);
    for (const n of allNotes()) {
      assert.ok(n.title.trim().length > 0, n.id);
      assert.ok(n.question.trim().endsWith('?'), n.id);
      assert.ok(n.anchors.length >= 1, n.id);
      for (const a of n.anchors) {
        assert.equal(a.repo, UPSTREAM_REPO, n.id);
        assert.equal(a.ref, KUBERNETES_TAG, n.id);
        assert.ok(a.path.endsWith('.go'), `${n.id}: ${a.path}`);
        assert.ok(isWellFormedSymbol(a.symbol), `${n.id}: ${a.symbol}`);
      }
    }
  });

  test('every chapter of the issue has notes, and ids are unique', () => {
    const ids = allNotes().map((n) => n.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const c of ['daemonset-controller', 'kubelet-pod-sources', 'scheduler', 'repository']) {
      assert.ok(allNotes().filter((n) => n.chapter === c).length >= 4, c);
    }
  });

  test('every placement reason code and insight code has a note, and the note lists it', () => {
    // kce.internal (a bug of the product) and kce.removedApiVersion (no controller code): the registry says why.
    for (const code of [...PLACEMENT_REASON_CODES, ...INSIGHT_CODES].filter((c) => !isNone(codeEntry(c)?.note))) {
      const id = noteForCode(code);
      assert.ok(id, `no note for ${code}`);
      assert.ok(getNote(id!)?.codes.includes(code));
    }
    assert.deepEqual([...PLACEMENT_REASON_CODES].sort(), ['NodeAffinityMismatch', 'NodeNameMismatch', 'NodeSelectorMismatch', 'TaintNotTolerated']);
    assert.equal(noteForCode('kce.noSuchCode'), undefined);
  });

  test('the issue\'s key functions are anchored', () => {
    const symbols = new Set(allNotes().flatMap((n) => n.anchors.map((a) => a.symbol)));
    for (const s of ['NodeShouldRunDaemonPod', 'predicates', 'NewPod', 'DaemonSetsController.manage', 'DaemonSetsController.syncNodes',
      'DaemonSetsController.podsShouldBeOnNode', 'DaemonSetsController.getNodesToDaemonPods', 'shouldIgnoreNodeUpdate',
      'ReplaceDaemonSetPodNodeNameNodeAffinity', 'DaemonSetsController.rollingUpdate', 'DaemonSetsController.updatedDesiredNodeCounts',
      'PodConfig', 'mux', 'podStorage.Merge', 'NewSourceFile', 'NewSourceURL', 'NewSourceApiserver', 'newDaemonSetControllerDescriptor']) {
      assert.ok(symbols.has(s), s);
    }
  });

  test('in-text links point at the note\'s anchors and at existing notes', () => {
    const ids = new Set(allNotes().map((n) => n.id));
    let anchorLinks = 0;
    for (const n of allNotes()) {
      for (const r of anchorRefs(n.body)) { anchorLinks++; assert.ok(n.anchors.some((a) => a.symbol === r.symbol), `${n.id} → ${r.symbol}`); }
      for (const r of noteRefs(n.body)) assert.ok(ids.has(r.id), `${n.id} → ${r.id}`);
    }
    assert.ok(anchorLinks > allNotes().length, 'notes link to their code');
  });
});

describe('notes checked against upstream (issue 14)', () => {
  test('each corrected note says in its front matter what was checked against which file and commit or tag', () => {
    for (const id of ['ds-newpod-tolerations', 'ds-controller-setup', 'ds-ignored-node-updates', 'ds-status',
      'repo-start-daemonset', 'repo-layout', 'kubelet-merge', 'kubelet-http-source', 'kubelet-mux',
      'insight-toleration-prefer-no-schedule-only', 'sched-nodeunschedulable']) {
      const checked = getNote(id)?.checked ?? [];
      assert.ok(checked.length > 0, `${id} has a checked list`);
      for (const c of checked) assert.match(c, /\S+\.go|PR \d+|v0\.35\.0/, `${id}: "${c}" names a file, a PR or a tag`);
    }
  });

  test('the checked list is read from the front matter, and left out when absent', () => {
    const head = 'id: x\nchapter: c\norder: 1\ntitle: "T"\nquestion: "Q?"\ncodes: []\nanchors: []\n';
    const n = noteFromFile(`---\n${head}checked:\n  - "a.go at v1"\n---\nBody.\n`, 'x.md');
    assert.deepEqual(n.checked, ['a.go at v1']);
    assert.equal('checked' in noteFromFile(`---\n${head}---\nBody.\n`, 'x.md'), false);
  });
});

describe('API for the tree view', () => {
  test('listChapters: chapters in order with their steps in order', () => {
    const chapters = listChapters();
    assert.deepEqual(chapters.map((c) => c.order), [...chapters.map((c) => c.order)].sort((a, b) => a - b));
    assert.equal(chapters.reduce((s, c) => s + c.steps.length, 0), allNotes().length);
    for (const c of chapters) {
      const orders = c.steps.map((s) => s.order);
      assert.deepEqual(orders, [...orders].sort((a, b) => a - b), c.id);
    }
    assert.equal(chapters[0]?.id, 'daemonset-controller');
    assert.equal(allChapters().length, chapters.length);
  });

  test('adjacentNotes walks across chapter boundaries', () => {
    const notes = allNotes();
    const first = notes[0]!.id;
    const last = notes[notes.length - 1]!.id;
    assert.deepEqual(adjacentNotes(first), { next: notes[1]!.id });
    assert.deepEqual(adjacentNotes(last), { previous: notes[notes.length - 2]!.id });
    const lastOfCh1 = notes.filter((n) => n.chapter === 'daemonset-controller').at(-1)!;
    assert.equal(getNote(adjacentNotes(lastOfCh1.id).next!)?.chapter, 'kubelet-pod-sources');
    assert.deepEqual(adjacentNotes('nope'), {});
  });

  test('getNoteMarkdown: title, question, links rewritten, code list', () => {
    const md = getNoteMarkdown('ds-one-pod-per-node', { anchorHref: (a) => `command:kce.openAnchor?${encodeURIComponent(a.symbol)}`, noteHref: (id) => `command:kce.openNote?${id}` })!;
    assert.match(md, /^# One pod per node/);
    assert.match(md, /\n> How does the controller/);
    assert.ok(md.includes('](command:kce.openAnchor?ReplaceDaemonSetPodNodeNameNodeAffinity)'));
    assert.ok(!md.includes('(anchor:'));
    assert.ok(md.includes('- [`ReplaceDaemonSetPodNodeNameNodeAffinity`]'));
    const plain = getNoteMarkdown('ds-manage')!;
    assert.ok(plain.includes(`https://github.com/kubernetes/kubernetes/blob/${KUBERNETES_TAG}/pkg/controller/daemon/daemon_controller.go`));
    assert.ok(!plain.includes('(note:'), 'note links become text by default');
    assert.equal(getNoteMarkdown('nope'), undefined);
  });

  test('anchorsInFile (code lens in a Go file of a checkout)', () => {
    const hits = anchorsInFile('pkg/controller/daemon/daemon_controller.go');
    assert.ok(hits.some((h) => h.anchor.symbol === 'NodeShouldRunDaemonPod' && h.noteId === 'ds-node-should-run'));
    assert.ok(hits.every((h) => h.anchor.path === 'pkg/controller/daemon/daemon_controller.go'));
    assert.deepEqual(anchorsInFile('./pkg\\controller\\daemon\\daemon_controller.go').length, hits.length);
    assert.deepEqual(anchorsInFile('README.md'), []);
  });
});

describe('validateNote rejects malformed notes', () => {
  const good = (): Note => noteFromFile([
    '---', 'id: t-note', 'chapter: scheduler', 'order: 1', 'title: T', 'question: Why?', 'codes: [TaintNotTolerated]',
    'anchors:', '  - repo: kubernetes/kubernetes', `    ref: ${KUBERNETES_TAG}`, '    path: pkg/a/b.go', '    symbol: T.m', '---',
    'See [m](anchor:T.m) and [x](note:known).', '',
  ].join('\n'), 'server/src/walkthrough/notes/scheduler/t-note.md');
  const ctx = { chapters: allChapters(), noteIds: new Set(['known', 't-note']) };
  const cases: { name: string; edit: (n: Note) => void; want: RegExp }[] = [
    { name: 'no title', edit: (n) => { n.title = ' '; }, want: /title is empty/ },
    { name: 'question without question mark', edit: (n) => { n.question = 'Because'; }, want: /question/ },
    { name: 'no anchor', edit: (n) => { n.anchors = []; n.body = 'text'; }, want: /at least one anchor/ },
    { name: 'malformed symbol', edit: (n) => { n.anchors[0]!.symbol = '(*T).m'; n.body = 'text'; }, want: /symbol "\(\*T\)\.m"/ },
    { name: 'wrong ref', edit: (n) => { n.anchors[0]!.ref = 'master'; }, want: /ref must be/ },
    { name: 'other repo', edit: (n) => { n.anchors[0]!.repo = 'someone/fork'; }, want: /repo must be/ },
    { name: 'path escaping the repo', edit: (n) => { n.anchors[0]!.path = '../x.go'; }, want: /relative \.go path/ },
    { name: 'link to an anchor the note lacks', edit: (n) => { n.body = '[x](anchor:Other)'; }, want: /anchor:Other/ },
    { name: 'link to a missing note', edit: (n) => { n.body = '[x](note:missing)'; }, want: /note:missing/ },
    { name: 'unknown chapter', edit: (n) => { n.chapter = 'elsewhere'; }, want: /unknown chapter|must be notes\/elsewhere/ },
    { name: 'unknown code', edit: (n) => { n.codes = ['kce.bogus']; }, want: /unknown code/ },
    { name: 'file name differs from id', edit: (n) => { n.id = 'other-id'; }, want: /must be notes\/scheduler\/other-id\.md/ },
  ];
  test('the base case is valid', () => assert.deepEqual(validateNote(good(), ctx), []));
  for (const c of cases) {
    test(c.name, () => {
      const n = good();
      c.edit(n);
      const problems = validateNote(n, ctx);
      assert.ok(problems.some((p) => c.want.test(p)), problems.join('; '));
    });
  }
  test('a missing front matter is an error in the generator', () => {
    assert.throws(() => noteFromFile('# no front matter\n', 'x.md'), /missing front matter/);
  });
  test('a code without a note is reported across notes', () => {
    const withoutTaint = allNotes().filter((n) => !n.codes.includes('TaintNotTolerated'));
    assert.ok(validateNotes(withoutTaint).includes('code TaintNotTolerated has no note'));
  });
});
