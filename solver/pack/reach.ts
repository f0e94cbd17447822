// Reach tables: per axis, which widths of room the phase's pieces can fill exactly (sums of
// their extents, each any number of times), and the dead room a block leaves in its space:
// the rest of each gap, which the merit (search.ts) and the selection score weigh.
import type { Item } from '../model.ts';
import type { Orientation } from '../types.ts';
import { placedDims } from '../orientation.ts';
import type { UnitProblem } from './problem.ts';
import type { Move } from './search.ts';
import type { PackState, UnitSpec } from './state.ts';

/**
 * Per axis: the largest sum of piece extents along it at most g, at index g; null where the
 * table would cost too much (then only gaps thinner than any block count as dead).
 */
export interface Reach {
  x: Int32Array | null;
  y: Int32Array | null;
  z: Int32Array | null;
}

export const NO_REACH: Reach = { x: null, y: null, z: null };

/**
 * Most piece extents along an axis for a reach table (BR1-BR7 have 6-47): with more (30-100 box types) nearly
 * every gap wider than the thinnest piece is reachable, so the table only adds noise.
 */
const MAX_REACH_SIZES = 48;
/**
 * Most steps a reach table may take (BR1-BR7 need up to 27,600): a Unit in mm gets one only
 * along an axis of one or two piece extents, so the first plan of a big fleet keeps its pace.
 */
const MAX_REACH_STEPS = 30_000;

/** The reach tables of the pieces still to place of `items`, in the orientations each may take. */
export function reachOf(spec: UnitSpec, items: Item[], phaseItems: number[], remaining: ArrayLike<number>, orientationsOf: (item: number) => Orientation[]): Reach {
  const xs = new Set<number>(), ys = new Set<number>(), zs = new Set<number>();
  for (const i of phaseItems) {
    if (remaining[i] <= 0) continue;
    const it = items[i];
    for (const o of orientationsOf(i)) {
      const [a, b, c] = placedDims(it.l, it.w, it.h, o);
      xs.add(a); ys.add(b); zs.add(c);
    }
  }
  return { x: sums(xs, spec.L), y: sums(ys, spec.W), z: sums(zs, spec.H) };
}

/** best[g] for g = 0..n (see `Reach`), or null. */
function sums(values: Set<number>, n: number): Int32Array | null {
  if (!Number.isInteger(n) || values.size > MAX_REACH_SIZES || values.size * n > MAX_REACH_STEPS) return null;
  const ok = new Uint8Array(n + 1);
  ok[0] = 1;
  for (const d of values) {
    if (!Number.isInteger(d)) return null;
    if (d <= 0 || d > n) continue;
    for (let g = d; g <= n; g++) if (ok[g - d] === 1) ok[g] = 1;
  }
  const best = new Int32Array(n + 1);
  for (let g = 1; g <= n; g++) best[g] = ok[g] === 1 ? g : best[g - 1];
  return best;
}

/**
 * The part of a gap no sum of piece extents fills: with a reach table the gap less the
 * largest sum that fits it, else the whole gap when it is thinner than any block (`least`).
 */
export function deadPart(gap: number, best: Int32Array | null, least: number): number {
  if (gap <= 0) return 0;
  if (best === null || gap >= best.length) return gap < least ? gap : 0;
  return gap - best[gap];
}

/**
 * The room the block leaves beside, behind or above it in its space that no sum of the
 * phase's piece extents fills (`deadPart`): no later block can use it.
 */
export function deadRoom(problem: UnitProblem, state: PackState, m: Move): number {
  const s = m.space;
  if (!s) return 0;
  const b = m.block;
  const r = problem.reach(state.phase);
  const ext = problem.minExtents(state.phase);
  const gx = deadPart(m.x - s.x0, r.x, ext[0]) + deadPart(s.x1 - m.x - b.dx, r.x, ext[0]);
  const gy = deadPart(m.y - s.y0, r.y, ext[1]) + deadPart(s.y1 - m.y - b.dy, r.y, ext[1]);
  const gz = deadPart(s.z1 - m.z - b.dz, r.z, ext[2]);
  return gx * b.dy * b.dz + gy * b.dx * b.dz + gz * b.dx * b.dy;
}
