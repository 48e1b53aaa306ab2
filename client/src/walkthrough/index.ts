// The walkthrough (issue 6) plugs in here: its tree view, the note viewer and the Go source resolver.
// The simulation views already link each placement reason to OPEN_NOTE_COMMAND with the reason code;
// until the walkthrough registers it, those links open the Go function instead.
import type { Ctx } from '../ctx';

/** Command the walkthrough registers: argument is a reason or insight code (`TaintNotTolerated`). */
export const OPEN_NOTE_COMMAND = 'kce.walkthrough.openNoteForCode';

export function registerWalkthrough(_ctx: Ctx): void {
  // Intentionally empty until the walkthrough tree view lands.
}
