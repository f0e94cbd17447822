// Floor freed for the last Unit's cargo, several Stops. At scale the last Units of a Stop hold
// its crates and pallets nothing may stand on, while the Units before them cover their floor
// with low piles (long goods and cartons topped under about 1.5 m: the small cargo that could
// top them went to earlier Units as filler). One Unit at a time holding only the tail's Stop
// gives up its low piles (floor blocks whose pile stays low, and what stands on them) and is
// filled again from what it keeps with those pieces plus the tail's cargo: the refill may stack
// them higher and lay the tail's crates on the floor freed. Unlike the door-end exchange
// (shrink-tail.ts) the give-up is spread over the whole length, and the Units hold one Stop
// only, so no piece can block another Stop. Kept while the tail's cargo shrinks; a Unit fewer
// when nothing of it is left.
import type { PlacedBlock } from '../../model.ts';
import type { Ticker } from '../../ticker.ts';
import type { Fleet, FleetPlan, PlannedUnit } from '../fleet.ts';
import { reopen } from './reopen.ts';
import { type Cargo, cargoOfBlocks, footprintsOverlap, minDimOf, stateOf, volumeOf } from './shrink-tail.ts';

const GREEDY = { beam: false, sliceMs: 0, deadline: 0 };

/** A pile is low when its top stays under this share of the Unit's height (about 1.5 m in a sea container). */
const LOW_SHARE = 0.6;

/** The plan with the tail's cargo shrunk by refills of low piles (or the tail gone); null when no refill shrinks it. */
export function restackTail(fleet: Fleet, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan | null {
  if (!fleet.severalStops) return null;
  const free = plan.units.filter((u) => u.fixedUnit < 0);
  if (free.length < 2) return null;
  const tail = free[free.length - 1];
  const stop = onlyStop(fleet, tail);
  if (stop == null) return null;
  let cargo = cargoOfBlocks(fleet, tail.state.placed);
  let volume = tail.state.volume;
  const replaced = new Map<PlannedUnit, PlannedUnit>();
  // The emptiest Units first: they have the most room to stack higher.
  const others = free.slice(0, -1).filter((u) => onlyStop(fleet, u) === stop);
  others.sort((a, b) => a.state.volume / a.view.volume - b.state.volume / b.view.volume);
  const current = (u: PlannedUnit) => replaced.get(u) ?? u;
  for (const u of others) {
    if (ticker.now() >= deadline || volume === 0) break;
    const next = refilled(fleet, current(u), cargo);
    if (!next || next.volume >= volume) continue;
    replaced.set(u, next.unit);
    cargo = next.rest;
    volume = next.volume;
  }
  if (replaced.size === 0) return null;
  const units = plan.units.filter((x) => x !== tail).map((x) => replaced.get(x) ?? x);
  if (volume === 0) return { ...plan, units };
  const opened = fleet.packNew(cargo.left, cargo.groups, units, 1, { beam: false, sliceMs: 0, deadline: 0 });
  if (!opened) return null;
  return { ...plan, units: plan.units.map((x) => replaced.get(x) ?? (x === tail ? { ...opened[0], index: tail.index } : x)) };
}

/** The Stop (phase rank) of every piece in the Unit, or null when it holds several (or none). */
function onlyStop(fleet: Fleet, u: PlannedUnit): number | null {
  const { left, groups } = cargoOfBlocks(fleet, u.state.placed);
  const ranks = new Set<number>();
  left.forEach((n, i) => { if (n > 0) ranks.add(fleet.items[i].phaseRank); });
  for (const g of groups) for (const i of fleet.groupMembers(g)) ranks.add(fleet.items[i].phaseRank);
  return ranks.size === 1 ? ranks.values().next().value! : null;
}

/** Unit `u` with its low piles given up and filled again (greedy) from them plus `tail`; what is left over and its volume. */
function refilled(fleet: Fleet, u: PlannedUnit, tail: Cargo): { unit: PlannedUnit; rest: Cargo; volume: number } | null {
  const { kept, given } = lowPiles(u.state.placed, LOW_SHARE * u.view.spec.H);
  if (given.length === 0) return null;
  const offer = cargoOfBlocks(fleet, given);
  tail.left.forEach((n, i) => (offer.left[i] += n));
  for (const g of tail.groups) offer.groups.add(g);
  const root = stateOf(fleet, u.view, kept, minDimOf(fleet, offer));
  const remaining = offer.left.map((n, i) => n + root.used[i]);
  // The tail's cargo first, on the floor freed; then the given-up pieces over and around it.
  const first = fleet.fill(u.view, root.clone(), tail.left.slice(), new Set(tail.groups), GREEDY, remaining);
  const after = offer.left.map((n, i) => n - (first.used[i] - root.used[i]));
  const afterGroups = new Set([...offer.groups].filter((g) => !first.groupsUsed.includes(g)));
  const state = fleet.fill(u.view, reopen(first), after, afterGroups, GREEDY, remaining);
  const rest: Cargo = { left: offer.left.map((n, i) => n - (state.used[i] - root.used[i])), groups: new Set(offer.groups) };
  for (const g of state.groupsUsed) {
    if (!rest.groups.delete(g)) continue;
    for (const i of fleet.groupMembers(g)) rest.left[i] = 0;
  }
  return { unit: { ...u, state }, rest, volume: volumeOf(fleet, rest) };
}

/**
 * The blocks kept when a Unit gives up its low piles: a floor block goes when nothing over its
 * footprint reaches `low`, and in placement order a block goes too when a given-up one lies under it.
 */
export function lowPiles(placed: PlacedBlock[], low: number): { kept: PlacedBlock[]; given: PlacedBlock[] } {
  const kept: PlacedBlock[] = [];
  const given: PlacedBlock[] = [];
  for (const p of placed) {
    const low0 = p.z === 0 && placed.every((q) => q.z + q.block.dz < low || !footprintsOverlap(p, q));
    const out = low0 || given.some((g) => g.z < p.z && footprintsOverlap(g, p));
    (out ? given : kept).push(p);
  }
  return { kept, given };
}
