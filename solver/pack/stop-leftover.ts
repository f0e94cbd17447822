// What a guarded Unit repack leaves over (stop-split.ts), put into the other Units' free room:
// first under the Stop guard (checked both ways, so it blocks nothing there either), then what
// no guarded room takes without it, the repacked Unit first.
import type { Ticker } from '../ticker.ts';
import type { Fleet, PlannedUnit } from './fleet.ts';
import type { Cargo } from './fleet/shrink-tail.ts';
import { topUpUnits } from './fleet/top-up.ts';
import type { PackState } from './state.ts';

export interface Leftover {
  /** The Units changed: the repacked one (`state`) and those topped up. */
  changed: Map<PlannedUnit, PlannedUnit>;
  /** Pieces per item and groups no room took. */
  rest: number[];
  restGroups: Set<number>;
}

/**
 * `u` repacked as `state` from its cargo (`left`, `groups`); `units` the plan's Units. Greedy
 * top-ups of the free Units, emptiest first, until nothing is left or `deadline`.
 */
export function placeLeftover(
  fleet: Fleet, units: PlannedUnit[], u: PlannedUnit, state: PackState, left: number[], groups: Set<number>, deadline: number, ticker: Ticker,
): Leftover {
  const rest = left.map((n, i) => Math.max(0, n - state.used[i]));
  const restGroups = new Set([...groups].filter((g) => !state.groupsUsed.includes(g)));
  const changed = new Map<PlannedUnit, PlannedUnit>([[u, { ...u, state }]]);
  const others = units
    .filter((o) => o !== u && o.fixedUnit < 0)
    .sort((a, b) => b.view.volume - b.state.volume - (a.view.volume - a.state.volume) || a.index - b.index);
  const cargo: Cargo = { left: rest, groups: restGroups };
  const topInto = (list: PlannedUnit[], stopGuard: boolean) => topUpUnits(fleet, list, changed, cargo, stopGuard, deadline, ticker);
  topInto(others, true);
  // What no guarded room takes goes in without the guard, into the repacked Unit first:
  // a few pieces blocked there instead of the many before.
  topInto([u, ...others], false);
  return { changed, rest, restGroups };
}

/** What no room took, as cargo (for `volumeOf` of shrink-tail.ts). */
export function unplaced(o: Leftover): Cargo {
  return { left: o.rest, groups: o.restGroups };
}
