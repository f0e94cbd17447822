// Lower bounds on the Units a cargo needs, for reports: by volume, by weight, by the floor
// area of tall pieces, and the strongest: dual feasible functions (Fekete and Schepers), which
// hold the classic Martello-Pisinger-Vigo L1/L2 arguments as special cases.
//
// A dual feasible function f maps [0, 1] to [0, 1] so that sizes summing to at most 1 map to
// values summing to at most 1. Any three of them, one per axis of a Unit, turn each piece into
// a "value" f1(l/L) f2(w/W) f3(h/H), and the pieces of one Unit have values summing to at most
// 1 (the volume argument applied to the transformed pieces). With rotations a piece counts its
// smallest value over the orientations it may take, with several Unit types its smallest value
// over the types it fits, so the bound holds whatever the support rule, Stops or groups.
import { deadRoomBound } from './dead-room.ts';
import { placedDims } from './orientation.ts';
import type { SolverCargoLine, SolverEquipment } from './types.ts';
import { weightShares } from './weight-shares.ts';

export interface UnitBounds {
  volume: number;
  weight: number;
  /** Tall pieces' footprints against the largest floor. */
  tallFloor: number;
  /** Dual feasible functions over the three axes (rotation-aware, per Unit type). */
  dff: number;
  /** Floor area of what nothing may stand on (see `notStackableBound`). */
  notStackableFloor: number;
  /** Volume and weight together, over Unit types of different payload per volume (see `volumeWeightBound`). */
  volumeWeight: number;
  /** Volume and weight with the room nothing may use above non-stackable pieces (see `dead-room.ts`). */
  deadRoom: number;
  bound: number;
}

/** A dual feasible function on a piece's side `d` in a Unit's side `D` (integer mm), as a share of the Unit's side. */
export type Dff = (d: number, D: number) => number;

/** Tolerance of threshold comparisons in floating point, always towards the smaller value. */
const EPS = 1e-6;

export const identity: Dff = (d, D) => d / D;

/**
 * The L2-style function of Martello, Pisinger and Vigo (u^eps of Fekete and Schepers): pieces
 * over 1 - eps count whole (nothing of size eps or more fits beside them), pieces under eps
 * count nothing, the rest as they are. Valid for 0 <= eps <= 1/2.
 */
export function largeSmall(eps: number): Dff {
  return (d, D) => (d > (1 - eps) * D + EPS ? 1 : d < eps * D + EPS ? 0 : d / D);
}

/** Fekete-Schepers u^(k): sizes rounded down to multiples of 1/k, exact multiples of 1/(k+1) kept. */
export function roundDown(k: number): Dff {
  // Integer arithmetic: exactness decides which branch applies.
  return (d, D) => (((k + 1) * d) % D === 0 ? d / D : Math.floor(((k + 1) * d) / D) / k);
}

/** One orientation: the placed sides (mm). */
type Way = [number, number, number];
/** A Unit type's inner sides (mm). */
export type Sides = [number, number, number];

/**
 * `supportNone`: the plan's support rule is `none` (pieces may float). `dff: false` leaves
 * out the dual feasible functions (0): their coordinate ascent is the one costly part (about
 * 2 s of CPU at 20,000 pieces over 10,000 lines, the rest 0.1 s).
 */
export function unitBounds(lines: SolverCargoLine[], equipment: SolverEquipment[], supportNone = false, { dff = true } = {}): UnitBounds {
  const maxVolume = Math.max(...equipment.map((e) => e.innerLengthMm * e.innerWidthMm * e.innerHeightMm));
  const maxPayload = Math.max(...equipment.map((e) => e.maxPayloadG));
  const maxFloor = Math.max(...equipment.map((e) => e.innerLengthMm * e.innerWidthMm));
  const maxHeight = Math.max(...equipment.map((e) => e.innerHeightMm));
  let volume = 0, weight = 0, floor = 0;
  for (const l of lines) {
    volume += l.lengthMm * l.widthMm * l.heightMm * l.quantity;
    weight += l.weightG * l.quantity;
    const ways = l.orientations.map((o) => placedDims(l.lengthMm, l.widthMm, l.heightMm, o));
    if (ways.length > 0 && ways.every(([, , h]) => 2 * h > maxHeight)) {
      floor += Math.min(...ways.map(([x, y]) => x * y)) * l.quantity;
    }
  }
  const v = Math.ceil(volume / maxVolume), w = Math.ceil(weight / maxPayload), f = Math.ceil(floor / maxFloor);
  const d = dff ? Math.max(dffBound(lines, equipment), lineDffBound(lines, equipment)) : 0;
  const n = notStackableBound(lines, equipment, supportNone);
  const rows = equipment.map((e) => ({ volume: e.innerLengthMm * e.innerWidthMm * e.innerHeightMm, payload: e.maxPayloadG }));
  const vw = volumeWeightBound(volume, weight, rows);
  const dr = deadRoomBound(lines, equipment, supportNone);
  return { volume: v, weight: w, tallFloor: f, dff: d, notStackableFloor: n, volumeWeight: vw, deadRoom: dr, bound: Math.max(v, w, f, d, n, vw, dr) };
}

/**
 * Volume and weight at once. A 20' may carry more weight than a 40' HC but less than half its
 * volume, so cargo both heavy and bulky needs more Units than either bound alone says. For a
 * weight share t in [0, 1], measure cargo and Units in t * weight / P + (1 - t) * volume / V (P, V
 * the largest payload and volume, for scale): no Unit holds more than its row's measure, so the
 * cargo's measure over the largest row measure bounds the Units for every t. That ratio is
 * monotone between the points where the rows' measures cross, so those and 0 and 1 are tried.
 */
export function volumeWeightBound(volume: number, weight: number, rows: { volume: number; payload: number }[]): number {
  const P = Math.max(...rows.map((r) => r.payload)), V = Math.max(...rows.map((r) => r.volume));
  if (rows.length === 0 || !(P > 0) || !(V > 0)) return 0;
  // Per row, its measure at t is a + b * t.
  const lines = rows.map((r) => ({ a: r.volume / V, b: r.payload / P - r.volume / V }));
  let best = 0;
  for (const t of weightShares(rows)) {
    const cargo = t * (weight / P) + (1 - t) * (volume / V);
    const unit = Math.max(...lines.map((l) => l.a + l.b * t));
    best = Math.max(best, Math.ceil(cargo / unit - 1e-9));
  }
  return best;
}

/**
 * Floor area of the pieces nothing may stand on. On a vertical line through a Unit, every
 * non-stackable piece but the highest has a gap above it (nothing touches its top) up to the
 * next piece, whose base is unsupported there. So the non-stackable footprints cover the floors
 * at most once, plus the unsupported base area of all pieces: (1 - minSupport) of a base at
 * most (the whole base with no support rule). With full support everywhere their footprints never
 * overlap: they pack as rectangles in the floors, and two dual feasible functions (length,
 * width) bound them as in `dffBound`. Rotation-aware and per Unit type.
 */
export function notStackableBound(lines: SolverCargoLine[], equipment: SolverEquipment[], supportNone = false): number {
  const sides: Sides[] = equipment.map((e) => [e.innerLengthMm, e.innerWidthMm, e.innerHeightMm]);
  const maxFloor = Math.max(...sides.map(([L, W]) => L * W));
  const pieces: Piece[] = [];
  let unsupported = 0;
  for (const l of lines) {
    const ways = l.orientations.map((o) => placedDims(l.lengthMm, l.widthMm, l.heightMm, o)).filter((w) => sides.some((s) => fits(w, s)));
    if (l.quantity <= 0 || ways.length === 0) continue;
    const support = supportNone ? 0 : Math.max(0, Math.min(1000, l.minSupportPermille || 1000)) / 1000;
    unsupported += (1 - support) * Math.max(...ways.map(([x, y]) => x * y)) * l.quantity;
    if (!l.stackable) pieces.push({ quantity: l.quantity, ways });
  }
  if (pieces.length === 0) return 0;
  if (unsupported > 0) {
    const area = pieces.reduce((a, p) => a + Math.min(...p.ways.map(([x, y]) => x * y)) * p.quantity, 0);
    return Math.max(0, Math.ceil((area - unsupported) / maxFloor - 1e-6));
  }
  // Height counts nothing: only the footprints' values on the floor.
  const flat: Dff = () => 1;
  return ascend(pieces, sides, reachedSides(pieces, sides), [identity, identity, flat], 2);
}

/**
 * The best DFF bound found by coordinate ascent: one axis at a time tries every candidate
 * function with the other two fixed, twice round. Any choice gives a valid bound; the search
 * only looks for a strong one.
 */
export function dffBound(lines: SolverCargoLine[], equipment: SolverEquipment[]): number {
  const sides: Sides[] = equipment.map((e) => [e.innerLengthMm, e.innerWidthMm, e.innerHeightMm]);
  const pieces = piecesOf(lines, sides);
  if (pieces.length === 0) return 0;
  return ascend(pieces, sides, reachedSides(pieces, sides), [identity, identity, identity], 3, true);
}

/**
 * The largest of the lines' bounds each on its own. The ascent over all pieces at once can
 * stop at a local best that no single line's functions beat together: 50 pieces of
 * 800 x 1,200 x 1,200 mm in a 2,000 x 800 x 1,600 mm Unit fit one to a Unit (each takes the
 * whole width, and two are too long and too high together), which large/small functions on
 * length and height together show, and either alone lowers the other pieces' values.
 */
export function lineDffBound(lines: SolverCargoLine[], equipment: SolverEquipment[]): number {
  const sides: Sides[] = equipment.map((e) => [e.innerLengthMm, e.innerWidthMm, e.innerHeightMm]);
  let best = 0;
  // A piece's value is at most 1: a line of no more pieces than the best so far cannot beat it.
  for (const l of [...lines].sort((a, b) => b.quantity - a.quantity)) {
    if (l.quantity <= best) break;
    const pieces = piecesOf([l], sides);
    if (pieces.length > 0) best = Math.max(best, ascend(pieces, sides, reachedSides(pieces, sides), [identity, identity, identity], 3, true));
  }
  return best;
}

/**
 * Per Unit type, its sides as far as sums of piece extents reach: pieces side by side along an
 * axis take a sum of their extents along it, so at most the largest such sum within the side.
 * A dual feasible function may take that as the side (sizes are shares of it): any pieces in a
 * row still have values summing to at most one. With few piece sizes this is well under the
 * side (1,100 mm pieces in a 2,352 mm width: 2,200), which no function of shares alone sees.
 */
export function reachedSides(pieces: Piece[], sides: Sides[]): Sides[] {
  return sides.map((s) => [0, 1, 2].map((axis) => {
    const extents = new Set<number>();
    for (const p of pieces) for (const w of p.ways) if (fits(w, s)) extents.add(w[axis]);
    return largestSum([...extents], s[axis]);
  }) as Sides);
}

/** The largest sum of the given sizes (each any number of times) that is at most `side`. */
export function largestSum(sizes: number[], side: number): number {
  const reach = new Uint8Array(side + 1);
  reach[0] = 1;
  for (const d of sizes.sort((a, b) => a - b)) {
    for (let x = d; x <= side; x++) if (reach[x - d]) reach[x] = 1;
    if (reach[side]) return side;
  }
  let x = side;
  while (!reach[x]) x--;
  return x;
}

/**
 * Coordinate ascent over the first `axes` axes from `chosen`, twice round: the bound it reaches.
 * The functions take the sides as far as the pieces reach (`reached`, see reachedSides).
 */
function ascend(pieces: Piece[], sides: Sides[], reached: Sides[], chosen: [Dff, Dff, Dff], axes: number, pairs = false): number {
  let best = total(pieces, sides, reached, chosen);
  const tryTrial = (trial: [Dff, Dff, Dff]) => {
    const t = total(pieces, sides, reached, trial);
    if (t > best + EPS) {
      best = t;
      chosen.splice(0, 3, ...trial);
    }
  };
  for (let round = 0; round < 2; round++) {
    for (let axis = 0; axis < axes; axis++) {
      for (const f of candidates(pieces, sides, reached, axis)) {
        const trial: [Dff, Dff, Dff] = [...chosen];
        trial[axis] = f;
        tryTrial(trial);
        // One function on this axis and the next at once: a piece whose two sides may swap
        // (1,200 x 1,100 mm either way round) gains only when both axes change together.
        if (pairs && axis + 1 < axes) {
          const both: [Dff, Dff, Dff] = [...chosen];
          both[axis] = f;
          both[axis + 1] = f;
          tryTrial(both);
        }
      }
    }
  }
  return Math.ceil(best - 1e-6);
}

export interface Piece {
  quantity: number;
  ways: Way[];
}

/** Lines some Unit type takes in some orientation. */
function piecesOf(lines: SolverCargoLine[], sides: Sides[]): Piece[] {
  const out: Piece[] = [];
  for (const l of lines) {
    const ways = l.orientations.map((o) => placedDims(l.lengthMm, l.widthMm, l.heightMm, o));
    if (l.quantity > 0 && ways.some((w) => sides.some((s) => fits(w, s)))) out.push({ quantity: l.quantity, ways });
  }
  return out;
}

function fits(w: Way, s: Sides): boolean {
  return w[0] <= s[0] && w[1] <= s[1] && w[2] <= s[2];
}

/** Sum of the pieces' smallest values (over orientations and Unit types they fit; sides as far as reached). */
function total(pieces: Piece[], sides: Sides[], reached: Sides[], f: [Dff, Dff, Dff]): number {
  let sum = 0;
  for (const p of pieces) {
    let min = Infinity;
    for (const w of p.ways) {
      for (let k = 0; k < sides.length; k++) {
        if (!fits(w, sides[k])) continue;
        const r = reached[k];
        const v = f[0](w[0], r[0]) * f[1](w[1], r[1]) * f[2](w[2], r[2]);
        if (v < min) min = v;
      }
    }
    sum += min * p.quantity;
  }
  return sum;
}

/** Candidate functions for one axis: large/small cut at the pieces' own shares and a grid, and rounding down. */
function candidates(pieces: Piece[], sides: Sides[], reached: Sides[], axis: number): Dff[] {
  const shares = new Set<number>();
  for (const p of pieces) {
    for (const w of p.ways) {
      sides.forEach((s, k) => {
        if (fits(w, s) && 2 * w[axis] <= reached[k][axis]) shares.add(w[axis] / reached[k][axis]);
      });
    }
  }
  const sorted = [...shares].sort((a, b) => a - b);
  const picks = new Set<number>();
  for (let g = 1; g <= 10; g++) picks.add(g / 20);
  const step = Math.max(1, Math.floor(sorted.length / 40));
  // Just under a share, so pieces of exactly that share count as they are.
  for (let i = 0; i < sorted.length; i += step) picks.add(sorted[i] * (1 - 1e-5));
  return [
    ...[...picks].sort((a, b) => a - b).map(largeSmall),
    ...[1, 2, 3, 4, 5, 6].map(roundDown),
  ];
}
