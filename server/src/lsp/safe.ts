// Every handler answers: an exception becomes a log line and the handler's empty answer.
import type { Session } from './session';

export function safe<A extends unknown[], R>(
  session: Session,
  name: string,
  fallback: R,
  fn: (...args: A) => R | Promise<R>,
): (...args: A) => Promise<R> {
  return async (...args: A): Promise<R> => {
    try {
      return await fn(...args);
    } catch (e) {
      session.log(`kce: ${name} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      return fallback;
    }
  };
}
