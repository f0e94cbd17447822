// A region of the best plan emptied and searched again: the tail search (tail-search.ts)
// only re-searches the last decisions (the door end), so the room lost nearer the front
// wall is never looked at again. Here a slab along the length is cleared (with everything
// standing on what goes) and the hole refilled by a beam search from the rest of the plan.
import type { PlacedBlock } from '../model.ts';
import type { Ticker } from '../ticker.ts';
import type { UnitProblem } from './problem.ts';
import { beamSearch } from './search.ts';
import { place, type PackState } from './state.ts';

/** Slabs the Unit's length is cut into; the emptiest are cleared first. */
const SLABS = 8;
/** Passes over the slabs (each shifted by a part of a slab). */
const ROUNDS = 2;

/**
 * Re-searches regions of `best` (made from `root`) until the deadline: in each round the slabs
 * of the length in order of their empty room, each cleared and refilled on an equal part of the
 * time. A better plan replaces `best` (the next region is cut from it). Never worse. On
 * BR12-BR15 the refill's beam reaches width 12-16 in about 110 ms and betters the plan on
 * about a third of the slabs, by 0.02-0.5 % each: a second round (shifted by half a slab)
 * gains more than longer beams on fewer slabs.
 */
export function searchRegions(problem: UnitProblem, root: PackState, best: PackState, deadline: number, ticker: Ticker): PackState {
  const { L } = problem.spec;
  const first = root.placed.length;
  const total = SLABS * ROUNDS;
  for (let r = 0, t = 0; r < ROUNDS; r++) {
    // Each round's slabs shifted by a part of a slab, so a block cut off by one edge lies inside the next.
    const shift = ((r / ROUNDS) * L) / SLABS;
    const order = slabOrder(best.placed.slice(first), problem, shift);
    for (const k of order) {
      const now = ticker.now();
      if (now >= deadline) return best;
      const x0 = shift + (k * L) / SLABS, x1 = shift + ((k + 1) * L) / SLABS;
      const start = rebuilt(problem, root, best.placed.slice(first), x0, x1);
      const share = (deadline - now) / (total - t++);
      if (!start) continue;
      const state = beamSearch(problem, start, Math.min(deadline, now + share));
      if (state.volume > best.volume) best = state;
    }
  }
  return best;
}

/** Slab indices, the one with the most empty room first. */
function slabOrder(placed: PlacedBlock[], problem: UnitProblem, shift: number): number[] {
  const { L, W, H } = problem.spec;
  const full = new Float64Array(SLABS);
  for (const p of placed) {
    for (let k = 0; k < SLABS; k++) {
      const a = Math.max(p.x, shift + (k * L) / SLABS), b = Math.min(p.x + p.block.dx, shift + ((k + 1) * L) / SLABS);
      if (b > a) full[k] += (b - a) * p.block.dy * p.block.dz * (p.block.volume / (p.block.dx * p.block.dy * p.block.dz));
    }
  }
  const slab = (L / SLABS) * W * H;
  return [...full.keys()].sort((a, b) => slab - full[b] - (slab - full[a]) || a - b);
}

/**
 * The state of `root` plus the placed blocks that stay: those wholly outside [x0, x1) along
 * the length and standing (through any chain) on none that go. Null if nothing goes.
 */
export function rebuilt(problem: UnitProblem, root: PackState, placed: PlacedBlock[], x0: number, x1: number): PackState | null {
  // A block goes with the slab holding its middle (with every block it overlaps, a fifth of
  // the length emptied 25-70 % of the plan: too much to rebuild in the time).
  const gone = placed.map((p) => p.x + p.block.dx / 2 >= x0 && p.x + p.block.dx / 2 < x1);
  if (!gone.some((g) => g)) return null;
  // What stands on a block that goes goes too, through any chain.
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < placed.length; i++) {
      if (gone[i]) continue;
      for (let j = 0; j < placed.length; j++) {
        if (gone[j] && standsOn(placed[i], placed[j])) { gone[i] = true; changed = true; break; }
      }
    }
  }
  const state = root.clone();
  for (let i = 0; i < placed.length; i++) {
    if (gone[i]) continue;
    const p = placed[i];
    place(state, problem.spec, problem.items, p.block, p.x, p.y, p.z, problem.minDim);
  }
  state.phase = root.phase;
  state.placedAtPhaseStart = state.placed.length;
  state.idlePhases = 0;
  return state;
}

/** b's base lies on a's top over some area. */
function standsOn(b: PlacedBlock, a: PlacedBlock): boolean {
  return b.z === a.z + a.block.dz && b.x < a.x + a.block.dx && a.x < b.x + b.block.dx && b.y < a.y + a.block.dy && a.y < b.y + b.block.dy;
}
