// The improvement of one Unit: which greedy variants get the beam-search time.
import type { Ticker } from '../ticker.ts';
import type { UnitProblem } from './problem.ts';
import { beamSearch, greedy } from './search.ts';
import type { PackState } from './state.ts';
import { moreRegions, searchRegions } from './region-search.ts';
import { searchTail } from './tail-search.ts';

/** A stage of `improveUnit`, in order (`regions` only under a support rule, `tail` without Stops). */
export type Stage = 'greedies' | 'beam' | 'beams' | 'tail' | 'regions' | 'end';

/**
 * Diagnostics only (scripts/bench/stage-gains.ts): when set, told the best plan's volume and the
 * clock's reading after each stage of `improveUnit` (`beam`: one beam search's own plan, before the
 * `beams` stage ends). Never set by the solver; it decides nothing.
 */
export const stageTrace: { fn: ((stage: Stage, volume: number, now: number) => void) | null } = { fn: null };

/** Fewest variants that get a beam search once time is short. */
const MIN_BEAMED = 2;
/**
 * Greedy completions per block decision one variant's beam search should have time for: a
 * width-w beam over D decisions costs about w * w * D / 2 completions, so widths 2, 3 and 4
 * in full take about 14.5 D. With less time, fewer variants share it.
 */
const GREEDIES_PER_DECISION = 16;
/**
 * Search work (`UnitProblem.work`) per ms of the budget: the rate the beam search keeps up
 * on one core of this machine class on 30-100 box types (19,000-27,000 measured). A fixed
 * rate makes the number of variants that share the budget depend on the input, seed and
 * budget only, not on how fast the machine (or its load) runs the first greedies.
 */
const WORK_PER_MS = 20_000;

/**
 * Runs every variant's plain greedy first (a few ms each, and on many box types they differ
 * by several points), ranks them by volume and gives the beam-search time to as many of the
 * best as the budget affords at GREEDIES_PER_DECISION greedy completions per block
 * decision each (at least MIN_BEAMED, at most all; for a single container's load under a
 * support rule, when not all, the best two with general blocks: `beamedVariants`), the cost of
 * a completion counted in search work at WORK_PER_MS: each in turn an equal part, then
 * perturbed restarts of them on half of what is left. With up to 50 box types that is every
 * variant; with 100 types (50-70 decisions) four to six. The greedy plans stay candidates, so the result is never
 * worse than the best of them. Without Stops the last TAIL_SHARE of the time re-searches the
 * end of the best plan (tail-search.ts); the number of variants beamed is still counted on the
 * whole budget (as measured). Without a support rule the beamed variants first race on half
 * of the beam time and the leader's beam goes on wider (`raceVariants`; on few piece heights
 * only the corner variants race: `raceField`). The ranking and the
 * number of variants beamed depend only on the input, seed and budget; the clock decides how
 * far each beam search gets.
 * `variant(k, noise)` makes variant k's problem (noise 0: unperturbed).
 */
export function improveUnit(
  variant: (k: number, noise: number) => UnitProblem, count: number, root: PackState, deadline: number, ticker: Ticker, seed: number,
  abandon?: (best: PackState) => boolean,
): PackState {
  let best = root;
  /** The problem that made `best`: the tail search takes its decisions again. */
  let bestProblem: UnitProblem | null = null;
  let bound = Infinity;
  const ranked: { k: number; volume: number }[] = [];
  const costs: number[] = [];
  const decisions: number[] = [];
  /** Per variant: it builds general blocks. */
  const general: boolean[] = [];
  /** Per variant: it fills the space nearest a floor corner first. */
  const corner: boolean[] = [];
  const budget = deadline - ticker.now();
  for (let k = 0; k < count; k++) {
    const problem = variant(k, 0);
    general.push(problem.general !== null);
    corner.push(problem.spec.anchor === 'corner');
    const start = problem.work;
    const state = greedy(problem, root.clone());
    costs.push(problem.work - start);
    decisions.push(state.placed.length - root.placed.length);
    bound = root.volume + problem.cargoVolume();
    ranked.push({ k, volume: state.volume });
    if (k === 0 || state.volume > best.volume) { best = state; bestProblem = problem; }
    if (best.volume >= bound || ticker.now() >= deadline) return best;
  }
  stageTrace.fn?.('greedies', best.volume, ticker.now());
  // A caller that knows the plan will not do (stop-split.ts) ends the search here or after a beam.
  let abandoned = abandon?.(best) ?? false;
  if (abandoned) return best;
  ranked.sort((a, b) => b.volume - a.volume || a.k - b.k);
  // Medians, in work (a greedy's work: blocks scanned and spaces handled).
  const cost = Math.max(median(costs), 1) * Math.max(median(decisions), 1);
  const afforded = Math.floor((budget * WORK_PER_MS) / (GREEDIES_PER_DECISION * cost));
  // Is the cargo a single container's load? (beamedVariants asks under a support rule, searchesRegions always.)
  const { spec } = bestProblem!;
  const fitsOneLoad = bound <= ONE_LOAD * spec.L * spec.W * spec.H;
  const beamed = beamedVariants(ranked, general, Math.max(MIN_BEAMED, Math.min(count, afforded)), !spec.supportNone && fitsOneLoad);
  let n = 0;
  /** Beam searches of the beamed variants, then perturbed restarts, until `end`. */
  const beamUntil = (end: number) => {
    for (; !abandoned && ticker.now() < end && best.volume < bound; n++) {
      const noise = n < beamed.length ? 0 : seed * 7919 + n;
      const problem = variant(beamed[n % beamed.length], noise);
      const now = ticker.now();
      const share = n < beamed.length ? (end - now) / (beamed.length - n) : (end - now) / 2;
      const state = beamSearch(problem, root, Math.min(end, now + Math.max(share, 1)));
      stageTrace.fn?.('beam', state.volume, ticker.now());
      if (state.volume > best.volume) { best = state; bestProblem = problem; }
      abandoned = abandon?.(best) ?? false;
    }
  };
  // Without Stops the last share of the time re-searches the end of the best plan (see
  // tail-search.ts); what it leaves (a plan of too few decisions) goes to more restarts.
  const tail = bestProblem !== null && oneStop(bestProblem);
  const regions = tail && searchesRegions(spec.supportNone, fitsOneLoad);
  const beamEnd = tail ? deadline - TAIL_SHARE * (deadline - ticker.now()) : deadline;
  if (bestProblem !== null && bestProblem.spec.supportNone && beamed.length > 1) {
    // Without a support rule: the variants race on a share of the time, the leader gets the rest.
    const racing = raceField(beamed, corner, bestProblem.manyHeights(root.phase));
    const leader = raceVariants(variant, racing, root, ticker.now() + RACE_SHARE * (beamEnd - ticker.now()), bound);
    if (leader.state.volume > best.volume) { best = leader.state; bestProblem = leader.problem; }
    if (best.volume < bound && ticker.now() < beamEnd) {
      const state = beamSearch(leader.problem, root, beamEnd, { from: leader.next });
      if (state.volume > best.volume) { best = state; bestProblem = leader.problem; }
    }
    n = beamed.length; // the unperturbed beams are done: restarts next
  }
  beamUntil(beamEnd);
  stageTrace.fn?.('beams', best.volume, ticker.now());
  if (abandoned) return best;
  // On a single container's load of many lines the tail's time goes to more regions (region-search.ts
  // `moreRegions`: there the tail search added 0.02-0.06 in 0.49 s against the refills' 0.83-1.09 in
  // 0.97 s on BR14-BR15 #1-3).
  const more = regions && moreRegions(bestProblem!, root.phase, fitsOneLoad);
  let tailEnd = deadline;
  if (more) tailEnd = ticker.now();
  else if (regions) tailEnd = deadline - (REGION_SHARE / TAIL_SHARE) * (deadline - ticker.now());
  if (tail && best.volume < bound) best = searchTail(bestProblem!, root, best, tailEnd, ticker);
  if (tail) stageTrace.fn?.('tail', best.volume, ticker.now());
  // A single container's load refills its regions from blocks of their own (refill-problem.ts;
  // a fleet's Unit keeps the Unit problem's: its free pieces are the rest of the whole cargo).
  if (regions && best.volume < bound) best = searchRegions(bestProblem!, root, best, deadline, ticker, fitsOneLoad, more);
  if (regions) stageTrace.fn?.('regions', best.volume, ticker.now());
  beamUntil(deadline);
  stageTrace.fn?.('end', best.volume, ticker.now());
  return best;
}

/**
 * Cargo of at most this share of the Unit's volume (with what is loaded) is a single container's
 * load: BR cargo is 98.8-100 %.
 */
const ONE_LOAD = 1.01;

/**
 * The variants that get the beam-search time: the `afforded` best ranked (`ranked`: best
 * first), but for a single container's load under a support rule (`focus`), where that is fewer
 * than all (50-100 box types), the MIN_BEAMED best of those with general blocks: on BR14 and
 * BR15 the best plan always came from one of those, and the others' shares cut their beams short
 * (real BR12-BR15 under full support, 5 s of CPU, paired: instances 1-3 +0.16, 3 better / 1
 * worse; held out 4-9 +0.21, 10 / 2; BR8-BR11 afford every variant: unchanged). Not for a
 * fleet's Units, whose cargo is more than one load: on the known-optimum cargo (K = 3 at 90 %)
 * it read K reached on 7 fewer of 41 instances and 1 more, but the unchanged solver, run again
 * on six of those, missed K on five of them too; unproven there either way, so left out.
 */
export function beamedVariants(ranked: { k: number }[], general: boolean[], afforded: number, focus: boolean): number[] {
  const withGeneral = ranked.filter((r) => general[r.k]);
  const focused = focus && afforded < ranked.length && withGeneral.length >= MIN_BEAMED;
  return (focused ? withGeneral.slice(0, MIN_BEAMED) : ranked.slice(0, afforded)).map((r) => r.k);
}

/**
 * Whether regions of the best plan are searched again after the tail (region-search.ts), for
 * cargo of one Stop. Under a support rule for a single container's load and a fleet's Unit
 * alike: on the known-optimum cargo at 90 % (seeds 1-30, 5 s of CPU) K = 3 was reached on 20
 * instances instead of 16 and K = 10 on 30 instead of 27 with the search on a fleet's Units too.
 * Without one only for a single container's load (`oneLoad`; the refill's `spine` made it gain:
 * BR1-BR7 none #11-20 +0.06, 34 better / 9 worse), so a fleet's Units keep their decisions
 * while more than one load is left.
 */
export function searchesRegions(supportNone: boolean, oneLoad: boolean): boolean {
  return !supportNone || oneLoad;
}

/**
 * Share of the beam-search time (before the tail search) in which the beamed variants race
 * without a support rule; the rest goes to the one whose beam loaded most (5 s of CPU, paired:
 * BR1-BR7 instances 6-10 +0.27, real BR8-BR15 instances 4-6 +0.12). With equal shares the
 * corner policy's plan won on 14 of 15 instances looked at (BR2, BR5, BR7, BR8-BR15), its
 * beam stopping at width 6-8 on 30-100 box types and 8-48 on BR2-BR7.
 */
const RACE_SHARE = 0.5;

/**
 * The beamed variants that race without a support rule: where the phase has few piece heights
 * (reach tables: BR-style cargo of few box types) only the corner ones, which gave the best plan
 * on most such instances, so each races on a larger share and the leader starts wider (5 s of
 * CPU, paired: BR1-BR7 #1-5 +0.10, 12 better / 3 worse; held out #6-10 +0.19, 13 / 5); else all.
 */
export function raceField(beamed: number[], corner: boolean[], manyHeights: boolean): number[] {
  if (manyHeights) return beamed;
  const corners = beamed.filter((k) => corner[k]);
  return corners.length > 0 ? corners : beamed;
}

interface Leader {
  problem: UnitProblem;
  state: PackState;
  /** The first step of the width ladder its beam search did not finish. */
  next: number;
}

/**
 * Each variant in turn beam-searched on an equal part of the time until `end`; returns the one
 * whose plan loaded most (the earlier on ties). Without a support rule the best plan comes
 * from one policy on most instances, and wider beams on it gain more than equal shares.
 */
function raceVariants(
  variant: (k: number, noise: number) => UnitProblem, beamed: number[], root: PackState, end: number, bound: number,
): Leader {
  let leader: Leader | null = null;
  for (let j = 0; j < beamed.length; j++) {
    const problem = variant(beamed[j], 0);
    const now = problem.ticker.now();
    const reached = { next: 0 };
    const state = beamSearch(problem, root, Math.min(end, now + Math.max((end - now) / (beamed.length - j), 1)), { reached });
    if (!leader || state.volume > leader.state.volume) leader = { problem, state, next: reached.next };
    if (state.volume >= bound || problem.ticker.now() >= end) break;
  }
  return leader!;
}

/**
 * Share of the improvement time for re-searching the end of the best plan (generated 30-70
 * box types under full support, 5 s: 0.3 +0.30 / +0.17 on seeds 5 / 6, 0.5 +0.24 on seed 5).
 */
const TAIL_SHARE = 0.3;
/**
 * Share of the improvement time (taken from the tail search's) for regions of the best plan
 * searched again under a support rule (5 s of CPU, full support, paired: BR12-BR15 #1-3 +0.40,
 * 11 better / 0 worse; 0.1 and 0.3 read +0.28 / +0.30).
 */
const REGION_SHARE = 0.2;

/** All the problem's cargo has one Stop (or none) and no Stop rule is asked. */
function oneStop(problem: UnitProblem): boolean {
  if (problem.admits !== null) return false;
  const stops = new Set(problem.phases.flatMap((p) => p.items.map((i) => problem.items[i].stop)));
  return stops.size <= 1;
}

function median(values: number[]): number {
  return values.slice().sort((a, b) => a - b)[values.length >> 1];
}
