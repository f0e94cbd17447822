// The `stop-blocked` count (advisories/stops.ts) of a Unit's pieces while they move or trade
// Stops, with the parts that do not change worked out once.
import { higherRankBeyond } from './advisories/cargo-beyond.ts';
import { blockedAbove } from './advisories/stops.ts';
import { analyseUnit } from './check/unit-geometry.ts';
import type { Placement, SolverEquipment } from './types.ts';

/**
 * `fixedAbove`: the pieces only move lengthwise in parts that share no floor area, so what
 * lies above each is worked out once; else the Stops change in place and the geometry is.
 */
export function stopBlockedCounter(pieces: Placement[], eq: SolverEquipment, fixedAbove: boolean): () => number {
  const g = analyseUnit(pieces);
  const ranks = () => pieces.map((p) => p.stop ?? Infinity);
  const above0 = fixedAbove ? blockedAbove(g, ranks()) : null;
  const exits = eq.openings.filter((o) => o !== 'top');
  const throughDoor = !eq.openings.includes('top') && exits.length > 0;
  return () => {
    const rank = ranks();
    const above = above0 ?? blockedAbove(g, rank);
    const rear = exits.includes('rear') ? higherRankBeyond(pieces, rank, 'x', 1) : null;
    const left = exits.includes('side') ? higherRankBeyond(pieces, rank, 'y', -1) : null;
    const right = exits.includes('side') ? higherRankBeyond(pieces, rank, 'y', 1) : null;
    let n = 0;
    for (let i = 0; i < pieces.length; i++) {
      if (!Number.isFinite(rank[i])) continue;
      const viaRear = rear ? rear[i] : true;
      const viaSide = left && right ? left[i] && right[i] : true;
      if (above[i] || (throughDoor && viaRear && viaSide)) n++;
    }
    return n;
  };
}
