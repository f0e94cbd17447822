// Several Units' packings copied, in the numbers the cutting-stock LP gives. Cargo of a few box
// types in one container type: one packing copied over all Units (share-copies.ts) makes every
// Unit hold every type, which wastes room where two types do not go together (thpack9 #21: two
// 1,000 x 1,400 x 1,100 boxes fill a Unit's height and leave room only for small ones, three
// 1,200 x 1,300 x 800 boxes another way). Here each subset of the types is packed on its own
// (greedy, a few ms each), the plan's own Units are patterns too, the patterns the LP over their
// count vectors uses are searched again (beam), and the LP says how many Units of each to copy:
// its numbers rounded down, then the LP again over what is left. What the copies leave is
// packed by the caller (#21: 21 -> 20 Units, the LP over the patterns 19.2).
import type { Ticker } from '../../ticker.ts';
import type { EquipmentView } from '../equipment-view.ts';
import type { Fleet } from '../fleet.ts';
import type { PlacedBlock } from '../../model.ts';
import { PackState } from '../state.ts';
import { coverLp } from './cover-lp.ts';
import type { Copies } from './share-copies.ts';
import { footprintsOverlap, stateOf, type Cargo } from './shrink-tail.ts';

/** Most box types the subsets are packed for (2^6 - 1 greedy fills). */
const MAX_TYPES = 6;
/** Share of the time to the deadline for searching the LP's patterns again. */
const SEARCH_SHARE = 0.5;

/** Whether the cargo has 2 to MAX_TYPES box types and no groups (what the patterns are made for). */
export function coverTypes(cargo: Cargo): boolean {
  let types = 0;
  for (const n of cargo.left) if (n > 0 && ++types > MAX_TYPES) return false;
  return types >= 2 && cargo.groups.size === 0;
}

/**
 * The copies of the LP's patterns for the cargo in `target` Units (null when the cargo has one
 * or more than MAX_TYPES types, or no pattern is copied). `seen`: loaded Units of this view.
 */
export function patternCopies(fleet: Fleet, view: EquipmentView, cargo: Cargo, seen: PackState[], target: number, deadline: number, ticker: Ticker): Copies | null {
  if (!coverTypes(cargo)) return null;
  const items = cargo.left.map((_, i) => i).filter((i) => cargo.left[i] > 0);
  const patterns = new Map<string, PackState>();
  const add = (s: PackState) => {
    const key = items.map((i) => s.used[i]).join(',');
    const had = patterns.get(key);
    if (s.placed.length > 0 && (!had || had.volume < s.volume)) patterns.set(key, s);
  };
  seen.forEach(add);
  const offerOf = (mask: number) => cargo.left.map((n, i) => (mask & (1 << items.indexOf(i)) ? n : 0));
  for (let mask = 1; mask < 1 << items.length; mask++) {
    if (ticker.now() >= deadline) return null;
    add(fleet.fill(view, new PackState(view.spec, fleet.itemCount), offerOf(mask), new Set(), { beam: false, sliceMs: 0, deadline: 0 }));
  }
  const lp = () => {
    const states = [...patterns.values()];
    return { states, x: lpOver(states, items, cargo.left) };
  };
  let { states, x } = lp();
  // The patterns the LP uses searched again (beam) on part of the time, each from its own types.
  const used = states.filter((_, k) => x[k] > 1e-6);
  const end = ticker.now() + (deadline - ticker.now()) * SEARCH_SHARE;
  used.forEach((s, k) => {
    const now = ticker.now();
    if (now >= end) return;
    const mask = items.reduce((m, i, b) => (s.used[i] > 0 ? m | (1 << b) : m), 0);
    const sliceMs = (end - now) / (used.length - k);
    add(fleet.fill(view, new PackState(view.spec, fleet.itemCount), offerOf(mask), new Set(), { beam: true, sliceMs, deadline: now + sliceMs }));
  });
  ({ states, x } = lp());
  return copiesBy(fleet, states, x, view, cargo, target);
}

/** The cutting-stock LP's number of Units of each pattern for `left`, over the types in `items`. */
function lpOver(states: PackState[], items: number[], left: number[]): number[] {
  return coverLp(states.map((s) => items.map((i) => s.used[i])), items.map((i) => left[i]));
}

/**
 * Each pattern copied the LP's number of times rounded down, largest numbers first; a copy gives
 * up the blocks of items the cargo has too few of left (the LP counts a pattern's subsets too).
 */
function copiesBy(fleet: Fleet, states: PackState[], x: number[], view: EquipmentView, cargo: Cargo, target: number): Copies | null {
  const left = cargo.left.slice();
  const units: Copies['units'] = [];
  const minDim = Math.min(...cargo.left.flatMap((n, i) => (n > 0 ? [fleet.items[i].l, fleet.items[i].w, fleet.items[i].h] : [])));
  const copy = (k: number) => {
    const s = trimmed(fleet, view, states[k], left, minDim);
    if (!s) return false;
    s.used.forEach((n, i) => (left[i] -= n));
    units.push({ index: -1, view, state: s, fixedUnit: -1 });
    return true;
  };
  const items = cargo.left.map((_, i) => i).filter((i) => cargo.left[i] > 0);
  // Rounded down, then the LP again over what is left (one copy of its largest number when all are under one).
  for (let lp = x; units.length < target && left.some((n) => n > 0); lp = lpOver(states, items, left)) {
    const order = states.map((_, k) => k).sort((a, b) => lp[b] - lp[a]);
    let copied = 0;
    for (const k of order) {
      for (let m = Math.floor(lp[k] + 1e-6); m > 0 && units.length < target && copy(k); m--) copied++;
    }
    if (copied === 0 && !(lp[order[0]] > 1e-6 && copy(order[0]))) break;
  }
  return units.length > 0 ? { units, rest: { left, groups: new Set() } } : null;
}

/**
 * A copy of the pattern without the blocks of items it holds more of than `left` (under a
 * support rule also without what stands on them); null when nothing is kept.
 */
function trimmed(fleet: Fleet, view: EquipmentView, s: PackState, left: number[], minDim: number): PackState | null {
  if (s.used.every((n, i) => n <= left[i])) return s.clone();
  const over = Array.from(s.used, (n, i) => n - left[i]);
  const kept: PlacedBlock[] = [], dropped: PlacedBlock[] = [];
  for (const p of s.placed) {
    const pieces = p.block.need ?? [[p.block.item, p.block.count]];
    const under = !view.spec.supportNone && dropped.some((d) => d.z < p.z && footprintsOverlap(d, p));
    if (under || pieces.some(([i]) => over[i] > 0)) {
      dropped.push(p);
      for (const [i, n] of pieces) over[i] -= n;
    } else kept.push(p);
  }
  return kept.length === 0 ? null : stateOf(fleet, view, kept, minDim);
}
