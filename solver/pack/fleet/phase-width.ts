// How many item types a multi-Unit fill chooses from at a time (its phases' width).
/**
 * Item types per phase when the Units of a multi-Unit plan are filled with time for a beam
 * search. The first plan's phases of PHASE_ITEMS (80) types keep 20,000 pieces fast, but a Unit offered 40
 * types at a time fills with what those give: on the known-optimum cargo (every piece its
 * own size) the later Units then hold only small pieces at 80-84 %. With 240 types to choose
 * from, the Unit-by-Unit beam plan (5 s of CPU, half of it Unit by Unit) of K = 10 at 90 %
 * (#1) has 10 Units where it had 11 with a last Unit of 15 %, of K = 3 at 90 % (#1, #2) a last
 * Unit of 2.5 / 4.5 % where it had 5.6 / 8.5 %.
 */
const WIDE_PHASE_ITEMS = 240;
/** Time per Unit (ms) from which the wide phases pay for their longer block lists. */
const WIDE_MIN_SLICE_MS = 100;

/** Item types per phase for a multi-Unit fill with `sliceMs` per Unit (undefined: the default). */
export function phaseItemsFor(sliceMs: number): number | undefined {
  return sliceMs >= WIDE_MIN_SLICE_MS ? WIDE_PHASE_ITEMS : undefined;
}
