// Maximal residual spaces (Lai & Chan; Parreño et al.): every empty cuboid that cannot grow.
import type { Space } from '../model.ts';

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
  // Cut pieces by the side of the box they lie on (0..5: -x, +x, -y, +y, -z, +z).
  const fresh: Space[] = [];
  const sides: number[] = [];
  // Kept spaces touching the box: the only ones that can hold a cut piece (see below).
  const touching: Space[] = [];
  for (const s of spaces) {
    if (s.x1 <= bx0 || s.x0 >= bx1 || s.y1 <= by0 || s.y0 >= by1 || s.z1 <= bz0 || s.z0 >= bz1) {
      keep.push(s);
      if (touches(s, bx0, by0, bz0, bx1, by1, bz1)) touching.push(s);
      continue;
    }
    const { x0, y0, z0, x1, y1, z1, dead } = s;
    if (bx0 - x0 >= minDim) { fresh.push({ x0, y0, z0, x1: bx0, y1, z1, dead }); sides.push(0); }
    if (x1 - bx1 >= minDim) { fresh.push({ x0: bx1, y0, z0, x1, y1, z1, dead }); sides.push(1); }
    if (by0 - y0 >= minDim) { fresh.push({ x0, y0, z0, x1, y1: by0, z1, dead }); sides.push(2); }
    if (y1 - by1 >= minDim) { fresh.push({ x0, y0: by1, z0, x1, y1, z1, dead }); sides.push(3); }
    if (bz0 - z0 >= minDim) { fresh.push({ x0, y0, z0, x1, y1, z1: bz0, dead }); sides.push(4); }
    if (z1 - bz1 >= minDim) { fresh.push({ x0, y0, z0: bz1, x1, y1, z1, dead }); sides.push(5); }
  }
  // A cut piece reaches the box's face on its side across part of the box's other two
  // extents; a space holding it without cutting the box must end at that face too: a kept
  // space touching the box, or a piece cut on the same side.
  for (let i = 0; i < fresh.length; i++) {
    const f = fresh[i];
    let inside = false;
    for (let j = 0; j < fresh.length && !inside; j++) {
      if (j === i || sides[j] !== sides[i]) continue;
      const g = fresh[j];
      // Equal spaces: keep the first one only.
      if (contains(g, f) && (!contains(f, g) || j < i)) inside = true;
    }
    for (let j = 0; j < touching.length && !inside; j++) if (contains(touching[j], f)) inside = true;
    if (!inside) keep.push(f);
  }
  return keep;
}

/** The space shares part of a face with the box (it does not cut it). */
function touches(s: Space, bx0: number, by0: number, bz0: number, bx1: number, by1: number, bz1: number): boolean {
  const ox = s.x1 > bx0 && s.x0 < bx1, oy = s.y1 > by0 && s.y0 < by1, oz = s.z1 > bz0 && s.z0 < bz1;
  if (oy && oz && (s.x1 === bx0 || s.x0 === bx1)) return true;
  if (ox && oz && (s.y1 === by0 || s.y0 === by1)) return true;
  return ox && oy && (s.z1 === bz0 || s.z0 === bz1);
}

export function contains(a: Space, b: Space): boolean {
  return a.x0 <= b.x0 && a.y0 <= b.y0 && a.z0 <= b.z0 && a.x1 >= b.x1 && a.y1 >= b.y1 && a.z1 >= b.z1;
}
