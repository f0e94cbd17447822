// The improvement of one Unit: which greedy variants get the beam-search time.
import type { Ticker } from '../ticker.ts';
import type { UnitProblem } from './problem.ts';
import { beamSearch, greedy } from './search.ts';
import type { PackState } from './state.ts';

/** Fewest variants that get a beam search once time is short. */
const MIN_BEAMED = 2;
/**
 * Greedy completions per block decision one variant's beam search should have time for: a
 * width-w beam over D decisions costs about w * w * D / 2 completions, so widths 2, 3 and 4
 * in full take about 14.5 D. With less time, fewer variants share it.
 */
const GREEDIES_PER_DECISION = 16;

/**
 * Runs every variant's plain greedy first (a few ms each, and on many box types they differ
 * by several points), ranks them by volume and gives the beam-search time to as many of the
 * best as the time left affords at GREEDIES_PER_DECISION greedy completions per block
 * decision each (at least MIN_BEAMED, at most all): each in turn an equal part, then
 * perturbed restarts of them on half of what is left. With few box types (big blocks, a few
 * ms per completion) that is every variant, as before; with 100 types (50-65 decisions of
 * 3-15 ms) the best two. The greedy plans stay candidates, so the result is never worse
 * than the best of them. The ranking depends only on the input and seed; the clock decides
 * the budget and, through the measured time of a greedy completion, how many ranked
 * variants share it. `variant(k, noise)` makes variant k's problem (noise 0: unperturbed).
 */
export function improveUnit(
  variant: (k: number, noise: number) => UnitProblem, count: number, root: PackState, deadline: number, ticker: Ticker, seed: number,
): PackState {
  let best = root;
  let bound = Infinity;
  const ranked: { k: number; volume: number }[] = [];
  const costs: number[] = [];
  const decisions: number[] = [];
  for (let k = 0; k < count; k++) {
    const problem = variant(k, 0);
    const start = ticker.now();
    const state = greedy(problem, root.clone());
    costs.push(ticker.now() - start);
    decisions.push(state.placed.length - root.placed.length);
    bound = root.volume + problem.cargoVolume();
    ranked.push({ k, volume: state.volume });
    if (k === 0 || state.volume > best.volume) best = state;
    if (best.volume >= bound || ticker.now() >= deadline) return best;
  }
  ranked.sort((a, b) => b.volume - a.volume || a.k - b.k);
  // Medians (the first general-block greedy also pays for building the blocks).
  const cost = Math.max(median(costs), 0.01) * Math.max(median(decisions), 1);
  const afforded = Math.floor((deadline - ticker.now()) / (GREEDIES_PER_DECISION * cost));
  const beamed = ranked.slice(0, Math.max(MIN_BEAMED, Math.min(count, afforded))).map((r) => r.k);
  for (let n = 0; ; n++) {
    const noise = n < beamed.length ? 0 : seed * 7919 + n;
    const problem = variant(beamed[n % beamed.length], noise);
    const now = ticker.now();
    const share = n < beamed.length ? (deadline - now) / (beamed.length - n) : (deadline - now) / 2;
    const state = beamSearch(problem, root, Math.min(deadline, now + Math.max(share, 1)));
    if (state.volume > best.volume) best = state;
    if (ticker.now() >= deadline || best.volume >= bound) return best;
  }
}

function median(values: number[]): number {
  return values.slice().sort((a, b) => a - b)[values.length >> 1];
}
