// Several Stops, many Units: the plan's last k Units planned again in another order into k - 1.
// A whole plan in another order (fleet/orders.ts) re-plans every Unit; at sea 5,000 pieces each
// takes 0.3-0.9 s and fewerUnits affords only 2-5 of its 19. The Units a Unit is saved on are the
// last ones: what the earlier Units of the last Stop left (traced, `scripts/bench/tail-replans.ts`),
// so the first Units are kept as they are and only the cargo of the last k goes again, greedily,
// in the other order (Stops in their order, as every plan packs them), at about k / n of a whole
// plan's time: 15-150 ms at 5,000 pieces. Sea 5,000 pieces with 5 s (virtual clock at 0.5 ms a
// read): held out seeds 9-40 1,664 -> 1,661 Units, none more; seed 7 stays at 52 (no order's tail,
// nor any whole plan's, takes the last Stop's cargo into one Unit fewer).
import type { Fleet, FleetPlan, PlannedUnit } from '../fleet.ts';
import type { Replan } from './orders.ts';
import { cargoOfUnits } from './shrink-tail.ts';

/** A tail re-plan: the last `k` free Units in `OTHER_PLANS[plan]`'s order and phase width. */
export interface TailTry {
  plan: number;
  k: number;
}

/**
 * The tail re-plans in the order they are tried, most promising first (sea 5,000 pieces, seeds
 * 1-8, first plans: of 19 orders x k = 3-20, the orders that saved a Unit most often were plans
 * 3, 6 and 4, then 5; k = 11-20 saved on more seeds than 6-8, at 3-5 times their time).
 */
export const TAIL_TRIES: readonly TailTry[] = [
  { plan: 3, k: 8 }, { plan: 6, k: 8 }, { plan: 4, k: 8 },
  { plan: 3, k: 11 }, { plan: 4, k: 11 }, { plan: 6, k: 11 }, { plan: 5, k: 11 },
  { plan: 3, k: 15 }, { plan: 4, k: 15 }, { plan: 6, k: 15 }, { plan: 5, k: 15 },
  { plan: 2, k: 6 }, { plan: 5, k: 6 },
  { plan: 9, k: 15 }, { plan: 0, k: 15 }, { plan: 1, k: 15 },
  { plan: 3, k: 20 }, { plan: 4, k: 20 }, { plan: 5, k: 20 }, { plan: 6, k: 20 }, { plan: 7, k: 20 },
  { plan: 8, k: 8 }, { plan: 9, k: 8 }, { plan: 7, k: 8 },
  { plan: 12, k: 15 }, { plan: 13, k: 15 }, { plan: 8, k: 15 },
];

/** Tail re-plans only where the plan has at least this many free Units (a tail is then a small share of it). */
export const TAIL_MIN_UNITS = 30;

/**
 * The plan with its last `k` free Units' cargo packed again by `ordered` (another order of the
 * same fleet) in the mode of `replan`, into at most k - 1 Units; null when that does not place it all.
 */
export function tailReplanned(ordered: Fleet, plan: FleetPlan, k: number, replan: Replan): FleetPlan | null {
  const free = plan.units.filter((u) => u.fixedUnit < 0);
  if (free.length < k + 1) return null;
  const tail = free.slice(free.length - k);
  // A tail needing a fuller packing than any Unit of the plan reached is not worth the time.
  const reach = Math.max(...plan.units.map((u) => u.state.volume / u.view.volume));
  const cargo = tail.reduce((a, u) => a + u.state.volume, 0);
  if (cargo > reach * tail.slice(0, k - 1).reduce((a, u) => a + u.view.volume, 0)) return null;
  const kept: PlannedUnit[] = plan.units.filter((u) => !tail.includes(u));
  const { left, groups } = cargoOfUnits(ordered, tail);
  const opened = ordered.packNew(left, groups, kept, k - 1, { beam: false, sliceMs: 0, deadline: 0, phaseItems: replan.phaseItems, blockOrder: replan.blockOrder });
  if (!opened) return null;
  return { ...plan, units: [...kept, ...opened.map((u, j) => ({ ...u, index: tail[j].index }))] };
}
