// Stops after packing, over the whole plan: the movers (stop-stacks.ts, stop-slices.ts,
// stop-towers.ts) run Unit by Unit on a share of the time left. The shares follow the pieces
// each Unit has `stop-blocked`: a Unit with none gets no time at all, and what a Unit leaves
// unused goes to those after it, the Units with most blocked first. Even shares in Unit order
// (before) gave the last Units, often with 0-10 blocked, up to 3 times the share of the first ones
// with 60-110, whose towers ran out of time (sea 1,000 pieces, 5 s, virtual clock, seeds 11-20:
// 3,553 -> 3,477 blocked, 8 seeds better, 1 worse, the same plans before the movers).
import { countStopBlocked } from './advisories/stops.ts';
import { DEFAULT_TOLERANCE_PERMILLE } from './advisories/centre-of-gravity.ts';
import { stopSlices } from './stop-slices.ts';
import { stopStacks } from './stop-stacks.ts';
import { stopTowers } from './stop-towers.ts';
import type { Ticker } from './ticker.ts';
import type { Placement, SolverCargoLine, SolveInput, SolverEquipment } from './types.ts';

/** One Unit's pieces as placed, and whether the movers may touch them (no fixed Unit). */
export interface MovableUnit {
  pieces: Placement[];
  equipment: SolverEquipment;
  movable: boolean;
}

/** Moves the Units' loads for the Stops until `until`, each Unit on its share (see above). */
export function moveForStops(input: SolveInput, units: MovableUnit[], lineOf: (p: Placement) => SolverCargoLine, until: number, ticker: Ticker): void {
  const todo = units
    .map((u, k) => ({ u, k, blocked: u.movable ? countStopBlocked(u.pieces, u.equipment.openings) : 0 }))
    .filter((t) => t.blocked > 0)
    .sort((a, b) => b.blocked - a.blocked || a.k - b.k);
  let waiting = todo.reduce((a, t) => a + t.blocked, 0);
  for (const { u, blocked } of todo) {
    ticker.poll();
    const now = ticker.now();
    if (now >= until) return;
    moveUnit(input, u, lineOf, now + ((until - now) * blocked) / waiting, ticker);
    waiting -= blocked;
  }
}

/** A third of the Unit's share each: the stacks (what stands above), the slices and the towers (what stands in front). */
function moveUnit(input: SolveInput, u: MovableUnit, lineOf: (p: Placement) => SolverCargoLine, until: number, ticker: Ticker): void {
  const third = (until - ticker.now()) / 3;
  const groupOf = (p: Placement) => lineOf(p).groupKey;
  if (input.options.supportRule !== 'none') stopStacks(u.pieces, u.equipment, lineOf, ticker.now() + third, ticker);
  stopSlices(u.pieces, u.equipment, groupOf, until - third, ticker);
  const tolerance = input.options.cogTolerancePermille ?? DEFAULT_TOLERANCE_PERMILLE;
  stopTowers(u.pieces, u.equipment, groupOf, (p) => lineOf(p).weightG, tolerance, until, ticker);
}
