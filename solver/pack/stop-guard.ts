// Stop order inside one Unit while it is packed: a block may not go where cargo unloaded
// after it (a later Stop, or no Stop) already lies above it or in front of it on the way
// out, nor where it would itself lie above or in front of cargo unloaded before it.
// This is the `stop-blocked` advisory's rule (advisories/stops.ts) asked of one block.
import type { Block, Item, PlacedBlock } from '../model.ts';
import type { Opening } from '../types.ts';
import type { PackState } from './state.ts';

/** Lets a block stand at (x, y, z) or refuses it (see `UnitProblem.admits`). */
export type Admits = (state: PackState, block: Block, x: number, y: number, z: number) => boolean;

/**
 * The guard for a Unit with these openings: through the rear door cargo leaves along +x,
 * so a later-unloaded block wholly nearer the door that shares the y/z face blocks; with a
 * top opening only cargo above blocks; side doors alone are judged on cargo above (which
 * side opens is not known).
 */
export function stopGuard(items: Item[], openings: readonly Opening[]): Admits {
  const rank = new WeakMap<Block, number>();
  const rankOf = (b: Block): number => {
    let r = rank.get(b);
    if (r === undefined) {
      r = blockRank(items, b);
      rank.set(b, r);
    }
    return r;
  };
  const viaRear = !openings.includes('top') && openings.includes('rear');
  return (state, block, x, y, z) => {
    const r = rankOf(block);
    const x1 = x + block.dx, y1 = y + block.dy, z1 = z + block.dz;
    const placed: PlacedBlock[] = state.placed;
    for (let k = 0; k < placed.length; k++) {
      const p = placed[k];
      const pr = rankOf(p.block);
      if (pr === r) continue;
      const px1 = p.x + p.block.dx, py1 = p.y + p.block.dy, pz1 = p.z + p.block.dz;
      const xs = p.x < x1 && x < px1, ys = p.y < y1 && y < py1, zs = p.z < z1 && z < pz1;
      // Unloaded later (lower rank) above or in front of the new block, or the new block
      // above or in front of cargo unloaded earlier (higher rank).
      if (pr < r) {
        if ((p.z >= z1 && xs && ys) || (viaRear && p.x >= x1 && ys && zs)) return false;
      } else if ((z >= pz1 && xs && ys) || (viaRear && x >= px1 && ys && zs)) return false;
    }
    return true;
  };
}

/**
 * The packing rank of a block's pieces (Item.phaseRank: 0 = no Stop, then Stop 99 .. 1):
 * a block mixing ranks (a keep-together group over several Stops) counts as its deepest.
 */
function blockRank(items: Item[], b: Block): number {
  if (b.pieces) return Math.min(...b.pieces.map((p) => items[p.item].phaseRank));
  if (b.parts) return Math.min(...b.parts.map((p) => blockRank(items, p.block)));
  return items[b.item].phaseRank;
}
