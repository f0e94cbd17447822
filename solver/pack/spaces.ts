// Maximal residual spaces (Lai & Chan; Parreño et al.): every empty cuboid that cannot grow.
import type { Space } from '../model.ts';

/**
 * Scratch for one carve (the search is synchronous): the cut pieces' corners, `dead` marks
 * and sides, so a piece that turns out to lie inside another is never allocated. Plain
 * arrays, not typed ones: whole millimetres stay small integers, and so do the spaces'
 * fields made from them (a Float64Array would turn every space's fields into boxed doubles).
 */
const fx0: number[] = [], fy0: number[] = [], fz0: number[] = [];
const fx1: number[] = [], fy1: number[] = [], fz1: number[] = [];
const fDead: number[] = [], fSide: number[] = [];
/** Cut pieces so far, and their indices grouped by side (`sideStart[k]..sideStart[k + 1]`). */
let pieces = 0;
const bySide: number[] = [];
const sideStart = new Int32Array(7), sideFill = new Int32Array(7);
/** Per side (0..5): the kept spaces touching the box's face on that side (`touchCount` of them). */
const touchingBySide: Space[][] = [[], [], [], [], [], []];
const touchCount = new Int32Array(6);

/**
 * Removes the box from every space it cuts and returns the new list: each cut space
 * leaves up to six maximal pieces. Spaces thinner than `minDim` in any direction can
 * hold nothing and are dropped; spaces inside others are dropped too.
 */
export function carveSpaces(
  spaces: Space[],
  bx0: number, by0: number, bz0: number, bx1: number, by1: number, bz1: number,
  minDim: number,
): Space[] {
  const keep: Space[] = [];
  touchCount.fill(0);
  // Cut pieces by the side of the box they lie on (0..5: -x, +x, -y, +y, -z, +z).
  pieces = 0;
  for (const s of spaces) {
    if (s.x1 <= bx0 || s.x0 >= bx1 || s.y1 <= by0 || s.y0 >= by1 || s.z1 <= bz0 || s.z0 >= bz1) {
      keep.push(s);
      const side = touchSide(s, bx0, by0, bz0, bx1, by1, bz1);
      if (side >= 0) touchingBySide[side][touchCount[side]++] = s;
      continue;
    }
    const { x0, y0, z0, x1, y1, z1, dead } = s;
    if (bx0 - x0 >= minDim) addPiece(x0, y0, z0, bx0, y1, z1, dead, 0);
    if (x1 - bx1 >= minDim) addPiece(bx1, y0, z0, x1, y1, z1, dead, 1);
    if (by0 - y0 >= minDim) addPiece(x0, y0, z0, x1, by0, z1, dead, 2);
    if (y1 - by1 >= minDim) addPiece(x0, by1, z0, x1, y1, z1, dead, 3);
    if (bz0 - z0 >= minDim) addPiece(x0, y0, z0, x1, y1, bz0, dead, 4);
    if (z1 - bz1 >= minDim) addPiece(x0, y0, bz1, x1, y1, z1, dead, 5);
  }
  // The pieces of each side in creation order (a counting sort by side).
  sideStart.fill(0);
  for (let i = 0; i < pieces; i++) sideStart[fSide[i] + 1]++;
  for (let k = 0; k < 6; k++) sideStart[k + 1] += sideStart[k];
  sideFill.set(sideStart);
  for (let i = 0; i < pieces; i++) bySide[sideFill[fSide[i]]++] = i;
  // A cut piece reaches the box's face on its side across part of the box's other two
  // extents; a space holding it without cutting the box must end at that face too: a kept
  // space touching the box on that side, or a piece cut on the same side.
  for (let i = 0; i < pieces; i++) {
    const side = fSide[i];
    // Piece i's corners in locals: the pairs below compare them many times.
    const x0 = fx0[i], y0 = fy0[i], z0 = fz0[i], x1 = fx1[i], y1 = fy1[i], z1 = fz1[i];
    let inside = false;
    for (let k = sideStart[side], end = sideStart[side + 1]; k < end; k++) {
      const j = bySide[k];
      if (j === i || fx0[j] > x0 || fy0[j] > y0 || fz0[j] > z0 || fx1[j] < x1 || fy1[j] < y1 || fz1[j] < z1) continue;
      // Equal spaces: keep the first one only.
      if (j < i || !holds(i, j)) {
        inside = true;
        break;
      }
    }
    const touching = touchingBySide[side];
    for (let j = 0, end = touchCount[side]; j < end && !inside; j++) {
      const t = touching[j];
      if (t.x0 <= x0 && t.y0 <= y0 && t.z0 <= z0 && t.x1 >= x1 && t.y1 >= y1 && t.z1 >= z1) inside = true;
    }
    if (!inside) keep.push({ x0, y0, z0, x1, y1, z1, dead: fDead[i] });
  }
  return keep;
}

function addPiece(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, dead: number, side: number): void {
  const n = pieces++;
  fx0[n] = x0; fy0[n] = y0; fz0[n] = z0; fx1[n] = x1; fy1[n] = y1; fz1[n] = z1; fDead[n] = dead; fSide[n] = side;
}

/** Cut piece a holds cut piece b. */
function holds(a: number, b: number): boolean {
  return fx0[a] <= fx0[b] && fy0[a] <= fy0[b] && fz0[a] <= fz0[b] && fx1[a] >= fx1[b] && fy1[a] >= fy1[b] && fz1[a] >= fz1[b];
}

/**
 * The side of the box (0..5 as the cut pieces) whose face the space shares part of without
 * cutting the box, or -1. A space that does not cut the box shares part of one face at most.
 */
function touchSide(s: Space, bx0: number, by0: number, bz0: number, bx1: number, by1: number, bz1: number): number {
  const ox = s.x1 > bx0 && s.x0 < bx1, oy = s.y1 > by0 && s.y0 < by1, oz = s.z1 > bz0 && s.z0 < bz1;
  if (oy && oz) {
    if (s.x1 === bx0) return 0;
    if (s.x0 === bx1) return 1;
  }
  if (ox && oz) {
    if (s.y1 === by0) return 2;
    if (s.y0 === by1) return 3;
  }
  if (ox && oy) {
    if (s.z1 === bz0) return 4;
    if (s.z0 === bz1) return 5;
  }
  return -1;
}

export function contains(a: Space, b: Space): boolean {
  return a.x0 <= b.x0 && a.y0 <= b.y0 && a.z0 <= b.z0 && a.x1 >= b.x1 && a.y1 >= b.y1 && a.z1 >= b.z1;
}
