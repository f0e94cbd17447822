// A single-container plan's height map for the diagnostics (1 cell = 1 unit of floor; BR sides are cm).
import type { Placement } from '../../solver/types.ts';

/** Per floor cell (x * W + y): the top of the highest piece over it, and the summed heights of the pieces over it (what is not empty under the top). */
export function heightMap(placements: Placement[], L: number, W: number): { top: Int32Array; filled: Int32Array } {
  const top = new Int32Array(L * W), filled = new Int32Array(L * W);
  for (const p of placements) {
    const z1 = p.zMm + p.heightMm;
    for (let x = p.xMm; x < p.xMm + p.lengthMm; x++) {
      for (let y = p.yMm; y < p.yMm + p.widthMm; y++) {
        const c = x * W + y;
        if (top[c] < z1) top[c] = z1;
        filled[c] += p.heightMm;
      }
    }
  }
  return { top, filled };
}
