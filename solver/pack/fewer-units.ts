// Fewer Units after the first complete plan: the last Units hold what nothing earlier took
// and are often half empty. Within the time left, (1) move the last Unit's cargo into the
// free space of the others, (2) shrink the last Unit by exchanges with the door ends of the
// others (fleet/shrink-tail.ts), (3) repack the last two, three or four Units' cargo together
// into one Unit fewer (the last one of the smallest type that takes the rest), (4) share every
// item out evenly over one Unit fewer (fleet/share-even.ts), else (5) share the big pieces
// out over one Unit fewer (fleet/share-big.ts). With several Stops, where (1), (2), (4) and (5) do not
// apply, the fleet is first planned again in other orders and phase widths (fleet/orders.ts); with
// 30+ Units its last k Units first, into k - 1 (fleet/tail-plans.ts). Cargo
// of a few box types first goes to copies of several packings in the numbers the cutting-stock
// LP gives (fleet/pattern-cover.ts), then of one packing (fleet/share-copies.ts). With several
// Stops, a tail of a few pieces that the others' free room nearly takes goes in by exchanges with
// their door ends (fleet/near-miss.ts), on the best plan and on each other order's plan as short
// as it. Last, (6) the last Unit's cargo is searched into a smaller type. A change is kept
// only when every piece still goes: the plan never gets worse.
import type { Ticker } from '../ticker.ts';
import type { Fleet, FleetPlan, PlannedUnit } from './fleet.ts';
import { OTHER_PLANS, type Replan } from './fleet/orders.ts';
import { phaseItemsFor } from './fleet/phase-width.ts';
import { coverTypes, patternCopies } from './fleet/pattern-cover.ts';
import { shareBig } from './fleet/share-big.ts';
import { copiesApply, copyRounds, type Copies } from './fleet/share-copies.ts';
import { shareEven, sharesHoldBack } from './fleet/share-even.ts';
import { reopen } from './fleet/reopen.ts';
import { nearMissExchange, nearMissFinish, nearMissStart, type NearMiss } from './fleet/near-miss.ts';
import { restackTail } from './fleet/restack-tail.ts';
import { TAIL_MIN_UNITS, TAIL_TRIES, tailReplanned } from './fleet/tail-plans.ts';
import { topUpUnits } from './fleet/top-up.ts';
import { cargoOfUnits, isEmpty, shrinkTail } from './fleet/shrink-tail.ts';
import { PackState } from './state.ts';

/** How many of the last Units are repacked together at most. */
const MAX_TAIL = 4;
/** Share of the time for copies of one Unit's packing (see share-copies.ts). */
const COPIES_SHARE = 0.5;
/** Share of the copies' time for packing the one Unit that is copied; the rest tops up and packs what the copies leave. */
const PATTERN_SHARE = 0.8;
/**
 * Share of the first plan's time another order's plan takes at most (scale cargo, 1,000 / 5,000 /
 * 20,000 pieces: 0.23 / 0.30 / 0.44; the rows and group blocks are shared, the code warm). A plan
 * does not stop at the deadline: one is started only when this much is left, then only when as
 * much is left as the last one took.
 */
const ORDER_TIME = 0.6;
/**
 * Share of a call's time for planning the other orders before the near misses they leave get
 * their exchanges, most promising first (the plans first: a later order's near miss may be the
 * one the exchanges place).
 */
const PLANS_FIRST = 0.5;
/** Share of the time left one near miss's exchanges may take while other near misses wait. */
const TRY_SHARE = 0.5;
/** Share of a call's time for the tail re-plans (fleet/tail-plans.ts) before the whole plans, where they apply. */
const TAILS_FIRST = 0.4;
/** How many of the tail re-plans (the most promising) go before the whole plans; the rest when no whole plan fits the time left. */
const TAILS_EARLY = 7;
/** Share of the fewer-Units time the other orders may take (the tail's moves and sharing get the rest). */
const ORDERS_SHARE = 0.75;

/** Diagnostics only (scripts/bench/fewer-stages.ts): told each stage's start and result. Never set by the solver; it decides nothing. */
export const fewerTrace: { fn: ((stage: string, units: number) => void) | null } = { fn: null };

/** `packMs`: how long the first plan's packing took (what another order's plan is weighed by). */
export function fewerUnits(fleet: Fleet, plan: FleetPlan, deadline: number, ticker: Ticker, packMs: number): FleetPlan {
  if (plan.left.some((n) => n > 0) || plan.groupsLeft.size > 0) return plan;
  // Several Stops: the fleet in other orders first (fleet/orders.ts), the tail's moves on the best plan.
  const orders = new OtherPlans(fleet, packMs);
  fewerTrace.fn?.(`start deadline ${deadline.toFixed(0)} packMs ${packMs.toFixed(0)}`, plan.units.length);
  let best = orders.best(plan, ticker.now() + (deadline - ticker.now()) * ORDERS_SHARE, ticker);
  // Few box types: several Units' packings copied in the numbers the cutting-stock LP gives, while that saves Units.
  best = covered(fleet, best, deadline, ticker);
  // Few box types: one Unit's packing copied over one Unit fewer, on part of the time.
  const copied = copiedOneFewer(fleet, best, ticker.now() + (deadline - ticker.now()) * COPIES_SHARE, ticker);
  if (copied) best = copied;
  // Half the time for the tail, the rest for sharing out; a shared plan's tail is worked again.
  // Where even shares over two or more Units would hold nothing back (lines of about one piece,
  // the known-optimum cargo), sharing out gets only what the tail's moves leave: there dealing
  // out big pieces never placed everything, while each exchange shrinks a tail of a few per cent.
  const target = freeUnits(best).length - 1;
  fewerTrace.fn?.('tail', best.units.length);
  const tailShare = target < 2 || sharesHoldBack(fleet, cargoOfUnits(fleet, best.units), target) ? 0.5 : 1;
  best = tailWorked(fleet, best, ticker.now() + (deadline - ticker.now()) * tailShare, ticker);
  if (fleet.severalStops) {
    // Sharing out never placed everything with several Stops (traced: sea 1,000 pieces seeds 4-6
    // and 9-12, road 1,000 seeds 1-6, sea 5,000 seeds 1-4: 0 of 17, 0.5-0.7 s each): the time left
    // goes to the other plans not tried yet, and the tail of one with fewer Units is worked again.
    fewerTrace.fn?.('orders again', best.units.length);
    const other = orders.best(best, deadline, ticker);
    if (other !== best) best = tailWorked(fleet, other, deadline, ticker);
  } else {
    while (ticker.now() < deadline) {
      const shared = sharedOneFewer(fleet, best, deadline, ticker);
      if (!shared) break;
      best = tailWorked(fleet, withoutEmpty(shared), ticker.now() + (deadline - ticker.now()) / 2, ticker);
    }
  }
  fewerTrace.fn?.('smaller last', best.units.length);
  best = smallerLast(fleet, withoutEmpty(best), deadline, ticker) ?? best;
  return best === plan ? plan : renumbered(withoutEmpty(best));
}

/**
 * Several Stops: the fleet planned again (greedy, as the first plan) in each other order and
 * phase width (fleet/orders.ts), in turn over one or more calls, each while the time left to its
 * `end` affords one more plan.
 */
class OtherPlans {
  private next = 0;
  /** The next of TAIL_TRIES (fleet/tail-plans.ts). */
  private nextTail = 0;
  /** Units of the plan the last tail re-plan shortened (0: none did), and the plan it gave. */
  private tailFrom = 0;
  private tailPlan: FleetPlan | null = null;
  /** A tail re-plan saved a Unit in the last call: the next call tries them all again on the new tail. */
  private tailsAgain = false;
  private needs: number;
  private readonly fleets = new Map<string, Fleet>();
  /** The plan of the Stops packed as one, while it is the best. */
  private merged: FleetPlan | null = null;
  /** Near misses of the plans tried, topped up, waiting for their door-end exchanges. */
  private pending: { nm: NearMiss; stopsMerged: boolean; k: number }[] = [];

  constructor(private readonly fleet: Fleet, packMs: number) {
    this.needs = ORDER_TIME * packMs;
  }

  /** The plan of fewest Units that loads every piece: `plan`, or one of the plans tried before `end`. */
  best(plan: FleetPlan, end: number, ticker: Ticker): FleetPlan {
    if (!this.fleet.severalStops) return plan;
    let best = plan;
    const consider = (other: FleetPlan, stopsMerged: boolean, source: string) => {
      // A plan by Stops at the merged plan's count and equipment replaces it: fewer pieces stop-blocked.
      const tie = best === this.merged && !stopsMerged && other.units.length === best.units.length && equipmentVolume(other) <= equipmentVolume(best);
      // A tail re-plan's Units at less equipment (the whole plans pick other Unit types).
      const lighter = best === this.tailPlan && other.units.length === best.units.length && equipmentVolume(other) < equipmentVolume(best);
      if (other.units.length < best.units.length || tie || lighter) {
        if (other.units.length < best.units.length) fewerTrace.fn?.(`saved by ${source}`, other.units.length);
        best = other;
        if (stopsMerged) this.merged = other;
      }
    };
    // Many Units: the last few in the other orders first, each at a share of a whole plan's time.
    // (Fewer Units: no clock read here, so such plans stay as they were.)
    const tails = best.units.filter((u) => u.fixedUnit < 0).length >= TAIL_MIN_UNITS;
    if (this.tailsAgain) [this.nextTail, this.tailsAgain] = [0, false];
    const tailsUntil = tails ? ticker.now() + TAILS_FIRST * (end - ticker.now()) : 0;
    // One tail re-plan; true when it saved a Unit. Then the whole plans (and their exchanges) get
    // their time, which may reach the same Units at less equipment, and the tries start again on
    // the new tail in the next call.
    const tailTried = (): boolean => {
      const { plan: p, k } = TAIL_TRIES[this.nextTail++];
      const replan = OTHER_PLANS[p];
      const shorter = tailReplanned(this.ordered(replan), best, k, replan);
      fewerTrace.fn?.(`tail ${k} of plan ${p}: ${shorter ? 'saved' : 'no'}`, best.units.length);
      if (!shorter) return false;
      this.tailFrom = best.units.length;
      consider(shorter, replan.stopsMerged ?? false, `tail ${k} of plan ${p}`);
      this.tailPlan = best;
      this.nextTail = TAIL_TRIES.length;
      this.tailsAgain = true;
      return true;
    };
    // The most promising tries first; the rest once no whole plan fits the time left.
    while (tails && this.nextTail < TAILS_EARLY && ticker.now() < tailsUntil) if (tailTried()) break;
    const plansUntil = ticker.now() + PLANS_FIRST * (end - ticker.now());
    for (;;) {
      const now = ticker.now();
      if (now >= end) break;
      // A near miss is worth its exchanges only while its plan is as short as the best (or as the
      // plan a tail re-plan shortened: its exchanges may reach the tail's Units at less equipment).
      const bar = Math.max(best.units.length, this.tailFrom);
      this.pending = this.pending.filter((p) => p.nm.plan.units.length <= bar);
      const canPlan = this.next < OTHER_PLANS.length && end - now >= this.needs;
      if (this.pending.length > 0 && (!canPlan || now >= plansUntil)) {
        // The most promising near miss first (fewest pieces, then least volume left), on a share of the time while others wait.
        this.pending.sort((a, b) => a.nm.pieces - b.nm.pieces || a.nm.volume - b.nm.volume);
        const { nm, stopsMerged, k } = this.pending.shift()!;
        const share = this.pending.length > 0 ? TRY_SHARE : 1;
        fewerTrace.fn?.(`exchanges of ${nm.pieces} pieces ${(nm.volume / 1e9).toFixed(2)} m3 until ${(now + share * (end - now)).toFixed(0)}`, nm.plan.units.length);
        const shorter = nearMissFinish(nm, now + share * (end - now), ticker);
        if (shorter) consider(shorter, stopsMerged, `exchanges of plan ${k}`);
        continue;
      }
      if (!canPlan) {
        if (!tails || this.nextTail >= TAIL_TRIES.length) break;
        tailTried();
        continue;
      }
      const { phaseItems, blockOrder, stopsMerged = false } = OTHER_PLANS[this.next];
      const ordered = this.ordered(OTHER_PLANS[this.next]);
      const planned = ordered.plan({ beam: false, sliceMs: 0, deadline: 0, phaseItems, blockOrder });
      this.needs = ticker.now() - now;
      fewerTrace.fn?.(`plan ${this.next} took ${this.needs.toFixed(0)} (best ${best.units.length}, end ${end.toFixed(0)})`, planned.units.length);
      this.next++;
      if (!isEmpty(planned.left, planned.groupsLeft)) continue;
      // A plan as short as the best may lose its last Unit to exchanges (fleet/near-miss.ts): its
      // top-up now, the exchanges once the plans are in (or their share of the time is up).
      const start = planned.units.length <= bar ? nearMissStart(ordered, planned, end, ticker) : null;
      const k = this.next - 1;
      if (start && 'units' in start) consider(start, stopsMerged, `top-up of plan ${k}`);
      else {
        if (start) this.pending.push({ nm: start, stopsMerged, k });
        consider(planned, stopsMerged, `plan ${k}`);
      }
    }
    return best;
  }

  /** The fleet in the re-plan's order (made once per order). */
  private ordered({ order, stopsMerged = false }: Replan): Fleet {
    const key = `${order}${stopsMerged ? ' merged' : ''}`;
    let ordered = this.fleets.get(key);
    if (!ordered) this.fleets.set(key, (ordered = this.fleet.reordered(order, stopsMerged)));
    return ordered;
  }
}

function equipmentVolume(plan: FleetPlan): number {
  return plan.units.reduce((a, u) => a + u.view.volume, 0);
}

/** The tail's moves (empty the last Unit, shrink it, repack the last few) while they succeed, until `end`. */
function tailWorked(fleet: Fleet, plan: FleetPlan, end: number, ticker: Ticker): FleetPlan {
  let best = plan;
  while (ticker.now() < end) {
    ticker.poll();
    const next = emptyLast(fleet, best, end, ticker) ?? shrinkTail(fleet, best, end, ticker) ?? restackTail(fleet, best, end, ticker) ?? repackTail(fleet, best, end, ticker)
      ?? nearMissExchange(fleet, best, end, ticker);
    if (!next) break;
    if (next.units.length < best.units.length) fewerTrace.fn?.('saved by a tail move', next.units.length);
    best = next;
  }
  return best;
}

/**
 * Every item shared out evenly over one Unit fewer, so the last Units are not left with the
 * types that pack worst (few box types: 10 -> 9 Units where the last three, all of one type,
 * held 77 % each); else the big pieces shared out (each Unit its part of them to build on,
 * every small piece offered to fill the headroom). Null when neither places everything.
 */
function sharedOneFewer(fleet: Fleet, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan | null {
  const free = freeUnits(plan).length;
  if (free < 2 || plan.units.length !== free) return null;
  return evenShared(fleet, plan, free - 1, deadline, ticker)
    ?? (ticker.now() < deadline ? bigShared(fleet, plan, free - 1, deadline, ticker) : null);
}

/** The plan without free Units that hold nothing (sharing out over N Units may leave one empty). */
function withoutEmpty(plan: FleetPlan): FleetPlan {
  const units = plan.units.filter((u) => u.fixedUnit >= 0 || u.state.placed.length > 0);
  return units.length === plan.units.length ? plan : { ...plan, units };
}

/** Volume of cargo in the plan's last free Unit (0 without one). */
export function lastUnitVolume(plan: FleetPlan): number {
  const free = freeUnits(plan);
  return free.length > 0 ? free[free.length - 1].state.volume : 0;
}

/** Free Units take the lowest indices the fixed ones leave, in their order. */
function renumbered(plan: FleetPlan): FleetPlan {
  const taken = new Set(plan.units.filter((u) => u.fixedUnit >= 0).map((u) => u.index));
  let next = 0;
  const units = plan.units.map((u) => {
    if (u.fixedUnit >= 0) return u;
    while (taken.has(next)) next++;
    return { ...u, index: next++ };
  });
  return { ...plan, units };
}

/** The Units free to change (not fixed), in the order they were opened. */
function freeUnits(plan: FleetPlan): PlannedUnit[] {
  return plan.units.filter((u) => u.fixedUnit < 0);
}

/** Moves the last Unit's cargo into the free space of the other Units; the plan without it when all of it goes. */
function emptyLast(fleet: Fleet, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan | null {
  const free = freeUnits(plan);
  if (free.length < 2) return null;
  const last = free[free.length - 1];
  const { left, groups } = cargoOfUnits(fleet, [last]);
  return topUp(fleet, plan, last, left, groups, deadline, ticker);
}

/** Puts the cargo into the free space of the plan's Units (all but `drop`); the plan without `drop` when all of it goes. */
function topUp(fleet: Fleet, plan: FleetPlan, drop: PlannedUnit | null, left: number[], groups: Set<number>, deadline: number, ticker: Ticker): FleetPlan | null {
  // Topping up puts later pieces in front of loaded ones: only where no Stop order can break.
  if (fleet.severalStops) return null;
  const units = topUpInto(fleet, plan.units.filter((u) => u !== drop), left, groups, deadline, ticker);
  return isEmpty(left, groups) ? { ...plan, units } : null;
}

/**
 * Puts as much of the cargo as goes into the free space of the Units, emptiest first (greedy);
 * `left` and `groups` keep what is left. Returns the Units in their order, filled.
 */
function topUpInto(fleet: Fleet, units: PlannedUnit[], left: number[], groups: Set<number>, deadline: number, ticker: Ticker): PlannedUnit[] {
  if (fleet.severalStops) return units;
  const emptiestFirst = [...units].sort((a, b) => a.state.volume / a.view.volume - b.state.volume / b.view.volume);
  const replaced = new Map<PlannedUnit, PlannedUnit>();
  topUpUnits(fleet, emptiestFirst, replaced, { left, groups }, false, deadline, ticker);
  return units.map((u) => replaced.get(u) ?? u);
}

/** The big pieces dealt over `target` Units, small ones offered to all (see share-big.ts); the rest topped up. */
function bigShared(fleet: Fleet, plan: FleetPlan, target: number, deadline: number, ticker: Ticker): FleetPlan | null {
  const views = freeUnits(plan).map((u) => u.view).slice(0, target);
  const { units, rest } = shareBig(fleet, views, cargoOfUnits(fleet, plan.units), deadline, ticker);
  const candidate: FleetPlan = { ...plan, units };
  if (isEmpty(rest.left, rest.groups)) return candidate;
  return topUp(fleet, candidate, null, rest.left, rest.groups, deadline, ticker);
}

/**
 * The free Units' cargo in one Unit fewer, by copies of one Unit's packing (see
 * share-copies.ts); what the copies leave is topped up into them and the rest packed into the
 * Units still free. The first round that places every piece; null when none does.
 */
function copiedOneFewer(fleet: Fleet, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan | null {
  const free = freeUnits(plan);
  const view = free[0]?.view;
  if (!view || free.some((u) => u.view !== view)) return null;
  const cargo = cargoOfUnits(fleet, free);
  const target = free.length - 1;
  if (!copiesApply(fleet, cargo, target)) return null;
  const fixed = plan.units.filter((u) => u.fixedUnit >= 0);
  const patternsEnd = ticker.now() + (deadline - ticker.now()) * PATTERN_SHARE;
  for (const copies of copyRounds(fleet, view, cargo, target, patternsEnd, ticker)) {
    const units = completed(fleet, copies, fixed, target, deadline, ticker);
    if (units) return { ...plan, units };
  }
  return null;
}

/**
 * One Unit fewer by copies of the LP's patterns while that places everything, on COPIES_SHARE
 * of the time; only where they apply (one Stop, one row, a few box types) is the clock read.
 */
function covered(fleet: Fleet, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan {
  if (!coverApplies(fleet, plan)) return plan;
  const end = ticker.now() + (deadline - ticker.now()) * COPIES_SHARE;
  let best = plan;
  for (let c = coveredOneFewer(fleet, best, end, ticker); c; c = coveredOneFewer(fleet, best, end, ticker)) best = c;
  return best;
}

function coverApplies(fleet: Fleet, plan: FleetPlan): boolean {
  const free = freeUnits(plan);
  const view = free[0]?.view;
  return !!view && !fleet.severalStops && free.every((u) => u.view === view) && coverTypes(cargoOfUnits(fleet, free));
}

/** The free Units' cargo in one Unit fewer by copies of the LP's patterns (fleet/pattern-cover.ts); null when that does not place everything. */
function coveredOneFewer(fleet: Fleet, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan | null {
  const free = freeUnits(plan);
  const view = free[0].view;
  const target = free.length - 1;
  const copies = patternCopies(fleet, view, cargoOfUnits(fleet, free), free.map((u) => u.state), target, deadline, ticker);
  const units = copies && completed(fleet, copies, plan.units.filter((u) => u.fixedUnit >= 0), target, deadline, ticker);
  return units ? { ...plan, units } : null;
}

/** The copies with what they leave topped up into them and the rest in new Units (up to `target` in all); null when some is left. */
function completed(fleet: Fleet, copies: Copies, fixed: PlannedUnit[], target: number, deadline: number, ticker: Ticker): PlannedUnit[] | null {
  const left = copies.rest.left.slice();
  const units = [...fixed, ...topUpInto(fleet, copies.units, left, new Set(), deadline, ticker)];
  if (isEmpty(left, new Set())) return units;
  const room = target - copies.units.length;
  if (room <= 0) return null;
  // The greedy first (fast); a beam search on part of the time left when it does not take all of it.
  const sliceMs = Math.max(0, deadline - ticker.now()) / (2 * (room + 1));
  const rest = fleet.packNew(left, new Set(), units, room, { beam: false, sliceMs: 0, deadline: 0 })
    ?? fleet.packNew(left, new Set(), units, room, { beam: true, sliceMs, deadline });
  return rest ? [...units, ...rest] : null;
}

/** Every item shared out evenly over `target` Units (see share-even.ts); the rest topped up. */
function evenShared(fleet: Fleet, plan: FleetPlan, target: number, deadline: number, ticker: Ticker): FleetPlan | null {
  const cargo = cargoOfUnits(fleet, plan.units);
  if (!sharesHoldBack(fleet, cargo, target)) return null;
  const views = freeUnits(plan).map((u) => u.view).slice(0, target);
  const { units, rest } = shareEven(fleet, views, cargo, deadline, ticker);
  const candidate: FleetPlan = { ...plan, units };
  if (isEmpty(rest.left, rest.groups)) return candidate;
  return topUp(fleet, candidate, null, rest.left, rest.groups, deadline, ticker);
}

/** Repacks the cargo of the last m Units into m - 1 (m = 2 .. 4); the first that works. */
function repackTail(fleet: Fleet, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan | null {
  const free = freeUnits(plan);
  // The best fill any Unit of this plan reached: a tail needing more is not worth the time.
  const reach = Math.max(...plan.units.map((u) => u.state.volume / u.view.volume));
  for (let m = 2; m <= Math.min(MAX_TAIL, free.length); m++) {
    if (ticker.now() >= deadline) return null;
    const tail = free.slice(free.length - m);
    const cargo = tail.reduce((a, u) => a + u.state.volume, 0);
    if (cargo > reach * tail.slice(0, m - 1).reduce((a, u) => a + u.view.volume, 0)) continue;
    const kept = plan.units.filter((u) => !tail.includes(u));
    const { left, groups } = cargoOfUnits(fleet, tail);
    const sliceMs = (deadline - ticker.now()) / (m + 1);
    const opened = fleet.packNew(left, groups, kept, m - 1, { beam: true, sliceMs, deadline, phaseItems: phaseItemsFor(sliceMs) });
    if (!opened) continue;
    return { ...plan, units: [...kept, ...opened.map((u, k) => ({ ...u, index: tail[k].index }))] };
  }
  return null;
}

/** Time (ms) for one search of the last Unit's cargo in a smaller type, at most. */
const SMALLER_SLICE = 600;

/**
 * The last free Unit's cargo searched (beam) into each smaller type that could hold its
 * volume, smallest first; the plan with the first that takes all of it, else null. A fleet
 * plan picks the last Unit's type by a greedy fill (fleet.ts openUnit): where that falls short
 * on the smaller types, the bigger one goes with room to spare.
 */
function smallerLast(fleet: Fleet, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan | null {
  const free = freeUnits(plan);
  const last = free[free.length - 1];
  if (!last) return null;
  const { left, groups } = cargoOfUnits(fleet, [last]);
  const kept = plan.units.filter((u) => u !== last);
  // Only rows that could plausibly hold it: its volume within the best fill of the other Units
  // (if any), and the floor its pieces stand on now within the row's floor (at scale the floor binds).
  const reach = kept.length > 0 ? Math.max(...kept.map((u) => u.state.volume / u.view.volume)) : 1;
  const floor = last.state.placed.reduce((a, p) => (p.z === 0 ? a + p.block.dx * p.block.dy : a), 0);
  const rows = fleet.views
    .filter((v) => v.volume < last.view.volume && last.state.volume <= reach * v.volume && floor <= v.spec.L * v.spec.W && hasRoom(v, kept))
    .sort((a, b) => a.volume - b.volume);
  for (const view of rows) {
    const now = ticker.now();
    if (now >= deadline) return null;
    const sliceMs = Math.min(SMALLER_SLICE, deadline - now);
    const state = fleet.fill(view, new PackState(view.spec, fleet.itemCount), left, groups, { beam: true, sliceMs, deadline, phaseItems: phaseItemsFor(sliceMs) });
    if (holdsAll(state, left, groups)) return { ...plan, units: plan.units.map((u) => (u === last ? { ...u, view, state } : u)) };
  }
  return null;
}

/** The row's maxUnits leaves room for one more Unit beside `units`. */
function hasRoom(view: Fleet['views'][number], units: PlannedUnit[]): boolean {
  const max = view.equipment.maxUnits;
  return max == null || units.filter((u) => u.view === view).length < max;
}

/** The state holds every piece and group of the cargo. */
function holdsAll(state: PackState, left: number[], groups: Set<number>): boolean {
  for (const g of groups) if (!state.groupsUsed.includes(g)) return false;
  return left.every((n, i) => state.used[i] >= n);
}
