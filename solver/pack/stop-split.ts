// Stops without blocking at the same Unit count. Wall building packs the deepest Stop first,
// but a later-unloaded block can still end up in front of (or above) a Stop's pieces: a
// carton slid into a strip beside a crate that the next crate then covers. With the time
// left after the Unit count is settled: (0) where the Stops packed as one won, keep the first
// Units of the plan by Stops and pack only the rest as one (stop-hybrid.ts); (1) repack each Unit that has `stop-blocked` pieces from
// its own cargo with the Stop guard on (stop-guard.ts), what that leaves over put into the
// other Units under the guard, and what still has no room put in without it (the repacked
// Unit first), kept when every piece still goes and fewer are blocked; (2) if pieces stay blocked, plan the whole fleet again with the
// guard and keep that plan when it is as good by the earlier objectives (nothing more
// Unloaded, no more Units, no more equipment volume) and blocks fewer pieces; not where the plan
// by Stops already lost on those (byStopsLost).
import type { BlockPiece } from '../model.ts';
import type { Prepared } from '../prepare.ts';
import type { Ticker } from '../ticker.ts';
import type { Placement } from '../types.ts';
import { countStopBlocked } from '../advisories/stops.ts';
import { expandPlaced } from './expand.ts';
import type { Fleet, FleetPlan, PlannedUnit } from './fleet.ts';
import { reopen } from './fewer-units.ts';
import { cargoOfUnits } from './fleet/shrink-tail.ts';
import { PackState } from './state.ts';
import { stopsMergedLast } from './stop-hybrid.ts';

/** Negative when plan a is better by the objectives that come before Stops. */
export type PlanOrder = (a: FleetPlan, b: FleetPlan) => number;

/**
 * `firstPlanMs`: how long the first plan took; a whole guarded plan is only tried with twice
 * that left (its greedy fill of every Unit does not stop at the deadline).
 */
export function fewerBlocked(
  fleet: Fleet, prep: Prepared, plan: FleetPlan, deadline: number, ticker: Ticker, order: PlanOrder, firstPlanMs: number,
  byStops: FleetPlan = plan,
): FleetPlan {
  if (!fleet.severalStops) return plan;
  const blocked = new BlockedCounter(prep);
  if (blocked.ofPlan(plan) === 0) return plan;
  const mixedLast = byStops === plan ? plan : stopsMergedLast(fleet, prep, byStops, plan, deadline, ticker, order, (p) => blocked.ofPlan(p));
  let best = repackBlockedUnits(fleet, blocked, mixedLast, deadline, ticker);
  if (!byStopsLost(plan, byStops, order) && blocked.ofPlan(best) > 0 && deadline - ticker.now() > 2 * firstPlanMs) {
    const slice = (deadline - ticker.now()) / Math.max(1, best.units.length);
    const guarded = fleet.plan({ beam: true, sliceMs: slice, deadline, stopGuard: true });
    if (order(guarded, best) < 0 || (order(guarded, best) === 0 && blocked.ofPlan(guarded) < blocked.ofPlan(best))) best = guarded;
  }
  return best;
}

/**
 * Whether the plan by Stops lost to `plan` on the earlier objectives (a merged or other-order plan
 * saved a Unit or equipment). The whole fleet planned again by Stops under the guard, which only
 * takes room away, is then not worth its time: that goes to the movers after packing
 * (stop-movers.ts). Sea 1,000 pieces, 5 s on a virtual clock, seeds 11-20: 3,477 -> 3,448 blocked
 * (4 seeds changed, 3 better), the same Units and equipment.
 */
function byStopsLost(plan: FleetPlan, byStops: FleetPlan, order: PlanOrder): boolean {
  return byStops !== plan && order(byStops, plan) > 0;
}

/** Pieces the plan leaves `stop-blocked` (0 without several Stops). */
export function blockedPieces(fleet: Fleet, prep: Prepared, plan: FleetPlan): number {
  return fleet.severalStops ? new BlockedCounter(prep).ofPlan(plan) : 0;
}

/**
 * Each free Unit with blocked pieces packed again from its own cargo under the Stop guard;
 * what no longer fits goes into the free room of the other free Units, also under the
 * guard (checked both ways, so it blocks nothing there either), and the few pieces no
 * guarded room takes (often 1-15 of 100-140 blocked) go in without the guard, the repacked
 * Unit first. Kept when every piece still goes and fewer pieces are blocked in all.
 */
function repackBlockedUnits(fleet: Fleet, blocked: BlockedCounter, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan {
  const todo = plan.units.filter((u) => u.fixedUnit < 0 && blocked.ofUnit(u) > 0).map((u) => u.index);
  let current = plan;
  todo.forEach((index, k) => {
    const u = current.units.find((x) => x.index === index);
    if (!u || blocked.ofUnit(u) === 0 || ticker.now() >= deadline) return;
    ticker.poll();
    const { left, groups } = cargoOfUnits(fleet, [u]);
    const mode = { beam: true, sliceMs: (deadline - ticker.now()) / (todo.length - k + 1), deadline, stopGuard: true };
    const state = fleet.fill(u.view, new PackState(u.view.spec, fleet.itemCount), left, groups, mode);
    const rest = left.map((n, i) => Math.max(0, n - state.used[i]));
    const restGroups = new Set([...groups].filter((g) => !state.groupsUsed.includes(g)));
    const changed = new Map<PlannedUnit, PlannedUnit>([[u, { ...u, state }]]);
    const others = current.units
      .filter((o) => o !== u && o.fixedUnit < 0)
      .sort((a, b) => b.view.volume - b.state.volume - (a.view.volume - a.state.volume) || a.index - b.index);
    const topInto = (list: PlannedUnit[], stopGuard: boolean) => {
      for (const o of list) {
        if (isEmpty(rest, restGroups) || ticker.now() >= deadline) break;
        const now = changed.get(o) ?? o;
        const root = reopen(now.state);
        const remaining = rest.map((n, i) => n + root.used[i]);
        const topped = fleet.fill(o.view, root, rest, restGroups, { beam: false, sliceMs: 0, deadline: 0, stopGuard }, remaining);
        if (topped.placed.length === now.state.placed.length) continue;
        topped.used.forEach((n, i) => (rest[i] -= n - now.state.used[i]));
        for (const g of topped.groupsUsed) restGroups.delete(g);
        changed.set(o, { ...o, state: topped });
      }
    };
    topInto(others, true);
    // What no guarded room takes goes in without the guard, into the repacked Unit first:
    // a few pieces blocked there instead of the many before.
    topInto([u, ...others], false);
    if (!isEmpty(rest, restGroups)) return;
    const before = [...changed.keys()].reduce((a, x) => a + blocked.ofUnit(x), 0);
    const after = [...changed.values()].reduce((a, x) => a + blocked.ofUnit(x), 0);
    if (after < before) current = { ...current, units: current.units.map((x) => changed.get(x) ?? x) };
  });
  return current;
}

function isEmpty(left: number[], groups: Set<number>): boolean {
  return groups.size === 0 && left.every((n) => n <= 0);
}

/** Pieces flagged `stop-blocked` per Unit, by the advisory itself (cached per packing state). */
class BlockedCounter {
  private readonly cache = new WeakMap<PackState, number>();

  constructor(private readonly prep: Prepared) {}

  ofPlan(plan: FleetPlan): number {
    return plan.units.reduce((a, u) => a + this.ofUnit(u), 0);
  }

  ofUnit(u: PlannedUnit): number {
    let n = this.cache.get(u.state);
    if (n === undefined) {
      n = countStopBlocked(this.pieces(u), u.view.equipment.openings);
      this.cache.set(u.state, n);
    }
    return n;
  }

  private pieces(u: PlannedUnit): Placement[] {
    const items = this.prep.items;
    const out: Placement[] = [];
    const add = (p: BlockPiece) => out.push({
      unitIndex: 0, cargoLineId: items[p.item].lineId, pieceIndex: out.length,
      xMm: p.x, yMm: p.y, zMm: p.z, lengthMm: p.dx, widthMm: p.dy, heightMm: p.dz,
      rotation: p.rotation, loadingStep: 0, stop: items[p.item].stop, locked: false, manual: false,
    });
    if (u.fixedUnit >= 0) for (const f of this.prep.fixedUnits[u.fixedUnit].pieces) add(f);
    for (const pb of u.state.placed) for (const p of expandPlaced(pb)) add(p);
    return out;
  }
}
