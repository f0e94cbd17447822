// The time of a Unit-by-Unit re-plan shared over the Units the cargo still needs, not over all
// the Units of the plan it improves on.
/**
 * Time (ms) for the next Unit's improvement: the time left shared over the Units still to
 * fill, counted as the larger of the Units the cargo left needs by volume and one fewer than
 * the even share was made for (`evenUnitsLeft`, the improved plan's Units not yet filled);
 * never less than the even share (`sliceMs`). The plan being improved on often has a last Unit
 * of a few per cent (known optimum, K = 3 at 90 %: four Units of about 94 / 91 / 84 / 2 %):
 * an even share gave that Unit as much as the others; now the three that hold the cargo get a
 * third each. Where the volume bound is far below the plan (mixed sea cargo: 7 against 11),
 * only the last Unit's share moves.
 */
export function boundSlice(sliceMs: number, msLeft: number, evenUnitsLeft: number, volumeLeft: number, unitVolume: number): number {
  const needed = Math.max(1, Math.ceil(volumeLeft / unitVolume), evenUnitsLeft - 1);
  return Math.max(sliceMs, msLeft / needed);
}
