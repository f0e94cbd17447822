// Column blocks: one block of one line standing on a block of another line, together
// nearly filling their box. Cargo of many small lines (1-3 pallets each) otherwise covers
// the floor with single pallets whose headroom no other pallet fits; a column pairs a
// short pallet with a taller one (a non-stackable piece may go on top).
import type { Block, Item } from '../model.ts';
import type { UnitSpec } from './state.ts';

/** Least share of the column's box the two blocks fill. */
const MIN_FILL = 0.9;
/** Bounds the work per phase (pairs checked, columns kept). */
const MAX_PAIRS = 40_000;
const MAX_COLUMNS = 600;

/**
 * Columns of `upper` on `lower`, upper inside lower's footprint at its corner (so wholly
 * supported). The lower block carries (stackable, not fragile); the upper one is not fragile.
 */
export function columnBlocks(simple: Block[], items: Item[], counts: ArrayLike<number>, spec: UnitSpec): Block[] {
  // Single layers only (a stack of one line is a simple block already), tall enough that
  // two of them reach well up the Unit.
  const plain = simple.filter((b) => b.group < 0 && !b.pieces && !b.parts && b.nz === 1 && 4 * b.dz >= spec.H && !items[b.item].fragile);
  const lowers = plain.filter((b) => items[b.item].stackable);
  // A column must reach higher than the lower line's own stack (lines of many pieces
  // stack with themselves; columns are for the short lines).
  const ownStack = (b: Block) => Math.min(counts[b.item], Math.floor(spec.H / b.dz)) * b.dz;
  const out: Block[] = [];
  let pairs = 0;
  for (const a of lowers) {
    for (const b of plain) {
      if (++pairs > MAX_PAIRS || out.length >= MAX_COLUMNS) return out;
      if (b.item === a.item || b.dx > a.dx || b.dy > a.dy || a.dz + b.dz > spec.H || a.dz + b.dz <= ownStack(a)) continue;
      const volume = a.volume + b.volume;
      if (volume < MIN_FILL * a.dx * a.dy * (a.dz + b.dz)) continue;
      if (a.count > counts[a.item] || b.count > counts[b.item]) continue;
      out.push(column(a, b, items));
    }
  }
  return out;
}

function column(a: Block, b: Block, items: Item[]): Block {
  return {
    dx: a.dx, dy: a.dy, dz: a.dz + b.dz, volume: a.volume + b.volume, weight: a.weight + b.weight,
    item: -1, rotation: 'LWH', nx: 1, ny: 1, nz: 1, count: a.count + b.count, group: -1, pieces: null,
    parts: [{ block: a, x: 0, y: 0, z: 0 }, { block: b, x: 0, y: 0, z: a.dz }],
    need: [[a.item, a.count], [b.item, b.count]].sort((p, q) => p[0] - q[0]) as [number, number][],
    flat: b.dx === a.dx && b.dy === a.dy && items[b.item].stackable,
  };
}
