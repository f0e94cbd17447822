// Diagnostic only (scripts/bench/near-spread.ts): measured in session 47 and not used by the solver.
// One near miss spread over several Units' door ends at once. A near miss of 5-12 pieces lacks
// about a whole door end's floor at any single Unit (session 46), so here 2-4 Units give up their
// door ends together: their given-up pieces and the near miss's make one pool, and the door ends
// are filled again one after the other from that pool (each may take any Unit's given-up pieces,
// not only its own), the near miss's pieces dealt out over them first; what no door end takes is
// topped into the other Units' free room. Kept by the caller only when every piece goes.
import type { PlacedBlock } from '../../solver/model.ts';
import type { Ticker } from '../../solver/ticker.ts';
import type { Fleet, PlannedUnit } from '../../solver/pack/fleet.ts';
import type { PackState } from '../../solver/pack/state.ts';
import { reopen } from '../../solver/pack/fleet/reopen.ts';
import { type Cargo, cargoOfBlocks, isEmpty, keptBefore, minDimOf, stateOf } from '../../solver/pack/fleet/shrink-tail.ts';
import { topUpRoomiestFirst } from '../../solver/pack/fleet/top-up.ts';

const GREEDY = { beam: false, sliceMs: 0, deadline: 0 };

/** How the pooled door ends are filled again. */
export type SpreadWay = 'pool' | 'first' | 'dealt';

/**
 * Units `units` (their states in `changed` where changed) give up their door ends past `cut` of
 * their loaded length; the pool of those pieces and `cargo` refills them in order, then what is
 * left is topped into `others` (roomiest first). `pool`: each door end from the whole pool;
 * `first`: each door end from the near miss's pieces left first, then the pool; `dealt`: the near
 * miss's pieces dealt out over the door ends (biggest first, round the Units), each door end from
 * its share first, then the pool. The Units changed and what stays over.
 */
export function spreadRefilled(
  fleet: Fleet, units: PlannedUnit[], others: PlannedUnit[], changed: Map<PlannedUnit, PlannedUnit>, cargo: Cargo, cut: number, way: SpreadWay, ticker: Ticker,
): { trial: Map<PlannedUnit, PlannedUnit>; rest: Cargo } {
  const trial = new Map(changed);
  const pool: Cargo = { left: cargo.left.slice(), groups: new Set(cargo.groups) };
  const roots: { u: PlannedUnit; kept: PlacedBlock[] }[] = [];
  for (const u0 of units) {
    const u = trial.get(u0) ?? u0;
    const length = Math.max(...u.state.placed.map((p) => p.x + p.block.dx));
    const { kept, given } = keptBefore(u.state.placed, Math.floor(length * (1 - cut)));
    const offer = cargoOfBlocks(fleet, given);
    offer.left.forEach((n, i) => (pool.left[i] += n));
    for (const g of offer.groups) pool.groups.add(g);
    roots.push({ u: u0, kept });
  }
  const minDim = minDimOf(fleet, pool);
  // The near miss's own pieces, and their shares per door end when dealt.
  const own: Cargo = { left: cargo.left.map((n) => Math.max(0, n)), groups: new Set(cargo.groups) };
  const shares = way === 'dealt' ? dealt(fleet, own, roots.length) : roots.map(() => own);
  roots.forEach(({ u: u0, kept }, k) => {
    const u = trial.get(u0) ?? u0;
    const root = stateOf(fleet, u.view, kept, minDim);
    const remaining = pool.left.map((n, i) => Math.max(0, n) + root.used[i]);
    let state: PackState = root;
    const take = (from: Cargo) => {
      const left = from.left.map((n, i) => Math.min(Math.max(0, n), Math.max(0, pool.left[i])));
      const groups = new Set([...from.groups].filter((g) => pool.groups.has(g)));
      if (isEmpty(left, groups)) return;
      const before = state.used.slice();
      const next = fleet.fill(u.view, state === root ? root.clone() : reopen(state), left, groups, GREEDY, remaining);
      if (next.placed.length === state.placed.length) return;
      next.used.forEach((n, i) => {
        pool.left[i] -= n - before[i];
        own.left[i] = Math.max(0, own.left[i] - Math.max(0, n - before[i]));
      });
      for (const g of next.groupsUsed) {
        if (!pool.groups.delete(g)) continue;
        own.groups.delete(g);
        for (const i of fleet.groupMembers(g)) pool.left[i] = 0;
      }
      state = next;
    };
    if (way !== 'pool') take(shares[k]);
    take(pool);
    trial.set(u0, { ...u, state });
  });
  const rest: Cargo = { left: pool.left.map((n) => Math.max(0, n)), groups: pool.groups };
  topUpRoomiestFirst(fleet, others.filter((o) => !units.includes(o)), trial, rest, Infinity, ticker);
  return { trial, rest };
}

/** The near miss's pieces dealt out over `n` door ends: groups and pieces biggest first, round the door ends. */
function dealt(fleet: Fleet, own: Cargo, n: number): Cargo[] {
  const out: Cargo[] = Array.from({ length: n }, () => ({ left: new Array<number>(fleet.itemCount).fill(0), groups: new Set<number>() }));
  const parts: { v: number; item: number; group: number }[] = [];
  for (const g of own.groups) parts.push({ v: fleet.groupMembers(g).reduce((a, i) => a + fleet.items[i].volume * fleet.counts[i], 0), item: -1, group: g });
  own.left.forEach((c, i) => {
    for (let k = 0; k < c; k++) parts.push({ v: fleet.items[i].volume, item: i, group: -1 });
  });
  parts.sort((a, b) => b.v - a.v || a.item - b.item || a.group - b.group);
  parts.forEach((p, k) => {
    const c = out[k % n];
    if (p.group >= 0) c.groups.add(p.group);
    else c.left[p.item]++;
  });
  return out;
}
