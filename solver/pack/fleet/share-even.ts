// Sharing every item out evenly over the Units. Filled one after another from all the cargo,
// the first Units take the mix of box types that packs best and the last ones are left with
// one or two types that fit the Unit poorly (few box types, one container type: later Units
// at 70-77 % of volume where the first reach 93 %). Here each Unit is offered only its share
// of each item still left (its count over the Units still to fill, a quarter more, rounded
// up), so every Unit packs a mix; what none takes is topped up afterwards by the caller.
import type { Ticker } from '../../ticker.ts';
import type { EquipmentView } from '../equipment-view.ts';
import type { Fleet, FleetMode, PlannedUnit } from '../fleet.ts';
import { PackState } from '../state.ts';
import type { Cargo } from './shrink-tail.ts';

/**
 * How much more than its even share of an item a Unit is offered: room to take more of the
 * types that fit it well (on 8 problems of few box types, exact shares gave one Unit fewer on
 * none of them, a quarter more on two).
 */
const SLACK = 1.25;
/**
 * Share of the cargo volume the first Unit may be offered at most for even shares to differ
 * from the Unit-by-Unit fill (cargo of lines of one piece each is offered whole: the same
 * fill again); two Units offer about 63 % of each item.
 */
const MAX_FIRST_OFFER = 0.75;

/** Whether even shares over `units` Units hold enough of the cargo back from the first one to be worth a fill. */
export function sharesHoldBack(fleet: Fleet, cargo: Cargo, units: number): boolean {
  let all = 0, offered = 0;
  cargo.left.forEach((c, i) => {
    all += c * fleet.items[i].volume;
    offered += evenShare(c, units) * fleet.items[i].volume;
  });
  return all > 0 && offered <= MAX_FIRST_OFFER * all;
}

/** Each Unit's part of an item: its even share of what is left and SLACK more, rounded up. */
export function evenShare(left: number, unitsToFill: number): number {
  return Math.min(left, Math.ceil((left * SLACK) / unitsToFill));
}

/**
 * Fills one Unit per view, in order, each offered its even share of every item still left
 * and every group, by a beam search on an equal part of the time left (the plain greedy
 * of the same offers never took all the cargo in the measured runs). Returns the Units and
 * what none of them took.
 */
export function shareEven(fleet: Fleet, views: EquipmentView[], cargo: Cargo, deadline: number, ticker: Ticker): { units: PlannedUnit[]; rest: Cargo } {
  const left = cargo.left.slice();
  const groups = new Set(cargo.groups);
  const units: PlannedUnit[] = [];
  for (let u = 0; u < views.length; u++) {
    ticker.poll();
    const n = views.length - u;
    const offer = left.map((c) => evenShare(c, n));
    const view = views[u];
    const mode: FleetMode = { beam: true, sliceMs: (deadline - ticker.now()) / n, deadline };
    const state = fleet.fill(view, new PackState(view.spec, fleet.itemCount), offer, new Set(groups), mode);
    state.used.forEach((c, i) => (left[i] -= c));
    for (const g of state.groupsUsed) {
      groups.delete(g);
      for (const i of fleet.groupMembers(g)) left[i] = 0;
    }
    units.push({ index: -1, view, state, fixedUnit: -1 });
  }
  return { units, rest: { left, groups } };
}
