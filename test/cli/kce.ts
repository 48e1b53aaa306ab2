// The built `kce` spawned as a user runs it, for the CLI tests.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
export const EX = join(__dirname, '..', '..', 'examples');

export function kce(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
