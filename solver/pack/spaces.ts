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
  const fresh: Space[] = [];
  for (const s of spaces) {
    if (s.x1 <= bx0 || s.x0 >= bx1 || s.y1 <= by0 || s.y0 >= by1 || s.z1 <= bz0 || s.z0 >= bz1) {
      keep.push(s);
      continue;
    }
    if (bx0 - s.x0 >= minDim) fresh.push({ ...s, x1: bx0 });
    if (s.x1 - bx1 >= minDim) fresh.push({ ...s, x0: bx1 });
    if (by0 - s.y0 >= minDim) fresh.push({ ...s, y1: by0 });
    if (s.y1 - by1 >= minDim) fresh.push({ ...s, y0: by1 });
    if (bz0 - s.z0 >= minDim) fresh.push({ ...s, z1: bz0 });
    if (s.z1 - bz1 >= minDim) fresh.push({ ...s, z0: bz1 });
  }
  for (let i = 0; i < fresh.length; i++) {
    const f = fresh[i];
    let inside = false;
    for (let j = 0; j < fresh.length && !inside; j++) {
      if (j === i) continue;
      const g = fresh[j];
      // Equal spaces: keep the first one only.
      if (contains(g, f) && (!contains(f, g) || j < i)) inside = true;
    }
    for (let j = 0; j < keep.length && !inside; j++) if (contains(keep[j], f)) inside = true;
    if (!inside) keep.push(f);
  }
  return keep;
}

export function contains(a: Space, b: Space): boolean {
  return a.x0 <= b.x0 && a.y0 <= b.y0 && a.z0 <= b.z0 && a.x1 >= b.x1 && a.y1 >= b.y1 && a.z1 >= b.z1;
}
