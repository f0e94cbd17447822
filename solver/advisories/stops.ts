import type { Opening, Placement, StopWarning } from '../types.ts';
import { pieceRef } from '../check/geometry.ts';
import { analyseUnit, type UnitGeometry } from '../check/unit-geometry.ts';
import { PLAIN_NAMES, type Names } from '../names.ts';
import { higherRankBeyond } from './cargo-beyond.ts';

/**
 * `stop-blocked` (contract rule 4), per Unit and Stop: the Stop's pieces that have cargo of
 * a later Stop or of no Stop
 * - above them: resting on them directly or through other pieces, or anywhere higher with
 *   a floor-plan overlap; or
 * - in front of every opening they could leave through:
 *   rear: such cargo nearer the door (wholly at larger x) overlapping the piece's y/z face;
 *   side: such cargo both to the left and to the right (wholly at smaller and at larger y)
 *     overlapping its x/z face; we do not know which side opens, so a piece counts as
 *     blocked sideways only when both ways out are;
 *   top: only cargo above counts.
 * A Unit without openings is judged on "above" alone. The Stop is the placement's own
 * (`Placement.stop`, copied from its line).
 */
export function stopWarnings(unitIndex: number, g: UnitGeometry, openings: readonly Opening[], names: Names = PLAIN_NAMES): StopWarning[] {
  const pieces = g.pieces;
  const rank = pieces.map((p) => p.stop ?? Infinity);
  if (!rank.some(Number.isFinite) || new Set(rank).size < 2) return [];
  const flags = blockedFlags(pieces, rank, blockedAbove(g, rank), openings);
  const blockedByStop = new Map<number, Placement[]>();
  pieces.forEach((p, i) => {
    if (!flags[i]) return;
    const list = blockedByStop.get(p.stop!) ?? [];
    list.push(p);
    blockedByStop.set(p.stop!, list);
  });
  return [...blockedByStop.entries()]
    .sort(([a], [b]) => a - b)
    .map(([stop, blocked]) => ({
      kind: 'stop-blocked' as const,
      unitIndex,
      stop,
      pieces: blocked.map(pieceRef),
      message: `${names.unit(unitIndex)}: ${blocked.length} piece(s) of ${names.stop(stop)} are blocked by cargo of a later Stop ` +
        `or of no Stop: ${names.pieces(blocked)}`,
    }));
}

/** How many of the Unit's pieces `stop-blocked` names (0 without several Stops). */
export function countStopBlocked(pieces: Placement[], openings: readonly Opening[]): number {
  if (pieces.length === 0) return 0;
  return stopWarnings(0, analyseUnit(pieces), openings).reduce((a, w) => a + w.pieces.length, 0);
}

/**
 * Per piece, whether it is blocked: a Stop's piece with cargo of a higher rank `above` it, or in
 * front of every opening it could leave through (see `stopWarnings`). `above` is passed in, since
 * moves that keep every contact (stop-slices.ts) leave it as it was.
 */
export function blockedFlags(pieces: Placement[], rank: number[], above: boolean[], openings: readonly Opening[]): boolean[] {
  const exits = openings.filter((o) => o !== 'top');
  const rear = exits.includes('rear') ? higherRankBeyond(pieces, rank, 'x', 1) : null;
  const left = exits.includes('side') ? higherRankBeyond(pieces, rank, 'y', -1) : null;
  const right = exits.includes('side') ? higherRankBeyond(pieces, rank, 'y', 1) : null;
  const hasTop = openings.includes('top');
  return pieces.map((_, i) => {
    if (!Number.isFinite(rank[i])) return false;
    const viaRear = rear ? rear[i] : true;
    const viaSide = left && right ? left[i] && right[i] : true;
    return above[i] || (!hasTop && exits.length > 0 && viaRear && viaSide);
  });
}

/** Cargo of a higher rank above each piece: through the pieces resting on it, or higher with a floor-plan overlap. */
export function blockedAbove(g: UnitGeometry, rank: number[]): boolean[] {
  const higher = higherRankBeyond(g.pieces, rank, 'z', 1);
  // Highest rank resting on each piece directly or not; pieces on top are done first.
  const order = [...g.pieces.keys()].sort((a, b) => g.pieces[b].zMm - g.pieces[a].zMm);
  const maxAbove = new Array<number>(g.pieces.length).fill(-Infinity);
  for (const i of order) {
    for (const j of g.above[i]) maxAbove[i] = Math.max(maxAbove[i], rank[j], maxAbove[j]);
  }
  return g.pieces.map((_, i) => higher[i] || maxAbove[i] > rank[i]);
}
