// One build script for every bundle: the CLI, the language server, the benchmark (and later the client).
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');

/** @type {esbuild.BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
};

const bundles = [
  { entryPoints: ['server/src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  // The language server: no externals, so an accidental `vscode` import fails the build.
  { entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' },
  { entryPoints: ['bench/bench.ts'], outfile: 'dist/bench.js' },
];

for (const b of bundles) {
  const options = { ...common, ...b };
  if (watch) await (await esbuild.context(options)).watch();
  else await esbuild.build(options);
}
