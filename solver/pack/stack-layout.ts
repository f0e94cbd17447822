// One box type: stacks over a guillotine floor plan. The floor is cut (along either axis, at
// any depth) into rectangles; each holds a grid of boxes of one orientation, as many layers
// high as chosen, with the best layout over the grid's footprint on its top. Every box stands
// fully on the floor or on the grid below it. Tube layouts (one-type.ts) are the layouts of
// this table whose first cuts all run across the length; cuts along the length that are not
// on top of a grid (a floor row beside another) are what it adds. On the floor, a rectangle
// may also be five full-height stacks, four turning around a fifth (Morabito & Morales), each
// of them again any plan of the table: the whole floor so, and within what the step cap
// leaves, any rectangle of it.
import type { Orientation } from '../types.ts';
import type { Layout } from './one-type.ts';

/** One orientation of the box: extents along the length (x), the width (y) and up. */
export interface StackShape {
  rotation: Orientation;
  fx: number;
  fy: number;
  c: number;
}

/** Layouts the table holds at most (lengths * widths * heights, each a few bytes). */
const MAX_STATES = 3_000_000;
/**
 * Table cells weighed per layout step (one-type.ts counts its steps at about 9,000 a ms; a
 * cell here is a typed-array read and compare, tens of times cheaper than a tube step).
 */
const CELLS_PER_STEP = 256;

/**
 * Nested five-block cells (pairs of widths weighed) per layout step of what the cap leaves. At
 * 8 they took at most about 0.4 s of CPU on BR0 (#13) and found all but one box of what an
 * uncapped table finds there (+16 of +17 boxes; at 4, +12).
 */
const NESTED_CELLS_PER_STEP = 8;

/** Every sum of the values (each any number of times) up to `limit`, ascending. */
export function sums(values: number[], limit: number): number[] {
  const reach = new Uint8Array(limit + 1);
  reach[0] = 1;
  for (let x = 0; x <= limit; x++) {
    if (!reach[x]) continue;
    for (const v of values) if (v > 0 && x + v <= limit) reach[x + v] = 1;
  }
  const out: number[] = [];
  for (let x = 0; x <= limit; x++) if (reach[x]) out.push(x);
  return out;
}

/** Per value 0..limit, the index of the largest of the ascending `points` not above it. */
function downIndex(points: number[], limit: number): Int32Array {
  const idx = new Int32Array(limit + 1);
  for (let v = 0, i = 0; v <= limit; v++) {
    while (i + 1 < points.length && points[i + 1] <= v) i++;
    idx[v] = i;
  }
  return idx;
}

/** How a cell is filled (`how`): nothing, a grid with a layout on its top, or a cut along x or y. */
const NOTHING = 0;
const GRID = 1;
const CUT_X = 2;
const CUT_Y = 3;
const FIVE = 4;

/**
 * The stack layout of most boxes in L x W x H, in the tube layout's terms (n boxes along the
 * length). Bottom-up over the raster points of the three axes: a cell's cuts and tops are
 * cells of lower heights, or of the same height and shorter or narrower (a five-block plan's
 * five too). Null when the table would pass MAX_STATES or the work its cap.
 */
export function stackLayout(
  shapes: StackShape[], L: number, W: number, H: number, work: { steps: number; max: number }, tick: () => void,
): Layout | null {
  const rx = sums(shapes.map((s) => s.fx), L);
  const ry = sums(shapes.map((s) => s.fy), W);
  const rh = sums(shapes.map((s) => s.c), H);
  const nI = rx.length;
  const nJ = ry.length;
  const nK = rh.length;
  if (nI * nJ * nK > MAX_STATES) return null;
  const dx = downIndex(rx, L);
  const dy = downIndex(ry, W);
  const dh = downIndex(rh, H);
  // Cuts along the length only where a row of boxes of one orientation ends (k times one
  // extent): any sum would do, at ten times the work on small boxes, for a box or two.
  const cutsX = rx.map((x, a) => (a > 0 && shapes.some((s) => x % s.fx === 0) ? a : -1)).filter((a) => a > 0);
  const cutsY = ry.map((y, b) => (b > 0 && shapes.some((s) => y % s.fy === 0) ? b : -1)).filter((b) => b > 0);
  const anyY = ry.map((_, b) => b).filter((b) => b > 0);
  // The work known beforehand: a table that would pass the cap is not begun (its time goes to the search).
  const perRow = nJ * (1 + shapes.length + cutsX.length) + ((nJ - 1) >> 1) * (nJ >> 1);
  const fivePairs = ((cutsX.length * (cutsX.length - 1)) / 2) * (nJ - 1) * (nJ - 1);
  const known = (nI * nK * perRow + fivePairs) / CELLS_PER_STEP;
  if (work.steps + known >= work.max) return null;
  // Nested five-block plans (below) take what the cap leaves: never the reason a table gives up.
  const spare = work.max - work.steps - known;
  const volume = shapes[0].fx * shapes[0].fy * shapes[0].c;
  // A nested plan's middle block narrower than the largest box side both ways (all 14 nested
  // plans in the 10 BR0 layouts they improved had one: four stacks turning around a gap or a
  // thin column): 3-10 times less work, the same boxes but one (#7, where the search has it).
  const narrow = Math.max(...shapes.map((s) => Math.max(s.fx, s.fy)));
  // Per shape and raster point: the boxes a grid holds along x (y), and the raster index of its extent.
  const nS = shapes.length;
  const heightOf = Int32Array.from(shapes, (s) => s.c);
  const alongX = new Int32Array(nS * nI);
  const topX = new Int32Array(nS * nI);
  const alongY = new Int32Array(nS * nJ);
  const topY = new Int32Array(nS * nJ);
  shapes.forEach((s, si) => {
    rx.forEach((x, i) => { alongX[si * nI + i] = Math.floor(x / s.fx); topX[si * nI + i] = dx[alongX[si * nI + i] * s.fx]; });
    ry.forEach((y, j) => { alongY[si * nJ + j] = Math.floor(y / s.fy); topY[si * nJ + j] = dy[alongY[si * nJ + j] * s.fy]; });
  });
  const count = new Int32Array(nI * nJ * nK);
  const how = new Uint8Array(nI * nJ * nK);
  // GRID: shape * 65536 + layers; CUT_X / CUT_Y: the raster index of the cut.
  const arg = new Int32Array(nI * nJ * nK);
  const cell = (i: number, j: number, k: number) => (k * nI + i) * nJ + j;
  // Five-block plans inside the table (FIVE cells): [x1, x2, y1, y2] per cell.
  const fives = new Map<number, number[]>();
  let fiveCells = 0;
  let nestedCells = 0;
  /**
   * The best five-block plan of x * y at level k from that level's cells, when it holds more than
   * `beat`: its sides along the length where a row of one orientation ends, across the width at
   * `ys`, its middle block shorter than `span` both ways.
   */
  const fiveOf = (k: number, x: number, y: number, beat: number, ys: number[], span: number): { n: number; at: number[] } | null => {
    const lvl = k * nI * nJ;
    let ny = 0;
    while (ny < ys.length && ry[ys[ny]] < y) ny++;
    let best = beat;
    let at: number[] | null = null;
    for (let p = 0; p < cutsX.length && rx[cutsX[p]] < x; p++) {
      const x1 = rx[cutsX[p]];
      const a1 = lvl + cutsX[p] * nJ;
      const b1 = lvl + dx[x - x1] * nJ;
      for (let q = p + 1; q < cutsX.length && rx[cutsX[q]] < x && rx[cutsX[q]] - x1 < span; q++) {
        const x2 = rx[cutsX[q]];
        const a2 = lvl + cutsX[q] * nJ;
        const b2 = lvl + dx[x - x2] * nJ;
        const mid = lvl + dx[x2 - x1] * nJ;
        for (let r = 0; r < ny; r++) {
          const y1 = ry[ys[r]];
          const low = count[b1 + ys[r]] + count[b2 + dy[y - y1]];
          for (let t = r + 1; t < ny; t++) {
            const y2 = ry[ys[t]];
            if (y2 - y1 >= span) break;
            fiveCells++;
            const n = low + count[a1 + ys[t]] + count[a2 + dy[y - y2]] + count[mid + dy[y2 - y1]];
            if (n > best) { best = n; at = [x1, x2, y1, y2]; }
          }
        }
      }
    }
    return at && { n: best, at };
  };
  let cells = 0;
  for (let k = 0; k < nK; k++) {
    const h = rh[k];
    for (let i = 0; i < nI; i++) {
      const x = rx[i];
      for (let j = 0; j < nJ; j++) {
        const y = ry[j];
        let best = 0;
        let bestHow = NOTHING;
        let bestArg = 0;
        for (let si = 0; si < nS; si++) {
          const c = heightOf[si];
          const nx = alongX[si * nI + i];
          const ny = alongY[si * nJ + j];
          if (c > h || nx === 0 || ny === 0) continue;
          const top = topX[si * nI + i] * nJ + topY[si * nJ + j];
          for (let nz = 1; nz * c <= h; nz++) {
            const n = nx * ny * nz + count[dh[h - nz * c] * nI * nJ + top];
            if (n > best) { best = n; bestHow = GRID; bestArg = si * 65536 + nz; }
          }
        }
        const row = (k * nI) * nJ + j;
        for (let q = 0; q < cutsX.length && 2 * rx[cutsX[q]] <= x; q++) {
          const a = cutsX[q];
          const n = count[row + a * nJ] + count[row + dx[x - rx[a]] * nJ];
          if (n > best) { best = n; bestHow = CUT_X; bestArg = a; }
        }
        const col = (k * nI + i) * nJ;
        for (let b = 1; b < nJ && 2 * ry[b] <= y; b++) {
          const n = count[col + b] + count[col + dy[y - ry[b]]];
          if (n > best) { best = n; bestHow = CUT_Y; bestArg = b; }
        }
        // On the floor (full-height stacks), a rectangle may also hold a five-block plan of its own
        // (rows across the width ending where a row of one orientation ends), unless its count
        // already fills its volume.
        if (k === nK - 1 && nestedCells < spare * NESTED_CELLS_PER_STEP && best < Math.floor((x * y * h) / volume)) {
          const before = fiveCells;
          const f = fiveOf(k, x, y, best, cutsY, narrow);
          nestedCells += fiveCells - before;
          if (f) { best = f.n; bestHow = FIVE; fives.set(col + j, f.at); }
        }
        const c = col + j;
        count[c] = best;
        how[c] = bestHow;
        arg[c] = bestArg;
        cells += 1 + nS + (j >> 1) + cutsX.length;
      }
      cells += fiveCells;
      fiveCells = 0;
      if (cells >= CELLS_PER_STEP * 4096) {
        work.steps += Math.floor(cells / CELLS_PER_STEP);
        cells %= CELLS_PER_STEP;
        if (work.steps >= work.max) return null;
        // Millions of cells take up to a second: cancellation and progress keep moving.
        tick();
      }
    }
  }
  work.steps += Math.floor(cells / CELLS_PER_STEP);
  const grids: Layout['grids'] = [];
  /** The five blocks of x * y at level k, in the order of the top-level plan (x1 < x2, y1 < y2). */
  const placeFive = (x: number, y: number, k: number, [x1, x2, y1, y2]: number[], u: number, v: number, t: number): void => {
    const at = (w: number, d: number, du: number, dv: number) => flatten(dx[w], dy[d], k, u + du, v + dv, t);
    at(x1, y2, 0, 0);
    at(x - x1, y1, x1, 0);
    at(x - x2, y - y1, x2, y1);
    at(x2, y - y2, 0, y2);
    at(x2 - x1, y2 - y1, x1, y1);
  };
  const flatten = (i: number, j: number, k: number, u: number, v: number, t: number): void => {
    const c = cell(i, j, k);
    if (how[c] === GRID) {
      const s = shapes[arg[c] >> 16];
      const nz = arg[c] & 0xffff;
      const nx = Math.floor(rx[i] / s.fx);
      const ny = Math.floor(ry[j] / s.fy);
      grids.push({ grid: { rotation: s.rotation, d: s.fx, a: s.fy, c: s.c, n: nx, across: ny, up: nz }, u, s: v, t });
      flatten(dx[nx * s.fx], dy[ny * s.fy], dh[rh[k] - nz * s.c], u, v, t + nz * s.c);
    } else if (how[c] === CUT_X) {
      const a = arg[c];
      flatten(a, j, k, u, v, t);
      flatten(dx[rx[i] - rx[a]], j, k, u + rx[a], v, t);
    } else if (how[c] === FIVE) {
      placeFive(rx[i], ry[j], k, fives.get(c)!, u, v, t);
    } else if (how[c] === CUT_Y) {
      const b = arg[c];
      flatten(i, b, k, u, v, t);
      flatten(i, dy[ry[j] - ry[b]], k, u, v + ry[b], t);
    }
  };
  const top = nK - 1;
  const full = (x: number, y: number) => count[cell(dx[x], dy[y], top)];
  const X = rx[nI - 1];
  const Y = ry[nJ - 1];
  // A first-order non-guillotine floor plan: four stacks turning around a fifth (x1 < x2, y1 < y2),
  // each as high as the Unit (Morabito & Morales' five blocks). The first and last blocks' sides
  // along the length where a row of one orientation ends, across the width at any sum (the
  // width is short: any is cheap, and mixed rows fit it best).
  const whole = fiveOf(top, X, Y, full(X, Y), anyY, Infinity);
  work.steps += Math.floor(fiveCells / CELLS_PER_STEP);
  if (work.steps >= work.max) return null;
  const best = whole ? whole.n : full(X, Y);
  const five = whole && whole.at;
  if (!five) flatten(dx[X], dy[Y], top, 0, 0, 0);
  else placeFive(X, Y, top, five, 0, 0, 0);
  return { count: best, grids };
}
