// Shrinking the last Unit by exchanges with the others. The last Unit of a plan holds what the
// earlier ones left; their free space is scattered in gaps too thin for it, so it cannot
// simply be topped into them. Instead one Unit at a time gives up its door end (the blocks
// past a cut, and whatever stands on them) and that end is packed again from its own pieces
// plus the last Unit's: the denser repack takes some of the last Unit's cargo, and what
// does not go back packs into a new last Unit. An exchange is kept only when every piece
// still goes and the last Unit holds less; when it holds nothing, the plan has one Unit fewer.
import type { Block, PlacedBlock } from '../../model.ts';
import type { Ticker } from '../../ticker.ts';
import type { Fleet, FleetMode, FleetPlan, PlannedUnit } from '../fleet.ts';
import type { EquipmentView } from '../equipment-view.ts';
import { phaseItemsFor } from './phase-width.ts';
import { PackState, place } from '../state.ts';

/** Shares of a Unit's loaded length given up at its door end, smallest first (a small end keeps more of a good packing; measured to shrink 1 % tails further than 30 %). */
const CUTS = [0.15, 0.3, 0.5];
/** Time for one exchange (ms), at most. */
const MAX_SLICE = 600;

export interface Cargo {
  left: number[];
  groups: Set<number>;
}

/** Pieces per item and groups of some placed blocks. */
export function cargoOfBlocks(fleet: Fleet, blocks: PlacedBlock[]): Cargo {
  const left = new Array<number>(fleet.itemCount).fill(0);
  const groups = new Set<number>();
  for (const { block } of blocks) addBlock(block, left, groups);
  return { left, groups };
}

/** Pieces per item (group members aside: the group set carries them) and groups of some loaded Units. */
export function cargoOfUnits(fleet: Fleet, units: PlannedUnit[]): Cargo {
  const left = new Array<number>(fleet.itemCount).fill(0);
  const groups = new Set<number>();
  for (const u of units) {
    u.state.used.forEach((n, i) => (left[i] += n));
    for (const g of u.state.groupsUsed) groups.add(g);
  }
  for (const g of groups) for (const i of fleet.groupMembers(g)) left[i] = 0;
  return { left, groups };
}

function addBlock(b: Block, left: number[], groups: Set<number>): void {
  if (b.group >= 0) groups.add(b.group);
  else if (b.need) for (const [i, n] of b.need) left[i] += n;
  else left[b.item] += b.count;
}

/**
 * The blocks kept when a Unit gives up everything reaching past `cut` along its length:
 * in placement order, a block goes too when any block given up lies under it (so every
 * kept block still stands on kept ones).
 */
export function keptBefore(placed: PlacedBlock[], cut: number): { kept: PlacedBlock[]; given: PlacedBlock[] } {
  const kept: PlacedBlock[] = [];
  const given: PlacedBlock[] = [];
  for (const p of placed) {
    const out = p.x + p.block.dx > cut || given.some((g) => g.z < p.z && footprintsOverlap(g, p));
    (out ? given : kept).push(p);
  }
  return { kept, given };
}

/** Whether two placed blocks' footprints overlap (one may stand on the other). */
export function footprintsOverlap(a: PlacedBlock, b: PlacedBlock): boolean {
  return a.x < b.x + b.block.dx && b.x < a.x + a.block.dx && a.y < b.y + b.block.dy && b.y < a.y + a.block.dy;
}

/** A state of `view`'s equipment holding `blocks` at their places (some of a Unit's blocks). */
export function stateOf(fleet: Fleet, view: EquipmentView, blocks: PlacedBlock[], minDim: number): PackState {
  const s = new PackState(view.spec, fleet.itemCount);
  for (const p of blocks) place(s, view.spec, fleet.items, p.block, p.x, p.y, p.z, minDim);
  return s;
}

/** Nothing left: no pieces and no groups. */
export function isEmpty(left: number[], groups: Set<number>): boolean {
  return groups.size === 0 && left.every((n) => n <= 0);
}

export function volumeOf(fleet: Fleet, c: Cargo): number {
  let v = 0;
  c.left.forEach((n, i) => (v += n * fleet.items[i].volume));
  for (const g of c.groups) for (const i of fleet.groupMembers(g)) v += fleet.items[i].volume * fleet.counts[i];
  return v;
}

export function minDimOf(fleet: Fleet, c: Cargo): number {
  let m = Infinity;
  const see = (i: number) => {
    const it = fleet.items[i];
    m = Math.min(m, it.l, it.w, it.h);
  };
  c.left.forEach((n, i) => n > 0 && see(i));
  for (const g of c.groups) fleet.groupMembers(g).forEach(see);
  return m === Infinity ? 1 : m;
}

/**
 * One exchange that leaves the last free Unit with less cargo (or none); null when no Unit
 * manages one before the deadline. Single-Stop loads only: pieces moved to an earlier Unit's
 * door end could otherwise block a Stop.
 */
export function shrinkTail(fleet: Fleet, plan: FleetPlan, deadline: number, ticker: Ticker): FleetPlan | null {
  if (fleet.severalStops) return null;
  const free = plan.units.filter((u) => u.fixedUnit < 0);
  if (free.length < 2) return null;
  const tail = free[free.length - 1];
  const tailCargo = cargoOfBlocks(fleet, tail.state.placed);
  const tailVolume = tail.state.volume;
  // The emptiest Units first: they have the most room to gain.
  const others = free.slice(0, -1).sort((a, b) => a.state.volume / a.view.volume - b.state.volume / b.view.volume);
  for (const cut of CUTS) {
    for (const u of others) {
      const now = ticker.now();
      if (now >= deadline) return null;
      const slice = Math.min(MAX_SLICE, (deadline - now) / 2);
      const next = exchange(fleet, plan, u, tail, tailCargo, tailVolume, cut, { beam: true, sliceMs: slice, deadline, phaseItems: phaseItemsFor(slice) });
      if (next) return next;
    }
  }
  return null;
}

/** Unit `u` gives up its door end past `cut` of its loaded length and repacks it with the tail's cargo. */
function exchange(fleet: Fleet, plan: FleetPlan, u: PlannedUnit, tail: PlannedUnit, tailCargo: Cargo, tailVolume: number, cut: number, mode: FleetMode): FleetPlan | null {
  const length = Math.max(...u.state.placed.map((p) => p.x + p.block.dx));
  const { kept, given } = keptBefore(u.state.placed, Math.floor(length * (1 - cut)));
  if (given.length === 0) return null;
  const offer = cargoOfBlocks(fleet, given);
  tailCargo.left.forEach((n, i) => (offer.left[i] += n));
  for (const g of tailCargo.groups) offer.groups.add(g);
  const minDim = minDimOf(fleet, offer);
  const root = stateOf(fleet, u.view, kept, minDim);
  const remaining = offer.left.map((n, i) => n + root.used[i]);
  const state = fleet.fill(u.view, root, offer.left.slice(), new Set(offer.groups), mode, remaining);
  // What does not go back into u is the new tail.
  const rest: Cargo = { left: offer.left.map((n, i) => n - (state.used[i] - root.used[i])), groups: new Set(offer.groups) };
  for (const g of state.groupsUsed) {
    if (!rest.groups.delete(g)) continue;
    for (const i of fleet.groupMembers(g)) rest.left[i] = 0;
  }
  const restVolume = volumeOf(fleet, rest);
  if (restVolume >= tailVolume) return null;
  const replaced: PlannedUnit = { ...u, state };
  if (restVolume === 0) return { ...plan, units: plan.units.filter((x) => x !== tail).map((x) => (x === u ? replaced : x)) };
  const kept2 = plan.units.filter((x) => x !== tail && x !== u);
  // The greedy first (fast), a beam search when it does not take all of it.
  const opened = fleet.packNew(rest.left, rest.groups, [...kept2, replaced], 1, { beam: false, sliceMs: 0, deadline: 0 })
    ?? fleet.packNew(rest.left, rest.groups, [...kept2, replaced], 1, mode);
  if (!opened) return null;
  const newTail: PlannedUnit = { ...opened[0], index: tail.index };
  return { ...plan, units: plan.units.map((x) => (x === u ? replaced : x === tail ? newTail : x)) };
}
