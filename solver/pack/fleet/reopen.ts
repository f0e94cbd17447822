import type { PackState } from '../state.ts';

/** A copy of a loaded Unit's state that a new fill continues from (phases restart, no space dead). */
export function reopen(state: PackState): PackState {
  const c = state.clone();
  c.spaces = c.spaces.map((s) => ({ ...s, dead: -1 }));
  c.phase = 0;
  c.idlePhases = 0;
  c.placedAtPhaseStart = c.placed.length;
  return c;
}
