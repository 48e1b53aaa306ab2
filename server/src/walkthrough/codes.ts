// The codes the walkthrough explains: every code of the registry (server/src/codes/), which names
// the note of each. Kept as a module so that the walkthrough's API keeps its names.
export { ALL_CODES, INSIGHT_CODES, PLACEMENT_REASON_CODES, noteIdForCode } from '../codes/index';
