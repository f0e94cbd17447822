// The fleet's first plan and the other orders' plans (fleet/orders.ts `OTHER_PLANS`, by index), each
// planned greedily as fewerUnits plans them: what the near-miss diagnostics look at.
import type { Fleet, FleetPlan, PlannedUnit } from '../../solver/pack/fleet.ts';
import { OTHER_PLANS } from '../../solver/pack/fleet/orders.ts';
import { type Cargo, cargoOfUnits } from '../../solver/pack/fleet/shrink-tail.ts';
import { topUpRoomiestFirst } from '../../solver/pack/fleet/top-up.ts';
import type { Ticker } from '../../solver/ticker.ts';

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

/** Pieces a cargo still holds (each keep-together group counted as one). */
export function piecesOf(cargo: Cargo): number {
  return cargo.left.reduce((a, k) => a + Math.max(0, k), 0) + cargo.groups.size;
}

/** The plan's last free Unit's cargo topped into the other free Units, roomiest first: what `cargo` keeps is the near miss. */
export function tailToppedUp(f: Fleet, plan: FleetPlan, ticker: Ticker) {
  const free = plan.units.filter((u) => u.fixedUnit < 0);
  const tail = free[free.length - 1];
  const others = free.slice(0, -1);
  const cargo = cargoOfUnits(f, [tail]);
  const tailPieces = piecesOf(cargo);
  const changed = new Map<PlannedUnit, PlannedUnit>();
  topUpRoomiestFirst(f, others, changed, cargo, Infinity, ticker);
  return { tail, others, cargo, changed, tailPieces, n: piecesOf(cargo) };
}
