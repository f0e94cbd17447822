// One Unit's packing copied over the Units. Cargo of a few box types with many copies each,
// one container type: when one Unit takes every item's share over `target` Units (its count
// over `target`, rounded up), the same packing repeated covers all the cargo in `target`
// Units. So the whole search time goes to that one Unit instead of being split over Units
// filled one after another (where the first ones take the mix that packs best and the last
// ones are left with what packs worst). Whatever the copies do not cover is packed into the
// Units still free.
import type { Ticker } from '../../ticker.ts';
import type { EquipmentView } from '../equipment-view.ts';
import type { Fleet, FleetMode, PlannedUnit } from '../fleet.ts';
import { PackState } from '../state.ts';
import type { Cargo } from './shrink-tail.ts';

/**
 * Share of the cargo volume one Unit's shares may hold at most (cargo of lines of one or a few
 * pieces each is offered nearly whole: the copies would be the Unit-by-Unit fill again).
 */
const MAX_SHARE = 0.75;

/** Each Unit's part of an item over `target` Units: its count over `target`, rounded up. */
export function copyShare(count: number, target: number): number {
  return Math.ceil(count / target);
}

/** Whether shares over `target` Units hold enough of the cargo back for copies to differ from the Unit-by-Unit fill. */
export function copiesApply(fleet: Fleet, cargo: Cargo, target: number): boolean {
  if (target < 2 || cargo.groups.size > 0) return false;
  let all = 0, offered = 0;
  cargo.left.forEach((c, i) => {
    all += c * fleet.items[i].volume;
    offered += copyShare(c, target) * fleet.items[i].volume;
  });
  return all > 0 && offered <= MAX_SHARE * all;
}

/** Rounds of the one Unit's packing, each offered less of what the round before took in full. */
export const ROUNDS = 3;

/** Copies of one Unit's packing and the cargo they leave. */
export interface Copies {
  units: PlannedUnit[];
  rest: Cargo;
}

/**
 * One Unit packed from every item's share over `target` Units, copied as often as the counts
 * allow (at most `target` times): one candidate per round, up to ROUNDS. The first round offers
 * every item's share rounded up; the search then leaves out some pieces of the items that pack
 * worst and takes more of the others, so the copies run out of the others first and leave the
 * awkward pieces over. The next round offers each item the pattern took in full only its share
 * rounded down, which leaves room for the rest (on one measured problem: 5 copies and 115
 * pieces over, then 6 copies and 6 pieces over).
 */
export function* copyRounds(fleet: Fleet, view: EquipmentView, cargo: Cargo, target: number, deadline: number, ticker: Ticker): Generator<Copies> {
  let offer = cargo.left.map((c) => copyShare(c, target));
  for (let round = 0; round < ROUNDS; round++) {
    const now = ticker.now();
    if (now >= deadline) return;
    const sliceMs = (deadline - now) / (ROUNDS - round);
    const mode: FleetMode = { beam: true, sliceMs, deadline: now + sliceMs };
    const pattern = fleet.fill(view, new PackState(view.spec, fleet.itemCount), offer, new Set(), mode);
    if (pattern.placed.length === 0) return;
    yield copiesOf(pattern, view, cargo, target);
    offer = offer.map((n, i) => (pattern.used[i] >= n ? Math.floor(cargo.left[i] / target) : n));
  }
}

/** The pattern copied as often as the cargo's counts allow, at most `target` times. */
function copiesOf(pattern: PackState, view: EquipmentView, cargo: Cargo, target: number): Copies {
  const left = cargo.left.slice();
  const units: PlannedUnit[] = [];
  while (units.length < target && covers(left, pattern.used)) {
    pattern.used.forEach((n, i) => (left[i] -= n));
    units.push({ index: -1, view, state: pattern.clone(), fixedUnit: -1 });
  }
  return { units, rest: { left, groups: new Set() } };
}

/** Whether `left` holds at least `used` of every item. */
function covers(left: number[], used: Int32Array): boolean {
  for (let i = 0; i < left.length; i++) if (used[i] > left[i]) return false;
  return true;
}
