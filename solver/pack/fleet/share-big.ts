// Sharing the big pieces over the Units. Filled one after another from all the cargo, the
// first Units take the big pieces and the last ones are left with small pieces of many
// heights, which fill a Unit poorly under full support. Here each Unit is offered its part
// of the big pieces still left (every n-th in volume order, n the Units still to fill) and
// all the small ones, so every Unit has big pieces to build on and fillers to complete it.
import type { Ticker } from '../../ticker.ts';
import type { Fleet, FleetMode, PlannedUnit } from '../fleet.ts';
import type { EquipmentView } from '../equipment-view.ts';
import { PackState } from '../state.ts';
import type { Cargo } from './shrink-tail.ts';

/** The biggest pieces making up this share of the cargo volume are dealt out; the rest is offered to every Unit. */
export const BIG_SHARE = 0.5;

/** One piece (or a whole group) to deal out. */
interface Big {
  item: number;
  group: number;
}

/**
 * Fills one Unit per view, in order, with its part of the big pieces and every small one;
 * returns the Units and what none of them took.
 */
export function shareBig(fleet: Fleet, views: EquipmentView[], cargo: Cargo, deadline: number, ticker: Ticker): { units: PlannedUnit[]; rest: Cargo } {
  const left = cargo.left.slice();
  const groups = new Set(cargo.groups);
  const big = bigPieces(fleet, cargo);
  const units: PlannedUnit[] = [];
  for (let u = 0; u < views.length; u++) {
    const n = views.length - u;
    // Every n-th big piece still left (the biggest first) is this Unit's; the others are held back.
    const offer = left.slice();
    const offerGroups = new Set(groups);
    const others = big.filter((_, k) => k % n !== 0);
    for (const b of others) {
      if (b.group >= 0) offerGroups.delete(b.group);
      else offer[b.item]--;
    }
    const view = views[u];
    const mode: FleetMode = { beam: true, sliceMs: (deadline - ticker.now()) / (n + 1), deadline };
    const state = ticker.now() < deadline
      ? fleet.fill(view, new PackState(view.spec, fleet.itemCount), offer, offerGroups, mode)
      : new PackState(view.spec, fleet.itemCount);
    state.used.forEach((c, i) => (left[i] -= c));
    for (const g of state.groupsUsed) {
      groups.delete(g);
      for (const i of fleet.groupMembers(g)) left[i] = 0;
    }
    units.push({ index: -1, view, state, fixedUnit: -1 });
    // Placed pieces leave the big list (pieces of one item are alike: as many as are left stay).
    big.splice(0, big.length, ...stillLeft(big, left, groups));
  }
  return { units, rest: { left, groups } };
}

function stillLeft(big: Big[], left: number[], groups: Set<number>): Big[] {
  const seen = new Map<number, number>();
  return big.filter((b) => {
    if (b.group >= 0) return groups.has(b.group);
    const s = (seen.get(b.item) ?? 0) + 1;
    seen.set(b.item, s);
    return s <= left[b.item];
  });
}

/** The biggest pieces (and groups) of the cargo up to BIG_SHARE of its volume, biggest first. */
function bigPieces(fleet: Fleet, cargo: Cargo): Big[] {
  let total = 0;
  cargo.left.forEach((n, i) => (total += n * fleet.items[i].volume));
  const groupVolume = (g: number) => fleet.groupMembers(g).reduce((a, i) => a + fleet.items[i].volume * fleet.counts[i], 0);
  for (const g of cargo.groups) total += groupVolume(g);
  const out: Big[] = [];
  let v = 0;
  for (const e of fleet.byVolume()) {
    if (v >= BIG_SHARE * total) break;
    if (e.group >= 0) {
      if (!cargo.groups.has(e.group)) continue;
      out.push({ item: -1, group: e.group });
      v += groupVolume(e.group);
      continue;
    }
    for (let k = 0; k < cargo.left[e.item] && v < BIG_SHARE * total; k++) {
      out.push({ item: e.item, group: -1 });
      v += fleet.items[e.item].volume;
    }
  }
  return out;
}
