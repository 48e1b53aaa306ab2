// One build script for every bundle: the CLI, the language server, the VS Code client, the benchmark,
// and the extension-host test suite of the end-to-end run.
import * as esbuild from 'esbuild';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLUSTER_MODULE = fileURLToPath(new URL('./server/src/cluster/cluster', import.meta.url));

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

// The live cluster source (with the ESM-only, heavy @kubernetes/client-node) is its own bundle, dist/cluster.js,
// which the CLI and the server load with a dynamic import only when a cluster is used.
const clusterApart = {
  name: 'cluster-apart',
  setup(build) {
    // Matched by where the import resolves, not by how it is spelt: `./cluster.js` inside server/src/cluster/ counts too.
    build.onResolve({ filter: /(^|\/)cluster(\.js)?$/ }, (args) =>
      resolvePath(args.resolveDir, args.path).replace(/\.js$/, '') === CLUSTER_MODULE
        ? { path: './cluster.js', external: true }
        : undefined,
    );
  },
};

const bundles = [
  { entryPoints: ['server/src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, plugins: [clusterApart] },
  // The language server: no externals, so an accidental `vscode` import fails the build.
  { entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js', plugins: [clusterApart] },
  { entryPoints: ['server/src/cluster/cluster.ts'], outfile: 'dist/cluster.js' },
  // The worker thread that reads a pods file off the server's main thread (inventory/files/podsLoader.ts).
  { entryPoints: ['server/src/inventory/files/podsWorker.ts'], outfile: 'dist/podsWorker.js' },
  { entryPoints: ['bench/bench.ts'], outfile: 'dist/bench.js' },
  // The VS Code client: `vscode` comes from the extension host; minified, since its load time is activation time.
  // The banner stamps the moment the bundle starts loading, so activate() can report load + activate.
  {
    entryPoints: ['client/src/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    minify: true,
    banner: { js: 'var __KCE_LOAD_START__ = performance.now();' },
    footer: { js: 'var __KCE_LOAD_END__ = performance.now();' },
  },
  // Tests that run inside code-server's extension host (test/e2e/run-e2e.mjs points it there).
  { entryPoints: ['test/e2e/suite/index.ts'], outfile: 'dist/e2e/suite/index.js', external: ['vscode'] },
];

for (const b of bundles) {
  const options = { ...common, ...b };
  if (watch) await (await esbuild.context(options)).watch();
  else await esbuild.build(options);
}
