// Platform columns: a crate (or another non-stackable piece too wide for one pallet) on a
// single layer of several stackable pieces of one line, whose top is one flat face. Such
// crates otherwise stand on the floor (mixed sea cargo, 1,000 pieces: 32 of 37) with the
// room above them lost, since no single pallet carries their whole base.
import type { Block, Item } from '../model.ts';
import type { UnitSpec } from './state.ts';

/**
 * Least share of the platform's top the piece on it covers. The stackable pallets' tops are
 * all taken (by non-stackable pallets, mostly): a crate that leaves a platform's top half
 * bare costs more floor than it saves (80 % of the column's box: sea 5,000 pieces 161 -> 163
 * Units over seeds 7, 3, 11; 90 % cover: 161 -> 160).
 */
const MIN_COVER = 0.9;
/** Bounds the platform columns per phase. */
const MAX_PLATFORMS = 200;

/**
 * Columns of a non-stackable block on a single layer of 2+ stackable pieces of one line,
 * where the top is too wide for one of those pieces (the ordinary columns take the rest).
 * `column(lower, upper)` makes the block (upper at the lower's corner, wholly supported).
 */
export function platformBlocks(
  simple: Block[], n: number, items: Item[], counts: ArrayLike<number>, spec: UnitSpec, column: (a: Block, b: Block) => Block,
): Block[] {
  // Single layers of the pieces left, not fragile: non-stackable ones the tops, stackable ones of 2+ pieces platforms.
  const tops: Block[] = [], platforms: Block[] = [];
  for (let k = 0; k < n; k++) {
    const b = simple[k];
    if (b.group >= 0 || b.pieces || b.parts || b.nz !== 1 || b.count > counts[b.item] || items[b.item].fragile) continue;
    if (!items[b.item].stackable) tops.push(b);
    else if (b.count > 1) platforms.push(b);
  }
  const out: Block[] = [];
  if (tops.length === 0) return out;
  for (const a of platforms) {
    const pieceDx = a.dx / a.nx, pieceDy = a.dy / a.ny;
    const least = MIN_COVER * a.dx * a.dy;
    for (const b of tops) {
      if (b.dx > a.dx || b.dy > a.dy || (b.dx <= pieceDx && b.dy <= pieceDy)) continue;
      if (a.dz + b.dz > spec.H || b.dx * b.dy < least) continue;
      out.push(column(a, b));
      if (out.length >= MAX_PLATFORMS) return out;
    }
  }
  return out;
}
