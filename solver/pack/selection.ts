// Which block goes into a space when no support rule holds: the biggest block is not always
// best, one that fills its space's extents and leaves no dead room often is (after Araya's
// VCS function, as da Silva et al. use it in their beam search).
import type { Space } from '../model.ts';
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
 * Gaps up to this share of a block's extent still count as contact in `touchingShare` (the
 * peer's tolerances, early and late; on centimetre cargo they take in at most a centimetre).
 */
const TOUCH_TOLERANCE = 0.0139;
const LATE_TOUCH_TOLERANCE = 0.0366;

/**
 * V * C^a * L^b * N^-c: the block's volume V, the share C of its surface in contact (see
 * below), the share L of volume kept (its volume against itself plus the dead room it leaves
 * in the space), and its piece count N (many small pieces are easier placed later); the
 * exponents by how full the Unit already is. C is the share on the space's faces, but where the
 * phase has too many piece heights for a reach table (30-100 box types) the share touching walls
 * and placed blocks (`touchingShare`, as fontanf/packingsolver measures it): a maximal space's
 * face is often open room shared with another space, and there a block that only reaches the
 * face touches nothing (5 s of CPU, paired: generated 50-100 types seeds 101 + 202 +0.36, 13
 * better / 5 worse; on BR1-BR7 the peer's contact share lost, so they keep the space's faces).
 */
export function selectionScore(problem: UnitProblem, state: PackState, m: Move): number {
  const b = m.block;
  const kept = b.volume / (b.volume + deadRoom(problem, state, m));
  const { L, W, H } = problem.spec;
  const early = state.volume < LATE_FILL * L * W * H;
  const contact = problem.manyHeights(state.phase) ? touchingShare(problem, state, m, early ? TOUCH_TOLERANCE : LATE_TOUCH_TOLERANCE) : contactShare(m);
  // The same powers, skipped where the base is 1, remembered per base (`powerOf`) and looked up per
  // piece count (it runs for every move weighed).
  const cp = contact === 1 ? 1 : early ? powerOf(EARLY_CONTACT, contact) : powerOf(LATE_CONTACT, contact);
  const kp = kept === 1 ? 1 : early ? powerOf(EARLY_KEPT, kept) : powerOf(LATE_KEPT, kept);
  return b.volume * cp * kp * piecesFactor(b.count, early);
}

/**
 * Recent powers of one exponent, by base: a direct-mapped table of `POWER_SLOTS` bases and their
 * powers. The bases repeat (one block's contact shares, one block in spaces of the same extents
 * across sibling states), and a power read back is the `**` of the same base: the same bits.
 */
interface PowerCache {
  exponent: number;
  bases: Float64Array;
  powers: Float64Array;
}

const POWER_BITS = 12;
const POWER_SLOTS = 1 << POWER_BITS;

function powerCache(exponent: number): PowerCache {
  // NaN matches no base, so an empty slot never answers.
  return { exponent, bases: new Float64Array(POWER_SLOTS).fill(NaN), powers: new Float64Array(POWER_SLOTS) };
}

const EARLY_CONTACT = powerCache(WEIGHTS.contact), LATE_CONTACT = powerCache(LATE_WEIGHTS.contact);
const EARLY_KEPT = powerCache(WEIGHTS.kept), LATE_KEPT = powerCache(LATE_WEIGHTS.kept);

/** A base's bits, read as two words to pick its slot. */
const baseBits = new Float64Array(1);
const baseWords = new Int32Array(baseBits.buffer);

/** base ** cache.exponent, from the cache where it holds that base. */
function powerOf(cache: PowerCache, base: number): number {
  baseBits[0] = base;
  const slot = Math.imul(baseWords[0] ^ Math.imul(baseWords[1], 0x9e3779b1), 0x85ebca6b) >>> (32 - POWER_BITS);
  if (cache.bases[slot] === base) return cache.powers[slot];
  const p = base ** cache.exponent;
  cache.bases[slot] = base;
  cache.powers[slot] = p;
  return p;
}

/** Max(1, count) ** -pieces of the early or late weights, looked up for counts below 4,096. */
function piecesFactor(count: number, early: boolean): number {
  const table = early ? EARLY_PIECES : LATE_PIECES;
  if (count >= 0 && count < table.length && Number.isInteger(count)) return table[count];
  return Math.max(1, count) ** -(early ? WEIGHTS : LATE_WEIGHTS).pieces;
}

/** The piece-count factors of counts 0..4,095, early and late. */
const piecesTable = (pieces: number) => Float64Array.from({ length: 4096 }, (_, count) => Math.max(1, count) ** -pieces);
const EARLY_PIECES = piecesTable(WEIGHTS.pieces);
const LATE_PIECES = piecesTable(LATE_WEIGHTS.pieces);

/**
 * The share of the block's surface touching the Unit's walls or placed blocks, a gap of up to
 * `tolerance` of the block's extent along that axis counted as touching.
 */
export function touchingShare(problem: UnitProblem, state: PackState, m: Move, tolerance: number): number {
  const b = m.block;
  const { L, W, H } = problem.spec;
  const x0 = m.x, y0 = m.y, z0 = m.z, x1 = x0 + b.dx, y1 = y0 + b.dy, z1 = z0 + b.dz;
  const tx = tolerance * b.dx, ty = tolerance * b.dy, tz = tolerance * b.dz;
  const xy = b.dx * b.dy, xz = b.dx * b.dz, yz = b.dy * b.dz;
  let c = 0;
  if (x0 <= tx) c += yz;
  if (L - x1 <= tx) c += yz;
  if (y0 <= ty) c += xz;
  if (W - y1 <= ty) c += xz;
  if (z0 <= tz) c += xy;
  if (H - z1 <= tz) c += xy;
  const n = neighboursOf(state, m, tolerance);
  const nb = near;
  for (let k = 0; k < 6 * n; k += 6) {
    const px0 = nb[k], py0 = nb[k + 1], pz0 = nb[k + 2], px1 = nb[k + 3], py1 = nb[k + 4], pz1 = nb[k + 5];
    const ox = Math.min(x1, px1) - Math.max(x0, px0), oy = Math.min(y1, py1) - Math.max(y0, py0), oz = Math.min(z1, pz1) - Math.max(z0, pz0);
    if (oy > 0 && oz > 0 && (Math.abs(px1 - x0) <= tx || Math.abs(px0 - x1) <= tx)) c += oy * oz;
    if (ox > 0 && oz > 0 && (Math.abs(py1 - y0) <= ty || Math.abs(py0 - y1) <= ty)) c += ox * oz;
    if (ox > 0 && oy > 0 && (Math.abs(pz1 - z0) <= tz || Math.abs(pz0 - z1) <= tz)) c += ox * oy;
  }
  return Math.min(1, c / (2 * (xy + xz + yz)));
}

/** Boxes of placed blocks (x0, y0, z0, x1, y1, z1 each) next to a space, as `neighboursOf` last found them. */
let near = new Float64Array(96);
let nearCount = 0;
/** What `near` was found for: the state, its blocks placed, the space, the tolerance. */
let nearState: PackState | null = null;
let nearPlaced = -1, nearTolerance = -1;
let nearSpace: Space | null = null;

/**
 * The placed blocks whose faces lie on the move's space's faces, or within `tolerance` of the
 * space's extent (a block inside a space can touch placed blocks only there), into `near`; kept
 * for the next moves into the same space (the greedy and the beam score several). Without a
 * space: every placed block.
 */
function neighboursOf(state: PackState, m: Move, tolerance: number): number {
  const s = m.space ?? null;
  if (state === nearState && state.placed.length === nearPlaced && s === nearSpace && tolerance === nearTolerance) return nearCount;
  let n = 0;
  // Apart from the space by more than the tolerance along an axis: touches none of its faces
  // (`touchesSpace`; the same differences, so the same answer), told before reading the rest.
  const tx = s ? tolerance * (s.x1 - s.x0) : 0, ty = s ? tolerance * (s.y1 - s.y0) : 0, tz = s ? tolerance * (s.z1 - s.z0) : 0;
  const placed = state.placed;
  for (let k = 0; k < placed.length; k++) {
    const p = placed[k];
    const q = p.block;
    const px1 = p.x + q.dx;
    if (s && (s.x0 - px1 > tx || p.x - s.x1 > tx)) continue;
    const py1 = p.y + q.dy;
    if (s && (s.y0 - py1 > ty || p.y - s.y1 > ty)) continue;
    const pz1 = p.z + q.dz;
    if (s && (s.z0 - pz1 > tz || p.z - s.z1 > tz)) continue;
    if (s && !touchesSpace(s, p.x, p.y, p.z, px1, py1, pz1, tolerance)) continue;
    if (near.length < 6 * (n + 1)) {
      const grown = new Float64Array(2 * near.length);
      grown.set(near);
      near = grown;
    }
    near[6 * n] = p.x; near[6 * n + 1] = p.y; near[6 * n + 2] = p.z; near[6 * n + 3] = px1; near[6 * n + 4] = py1; near[6 * n + 5] = pz1;
    n++;
  }
  nearState = state; nearPlaced = state.placed.length; nearSpace = s; nearTolerance = tolerance; nearCount = n;
  return n;
}

/** The box (x0..x1, y0..y1, z0..z1) lies against one of the space's faces, within `tolerance` of its extent. */
function touchesSpace(s: Space, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, tolerance: number): boolean {
  const ox = Math.min(s.x1, x1) > Math.max(s.x0, x0), oy = Math.min(s.y1, y1) > Math.max(s.y0, y0), oz = Math.min(s.z1, z1) > Math.max(s.z0, z0);
  const tx = tolerance * (s.x1 - s.x0), ty = tolerance * (s.y1 - s.y0), tz = tolerance * (s.z1 - s.z0);
  return (oy && oz && (Math.abs(x1 - s.x0) <= tx || Math.abs(x0 - s.x1) <= tx))
    || (ox && oz && (Math.abs(y1 - s.y0) <= ty || Math.abs(y0 - s.y1) <= ty))
    || (ox && oy && (Math.abs(z1 - s.z0) <= tz || Math.abs(z0 - s.z1) <= tz));
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
