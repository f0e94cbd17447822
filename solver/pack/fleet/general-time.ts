// Whether a Unit's improvement builds general blocks, by the time it has.
/**
 * Least time (ms) for general blocks: they take up to a few hundred ms to build, so a short
 * improvement spends its time better on the beam search. 800 rather than 1,000: the 5 s
 * re-plan of a plan of four Units gives each about 940 ms (1.25 s with the time shared over
 * the Units the cargo needs, bound-slices.ts), and there the pieces cut from one container
 * pair into general blocks (known optimum, K = 3 at 90 %, 5 s of CPU, paired runs of seeds
 * 1-10: seed 6 reached K in every run, never without them).
 */
const GENERAL_MIN_MS = 800;

/** Does an improvement with `ms` to go build general blocks? */
export function generalBlocksFor(ms: number): boolean {
  return ms >= GENERAL_MIN_MS;
}
