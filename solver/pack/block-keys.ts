// The set of block shapes a general-block list holds: extents, packing area and pieces taken.
// Keyed by a number (a text key per block cost more than the pair tests at 100 box types).

/** A rectangle of a block's top (x0, y0, x1, y1), or null. */
type Area = readonly number[] | null;
type Need = readonly (readonly number[])[];

interface Key {
  dx: number;
  dy: number;
  dz: number;
  area: Area;
  need: Need;
}

export class BlockKeys {
  private readonly byHash = new Map<number, Key[]>();

  /** Adds the shape unless held already: whether it was new. */
  add(dx: number, dy: number, dz: number, area: Area, need: Need): boolean {
    const h = hashOf(dx, dy, dz, area, need);
    const list = this.byHash.get(h);
    if (!list) {
      this.byHash.set(h, [{ dx, dy, dz, area, need }]);
      return true;
    }
    for (const k of list) if (k.dx === dx && k.dy === dy && k.dz === dz && sameArea(k.area, area) && sameNeed(k.need, need)) return false;
    list.push({ dx, dy, dz, area, need });
    return true;
  }
}

function mix(h: number, x: number): number {
  return Math.imul(h ^ (x | 0) ^ ((x * 1024) | 0), 0x9e3779b1) >>> 0;
}

function hashOf(dx: number, dy: number, dz: number, area: Area, need: Need): number {
  let h = mix(mix(mix(7, dx), dy), dz);
  if (area) for (let k = 0; k < 4; k++) h = mix(h, area[k]);
  for (let k = 0; k < need.length; k++) h = mix(mix(h, need[k][0]), need[k][1]);
  return h;
}

function sameArea(a: Area, b: Area): boolean {
  if (a === null || b === null) return a === b;
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}

function sameNeed(a: Need, b: Need): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k][0] !== b[k][0] || a[k][1] !== b[k][1]) return false;
  return true;
}
