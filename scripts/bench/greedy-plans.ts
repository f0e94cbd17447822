// The fleet's first plan and the other orders' plans (fleet/orders.ts `OTHER_PLANS`, by index), each
// planned greedily as fewerUnits plans them: what the near-miss diagnostics look at.
import type { Fleet, FleetPlan } from '../../solver/pack/fleet.ts';
import { OTHER_PLANS } from '../../solver/pack/fleet/orders.ts';

const GREEDY = { beam: false, sliceMs: 0, deadline: 0 };

/** `run` on the first plan ('first'), then on each other plan listed in `which` (comma-separated indices), in the fleet of its order. */
export function eachGreedyPlan(fleet: Fleet, which: string | undefined, run: (name: string, fleet: Fleet, plan: FleetPlan) => void): void {
  run('first', fleet, fleet.plan(GREEDY));
  for (const k of which ? which.split(',').map(Number) : []) {
    const { order, phaseItems, blockOrder, stopsMerged = false } = OTHER_PLANS[k];
    const f = fleet.reordered(order, stopsMerged);
    run(`${k} ${order}${stopsMerged ? ' merged' : ''}`, f, f.plan({ ...GREEDY, phaseItems, blockOrder }));
  }
}
