// ESLint: the layers of docs/ARCHITECTURE.md as import rules, plus a few correctness rules that today's code
// already keeps. No formatting rules: Prettier (npm run format) owns layout. test/lint/layers.test.ts proves that a
// wrong import fails.
import tseslint from 'typescript-eslint';

const NODE_IO = ['fs', 'fs/promises', 'net', 'http', 'https', 'http2', 'tls', 'dgram', 'dns', 'child_process', 'worker_threads']
  .flatMap((m) => [m, `node:${m}`]);

const restrict = (message, names) => names.map((name) => ({ name, message }));

// core: pure Kubernetes semantics.
const CORE_MESSAGE = 'server/src/core is pure: no YAML, LSP, inventory, cluster, CLI, client or fs/net (docs/ARCHITECTURE.md)';
const coreRule = {
  paths: restrict(CORE_MESSAGE, ['yaml', 'vscode', 'vscode-languageserver', 'vscode-languageserver/node',
    'vscode-languageserver-protocol', '@kubernetes/client-node', ...NODE_IO]),
  patterns: [{
    group: ['**/yaml/**', '**/lsp/**', '**/inventory/**', '**/cluster/**', '**/cli', '**/cli/**', '**/client/**',
      '**/analysis/**', '**/walkthrough/**', '**/protocol'],
    message: CORE_MESSAGE,
  }],
};

// codes: data the client may import, so nothing but the pinned tag.
const CODES_MESSAGE = 'server/src/codes is pure data: it imports only core/k8sVersion (docs/ARCHITECTURE.md)';
const codesRule = {
  paths: restrict(CODES_MESSAGE, ['yaml', 'vscode', 'vscode-languageserver', ...NODE_IO]),
  patterns: [{ regex: '^\\.\\./(?!core/k8sVersion$)', message: CODES_MESSAGE }],
};

// The whole server: never the VS Code API (it runs in any editor).
const SERVER_MESSAGE = 'the server runs in any LSP client: no vscode API (docs/ARCHITECTURE.md)';
const serverRule = {
  paths: restrict(SERVER_MESSAGE, ['vscode', 'vscode-languageclient', 'vscode-languageclient/node']),
};

// client: from the server only the protocol and an explicit allow-list of pure modules.
const CLIENT_MESSAGE = 'the client imports from the server only protocol.ts, codes/, core/k8sVersion.ts, core/vocabulary.ts and '
  + 'walkthrough/types.ts '
  + '(docs/ARCHITECTURE.md)';
const clientRule = {
  patterns: [
    {
      regex: '/server/src/(?!protocol$|codes/|core/k8sVersion$|core/vocabulary$|walkthrough/types$|walkthrough/index$)',
      message: CLIENT_MESSAGE,
    },
    // The walkthrough's API only as types: the client asks the server for the data.
    { group: ['**/server/src/walkthrough/index'], allowTypeImports: true, message: CLIENT_MESSAGE },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '**/*.generated.ts', 'test/e2e/.work/**', '.vscode-test/**', 'server/wasm/**'] },
  {
    files: ['**/*.ts', '**/*.mjs'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-debugger': 'error',
      'no-dupe-keys': 'error',
      'no-duplicate-case': 'error',
      'no-self-assign': 'error',
      'no-unsafe-finally': 'error',
      'no-unreachable': 'error',
    },
  },
  { files: ['server/src/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': ['error', serverRule] } },
  {
    files: ['server/src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [...coreRule.paths, ...serverRule.paths], patterns: coreRule.patterns,
      }],
    },
  },
  {
    files: ['server/src/codes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [...codesRule.paths, ...serverRule.paths], patterns: codesRule.patterns,
      }],
    },
  },
  { files: ['client/src/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': ['error', clientRule] } },
);
