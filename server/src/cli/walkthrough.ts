// `kce walkthrough verify --source DIR` and `kce walkthrough export --format codetour [--out DIR]`.
// The integrator wires runWalkthroughCommand into cli.ts; argv starts after the word `walkthrough`.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { exportCodeTours, verifyAnchors } from '../walkthrough/index';
import type { Note } from '../walkthrough/types';

export interface WalkthroughIO {
  stdout(s: string): void;
  stderr(s: string): void;
}

const USAGE = [
  'usage:',
  '  kce walkthrough verify --source DIR [--json]      resolve every anchor in a kubernetes checkout; exit 1 on drift',
  '  kce walkthrough export --format codetour [--out DIR]  write CodeTour .tour files (default DIR: .tours)',
  '',
].join('\n');

function parseFlags(args: string[]): { flags: Map<string, string | true>; rest: string[]; error?: string } {
  const flags = new Map<string, string | true>();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (!a.startsWith('--')) { rest.push(a); continue; }
    const eq = a.indexOf('=');
    if (eq > 0) { flags.set(a.slice(2, eq), a.slice(eq + 1)); continue; }
    const name = a.slice(2);
    if (name === 'json' || name === 'help') { flags.set(name, true); continue; }
    const v = args[i + 1];
    if (v === undefined || v.startsWith('--')) return { flags, rest, error: `--${name} needs a value` };
    flags.set(name, v);
    i++;
  }
  return { flags, rest };
}

/**
 * mkdir -p without the recursive flag: Node's recursive mkdir loops forever under /proc (ENOENT for a parent
 * that exists), so the missing folders are found first and each one is made on its own.
 */
async function makeDirs(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let cur = dir; ; cur = dirname(cur)) {
    try {
      if (!(await stat(cur)).isDirectory()) throw new Error(`${cur} is not a directory`);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(cur) === cur) throw e;
      missing.push(cur);
    }
  }
  for (const d of missing.reverse()) await mkdir(d);
}

/** Runs the subcommand; the returned number is the exit code (0 ok, 1 drift found, 2 usage or I/O error). */
export async function runWalkthroughCommand(argv: string[], io: WalkthroughIO, notes?: readonly Note[]): Promise<number> {
  const [sub, ...args] = argv;
  const { flags, rest, error } = parseFlags(args);
  if (!sub || sub === 'help' || sub === '--help' || flags.has('help')) { io.stdout(USAGE); return sub ? 0 : 2; }
  if (error) { io.stderr(`kce walkthrough: ${error}\n${USAGE}`); return 2; }
  if (rest.length) { io.stderr(`kce walkthrough: unexpected argument ${rest[0]}\n${USAGE}`); return 2; }

  if (sub === 'verify') {
    const source = flags.get('source');
    if (typeof source !== 'string') { io.stderr(`kce walkthrough verify: --source DIR is required\n${USAGE}`); return 2; }
    const dir = resolve(source);
    try {
      if (!(await stat(dir)).isDirectory()) throw new Error('not a directory');
    } catch {
      io.stderr(`kce walkthrough verify: ${source} is not a directory\n`);
      return 2;
    }
    const result = await verifyAnchors(dir, notes);
    if (flags.get('json') === true) {
      io.stdout(JSON.stringify({ checked: result.checked, problems: result.problems }, null, 2) + '\n');
    } else {
      for (const p of result.problems) io.stdout(`${p.noteId}: ${p.kind}: ${p.message}\n`);
      io.stdout(result.problems.length
        ? `${result.problems.length} of ${result.checked} anchors no longer resolve in ${source}\n`
        : `all ${result.checked} anchors resolve in ${source}\n`);
    }
    return result.problems.length ? 1 : 0;
  }

  if (sub === 'export') {
    const format = flags.get('format');
    if (format !== 'codetour') { io.stderr(`kce walkthrough export: --format codetour is required\n${USAGE}`); return 2; }
    const outFlag = flags.get('out');
    const out = resolve(typeof outFlag === 'string' ? outFlag : '.tours');
    try {
      await makeDirs(out);
      const tours = exportCodeTours(notes);
      for (const t of tours) {
        await writeFile(join(out, t.fileName), JSON.stringify(t.tour, null, 2) + '\n', 'utf8');
        io.stdout(`wrote ${join(out, t.fileName)} (${t.tour.steps.length} steps)\n`);
      }
    } catch (err) {
      io.stderr(`kce walkthrough export: ${err instanceof Error ? err.message : String(err)}\n`);
      return 2;
    }
    return 0;
  }

  io.stderr(`kce walkthrough: unknown command ${sub}\n${USAGE}`);
  return 2;
}
