// Blocks of identical pieces: nx * ny * nz copies in one orientation (block building).
import type { Block, Item } from '../model.ts';
import type { Orientation } from '../types.ts';
import { placedDims, placedSide } from '../orientation.ts';
import type { UnitSpec } from './state.ts';

/** Caps the blocks of one item so a huge count cannot blow up the candidate list. */
export const MAX_BLOCKS_PER_ITEM = 400;

/**
 * Every block of up to `count` pieces of the item that fits the Unit. Non-stackable and
 * fragile pieces form single layers (nothing may stand on them inside the block either).
 */
export function simpleBlocks(item: Item, count: number, orientations: Orientation[], spec: UnitSpec): Block[] {
  const out: Block[] = [];
  // Extents already made (by another orientation): one number per extents where whole millimetres
  // below 2^17 make it exact (no string per block), else a string.
  const seen = new Set<number | string>();
  const whole = Number.isInteger(item.l) && Number.isInteger(item.w) && Number.isInteger(item.h) && Math.max(spec.L, spec.W, spec.H) < KEY_SIDE;
  for (const rotation of orientations) {
    const [a, b, c] = placedDims(item.l, item.w, item.h, rotation);
    if (a > spec.L || b > spec.W || c > spec.H) continue;
    const maxNz = !item.stackable || item.fragile ? 1 : Math.floor(spec.H / c);
    const maxNy = Math.floor(spec.W / b);
    const maxNx = Math.floor(spec.L / a);
    for (let nz = 1; nz <= Math.min(maxNz, count); nz++) {
      for (let ny = 1; ny <= Math.min(maxNy, Math.floor(count / nz)); ny++) {
        for (let nx = 1; nx <= Math.min(maxNx, Math.floor(count / (nz * ny))); nx++) {
          const key = whole ? (a * nx * KEY_SIDE + b * ny) * KEY_SIDE + c * nz : `${a * nx},${b * ny},${c * nz}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const n = nx * ny * nz;
          out.push({
            dx: a * nx, dy: b * ny, dz: c * nz, volume: item.volume * n, weight: item.weight * n,
            item: item.index, rotation, nx, ny, nz, count: n, group: -1, pieces: null, parts: undefined, need: undefined, flat: undefined, fullSupport: undefined,
          });
        }
      }
    }
  }
  if (out.length <= MAX_BLOCKS_PER_ITEM) return out;
  // Keep the single pieces and the biggest blocks.
  out.sort(byVolume);
  const singles = out.filter((b) => b.count === 1);
  return [...out.filter((b) => b.count > 1).slice(0, MAX_BLOCKS_PER_ITEM - singles.length), ...singles];
}

/** Extents below this (mm) pack three to a number exactly (2^51 < 2^53). */
const KEY_SIDE = 2 ** 17;

/** Bigger blocks first; among equals the flatter one (keeps the top usable). */
export function byVolume(a: Block, b: Block): number {
  return volumeOrder(a.volume, a.dz, a.dx, b.volume, b.dz, b.dx);
}

/** `byVolume` on figures (a shrunk list compares its kept blocks by their copied figures). */
export function volumeOrder(av: number, adz: number, adx: number, bv: number, bdz: number, bdx: number): number {
  return bv - av || adz - bdz || bdx - adx;
}

/**
 * Wall building (several Stops): the block covering most of the cross-section first, so
 * each Stop fills whole slices of the Unit before the next one starts nearer the door.
 */
export function byCrossSection(a: Block, b: Block): number {
  return sectionOrder(a.dy, a.dz, a.volume, a.dx, b.dy, b.dz, b.volume, b.dx);
}

/** `byCrossSection` on figures (see `volumeOrder`). */
export function sectionOrder(ady: number, adz: number, av: number, adx: number, bdy: number, bdz: number, bv: number, bdx: number): number {
  return bdy * bdz - ady * adz || bv - av || adx - bdx;
}

/** Orientations of the item that pass through one of the Unit's openings. */
export function doorOrientations(
  item: Item,
  openings: readonly string[],
  doorWidth: number,
  doorHeight: number,
): Orientation[] {
  // Plain loops and no extents arrays: this runs for every item and row of a big fleet.
  const out: Orientation[] = [];
  for (const o of item.orientations) {
    const w = placedSide(item.l, item.w, item.h, o[1]), h = placedSide(item.l, item.w, item.h, o[2]);
    for (const op of openings) {
      if (op === 'top' || (op === 'side' && h <= doorHeight) || (op === 'rear' && w <= doorWidth && h <= doorHeight)) {
        out.push(o);
        break;
      }
    }
  }
  return out;
}
