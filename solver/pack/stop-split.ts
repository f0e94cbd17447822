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
import { cargoOfUnits, isEmpty, volumeOf } from './fleet/shrink-tail.ts';
import { PackState } from './state.ts';
import { type Leftover, placeLeftover, unplaced } from './stop-leftover.ts';
import { stopsMergedLast } from './stop-hybrid.ts';

/** One guarded Unit repack, as `repackTrace` is told it (volumes in mm3). */
export interface RepackEvent {
  unit: number;
  blocked: number;
  start: number;
  /** The Unit's own cargo, what the guarded search loaded, what no room took after it. */
  cargo: number;
  loaded: number;
  unplaced: number;
  end: number;
  ok: boolean;
  kept: boolean;
}

/** Diagnostics only (scripts/bench/stop-repacks.ts): told each guarded repack. Never set by the solver; it decides nothing. */
export const repackTrace: { fn: ((e: RepackEvent) => void) | null } = { fn: null };

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
 * Unit first. Kept when every piece still goes and fewer pieces are blocked in all. A repack
 * whose greedies already leave too much over that no room takes is given up before its beams
 * (GIVE_UP_MM3).
 */
function repackBlockedUnits(fleet: Fleet, blocked: BlockedCounter, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan {
  const todo = plan.units.filter((u) => u.fixedUnit < 0 && blocked.ofUnit(u) > 0).map((u) => u.index);
  let current = plan;
  // The test a search is given up on fills with a fleet of its own: a fleet's phases keep block
  // lists across Units and bring them to the cargo asked for, and the running search reads them.
  let tester: Fleet | null = null;
  todo.forEach((index, k) => {
    const u = current.units.find((x) => x.index === index);
    if (!u || blocked.ofUnit(u) === 0 || ticker.now() >= deadline) return;
    ticker.poll();
    const { left, groups } = cargoOfUnits(fleet, [u]);
    const start = repackTrace.fn ? ticker.now() : 0;
    let tested: Leftover | null = null;
    let asked = false;
    // After the greedies only: what their best plan leaves over that no room takes (the beams load more).
    const abandon = (best: PackState): boolean => {
      if (asked) return false;
      asked = true;
      if (u.state.volume - best.volume <= GIVE_UP_MM3) return false;
      tester ??= fleet.reordered('volume');
      tested = placeLeftover(tester, current.units, u, best, left, groups, deadline, ticker);
      return volumeOf(fleet, unplaced(tested)) > GIVE_UP_MM3;
    };
    const mode = { beam: true, sliceMs: (deadline - ticker.now()) / (todo.length - k + 1), deadline, stopGuard: true, abandon };
    const state = fleet.fill(u.view, new PackState(u.view.spec, fleet.itemCount), left, groups, mode);
    // The search ended on the plan tested: its leftover is already placed.
    const done = tested as Leftover | null;
    const out = done && done.changed.get(u)!.state === state ? done : placeLeftover(fleet, current.units, u, state, left, groups, deadline, ticker);
    const ok = isEmpty(out.rest, out.restGroups);
    const kept = ok && fewerIn(blocked, out.changed);
    repackTrace.fn?.({ unit: index, blocked: blocked.ofUnit(u), start, cargo: u.state.volume, loaded: state.volume, unplaced: volumeOf(fleet, unplaced(out)), end: ticker.now(), ok, kept });
    if (kept) current = { ...current, units: current.units.map((x) => out.changed.get(x) ?? x) };
  });
  return current;
}

/**
 * A guarded repack whose best greedy leaves over more than this (mm3, about ten pallets) that no
 * room takes, even without the guard, is given up before its beams and its time goes to the
 * repacks after it. The beams load 1-10 m3 more than the greedies, and every repack that went
 * through left 5 m3 or less over at that point (sea 1,000 pieces, 5 s, virtual clock, seeds
 * 11-20: 3,448 -> 3,374 blocked, 7 seeds better, 0 worse; 8 m3 lost seed 35, 0 -> 151). The test
 * (the leftover placed as after the search) is made only where the greedy leaves more than this over.
 */
const GIVE_UP_MM3 = 10e9;

/** The changed Units block fewer pieces than before. */
function fewerIn(blocked: BlockedCounter, changed: Map<PlannedUnit, PlannedUnit>): boolean {
  const before = [...changed.keys()].reduce((a, x) => a + blocked.ofUnit(x), 0);
  const after = [...changed.values()].reduce((a, x) => a + blocked.ofUnit(x), 0);
  return after < before;
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
