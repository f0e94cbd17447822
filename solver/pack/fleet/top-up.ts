// Greedy top-ups: cargo put into loaded Units' free room, one Unit at a time in a given order.
import type { Ticker } from '../../ticker.ts';
import type { Fleet, PlannedUnit } from '../fleet.ts';
import { reopen } from './reopen.ts';
import { type Cargo, isEmpty } from './shrink-tail.ts';

/**
 * Tops up `units` in their order (each from its state in `changed` where it changed), under the
 * Stop guard or not; `cargo` keeps what no room takes and `changed` every Unit topped up. Stops
 * when all went or at `deadline` (Infinity: the clock is not read, for a caller that bounds the work).
 */
export function topUpUnits(
  fleet: Fleet, units: PlannedUnit[], changed: Map<PlannedUnit, PlannedUnit>, cargo: Cargo, stopGuard: boolean, deadline: number, ticker: Ticker,
): void {
  for (const u of units) {
    if (isEmpty(cargo.left, cargo.groups) || (deadline < Infinity && ticker.now() >= deadline)) return;
    const at = changed.get(u) ?? u;
    const root = reopen(at.state);
    const remaining = cargo.left.map((n, i) => n + root.used[i]);
    const state = fleet.fill(u.view, root, cargo.left.slice(), new Set(cargo.groups), { beam: false, sliceMs: 0, deadline: 0, stopGuard }, remaining);
    if (state.placed.length === at.state.placed.length) continue;
    state.used.forEach((n, i) => (cargo.left[i] -= n - at.state.used[i]));
    // A group's members count in `used` but not in `left` (the group set carries them).
    for (const g of state.groupsUsed) {
      if (!cargo.groups.delete(g)) continue;
      for (const i of fleet.groupMembers(g)) cargo.left[i] = 0;
    }
    changed.set(u, { ...u, state });
  }
}

/**
 * Greedy top-ups of `units` (their states in `changed` where changed), most free room first: under
 * the Stop guard, then what no guarded room takes without it. `cargo` keeps what is left.
 */
export function topUpRoomiestFirst(fleet: Fleet, units: PlannedUnit[], changed: Map<PlannedUnit, PlannedUnit>, cargo: Cargo, deadline: number, ticker: Ticker): void {
  const room = (u: PlannedUnit) => u.view.volume - (changed.get(u) ?? u).state.volume;
  const order = [...units].sort((a, b) => room(b) - room(a) || a.index - b.index);
  for (const stopGuard of [true, false]) topUpUnits(fleet, order, changed, cargo, stopGuard, deadline, ticker);
}
