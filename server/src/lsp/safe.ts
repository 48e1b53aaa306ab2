// Every handler answers: an exception becomes a log line and the handler's empty answer. Protocol errors
// (ResponseError: not initialized, shut down, invalid params) go back to the client as errors.
import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import type { Session } from './session';

/** Where a server is in the LSP lifecycle: before initialize, serving, or after shutdown. */
export type Phase = 'starting' | 'running' | 'shutdown';

const phases = new WeakMap<Session, Phase>();

export function setPhase(session: Session, phase: Phase): void {
  phases.set(session, phase);
}

/** True only between initialize and shutdown: the LSP specification drops notifications outside it (exit aside). */
export function isServing(session: Session): boolean {
  return (phases.get(session) ?? 'running') === 'running';
}

/** Throws the error the LSP specification asks for when a request comes before initialize or after shutdown. */
export function checkPhase(session: Session, name: string): void {
  const phase = phases.get(session) ?? 'running';
  if (phase === 'starting') throw new ResponseError(ErrorCodes.ServerNotInitialized, `${name}: the server is not initialized yet`);
  if (phase === 'shutdown') throw new ResponseError(ErrorCodes.InvalidRequest, `${name}: the server is shut down (only exit is accepted)`);
}

export function safe<A extends unknown[], R>(
  session: Session,
  name: string,
  fallback: R,
  fn: (...args: A) => R | Promise<R>,
): (...args: A) => Promise<R> {
  return async (...args: A): Promise<R> => {
    checkPhase(session, name);
    try {
      return await fn(...args);
    } catch (e) {
      if (e instanceof ResponseError) throw e;
      session.log(`kce: ${name} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      return fallback;
    }
  };
}
