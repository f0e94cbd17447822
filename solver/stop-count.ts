// The `stop-blocked` count (advisories/stops.ts) of a Unit's pieces while parts of the load move
// across the floor (stop-slices.ts, stop-towers.ts), with what does not change worked out once.
// The moves try hundreds of arrangements a Unit, so the count is a tight loop over flat figures
// (about 8x faster than `blockedFlags`' indexed scan on 150 pieces); both movers still let the
// advisory itself have the last word.
import { blockedAbove } from './advisories/stops.ts';
import { analyseUnit } from './check/unit-geometry.ts';
import type { Placement, SolverEquipment } from './types.ts';

/**
 * The pieces only move in x and y in parts that keep every contact, so their Stops and what lies
 * above each stay as they are; only what stands in front of the openings is counted again, from
 * the pieces' places at each call.
 */
export function stopBlockedCounter(pieces: Placement[], eq: SolverEquipment): () => number {
  const n = pieces.length;
  const rank = pieces.map((p) => p.stop ?? Infinity);
  const above = blockedAbove(analyseUnit(pieces), rank);
  const z0 = Float64Array.from(pieces, (p) => p.zMm);
  const lx = Float64Array.from(pieces, (p) => p.lengthMm);
  const ly = Float64Array.from(pieces, (p) => p.widthMm);
  const lz = Float64Array.from(pieces, (p) => p.heightMm);
  const x0 = new Float64Array(n), y0 = new Float64Array(n);
  const exits = eq.openings.filter((o) => o !== 'top');
  const rear = exits.includes('rear');
  const side = exits.includes('side');
  // As `blockedFlags`: with a top opening, or none to leave by, only cargo above blocks.
  const judged = !eq.openings.includes('top') && exits.length > 0;
  return () => {
    for (let i = 0; i < n; i++) {
      x0[i] = pieces[i].xMm;
      y0[i] = pieces[i].yMm;
    }
    let out = 0;
    for (let i = 0; i < n; i++) {
      const r = rank[i];
      if (!Number.isFinite(r)) continue;
      if (above[i]) {
        out++;
        continue;
      }
      if (!judged) continue;
      const ax1 = x0[i] + lx[i], ay1 = y0[i] + ly[i], az1 = z0[i] + lz[i];
      // Blocked towards an opening it has not got counts as blocked there.
      let front = !rear, left = !side, right = !side;
      for (let j = 0; j < n && !(front && left && right); j++) {
        if (rank[j] <= r || z0[j] >= az1 || z0[i] >= z0[j] + lz[j]) continue;
        if (!front && x0[j] >= ax1 && y0[j] < ay1 && y0[i] < y0[j] + ly[j]) front = true;
        if (side && x0[j] < ax1 && x0[i] < x0[j] + lx[j]) {
          if (y0[j] + ly[j] <= y0[i]) left = true;
          if (y0[j] >= ay1) right = true;
        }
      }
      if (front && left && right) out++;
    }
    return out;
  };
}
