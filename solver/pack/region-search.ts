// A region of the best plan emptied and searched again: the tail search (tail-search.ts)
// only re-searches the last decisions (the door end), so the room lost nearer the front
// wall is never looked at again. Here a floor rectangle is cleared (with everything standing
// on what goes) and the hole refilled by a beam search from the rest of the plan.
import type { PlacedBlock } from '../model.ts';
import type { Ticker } from '../ticker.ts';
import type { UnitProblem } from './problem.ts';
import { beamSearch } from './search.ts';
import { place, type PackState } from './state.ts';
import { refillProblem, unitLines } from './refill-problem.ts';

/**
 * Diagnostics only (scripts/bench/stage-gains.ts `--regions`): when set, told each refill's round, its
 * rank in the round's order, the blocks it removed, the best plan's volume before and after and the
 * refill's clock time. Never set by the solver; it decides nothing.
 */
export const regionTrace: {
  fn: ((round: number, rank: number, removed: number, before: number, after: number, ms: number) => void) | null;
} = { fn: null };

/** Slabs the Unit's length is cut into (each round's regions are cleared emptiest first). */
const SLABS = 8;
/** Rounds of slabs (each shifted by a part of a slab), before the round of quarters by halves. */
const ROUNDS = 2;
/**
 * Rounds added for a single container's load of many lines under a support rule (`moreRegions`): on
 * BR14-BR15 #1-3 a refill from its own blocks betters the plan on about a third of the regions of
 * every round (27, 18 and 12 of 48), so more regions (on the tail search's time: `improve.ts`) pay.
 */
const MORE_ROUNDS = 2;
/**
 * Least lines of cargo for MORE_ROUNDS: 81+ (where the refills fill from blocks of their own:
 * refill-problem.ts) and 80 (generated T80 seeds 303-808 +0.16, 13 better / 3 worse; real BR13 #1-16
 * +0.05, 5 / 5). Not 70 (real BR12 #3-9 -0.12, 1 / 3, though T70 gained +0.11, 11 / 3).
 */
const MORE_LINES = 80;

/**
 * Whether a Unit's regions get MORE_ROUNDS more rounds, and the tail search's time with them: a single
 * container's load (`oneLoad`) of MORE_LINES lines or more (from `phase` on) under a support rule.
 */
export function moreRegions(problem: UnitProblem, phase: number, oneLoad: boolean): boolean {
  return oneLoad && !problem.spec.supportNone && unitLines(problem, phase) >= MORE_LINES;
}

/**
 * Re-searches regions of `best` (made from `root`) until the deadline: in each round its
 * regions (`roundsOf`) in order of their empty room, each cleared and refilled on an equal part
 * of the time left. A better plan replaces `best` (the next region is cut from it). Never worse. On
 * BR12-BR15 the refill's beam reaches width 12-16 in about 110 ms and betters the plan on
 * about a third of the slabs, by 0.02-0.5 % each: a second round (shifted by half a slab)
 * gains more than longer beams on fewer slabs. With `ownBlocks` (a single container's load) a
 * refill fills from a problem of its own where `refillProblem` makes one (cargo of 81+ lines):
 * the free pieces of every phase in one, with blocks built for them, pairs across phases included
 * (5 s of CPU, full support, paired: held out T90 + T100 seeds 404-909 +0.27, 28 better / 8
 * worse; real BR14-BR15 #4-9 +0.24, 7 / 5). With `more` (`moreRegions`, decided by the caller, which
 * gives these rounds the tail search's time) MORE_ROUNDS more rounds follow.
 */
export function searchRegions(
  problem: UnitProblem, root: PackState, best: PackState, deadline: number, ticker: Ticker, ownBlocks = false, more = false,
): PackState {
  const first = root.placed.length;
  const rounds = roundsOf(problem, more ? MORE_ROUNDS : 0);
  let left = rounds.reduce((a, r) => a + r.length, 0);
  for (let r = 0; r < rounds.length; r++) {
    const order = byEmptyRoom(best.placed.slice(first), rounds[r], problem);
    for (let rank = 0; rank < order.length; rank++) {
      const now = ticker.now();
      if (now >= deadline) return best;
      const cleared = rebuilt(problem, root, best.placed.slice(first), rounds[r][order[rank]]);
      const share = (deadline - now) / left--;
      if (!cleared) continue;
      // The refill also varies the removed arrangement (`Spine`): on the region phase alone, from one
      // fixed plan per instance, BR12-BR15 #1-9 gained 0.07-0.11 more per instance (24 better, 8 worse of 36).
      const spine = { blocks: cleared.removed, volume: best.volume };
      const own = ownBlocks ? refillProblem(problem, cleared.state) : null;
      const state = beamSearch(own ?? problem, cleared.state, Math.min(deadline, now + share), { spine });
      regionTrace.fn?.(r, rank, cleared.removed.length, best.volume, Math.max(best.volume, state.volume), ticker.now() - now);
      if (state.volume > best.volume) best = state;
    }
  }
  return best;
}

/** A floor rectangle: the blocks whose middle lies over it are cleared (x0, y0, x1, y1). */
type Region = [number, number, number, number];

/**
 * The regions of each round: SLABS slabs of the length, then the same shifted by half a slab
 * (so a block cut off by one edge lies inside the next), then eight quarters-by-halves; then
 * `more` rounds taking turns: the slabs shifted by a quarter of a slab (three quarters, ...), the
 * quarters-by-halves shifted by half a quarter.
 */
export function roundsOf(problem: UnitProblem, more = 0): Region[][] {
  const { L, W } = problem.spec;
  const rounds: Region[][] = [];
  for (let r = 0; r < ROUNDS; r++) rounds.push(slabs(L, W, ((r / ROUNDS) * L) / SLABS));
  // Then quarters of the length by halves of the width: holes of another shape (BR12-BR15, 5 s of
  // CPU, paired: #1-3 88.48 -> 88.71, held out #4-6 88.97 -> 89.04 against the two rounds alone).
  rounds.push(quartersByHalves(L, W, 0));
  for (let r = 0; r < more; r++) rounds.push(r % 2 === 0 ? slabs(L, W, (((r + 1) / 4) * L) / SLABS) : quartersByHalves(L, W, L / 8));
  return rounds;
}

/** SLABS slabs of the length, shifted by `shift` (the last may reach past the door). */
function slabs(L: number, W: number, shift: number): Region[] {
  return Array.from({ length: SLABS }, (_, k): Region => [shift + (k * L) / SLABS, 0, shift + ((k + 1) * L) / SLABS, W]);
}

/** Quarters of the length by halves of the width, shifted by `shift` along the length. */
function quartersByHalves(L: number, W: number, shift: number): Region[] {
  const out: Region[] = [];
  for (let k = 0; k < 4; k++) for (let h = 0; h < 2; h++) out.push([shift + (k * L) / 4, (h * W) / 2, shift + ((k + 1) * L) / 4, ((h + 1) * W) / 2]);
  return out;
}

/** Region indices, the one with the most empty room (up to the roof) first. */
function byEmptyRoom(placed: PlacedBlock[], regions: Region[], problem: UnitProblem): number[] {
  const empty = regions.map(([x0, y0, x1, y1]) => {
    let full = 0;
    for (const p of placed) {
      const ox = Math.min(x1, p.x + p.block.dx) - Math.max(x0, p.x);
      const oy = Math.min(y1, p.y + p.block.dy) - Math.max(y0, p.y);
      if (ox > 0 && oy > 0) full += ox * oy * p.block.dz * (p.block.volume / (p.block.dx * p.block.dy * p.block.dz));
    }
    return (x1 - x0) * (y1 - y0) * problem.spec.H - full;
  });
  return regions.map((_, k) => k).sort((a, b) => empty[b] - empty[a] || a - b);
}

/**
 * The state of `root` plus the placed blocks that stay (those whose middle lies outside the
 * region and that stand, through any chain, on none that go), and the blocks that go, in their
 * order. Null if nothing goes.
 */
export function rebuilt(
  problem: UnitProblem, root: PackState, placed: PlacedBlock[], [x0, y0, x1, y1]: Region,
): { state: PackState; removed: PlacedBlock[] } | null {
  // A block goes with the region holding its middle (with every block it overlaps, a fifth of
  // the length emptied 25-70 % of the plan: too much to rebuild in the time).
  const inside = (p: PlacedBlock) => {
    const mx = p.x + p.block.dx / 2, my = p.y + p.block.dy / 2;
    return mx >= x0 && mx < x1 && my >= y0 && my < y1;
  };
  const gone = placed.map(inside);
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
  return { state, removed: placed.filter((_, i) => gone[i]) };
}

/** b's base lies on a's top over some area. */
function standsOn(b: PlacedBlock, a: PlacedBlock): boolean {
  return b.z === a.z + a.block.dz && b.x < a.x + a.block.dx && a.x < b.x + b.block.dx && b.y < a.y + a.block.dy && a.y < b.y + b.block.dy;
}
