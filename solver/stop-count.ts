// The `stop-blocked` count (advisories/stops.ts) of a Unit's pieces while parts of the load
// move lengthwise (stop-slices.ts), with what does not change worked out once.
import { blockedAbove, blockedFlags } from './advisories/stops.ts';
import { analyseUnit } from './check/unit-geometry.ts';
import type { Placement, SolverEquipment } from './types.ts';

/**
 * The pieces only move lengthwise in parts that share no floor area, so their Stops and what
 * lies above each stay as they are; only what stands in front of the openings is counted again.
 */
export function stopBlockedCounter(pieces: Placement[], eq: SolverEquipment): () => number {
  const rank = pieces.map((p) => p.stop ?? Infinity);
  const above = blockedAbove(analyseUnit(pieces), rank);
  return () => blockedFlags(pieces, rank, above, eq.openings).reduce((n, b) => n + (b ? 1 : 0), 0);
}
