// The server's protocol (server/src/protocol.ts), loaded on first use: its request objects pull in the
// JSON-RPC packages, whose evaluation would otherwise count against activation time.
import type * as Protocol from '../../server/src/protocol';
import type { RequestType } from 'vscode-languageserver-protocol';

export type { Protocol };

let loading: Promise<typeof Protocol> | undefined;

export function loadProtocol(): Promise<typeof Protocol> {
  return (loading ??= import('../../server/src/protocol.js'));
}

/** Names of the custom requests in protocol.ts. */
export type RequestName = 'simulatePlacement' | 'plan' | 'rollout' | 'nodeEvent' | 'inventory' | 'listContexts' | 'simulateWorkload';
export type ParamsOf<K extends RequestName> = (typeof Protocol)[K] extends RequestType<infer P, unknown, unknown> ? P : never;
export type ResultOf<K extends RequestName> = (typeof Protocol)[K] extends RequestType<unknown, infer R, unknown> ? R : never;

/** Same value as protocol.ts' SIMULATE_PLACEMENT_COMMAND (a unit test checks), without loading it. */
export const SIMULATE_PLACEMENT_COMMAND = 'kce.simulatePlacement';
