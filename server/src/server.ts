// The language server process: `node dist/server.js --stdio` (or `--node-ipc`). Wiring only.
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { createServer } from './lsp/server';
import { defaultDeps } from './lsp/defaultDeps';

const connection = createConnection(ProposedFeatures.all);
createServer(connection, defaultDeps());
connection.listen();
