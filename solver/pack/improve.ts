// The improvement of one Unit: which greedy variants get the beam-search time.
import type { Ticker } from '../ticker.ts';
import type { UnitProblem } from './problem.ts';
import { beamSearch, greedy } from './search.ts';
import type { PackState } from './state.ts';

/** Variants that get a beam search (and perturbed restarts), best plain greedy first. */
const BEAMED = 2;

/**
 * Runs every variant's plain greedy first (a few ms each, and on many box types they differ
 * by several points), then gives the time to the best `BEAMED` by greedy volume: each in turn
 * a beam search on half of the time left, then perturbed restarts of them the same way. The
 * greedy plans stay candidates, so the result is never worse than the best of them. The
 * order of work depends only on the input and seed; the clock decides how much of it runs.
 * `variant(k, noise)` makes variant k's problem (noise 0: unperturbed).
 */
export function improveUnit(
  variant: (k: number, noise: number) => UnitProblem, count: number, root: PackState, deadline: number, ticker: Ticker, seed: number,
): PackState {
  let best = root;
  let bound = Infinity;
  const ranked: { k: number; volume: number }[] = [];
  for (let k = 0; k < count; k++) {
    const problem = variant(k, 0);
    const state = greedy(problem, root.clone());
    bound = root.volume + problem.cargoVolume();
    ranked.push({ k, volume: state.volume });
    if (k === 0 || state.volume > best.volume) best = state;
    if (best.volume >= bound || ticker.now() >= deadline) return best;
  }
  ranked.sort((a, b) => b.volume - a.volume || a.k - b.k);
  const beamed = ranked.slice(0, BEAMED).map((r) => r.k);
  for (let n = 0; ; n++) {
    const noise = n < beamed.length ? 0 : seed * 7919 + n;
    const problem = variant(beamed[n % beamed.length], noise);
    const now = ticker.now();
    const state = beamSearch(problem, root, Math.min(deadline, now + Math.max((deadline - now) / 2, 1)));
    if (state.volume > best.volume) best = state;
    if (ticker.now() >= deadline || best.volume >= bound) return best;
  }
}
