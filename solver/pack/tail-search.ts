// The end of one Unit's packing searched again: the best plan's first decisions kept, its
// last ones (the door end and the top, where the volume is lost) beam-searched anew.
import type { Ticker } from '../ticker.ts';
import type { UnitProblem } from './problem.ts';
import { beamSearch, replay } from './search.ts';
import type { PackState } from './state.ts';

/** Shares of the plan's decisions searched again, in turn (a short tail gets wide beams). */
const TAIL_SHARES = [0.25, 0.5, 0.75];
/** Fewest decisions in a tail (fewer give the beam nothing to choose). */
const MIN_TAIL = 3;

/**
 * Re-searches the tail of `best` (made by `problem` from `root`) until the deadline: keeps its
 * first decisions, replays them into a fresh state and beam-searches the rest, for each tail
 * share in turn on an equal part of the time. A better plan replaces `best`, and the next tail
 * is cut from it. Never returns a worse plan.
 */
export function searchTail(problem: UnitProblem, root: PackState, best: PackState, deadline: number, ticker: Ticker): PackState {
  for (let t = 0; t < TAIL_SHARES.length; t++) {
    const now = ticker.now();
    if (now >= deadline) break;
    const n = best.placed.length - root.placed.length;
    const tail = Math.max(MIN_TAIL, Math.round(n * TAIL_SHARES[t]));
    if (tail >= n) break;
    const prefix = replay(problem, root, best.placed, n - tail);
    if (!prefix) break;
    const share = (deadline - now) / (TAIL_SHARES.length - t);
    const state = beamSearch(problem, prefix, Math.min(deadline, now + share));
    if (state.volume > best.volume) best = state;
  }
  return best;
}
