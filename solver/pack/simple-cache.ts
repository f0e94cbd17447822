// The simple blocks of each item per orientation rule (one per equipment row), shared by every
// problem of that row while the item's count stays the same (problem.ts `simpleOf`).
import type { Block, Item } from '../model.ts';
import type { Orientation } from '../types.ts';

export interface SimpleEntry {
  item: Item;
  count: number;
  L: number;
  W: number;
  H: number;
  blocks: Block[];
}

/** Per orientation rule, per item: its simple blocks (built for `count` pieces in an L x W x H Unit). */
export const simpleCache = new WeakMap<(item: number) => Orientation[], Map<number, SimpleEntry>>();

/**
 * The item has no pieces left for the row: its blocks go, and with them the columns made of them
 * (column-blocks.ts keeps columns by block, 100 MB at 20,000 pieces once most lines are loaded).
 * Should its pieces come back (a repack), the blocks are built again, the same.
 */
export function forgetSimple(orientationsOf: (item: number) => Orientation[], item: number): void {
  simpleCache.get(orientationsOf)?.delete(item);
}
