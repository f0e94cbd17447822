// Which block goes into a space when no support rule holds: the biggest block is not always
// best, one that fills its space's extents and leaves no dead room often is (after Araya's
// VCS function, as da Silva et al. use it in their beam search).
import type { UnitProblem } from './problem.ts';
import type { Move } from './search.ts';
import type { PackState } from './state.ts';
import { deadRoom } from './reach.ts';

/**
 * Exponents of the score (contact share, share of room kept, piece count) as Araya's VCS
 * tuning found them. Greedy alone, instances 21-40 of BR1-BR7 and
 * generated 30-100 types (seeds 11, 12): contact 2.5-5, kept 1.5-4, pieces 0.2-0.8 all
 * within 0.2 points of each other; without the piece count 0.1-0.26 lower.
 */
const WEIGHTS = { contact: 3.7, kept: 2.66, pieces: 0.4 };
/**
 * Past LATE_FILL of the Unit's volume the score weighs contact and room kept less (the second
 * configuration of fontanf/packingsolver's box tree search, with its tuned values): late blocks
 * go where they fit, not only where they touch most (no support rule, 5 s of CPU, paired: real
 * BR8-BR15 #1-3 +0.09, 14 better / 10 worse; held out #4-6 and BR1-BR7 #7-9: see the README).
 */
const LATE_WEIGHTS = { contact: 2.09, kept: 1.46, pieces: 0.47 };
const LATE_FILL = 0.674;
/**
 * Moves the greedy weighs per space (8 and 16 alike in greedy runs; 4 takes half the gain), and
 * after them the first later move filling the space's width exactly and the first filling its
 * height (`exact-fit.ts`).
 */
export const SELECTION_CHOICES = 8;

/**
 * V * C^a * L^b * N^-c: the block's volume V, the share C of its surface lying on its
 * space's faces, the share L of volume kept (its volume against itself plus the dead room it
 * leaves in the space), and its piece count N (many small pieces are easier placed later);
 * the exponents by how full the Unit already is.
 */
export function selectionScore(problem: UnitProblem, state: PackState, m: Move): number {
  const b = m.block;
  const kept = b.volume / (b.volume + deadRoom(problem, state, m));
  const { L, W, H } = problem.spec;
  const w = state.volume < LATE_FILL * L * W * H ? WEIGHTS : LATE_WEIGHTS;
  return b.volume * contactShare(m) ** w.contact * kept ** w.kept * Math.max(1, b.count) ** -w.pieces;
}

/** The share of the block's surface on its space's faces (the floor always). */
export function contactShare(m: Move): number {
  const s = m.space;
  const b = m.block;
  const xy = b.dx * b.dy, xz = b.dx * b.dz, yz = b.dy * b.dz;
  if (!s) return xy / (2 * (xy + xz + yz));
  let c = 0;
  if (m.z === s.z0) c += xy;
  if (m.z + b.dz === s.z1) c += xy;
  if (m.x === s.x0) c += yz;
  if (m.x + b.dx === s.x1) c += yz;
  if (m.y === s.y0) c += xz;
  if (m.y + b.dy === s.y1) c += xz;
  return c / (2 * (xy + xz + yz));
}
