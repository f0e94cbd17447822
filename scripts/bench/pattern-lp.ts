// The count-vector bound of pattern-bound.ts: which vectors of pieces per box type pass every
// single-Unit test, and the cutting-stock LP over them (its dual solved by constraint generation).
import { placedDims } from '../../solver/orientation.ts';
import { identity, largeSmall, reachedSides, roundDown, type Dff, type Piece, type Sides } from '../../solver/lower-bound.ts';
import { coverDual } from '../../solver/pack/fleet/cover-lp.ts';
import type { SolverCargoLine, SolverEquipment } from '../../solver/types.ts';

const EPS = 1e-9;

export interface PatternBound {
  bound: number;
  lp: number;
  /** Count vectors one Unit may hold that no other such vector contains. */
  vectors: number;
  /** Distinct, undominated DFF triples (the single-Unit tests). */
  rows: number;
  /** The LP's dual: what one piece of each box type is worth in Units. */
  weights: number[];
}

/** The maximal count vectors one Unit may hold (by the single-Unit tests), per box type in line order. */
export function relaxedVectors(lines: SolverCargoLine[], equipment: SolverEquipment): number[][] {
  return vectorsAndRows(piecesOf(lines, equipment), equipment).vectors;
}

export function patternBound(lines: SolverCargoLine[], equipment: SolverEquipment): PatternBound {
  const pieces = piecesOf(lines, equipment);
  const { vectors, rows } = vectorsAndRows(pieces, equipment);
  const { value, u } = coverLp(vectors, pieces.map((p) => p.quantity));
  return { bound: Math.ceil(value - 1e-6), lp: value, vectors: vectors.length, rows: rows.length, weights: u };
}

/** Each line's pieces with the orientations that fit the Unit. */
function piecesOf(lines: SolverCargoLine[], equipment: SolverEquipment): Piece[] {
  const S = sidesOf(equipment);
  return lines.map((l) => ({
    quantity: l.quantity,
    ways: l.orientations.map((o) => placedDims(l.lengthMm, l.widthMm, l.heightMm, o)).filter((w) => w[0] <= S[0] && w[1] <= S[1] && w[2] <= S[2]),
  }));
}

function sidesOf(equipment: SolverEquipment): Sides {
  return [equipment.innerLengthMm, equipment.innerWidthMm, equipment.innerHeightMm];
}

/** The single-Unit tests' rows and the maximal count vectors they allow (each type capped by its quantity). */
function vectorsAndRows(pieces: Piece[], equipment: SolverEquipment): { vectors: number[][]; rows: number[][] } {
  const rows = testRows(pieces, sidesOf(equipment));
  const max = pieces.map((p, t) => Math.min(p.quantity, ...rows.map((r) => (r[t] > EPS ? Math.floor(1 / r[t] + EPS) : Infinity))));
  return { vectors: maximalVectors(rows, max), rows };
}

/** Per DFF triple, each box type's value (its least over orientations); duplicates and dominated rows dropped. */
function testRows(pieces: Piece[], S: Sides): number[][] {
  const R = reachedSides(pieces, [S])[0];
  const perAxis = [0, 1, 2].map((axis) => axisFunctions(pieces, R[axis], axis));
  const seen = new Map<string, number[]>();
  for (const f0 of perAxis[0]) for (const f1 of perAxis[1]) for (const f2 of perAxis[2]) {
    const row = pieces.map((p) => Math.min(...p.ways.map((w) => f0(w[0], R[0]) * f1(w[1], R[1]) * f2(w[2], R[2]))));
    if (row.every((v) => v <= EPS)) continue;
    seen.set(row.map((v) => v.toFixed(9)).join(','), row);
  }
  const all = [...seen.values()];
  return all.filter((a) => !all.some((b) => b !== a && b.every((v, t) => v >= a[t] - EPS) && b.some((v, t) => v > a[t] + EPS)));
}

/** Identity, large/small cuts at the pieces' own shares (just under) and a grid, rounding down. */
function axisFunctions(pieces: Piece[], side: number, axis: number): Dff[] {
  const shares = new Set<number>();
  for (const p of pieces) for (const w of p.ways) if (2 * w[axis] <= side) shares.add(w[axis] / side);
  for (let g = 1; g <= 10; g++) shares.add(g / 20);
  return [identity, ...[...shares].map((s) => largeSmall(s * (1 - 1e-5))), ...[1, 2, 3, 4, 5, 6].map(roundDown)];
}

/** Count vectors (at most `max` per type) passing every row, none contained in another. */
function maximalVectors(rows: number[][], max: number[]): number[][] {
  const T = max.length;
  const out: number[][] = [];
  const c = new Array<number>(T).fill(0);
  const sums = new Float64Array(rows.length);
  const fits = (t: number) => c[t] < max[t] && rows.every((r, k) => sums[k] + r[t] <= 1 + EPS);
  const add = (t: number, n: number) => rows.forEach((r, k) => (sums[k] += n * r[t]));
  const walk = (t: number) => {
    if (t === T) {
      if (!c.some((_, s) => fits(s))) out.push(c.slice());
      return;
    }
    let n = 0;
    for (;;) {
      walk(t + 1);
      if (!fits(t)) break;
      add(t, 1);
      c[t]++;
      n++;
    }
    add(t, -n);
    c[t] = 0;
  };
  walk(0);
  return out;
}

/**
 * max d.u subject to c.u <= 1 for every vector c, u >= 0 (the dual of covering the demand with
 * vectors): the constraints added one at a time, the most violated first.
 */
function coverLp(vectors: number[][], demand: number[]): { value: number; u: number[] } {
  const T = demand.length;
  const active: number[][] = [];
  for (let t = 0; t < T; t++) {
    // One bounding row per type: the vector holding most of it.
    active.push(vectors.reduce((a, b) => (b[t] > a[t] ? b : a)));
  }
  for (;;) {
    const dual = coverDual(active, demand);
    if (!dual) throw new Error('unbounded LP');
    const u = dual.u;
    let worst: number[] | null = null, most = 1 + 1e-9;
    for (const c of vectors) {
      const v = c.reduce((a, n, t) => a + n * u[t], 0);
      if (v > most) { most = v; worst = c; }
    }
    if (!worst) return { value: demand.reduce((a, d, t) => a + d * u[t], 0), u };
    active.push(worst);
  }
}
