// One Unit fewer from a near miss, several Stops. The last Unit's cargo topped into the other
// Units' free room (under the Stop guard, then without it) often leaves only a few pieces: a long
// piece, a crate or a keep-together group needing a footprint that the others' door ends, made of
// many small gaps, do not offer. Then one other Unit at a time gives up its door end (the blocks
// past a cut of its loaded length, and what stands on them) and fills it again with those pieces
// first and its own given-up pieces after; the smaller pieces this displaces go into the other
// Units' free room as above. Kept only when every piece goes: the plan has one Unit fewer.
import type { Ticker } from '../../ticker.ts';
import type { Fleet, FleetPlan, PlannedUnit } from '../fleet.ts';
import type { PackState } from '../state.ts';
import { doorEndColumns } from './door-columns.ts';
import { reopen } from './reopen.ts';
import { topUpRoomiestFirst } from './top-up.ts';
import { type Cargo, cargoOfBlocks, cargoOfUnits, isEmpty, keptBefore, minDimOf, stateOf, volumeOf } from './shrink-tail.ts';

const GREEDY = { beam: false, sliceMs: 0, deadline: 0 };
/** A near miss worth exchanging leaves at most this many pieces (groups count as one). */
const MAX_LEFT = 4;
/** A tail of more pieces is not tried (its top-up leaves nearly all of it: 11-33 pieces of such tails on sea 1,000 seeds 11-20). */
const TAIL_PIECES = 2 * MAX_LEFT;
/** Shares of a Unit's loaded length given up at its door end, smallest first (as shrink-tail.ts). */
const CUTS = [0.15, 0.3, 0.5];
/** Units whose door end is tried per cut, most free room first. */
const MAX_UNITS = 8;

/** What one try did, as `nearMissTrace` is told it (volumes in mm3). */
export interface NearMissEvent {
  units: number;
  /** The tail's cargo, and what the top-up left of it: pieces, volume, their lines and groups. */
  tailVolume: number;
  leftPieces: number;
  leftVolume: number;
  left: Cargo;
  /** Door ends tried, the least volume one of them left over (after its top-up), and whether the plan lost its last Unit. */
  exchanges: number;
  bestRest: number;
  ok: boolean;
}

/** Diagnostics only (scripts/bench/near-miss.ts): told each try. Never set by the solver; it decides nothing. */
export const nearMissTrace: { fn: ((e: NearMissEvent) => void) | null } = { fn: null };

/** The plan without its last free Unit, its cargo placed in the others' free room and door ends; null when some piece stays. */
export function nearMissExchange(fleet: Fleet, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan | null {
  const start = nearMissStart(fleet, plan, deadline, ticker);
  return start && 'units' in start ? start : start && nearMissFinish(start, deadline, ticker);
}

/** A near miss after its top-up: what the others' free room left of the tail's cargo, for door-end exchanges. */
export interface NearMiss {
  fleet: Fleet;
  plan: FleetPlan;
  tail: PlannedUnit;
  others: PlannedUnit[];
  changed: Map<PlannedUnit, PlannedUnit>;
  cargo: Cargo;
  /** Pieces (a group counted once) and volume (mm3) left after the top-up: the fewer, the likelier the exchanges place them. */
  pieces: number;
  volume: number;
  event: NearMissEvent;
}

/**
 * The tail's cargo topped into the others' free room: the plan one Unit shorter when all of it
 * goes, the near miss for `nearMissFinish` when at most MAX_LEFT pieces stay, else null.
 */
export function nearMissStart(fleet: Fleet, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan | NearMiss | null {
  if (!fleet.severalStops) return null;
  const free = plan.units.filter((u) => u.fixedUnit < 0);
  if (free.length < 2) return null;
  const tail = free[free.length - 1];
  const others = free.slice(0, -1);
  const cargo = cargoOfUnits(fleet, [tail]);
  // The top-up places little of a tail (the others are floor-bound): a tail of many pieces is no near miss.
  if (piecesOf(cargo) > TAIL_PIECES) return null;
  const changed = new Map<PlannedUnit, PlannedUnit>();
  topUpRoomiestFirst(fleet, others, changed, cargo, deadline, ticker);
  const pieces = piecesOf(cargo);
  const volume = volumeOf(fleet, cargo);
  const event: NearMissEvent = {
    units: plan.units.length, tailVolume: tail.state.volume, leftPieces: pieces, leftVolume: volume,
    left: { left: cargo.left.slice(), groups: new Set(cargo.groups) }, exchanges: 0, bestRest: Infinity, ok: false,
  };
  if (isEmpty(cargo.left, cargo.groups)) {
    event.ok = true;
    nearMissTrace.fn?.(event);
    return shorter(plan, tail, changed);
  }
  if (pieces > MAX_LEFT) {
    nearMissTrace.fn?.(event);
    return null;
  }
  return { fleet, plan, tail, others, changed, cargo, pieces, volume, event };
}

/** The near miss's door-end exchanges until `deadline`: the plan one Unit shorter, or null when some piece stays. */
export function nearMissFinish(nm: NearMiss, deadline: number, ticker: Ticker): FleetPlan | null {
  const { fleet, plan, tail, others, changed, event } = nm;
  const cargo: Cargo = { left: nm.cargo.left.slice(), groups: new Set(nm.cargo.groups) };
  const trial = new Map(changed);
  const done = exchanged(fleet, others, trial, cargo, deadline, ticker, event);
  event.ok = done;
  nearMissTrace.fn?.(event);
  return done ? shorter(plan, tail, trial) : null;
}

function shorter(plan: FleetPlan, tail: PlannedUnit, changed: Map<PlannedUnit, PlannedUnit>): FleetPlan {
  return { ...plan, units: plan.units.filter((u) => u !== tail).map((u) => changed.get(u) ?? u) };
}

/** Pieces of the cargo, a group counted once. */
function piecesOf(c: Cargo): number {
  return c.left.reduce((a, n) => a + Math.max(0, n), 0) + c.groups.size;
}

/**
 * Door ends given up and filled again with `cargo` first, the displaced pieces topped into the
 * others, one exchange at a time while each leaves less volume over; on success `changed` holds
 * every Unit changed and `cargo` is empty.
 */
function exchanged(fleet: Fleet, others: PlannedUnit[], changed: Map<PlannedUnit, PlannedUnit>, cargo: Cargo, deadline: number, ticker: Ticker, event: NearMissEvent): boolean {
  const now = (u: PlannedUnit) => changed.get(u) ?? u;
  const room = (u: PlannedUnit) => u.view.volume - now(u).state.volume;
  let volume = volumeOf(fleet, cargo);
  for (let step = 0; step < MAX_LEFT && volume > 0; step++) {
    const chosen = [...others].sort((a, b) => room(b) - room(a) || a.index - b.index).slice(0, MAX_UNITS);
    const next = smallerRest(fleet, others, chosen, changed, cargo, volume, deadline, ticker, event);
    if (!next) return false;
    for (const [k, v] of next.trial) changed.set(k, v);
    cargo.left = next.rest.left;
    cargo.groups = next.rest.groups;
    volume = volumeOf(fleet, cargo);
  }
  return volume === 0 && isEmpty(cargo.left, cargo.groups);
}

/** The first exchange (cuts smallest first, then Units in `chosen` order) that leaves less than `volume` over. */
function smallerRest(
  fleet: Fleet, others: PlannedUnit[], chosen: PlannedUnit[], changed: Map<PlannedUnit, PlannedUnit>, cargo: Cargo, volume: number,
  deadline: number, ticker: Ticker, event: NearMissEvent,
): { trial: Map<PlannedUnit, PlannedUnit>; rest: Cargo } | null {
  for (const cut of CUTS) {
    for (const u of chosen) {
      if (ticker.now() >= deadline) return null;
      event.exchanges++;
      for (const refilled of doorEndRefilled(fleet, changed.get(u) ?? u, cargo, cut)) {
        const trial = new Map(changed);
        trial.set(u, refilled.unit);
        // No clock read per Unit topped up: the exchange as a whole is bounded by `deadline` (a
        // virtual clock charging each read would weigh these top-ups far above their cost).
        topUpRoomiestFirst(fleet, others.filter((o) => o !== u), trial, refilled.rest, Infinity, ticker);
        const left = volumeOf(fleet, refilled.rest);
        event.bestRest = Math.min(event.bestRest, left);
        if (left < volume) return { trial, rest: refilled.rest };
      }
    }
  }
  return null;
}

/**
 * Unit `u` with the blocks past `cut` of its loaded length given up and filled again (greedy), once
 * with `first` before the given-up pieces, once with all of them together (where a piece of `first`
 * may stand on a given-up one) and once as carrier columns of all of them (fleet/door-columns.ts)
 * topped up greedily; each refill that takes some of `first`, with what it leaves over.
 */
function doorEndRefilled(fleet: Fleet, u: PlannedUnit, first: Cargo, cut: number): { unit: PlannedUnit; rest: Cargo }[] {
  const length = Math.max(...u.state.placed.map((p) => p.x + p.block.dx));
  const { kept, given } = keptBefore(u.state.placed, Math.floor(length * (1 - cut)));
  if (given.length === 0) return [];
  const offer = cargoOfBlocks(fleet, given);
  first.left.forEach((n, i) => (offer.left[i] += n));
  for (const g of first.groups) offer.groups.add(g);
  const root = stateOf(fleet, u.view, kept, minDimOf(fleet, offer));
  const remaining = offer.left.map((n, i) => n + root.used[i]);
  const restOf = (state: PackState): Cargo => {
    const rest: Cargo = { left: offer.left.map((n, i) => n - (state.used[i] - root.used[i])), groups: new Set(offer.groups) };
    for (const g of state.groupsUsed) {
      if (!rest.groups.delete(g)) continue;
      for (const i of fleet.groupMembers(g)) rest.left[i] = 0;
    }
    return rest;
  };
  const out: { unit: PlannedUnit; rest: Cargo }[] = [];
  const takes = (state: PackState) => state.groupsUsed.some((g) => first.groups.has(g)) || first.left.some((n, i) => n > 0 && state.used[i] > root.used[i] + offer.left[i] - n);
  const head = fleet.fill(u.view, root.clone(), first.left.slice(), new Set(first.groups), GREEDY, remaining);
  if (head.placed.length > root.placed.length) {
    const after = restOf(head);
    const state = fleet.fill(u.view, reopen(head), after.left, after.groups, GREEDY, remaining);
    out.push({ unit: { ...u, state }, rest: restOf(state) });
  }
  const together = fleet.fill(u.view, root.clone(), offer.left.slice(), new Set(offer.groups), GREEDY, remaining);
  if (takes(together)) out.push({ unit: { ...u, state: together }, rest: restOf(together) });
  // Carrier columns across phases: given-up carriers under the near miss's pieces nothing may stand on.
  const stacked = doorEndColumns(fleet, u.view, root, kept, given, first.left, minDimOf(fleet, offer));
  const after = restOf(stacked);
  const columns = isEmpty(after.left, after.groups) ? stacked : fleet.fill(u.view, reopen(stacked), after.left, after.groups, GREEDY, remaining);
  if (takes(columns)) out.push({ unit: { ...u, state: columns }, rest: restOf(columns) });
  return out;
}
