// Maximal residual spaces (Lai & Chan; Parreño et al.): every empty cuboid that cannot grow.
import type { Space } from '../model.ts';

/**
 * A space with its fill-order key cached (search.ts `liveKeys`) for the key policy `keyOf` (-1:
 * none yet): the first two keys as `key` (a * 2^14 + b) and the third as `keyLow`, small integers
 * each, so a space stores them in place (a double field would cost the collector a box per space).
 * Every space the search makes carries them, so all have one shape.
 */
export interface KeyedSpace extends Space {
  key: number;
  keyLow: number;
  keyOf: number;
  /**
   * The state that made it and may still change its dead mark in place (`PackState.owner`): no
   * other state holds it until that state is cloned, which gives both new stamps. 0: none.
   */
  owner: number;
}

let stamps = 0;

/** A stamp no space carries yet (`KeyedSpace.owner`). */
export function newOwner(): number {
  return ++stamps;
}

/**
 * Scratch for one carve (the search is synchronous). Per side of the box (0..5: -x, +x, -y,
 * +y, -z, +z) the cut pieces' corners, packed in three words a piece (`sideWords`), the space
 * each was cut from (`sideFrom`) and whether a piece holds it (`sideInside`), `sideCount` of them; the pieces
 * in creation order by side and index there (`orderSide`, `orderIndex`). A piece kept is made
 * from its space's fields and the box's corners, never read back from the typed corners (so the
 * spaces' fields stay small integers, not boxed doubles).
 */
let sideWords: Int32Array[] = Array.from({ length: 6 }, () => new Int32Array(3 * 64));
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
  minDim: number, revive = -1, owner = 0,
): Space[] {
  // Six stores, not `fill` (a builtin call per carve).
  for (let side = 0; side < 6; side++) {
    touchCount[side] = 0;
    sideCount[side] = 0;
  }
  // Cut pieces by the side of the box they lie on; the kept spaces move up in place.
  pieces = 0;
  let kept = 0;
  cutX0 = bx0; cutY0 = by0; cutZ0 = bz0; cutX1 = bx1; cutY1 = by1; cutZ1 = bz1;
  packable = fits(bx0) && fits(by0) && fits(bz0) && fits(bx1) && fits(by1) && fits(bz1);
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
      if (!(fits(x0) && fits(y0) && fits(z0) && fits(x1) && fits(y1) && fits(z1))) packable = false;
      if (bx0 - x0 >= minDim) addPiece(s, x0, y0, z0, bx0, y1, z1, 0);
      if (x1 - bx1 >= minDim) addPiece(s, bx1, y0, z0, x1, y1, z1, 1);
      if (by0 - y0 >= minDim) addPiece(s, x0, y0, z0, x1, by0, z1, 2);
      if (y1 - by1 >= minDim) addPiece(s, x0, by1, z0, x1, y1, z1, 3);
      if (bz0 - z0 >= minDim) addPiece(s, x0, y0, z0, x1, y1, bz0, 4);
      if (z1 - bz1 >= minDim) addPiece(s, x0, y0, bz1, x1, y1, z1, 5);
      continue;
    }
    spaces[kept++] = z0 === revive && dead >= 0 ? withDead(s as KeyedSpace, -1, owner) : s;
    if (side >= 0) touchingBySide[side][touchCount[side]++] = s;
  }
  const listed = spaces.length;
  // A cut piece reaches the box's face on its side across part of the box's other two
  // extents; a space holding it without cutting the box must end at that face too: a kept
  // space touching the box on that side, or a piece cut on the same side.
  for (let side = 0; side < 6; side++) {
    if (sideCount[side] === 0) continue;
    if (packable) markInsidePacked(side);
    else markInsideExact(side, exactCorners(side));
  }
  // The new pieces go where the cut spaces were, then past the end (the length set once, if shorter).
  let end = kept;
  for (let p = 0; p < pieces; p++) {
    const side = orderSide[p], i = orderIndex[p];
    if (sideInside[side][i] === 1) continue;
    const s = sideFrom[side][i];
    const dead = z0Of(s, side, bz1) === revive && s.dead >= 0 ? -1 : s.dead;
    // The piece from its space's fields and the box's face on its side.
    const piece: KeyedSpace = {
      x0: side === 1 ? bx1 : s.x0, y0: side === 3 ? by1 : s.y0, z0: side === 5 ? bz1 : s.z0,
      x1: side === 0 ? bx0 : s.x1, y1: side === 2 ? by0 : s.y1, z1: side === 4 ? bz0 : s.z1, dead, key: 0, keyLow: 0, keyOf: -1, owner,
    };
    if (end < listed) spaces[end++] = piece;
    else {
      spaces.push(piece);
      end++;
    }
  }
  if (end < listed) spaces.length = end;
  return spaces;
}

/**
 * Space s with its dead mark set to `dead` (-1: live) for the state stamped `owner`: in place when
 * that state owns s, else a copy it owns (other states share s).
 */
export function withDead(s: KeyedSpace, dead: number, owner: number): KeyedSpace {
  if (owner !== 0 && s.owner === owner) {
    s.dead = dead;
    return s;
  }
  return { x0: s.x0, y0: s.y0, z0: s.z0, x1: s.x1, y1: s.y1, z1: s.z1, dead, key: s.key, keyLow: s.keyLow, keyOf: s.keyOf, owner };
}

/** The floor of the piece cut from s on the side. */
function z0Of(s: Space, side: number, bz1: number): number {
  return side === 5 ? bz1 : s.z0;
}

/**
 * Marks the side's pieces that another piece of the side holds (an earlier one, or a later one
 * holding it and more: of equal pieces the first stays) or a kept space touching that side does,
 * on their packed corners (`sideWords`): piece q holds piece i when no field of q's words is above
 * i's, which `((a | GUARD) - b) & GUARD` tells for both fields of a word at once (a field above
 * borrows its guard bit). One branch per pair where six comparisons would mispredict.
 * "Held by an earlier piece, or by a later one that is not equal" orders the pieces strictly, so a
 * piece held by any is held by one no piece holds: each piece is tested only against the pieces
 * so far that none holds (`unheld`), as about half the pieces are held.
 */
function markInsidePacked(side: number): void {
  const n = sideCount[side];
  if (n <= FEW_PIECES) {
    markInsideFew(side);
    return;
  }
  const w = sideWords[side], inside = sideInside[side];
  if (unheld.length < n) unheld = new Int32Array(2 * n);
  const top = unheld;
  let m = 0;
  for (let i = 0, o = 0; i < n; i++, o += 3) {
    const b0 = w[o], b1 = w[o + 1], b2 = w[o + 2];
    const a0 = b0 | GUARD, a1 = b1 | GUARD, a2 = b2 | GUARD;
    let holds = 0;
    for (let k = 0; k < m; k++) {
      const q = top[k];
      const q0 = w[q], q1 = w[q + 1], q2 = w[q + 2];
      // An earlier piece holding it (equal ones too: the first is kept)...
      if (((a0 - q0) & (a1 - q1) & (a2 - q2) & GUARD) === GUARD) {
        holds = 1;
        break;
      }
      // ... else one it holds is held by a later piece, not equal (as it does not hold this one).
      if ((((q0 | GUARD) - b0) & ((q1 | GUARD) - b1) & ((q2 | GUARD) - b2) & GUARD) === GUARD) {
        inside[q / 3] = 1;
        top[k--] = top[--m];
      }
    }
    inside[i] = holds;
    if (holds === 0) top[m++] = o;
  }
  // The pieces no piece holds: held by a kept space touching that side?
  if (touchCount[side] > 0) {
    for (let k = 0; k < m; k++) {
      const i = top[k] / 3;
      if (touchingHolds(side, sideFrom[side][i])) inside[i] = 1;
    }
  }
}

/** Up to this many pieces on a side, each is tested against all the others (`markInsideFew`): keeping the unheld ones costs more there. */
const FEW_PIECES = 8;

/** As `markInsidePacked`, each piece against every other piece of the side (few pieces). */
function markInsideFew(side: number): void {
  const n = sideCount[side];
  const w = sideWords[side], inside = sideInside[side];
  for (let i = 0, o = 0; i < n; i++, o += 3) {
    const a0 = w[o] | GUARD, a1 = w[o + 1] | GUARD, a2 = w[o + 2] | GUARD;
    let holds = 0;
    // An earlier piece holding it (equal spaces: the first one is kept)...
    for (let q = 0; q < o; q += 3) {
      if (((a0 - w[q]) & (a1 - w[q + 1]) & (a2 - w[q + 2]) & GUARD) === GUARD) {
        holds = 1;
        break;
      }
    }
    // ... or a later one holding it and more.
    for (let q = o + 3, end = 3 * n; q < end && holds === 0; q += 3) {
      if (((a0 - w[q]) & (a1 - w[q + 1]) & (a2 - w[q + 2]) & GUARD) === GUARD && (w[q] !== w[o] || w[q + 1] !== w[o + 1] || w[q + 2] !== w[o + 2])) holds = 1;
    }
    if (holds === 0 && touchCount[side] > 0) holds = touchingHolds(side, sideFrom[side][i]) ? 1 : 0;
    inside[i] = holds;
  }
}

/** The word offsets of the pieces no piece so far holds (`markInsidePacked`'s scratch). */
let unheld = new Int32Array(64);

/** As `markInsidePacked`, on the exact corners (`exactCorners`, six a piece) compared one by one. */
function markInsideExact(side: number, b: Float64Array): void {
  const n = sideCount[side];
  const inside = sideInside[side];
  for (let i = 0, o = 0; i < n; i++, o += 6) {
    const x0 = b[o], y0 = b[o + 1], z0 = b[o + 2], x1 = b[o + 3], y1 = b[o + 4], z1 = b[o + 5];
    let holds = 0;
    for (let q = 0; q < o && holds === 0; q += 6) {
      if (b[q] <= x0 && b[q + 1] <= y0 && b[q + 2] <= z0 && b[q + 3] >= x1 && b[q + 4] >= y1 && b[q + 5] >= z1) holds = 1;
    }
    for (let q = o + 6, end = 6 * n; q < end && holds === 0; q += 6) {
      if (b[q] <= x0 && b[q + 1] <= y0 && b[q + 2] <= z0 && b[q + 3] >= x1 && b[q + 4] >= y1 && b[q + 5] >= z1
        && (b[q] !== x0 || b[q + 1] !== y0 || b[q + 2] !== z0 || b[q + 3] !== x1 || b[q + 4] !== y1 || b[q + 5] !== z1)) holds = 1;
    }
    if (holds === 0 && touchCount[side] > 0) holds = touchingHolds(side, sideFrom[side][i]) ? 1 : 0;
    inside[i] = holds;
  }
}

/** A kept space touching the box on the side holds the piece cut there from s. */
function touchingHolds(side: number, s: Space): boolean {
  const x0 = side === 1 ? cutX1 : s.x0, y0 = side === 3 ? cutY1 : s.y0, z0 = side === 5 ? cutZ1 : s.z0;
  const x1 = side === 0 ? cutX0 : s.x1, y1 = side === 2 ? cutY0 : s.y1, z1 = side === 4 ? cutZ0 : s.z1;
  const touching = touchingBySide[side];
  for (let k = 0, end = touchCount[side]; k < end; k++) {
    const t = touching[k];
    if (t.x0 <= x0 && t.y0 <= y0 && t.z0 <= z0 && t.x1 >= x1 && t.y1 >= y1 && t.z1 >= z1) return true;
  }
  return false;
}

/**
 * A packed word: two 14-bit fields at bits 0 and 15, each with a guard bit above it (14, 29), so
 * no difference leaves the int32 range. Fields hold 0..FIELD_MAX (mm: up to 16.38 m); an upper
 * corner is packed as FIELD_MAX less it, so holding is "no field above" on every field.
 */
const GUARD = (1 << 29) | (1 << 14);
const FIELD_MAX = 0x3fff;

/** This carve's box (`touchingHolds`). */
let cutX0 = 0, cutY0 = 0, cutZ0 = 0, cutX1 = 0, cutY1 = 0, cutZ1 = 0;

/** Every corner of this carve's box and cut spaces is a whole number in [0, FIELD_MAX] (so `sideWords` packs them exactly). */
let packable = true;

/** v is a whole number in [0, FIELD_MAX]. */
function fits(v: number): boolean {
  return (v & FIELD_MAX) === v;
}

/** The side's pieces' exact corners, from the spaces they were cut from and the box (`packable` false: rare). */
function exactCorners(side: number): Float64Array {
  const n = sideCount[side], out = new Float64Array(6 * n);
  for (let i = 0; i < n; i++) {
    const s = sideFrom[side][i];
    out[6 * i] = side === 1 ? cutX1 : s.x0; out[6 * i + 1] = side === 3 ? cutY1 : s.y0; out[6 * i + 2] = side === 5 ? cutZ1 : s.z0;
    out[6 * i + 3] = side === 0 ? cutX0 : s.x1; out[6 * i + 4] = side === 2 ? cutY0 : s.y1; out[6 * i + 5] = side === 4 ? cutZ0 : s.z1;
  }
  return out;
}

function addPiece(s: Space, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, side: number): void {
  const k = sideCount[side]++;
  if (3 * (k + 1) > sideWords[side].length) {
    const grown = new Int32Array(2 * sideWords[side].length);
    grown.set(sideWords[side]);
    sideWords[side] = grown;
    sideInside[side] = new Uint8Array(grown.length / 3);
  }
  // Two fields a word (meaningless where `packable` is false: then only the exact corners are read).
  const w = sideWords[side], o = 3 * k;
  w[o] = (x0 << 15) | y0; w[o + 1] = (z0 << 15) | (FIELD_MAX - x1); w[o + 2] = ((FIELD_MAX - y1) << 15) | (FIELD_MAX - z1);
  sideFrom[side][k] = s;
  orderSide[pieces] = side;
  orderIndex[pieces++] = k;
}

export function contains(a: Space, b: Space): boolean {
  return a.x0 <= b.x0 && a.y0 <= b.y0 && a.z0 <= b.z0 && a.x1 >= b.x1 && a.y1 >= b.y1 && a.z1 >= b.z1;
}
