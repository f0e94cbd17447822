// Packing orders within a Stop. The fleet fills Unit by Unit in one order (bigger first); with
// several Stops the moves between Units mostly do not apply (a piece moved into another Unit
// may land in front of an earlier Stop), so an improvement also plans the fleet again in other
// orders and phase widths and keeps the plan of fewest Units (fewer-units.ts). Each order changes
// which Unit a Stop's awkward pieces (crates, pieces nothing may stand on, the heaviest) go to: on
// mixed cargo the one order that is best differs from instance to instance.
import type { Item } from '../../model.ts';

export type EntryOrder = 'volume' | 'crates-first' | 'not-stackable-first' | 'heaviest-first';

/**
 * One more greedy plan of the fleet: a packing order, item types per phase (default: the first
 * plan's) and the blocks' order within a Unit (default: the row's, by cross-section).
 */
export interface Replan {
  order: EntryOrder;
  phaseItems?: number;
  blockOrder?: 'volume';
  /** Every Stop in one run, as if the cargo had none: Units rank before the unloading order. */
  stopsMerged?: boolean;
}

/**
 * The other plans, in the order they are tried while time is left. Narrower phases change which
 * lines share a phase (columns and platforms pair within one): on sea cargo of 5,000 pieces,
 * seeds 1-10, phases of 40 or 60 types gave one Unit fewer than every order at 80 on 5 of 10.
 * Blocks taken biggest by volume first rather than by cross-section change which pieces end
 * each Unit's wall: first plans at 5,000 pieces, seeds 1-13 sea and 1-8 road, the best of the
 * eleven plans at cross-section order was beaten by one of these on 6 of 21 (one Unit each), so
 * four of them go first. At 5,000 pieces with a 5 s budget all sixteen fit (sea seed 7: 2.6 of
 * the 3.7 s fewerUnits gets), so the order matters only on slower machines. Phases of 30
 * come late (they fit the time at 1,000 pieces, 30-150 ms a plan, where the orders alone seldom
 * change a phase: seeds 1-10, one Unit fewer on 2 of 20).
 * First, the Stops packed as one: the last Units of a plan by Stops hold one Stop's crates and
 * pallets nothing may stand on, with no carrier of another Stop left to lift them; mixed, they
 * share Units with those carriers (sea 1,000 pieces, seeds 1-30: 353 -> 337 Units in first
 * plans, none more; the best of three such orders 353 -> 329). Such a plan is kept only with
 * fewer Units (they rank before the unloading order), and many pieces are then stop-blocked:
 * the Stops stage that follows works on them.
 */
export const OTHER_PLANS: readonly Replan[] = [
  { order: 'volume', stopsMerged: true },
  { order: 'not-stackable-first', stopsMerged: true },
  { order: 'volume', phaseItems: 60, stopsMerged: true },
  { order: 'volume', phaseItems: 60, blockOrder: 'volume' },
  { order: 'not-stackable-first', blockOrder: 'volume' },
  { order: 'crates-first', phaseItems: 60, blockOrder: 'volume' },
  { order: 'crates-first', blockOrder: 'volume' },
  { order: 'volume', phaseItems: 60 },
  { order: 'not-stackable-first', phaseItems: 60 },
  { order: 'crates-first', phaseItems: 60 },
  { order: 'not-stackable-first', phaseItems: 40 },
  { order: 'volume', phaseItems: 40 },
  { order: 'crates-first' },
  { order: 'not-stackable-first' },
  { order: 'crates-first', phaseItems: 40 },
  { order: 'volume', phaseItems: 30 },
  { order: 'crates-first', phaseItems: 30 },
  { order: 'not-stackable-first', phaseItems: 30 },
  { order: 'heaviest-first' },
];

/**
 * What goes first within a Stop under `order` (lower first; ties by volume, bigger first).
 * `members`: the items of a keep-together group (with their counts), or one item once.
 */
export function orderKey(order: EntryOrder, items: Item[], members: { item: number; count: number }[]): number {
  switch (order) {
    case 'volume':
      return 0;
    // Crates: nothing may stand on them and they need their whole base carried (the floor, mostly).
    case 'crates-first':
      return members.some(({ item }) => isCrate(items[item])) ? -1 : 0;
    case 'not-stackable-first':
      return members.some(({ item }) => !items[item].stackable) ? -1 : 0;
    case 'heaviest-first':
      return -members.reduce((a, { item, count }) => a + items[item].weight * count, 0);
  }
}

function isCrate(it: Item): boolean {
  return !it.stackable && it.supportPermille >= 1000;
}
