// A single-container plan's height map for the diagnostics (1 cell = 1 unit of floor; BR sides are cm).
import { placedDims } from '../../solver/orientation.ts';
import type { Item } from '../../solver/model.ts';
import type { Placement, SolveInput } from '../../solver/types.ts';

/** Per floor cell (x * W + y): the top of the highest piece over it, and the summed heights of the pieces over it (what is not empty under the top). */
export function heightMap(placements: Placement[], L: number, W: number): { top: Int32Array; filled: Int32Array } {
  const top = new Int32Array(L * W), filled = new Int32Array(L * W);
  for (const p of placements) {
    const z1 = p.zMm + p.heightMm;
    for (let x = p.xMm; x < p.xMm + p.lengthMm; x++) {
      for (let y = p.yMm; y < p.yMm + p.widthMm; y++) {
        const c = x * W + y;
        if (top[c] < z1) top[c] = z1;
        filled[c] += p.heightMm;
      }
    }
  }
  return { top, filled };
}

/** Per floor cell (x * W + y): the top of the highest of `pieces` over it and that piece's index (-1: bare floor). */
export function topOwners(pieces: { x: number; y: number; z: number; dx: number; dy: number; dz: number }[], L: number, W: number): { top: Int32Array; owner: Int32Array } {
  const top = new Int32Array(L * W), owner = new Int32Array(L * W).fill(-1);
  pieces.forEach((p, i) => {
    for (let x = p.x; x < p.x + p.dx; x++) for (let y = p.y; y < p.y + p.dy; y++) if (top[x * W + y] < p.z + p.dz) { top[x * W + y] = p.z + p.dz; owner[x * W + y] = i; }
  });
  return { top, owner };
}

/** A connected face of one height of the top map: its cells and its height. */
export interface Face { cells: number[]; z: number }

/** The connected faces of one height of the top map (bare floor excluded). */
export function facesOf(top: Int32Array, L: number, W: number): Face[] {
  const seen = new Uint8Array(L * W);
  const faces: Face[] = [];
  const stack: number[] = [];
  for (let c0 = 0; c0 < L * W; c0++) {
    if (seen[c0] || top[c0] === 0) continue;
    const cells: number[] = [];
    seen[c0] = 1; stack.push(c0);
    while (stack.length > 0) {
      const c = stack.pop()!;
      cells.push(c);
      const x = Math.floor(c / W), y = c % W;
      for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]) {
        if (nx < 0 || nx >= L || ny < 0 || ny >= W) continue;
        const n = nx * W + ny;
        if (seen[n] || top[n] !== top[c]) continue;
        seen[n] = 1; stack.push(n);
      }
    }
    faces.push({ cells, z: top[c0] });
  }
  return faces;
}

/** The least height a line's piece can stand at, over the orientations it allows. */
export function lowestHeight(line: SolveInput['lines'][number]): number {
  return Math.min(...line.orientations.map((o) => placedDims(line.lengthMm, line.widthMm, line.heightMm, o)[2]));
}

/**
 * The empty runs at height `h` above `top` (L x W cells) shorter than `m`: first along y (row by row),
 * then along x; `visit` gets the run's axis, its first cell and its length.
 */
export function shortRuns(top: Int32Array, L: number, W: number, h: number, m: number, visit: (axis: 'x' | 'y', x: number, y: number, n: number) => void): void {
  for (let x = 0; x < L; x++) {
    for (let y = 0; y < W;) {
      if (top[x * W + y] > h) { y++; continue; }
      let e = y;
      while (e < W && top[x * W + e] <= h) e++;
      if (e - y < m) visit('y', x, y, e - y);
      y = e;
    }
  }
  for (let y = 0; y < W; y++) {
    for (let x = 0; x < L;) {
      if (top[x * W + y] > h) { x++; continue; }
      let e = x;
      while (e < L && top[e * W + y] <= h) e++;
      if (e - x < m) visit('x', x, y, e - x);
      x = e;
    }
  }
}

/** The least floor side (across or along) of any box still left out: `counts` per item less the `pieces` placed. */
export function leastSideLeft(items: Item[], counts: ArrayLike<number>, pieces: { item: number }[]): number {
  const placedOf = new Int32Array(items.length);
  for (const p of pieces) placedOf[p.item]++;
  let least = Infinity;
  items.forEach((it, i) => {
    if (counts[i] - placedOf[i] <= 0) return;
    for (const o of it.orientations) { const [dx, dy] = placedDims(it.l, it.w, it.h, o); least = Math.min(least, dx, dy); }
  });
  return least;
}
