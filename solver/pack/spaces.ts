// Maximal residual spaces (Lai & Chan; Parreño et al.): every empty cuboid that cannot grow.
import type { Space } from '../model.ts';

/**
 * Scratch for one carve (the search is synchronous). Per side of the box (0..5: -x, +x, -y,
 * +y, -z, +z) the cut pieces' corners, six numbers a piece (`sideBox`), the space each was cut
 * from (`sideFrom`) and whether a piece holds it (`sideInside`), `sideCount` of them; the pieces
 * in creation order by side and index there (`orderSide`, `orderIndex`). A piece kept is made
 * from its space's fields and the box's corners, never read back from the typed corners (so the
 * spaces' fields stay small integers, not boxed doubles).
 */
let sideBox: Int32Array[] = Array.from({ length: 6 }, () => new Int32Array(6 * 64));
let sideInside: Uint8Array[] = Array.from({ length: 6 }, () => new Uint8Array(64));
const sideFrom: Space[][] = [[], [], [], [], [], []];
const sideCount = new Int32Array(6);
const orderSide: number[] = [], orderIndex: number[] = [];
let pieces = 0;
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
  wholeCorners = whole(bx0) && whole(by0) && whole(bz0) && whole(bx1) && whole(by1) && whole(bz1);
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
      if (!(whole(x0) && whole(y0) && whole(z0) && whole(x1) && whole(y1) && whole(z1))) wholeCorners = false;
      if (bx0 - x0 >= minDim) addPiece(s, x0, y0, z0, bx0, y1, z1, 0);
      if (x1 - bx1 >= minDim) addPiece(s, bx1, y0, z0, x1, y1, z1, 1);
      if (by0 - y0 >= minDim) addPiece(s, x0, y0, z0, x1, by0, z1, 2);
      if (y1 - by1 >= minDim) addPiece(s, x0, by1, z0, x1, y1, z1, 3);
      if (bz0 - z0 >= minDim) addPiece(s, x0, y0, z0, x1, y1, bz0, 4);
      if (z1 - bz1 >= minDim) addPiece(s, x0, y0, bz1, x1, y1, z1, 5);
      continue;
    }
    spaces[kept++] = z0 === revive && dead >= 0 ? { x0, y0, z0, x1, y1, z1, dead: -1 } : s;
    if (side >= 0) touchingBySide[side][touchCount[side]++] = s;
  }
  spaces.length = kept;
  // A cut piece reaches the box's face on its side across part of the box's other two
  // extents; a space holding it without cutting the box must end at that face too: a kept
  // space touching the box on that side, or a piece cut on the same side.
  for (let side = 0; side < 6; side++) {
    if (sideCount[side] === 0) continue;
    if (wholeCorners) markInside(side, sideBox[side], true);
    else markInside(side, exactCorners(side, bx0, by0, bz0, bx1, by1, bz1), false);
  }
  for (let p = 0; p < pieces; p++) {
    const side = orderSide[p], i = orderIndex[p];
    if (sideInside[side][i] === 1) continue;
    const s = sideFrom[side][i];
    const dead = z0Of(s, side, bz1) === revive && s.dead >= 0 ? -1 : s.dead;
    // The piece from its space's fields and the box's face on its side.
    spaces.push({
      x0: side === 1 ? bx1 : s.x0, y0: side === 3 ? by1 : s.y0, z0: side === 5 ? bz1 : s.z0,
      x1: side === 0 ? bx0 : s.x1, y1: side === 2 ? by0 : s.y1, z1: side === 4 ? bz0 : s.z1, dead,
    });
  }
  return spaces;
}

/** The floor of the piece cut from s on the side. */
function z0Of(s: Space, side: number, bz1: number): number {
  return side === 5 ? bz1 : s.z0;
}

/**
 * Marks the side's pieces (corners at b, six a piece) that another piece of the side holds (an
 * earlier one, or a later one holding it and more: of equal pieces the first stays) or a kept
 * space touching that side does. On whole corners below 2^30 (`whole`) a piece holds another when
 * the OR of the six differences has no sign bit: one branch where six comparisons mispredict.
 */
function markInside(side: number, b: Int32Array | Float64Array, whole: boolean): void {
  const n = sideCount[side];
  const inside = sideInside[side];
  for (let i = 0, o = 0; i < n; i++, o += 6) {
    const x0 = b[o], y0 = b[o + 1], z0 = b[o + 2], x1 = b[o + 3], y1 = b[o + 4], z1 = b[o + 5];
    let holds = 0;
    // An earlier piece holding it (equal spaces: the first one is kept)...
    for (let q = 0; q < o; q += 6) {
      if (whole
        ? ((x0 - b[q]) | (y0 - b[q + 1]) | (z0 - b[q + 2]) | (b[q + 3] - x1) | (b[q + 4] - y1) | (b[q + 5] - z1)) >= 0
        : b[q] <= x0 && b[q + 1] <= y0 && b[q + 2] <= z0 && b[q + 3] >= x1 && b[q + 4] >= y1 && b[q + 5] >= z1) {
        holds = 1;
        break;
      }
    }
    // ... or a later one holding it and more.
    for (let q = o + 6, end = 6 * n; q < end && holds === 0; q += 6) {
      const d0 = x0 - b[q], d1 = y0 - b[q + 1], d2 = z0 - b[q + 2], d3 = b[q + 3] - x1, d4 = b[q + 4] - y1, d5 = b[q + 5] - z1;
      if (whole ? ((d0 | d1 | d2 | d3 | d4 | d5) >= 0 && (d0 | d1 | d2 | d3 | d4 | d5) !== 0)
        : d0 >= 0 && d1 >= 0 && d2 >= 0 && d3 >= 0 && d4 >= 0 && d5 >= 0 && (d0 !== 0 || d1 !== 0 || d2 !== 0 || d3 !== 0 || d4 !== 0 || d5 !== 0)) holds = 1;
    }
    const touching = touchingBySide[side];
    for (let k = 0, end = touchCount[side]; k < end && holds === 0; k++) {
      const t = touching[k];
      if (t.x0 <= x0 && t.y0 <= y0 && t.z0 <= z0 && t.x1 >= x1 && t.y1 >= y1 && t.z1 >= z1) holds = 1;
    }
    inside[i] = holds;
  }
}

/** Every corner of this carve's box and cut pieces is a whole number in [0, 2^30) (so `sideBox` holds them exactly). */
let wholeCorners = true;

/** v is a whole number in [0, 2^30). */
function whole(v: number): boolean {
  return (v & 0x3fffffff) === v;
}

/** The side's pieces' exact corners, from the spaces they were cut from and the box (`wholeCorners` false: rare). */
function exactCorners(side: number, bx0: number, by0: number, bz0: number, bx1: number, by1: number, bz1: number): Float64Array {
  const n = sideCount[side], out = new Float64Array(6 * n);
  for (let i = 0; i < n; i++) {
    const s = sideFrom[side][i];
    out[6 * i] = side === 1 ? bx1 : s.x0; out[6 * i + 1] = side === 3 ? by1 : s.y0; out[6 * i + 2] = side === 5 ? bz1 : s.z0;
    out[6 * i + 3] = side === 0 ? bx0 : s.x1; out[6 * i + 4] = side === 2 ? by0 : s.y1; out[6 * i + 5] = side === 4 ? bz0 : s.z1;
  }
  return out;
}

function addPiece(s: Space, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, side: number): void {
  const k = sideCount[side]++;
  if (6 * (k + 1) > sideBox[side].length) {
    const grown = new Int32Array(2 * sideBox[side].length);
    grown.set(sideBox[side]);
    sideBox[side] = grown;
    sideInside[side] = new Uint8Array(grown.length / 6);
  }
  const b = sideBox[side], o = 6 * k;
  b[o] = x0; b[o + 1] = y0; b[o + 2] = z0; b[o + 3] = x1; b[o + 4] = y1; b[o + 5] = z1;
  sideFrom[side][k] = s;
  orderSide[pieces] = side;
  orderIndex[pieces++] = k;
}

export function contains(a: Space, b: Space): boolean {
  return a.x0 <= b.x0 && a.y0 <= b.y0 && a.z0 <= b.z0 && a.x1 >= b.x1 && a.y1 >= b.y1 && a.z1 >= b.z1;
}
