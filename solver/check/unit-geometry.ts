import type { Placement } from '../types.ts';
import { footprintOverlap, overlapsInVolume, topOf } from './geometry.ts';
import { SpatialGrid, touchingNeighbours } from './spatial-grid.ts';

/** The contact relations of the pieces of one Unit (indices into `pieces`). */
export interface UnitGeometry {
  pieces: Placement[];
  /** Box queries over the pieces. */
  grid: SpatialGrid;
  /** Pieces meeting each piece (touching or overlapping). */
  neighbours: number[][];
  /** Pieces each piece stands on: their top is at its z and the footprints share area. */
  below: number[][];
  /** The reverse of `below`: pieces standing directly on each piece. */
  above: number[][];
  /** Pairs [i, j], i < j, sharing a positive volume. */
  overlaps: [number, number][];
}

export function analyseUnit(pieces: Placement[]): UnitGeometry {
  const grid = new SpatialGrid(pieces);
  const neighbours = touchingNeighbours(pieces, grid);
  const below: number[][] = pieces.map(() => []);
  const above: number[][] = pieces.map(() => []);
  const overlaps: [number, number][] = [];
  neighbours.forEach((list, i) => {
    const a = pieces[i];
    for (const j of list) {
      const b = pieces[j];
      if (i < j && overlapsInVolume(a, b)) overlaps.push([i, j]);
      if (topOf(b) === a.zMm && footprintOverlap(a, b) > 0) {
        below[i].push(j);
        above[j].push(i);
      }
    }
  });
  return { pieces, grid, neighbours, below, above, overlaps };
}

/** The weight resting on piece i, directly or through other pieces; stops counting once past `limit`. */
export function weightResting(g: UnitGeometry, i: number, weightOf: (p: Placement) => number, limit = Infinity): number {
  const seen = new Set<number>([i]);
  const stack = [...g.above[i]];
  let total = 0;
  while (stack.length > 0) {
    const j = stack.pop()!;
    if (seen.has(j)) continue;
    seen.add(j);
    total += weightOf(g.pieces[j]);
    if (total > limit) return total;
    stack.push(...g.above[j]);
  }
  return total;
}

/** Group placements by Unit index, keeping their order. */
export function placementsByUnit(placements: readonly Placement[]): Map<number, Placement[]> {
  const byUnit = new Map<number, Placement[]>();
  for (const p of placements) {
    const list = byUnit.get(p.unitIndex);
    if (list) list.push(p);
    else byUnit.set(p.unitIndex, [p]);
  }
  return byUnit;
}
