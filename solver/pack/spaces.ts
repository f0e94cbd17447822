// Maximal residual spaces (Lai & Chan; Parreño et al.): every empty cuboid that cannot grow.
import type { Space } from '../model.ts';

/**
 * Scratch for one carve (the search is synchronous): per side of the box (0..5: -x, +x, -y,
 * +y, -z, +z) the cut pieces' corners and `dead` marks, seven numbers a piece in one flat
 * array (`sidePieces`, `sideCount` of them), so a piece that turns out to lie inside another is
 * never allocated; the pieces in creation order by side and index there (`orderSide`,
 * `orderIndex`). Plain arrays,
 * not typed ones: whole millimetres stay small integers, and so do the spaces' fields made from
 * them (a Float64Array would turn every space's fields into boxed doubles).
 */
const sidePieces: number[][] = [[], [], [], [], [], []];
const sideCount = new Int32Array(6);
const orderSide: number[] = [], orderIndex: number[] = [];
let pieces = 0;
const STRIDE = 7;
/** Per side (0..5): the kept spaces touching the box's face on that side (`touchCount` of them). */
const touchingBySide: Space[][] = [[], [], [], [], [], []];
const touchCount = new Int32Array(6);

/**
 * Removes the box from every space it cuts and returns the new list (the same array, the
 * spaces it keeps first in their order, then the new ones: the caller owns it): each cut space
 * leaves up to six maximal pieces. Spaces thinner than `minDim` in any direction can hold
 * nothing and are dropped; spaces inside others are dropped too. `revive`: the height of the
 * box's new top faces under a support rule (-1: none): a space left dead (`dead` >= 0) whose
 * floor lies there comes back live (the faces may make it usable again), in the same pass.
 */
export function carveSpaces(
  spaces: Space[],
  bx0: number, by0: number, bz0: number, bx1: number, by1: number, bz1: number,
  minDim: number, revive = -1,
): Space[] {
  touchCount.fill(0);
  sideCount.fill(0);
  // Cut pieces by the side of the box they lie on; the kept spaces move up in place.
  pieces = 0;
  let kept = 0;
  for (let r = 0, n = spaces.length; r < n; r++) {
    const s = spaces[r];
    const { x0, y0, z0, x1, y1, z1, dead } = s;
    // Apart from the box along the first axis found apart (x, then y, then z), it may share part
    // of the box's face on that side (0..5 as the cut pieces), overlapping it along the other
    // two axes, and of no other face.
    let side = -1;
    if (x1 <= bx0 || x0 >= bx1) {
      if ((x1 === bx0 || x0 === bx1) && y1 > by0 && y0 < by1 && z1 > bz0 && z0 < bz1) side = x1 === bx0 ? 0 : 1;
    } else if (y1 <= by0 || y0 >= by1) {
      if ((y1 === by0 || y0 === by1) && z1 > bz0 && z0 < bz1) side = y1 === by0 ? 2 : 3;
    } else if (z1 <= bz0 || z0 >= bz1) {
      if (z1 === bz0) side = 4;
      else if (z0 === bz1) side = 5;
    } else {
      // Cut: the pieces left on each side.
      if (bx0 - x0 >= minDim) addPiece(x0, y0, z0, bx0, y1, z1, dead, 0);
      if (x1 - bx1 >= minDim) addPiece(bx1, y0, z0, x1, y1, z1, dead, 1);
      if (by0 - y0 >= minDim) addPiece(x0, y0, z0, x1, by0, z1, dead, 2);
      if (y1 - by1 >= minDim) addPiece(x0, by1, z0, x1, y1, z1, dead, 3);
      if (bz0 - z0 >= minDim) addPiece(x0, y0, z0, x1, y1, bz0, dead, 4);
      if (z1 - bz1 >= minDim) addPiece(x0, y0, bz1, x1, y1, z1, dead, 5);
      continue;
    }
    spaces[kept++] = z0 === revive && dead >= 0 ? { x0, y0, z0, x1, y1, z1, dead: -1 } : s;
    if (side >= 0) touchingBySide[side][touchCount[side]++] = s;
  }
  spaces.length = kept;
  // A cut piece reaches the box's face on its side across part of the box's other two
  // extents; a space holding it without cutting the box must end at that face too: a kept
  // space touching the box on that side, or a piece cut on the same side.
  for (let p = 0; p < pieces; p++) {
    const side = orderSide[p], i = orderIndex[p];
    const buf = sidePieces[side];
    // Piece i's corners in locals: the pairs below compare them many times.
    const o = i * STRIDE;
    const x0 = buf[o], y0 = buf[o + 1], z0 = buf[o + 2], x1 = buf[o + 3], y1 = buf[o + 4], z1 = buf[o + 5];
    let inside = false;
    // An earlier piece holding it (equal spaces: the first one is kept)...
    for (let q = 0; q < o; q += STRIDE) {
      if (buf[q + 1] <= y0 && buf[q] <= x0 && buf[q + 4] >= y1 && buf[q + 3] >= x1 && buf[q + 2] <= z0 && buf[q + 5] >= z1) {
        inside = true;
        break;
      }
    }
    // ... or a later one holding it and more.
    for (let q = o + STRIDE, end = sideCount[side] * STRIDE; q < end && !inside; q += STRIDE) {
      if (buf[q + 1] > y0 || buf[q] > x0 || buf[q + 4] < y1 || buf[q + 3] < x1 || buf[q + 2] > z0 || buf[q + 5] < z1) continue;
      if (buf[q] !== x0 || buf[q + 1] !== y0 || buf[q + 2] !== z0 || buf[q + 3] !== x1 || buf[q + 4] !== y1 || buf[q + 5] !== z1) inside = true;
    }
    const touching = touchingBySide[side];
    for (let j = 0, end = touchCount[side]; j < end && !inside; j++) {
      const t = touching[j];
      if (t.x0 <= x0 && t.y0 <= y0 && t.z0 <= z0 && t.x1 >= x1 && t.y1 >= y1 && t.z1 >= z1) inside = true;
    }
    if (inside) continue;
    const dead = buf[o + 6];
    spaces.push({ x0, y0, z0, x1, y1, z1, dead: z0 === revive && dead >= 0 ? -1 : dead });
  }
  return spaces;
}

function addPiece(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, dead: number, side: number): void {
  const k = sideCount[side]++;
  const buf = sidePieces[side], o = k * STRIDE;
  buf[o] = x0; buf[o + 1] = y0; buf[o + 2] = z0; buf[o + 3] = x1; buf[o + 4] = y1; buf[o + 5] = z1; buf[o + 6] = dead;
  orderSide[pieces] = side;
  orderIndex[pieces++] = k;
}

export function contains(a: Space, b: Space): boolean {
  return a.x0 <= b.x0 && a.y0 <= b.y0 && a.z0 <= b.z0 && a.x1 >= b.x1 && a.y1 >= b.y1 && a.z1 >= b.z1;
}
