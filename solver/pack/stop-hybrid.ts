// Stops without blocking where the Stops packed as one saved a Unit (fleet/orders.ts
// `OTHER_PLANS`): there every Unit mixes every Stop and most pieces end up `stop-blocked`.
// The saving comes from the last Units, where the plan by Stops is left with one Stop's
// crates and pallets and no other Stop's cargo to fill round them. So keep the first Units of
// the plan by Stops as they are and pack only the rest as one into the other Units of the count,
// for every number of such Units and each merged order. The best by the earlier objectives
// (nothing more Unloaded, no more Units, no more equipment volume) is kept, then the one that
// blocks fewest pieces; the merged plan itself unless one is as good and blocks fewer.
import type { Prepared } from '../prepare.ts';
import type { Ticker } from '../ticker.ts';
import type { Fleet, FleetPlan, PlannedUnit } from './fleet.ts';
import { OTHER_PLANS, type EntryOrder } from './fleet/orders.ts';
import { cargoOfUnits } from './fleet/shrink-tail.ts';
import type { PlanOrder } from './stop-split.ts';

/**
 * The first Units of `byStops` with the rest packed as one: of all such plans the best by the earlier
 * objectives, then the one blocking fewest pieces (the most Units by Stops first on ties); `plan` if none is better.
 */
export function stopsMergedLast(
  fleet: Fleet, prep: Prepared, byStops: FleetPlan, plan: FleetPlan, deadline: number, ticker: Ticker, order: PlanOrder,
  blocked: (p: FleetPlan) => number,
): FleetPlan {
  if (plan.units.some((u) => u.fixedUnit >= 0) || byStops.units.some((u) => u.fixedUnit >= 0)) return plan;
  const target = plan.units.length;
  const variants = OTHER_PLANS.filter((r) => r.stopsMerged);
  const fleets = new Map<EntryOrder, Fleet>();
  const sorted = [...byStops.units].sort((a, b) => a.index - b.index);
  // Every k and order is tried (about 0.5 s at 1,000 pieces on the CPU clock): a plan with less
  // equipment volume at a smaller k ranks before one as good at a larger k that blocks fewer.
  let best = plan;
  let fewest = blocked(plan);
  for (let k = Math.min(target, sorted.length) - 1; k >= 1; k--) {
    const kept = sorted.slice(0, k);
    const { left, groups } = cargoLeft(fleet, prep, kept);
    for (const { order: entries, phaseItems, blockOrder } of variants) {
      if (ticker.now() >= deadline) return best;
      let merged = fleets.get(entries);
      if (!merged) fleets.set(entries, (merged = fleet.reordered(entries, true)));
      const rest = merged.packNew(left, groups, kept, target - k, { beam: false, sliceMs: 0, deadline: 0, phaseItems, blockOrder });
      if (!rest) continue;
      const units: PlannedUnit[] = [...kept, ...rest.map((u, i) => ({ ...u, index: k + i }))];
      const after = cargoLeft(fleet, prep, units);
      const candidate: FleetPlan = { units, left: after.left, groupsLeft: after.groups, stoppedBy: 'done' };
      const by = order(candidate, best);
      if (by > 0) continue;
      const n = blocked(candidate);
      if (by < 0 || n < fewest) {
        best = candidate;
        fewest = n;
      }
    }
  }
  return best;
}

/** The cargo the Units leave: every piece less what they hold, and the groups none holds. */
function cargoLeft(fleet: Fleet, prep: Prepared, units: PlannedUnit[]): { left: number[]; groups: Set<number> } {
  const held = cargoOfUnits(fleet, units);
  const left = prep.counts.map((n, i) => n - held.left[i]);
  const groups = new Set<number>();
  prep.groups.forEach((members, g) => {
    if (held.groups.has(g)) for (const i of members) left[i] = 0;
    else if (members.some((i) => left[i] > 0)) groups.add(g);
  });
  return { left, groups };
}
