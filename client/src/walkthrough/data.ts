// The walkthrough's notes and resolver are bundled into the client but evaluated on first use only:
// activation does not pay for them, and they work when the language server is down.
import type * as Walkthrough from '../../../server/src/walkthrough/index';

export type { Walkthrough };

let loading: Promise<typeof Walkthrough> | undefined;

export function loadWalkthrough(): Promise<typeof Walkthrough> {
  return (loading ??= import('../../../server/src/walkthrough/index.js'));
}
