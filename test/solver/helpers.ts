// Small builders for solver inputs, and a solve that proves every hard rule with checkPlan.
import type { ExecutionContext } from 'ava';
import { checkPlan } from '../../solver/check/index.ts';
import { solve } from '../../solver/index.ts';
import type { Block, Item } from '../../solver/model.ts';
import { Fleet, type FleetPlan } from '../../solver/pack/fleet.ts';
import { UnitProblem } from '../../solver/pack/problem.ts';
import type { PackState, UnitSpec } from '../../solver/pack/state.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import type { SolveHooks, SolveInput, SolveResult, SolverCargoLine, SolverEquipment } from '../../solver/types.ts';

export function equipment(over: Partial<SolverEquipment> = {}): SolverEquipment {
  return {
    id: 'box', equipmentTypeId: null, name: 'Test box',
    innerLengthMm: 1000, innerWidthMm: 1000, innerHeightMm: 1000,
    doorWidthMm: 1000, doorHeightMm: 1000, openings: ['rear'],
    maxPayloadG: 1_000_000_000, tareG: 0, axleProfile: null, maxUnits: null,
    ...over,
  };
}

export function line(over: Partial<SolverCargoLine> = {}): SolverCargoLine {
  return {
    id: 'a', name: 'Line a', quantity: 1,
    lengthMm: 500, widthMm: 500, heightMm: 500, weightG: 1000,
    orientations: ['LWH', 'WLH', 'LHW', 'HLW', 'WHL', 'HWL'],
    stackable: true, fragile: false, groupKey: null, stop: null,
    minSupportPermille: 1000, frictionSurface: null,
    ...over,
  };
}

export function input(over: Partial<SolveInput> = {}): SolveInput {
  return {
    equipment: [equipment()],
    lines: [line()],
    fixed: [],
    securing: null,
    options: { seed: 1, timeBudgetMs: 0 },
    ...over,
  };
}

/** Solves and requires the independent checker to find no violation. */
export function solveChecked(t: ExecutionContext, inp: SolveInput, hooks?: SolveHooks): SolveResult {
  const result = solve(inp, hooks);
  const violations = checkPlan(inp, result);
  t.deepEqual(violations.map((v) => `${v.rule}: ${v.message}`), []);
  return result;
}

export function placed(result: SolveResult, lineId: string) {
  return result.placements.filter((p) => p.cargoLineId === lineId);
}

/** A clock that moves `step` ms at every read: the budget becomes a count of reads (same plan every run). */
export function fakeClock(step = 1): () => number {
  let t = 0;
  return () => (t += step);
}

/** A 12 x 2.4 x 2.4 m Unit for tests of block building (wall anchor, cross-section first). */
export const trailerSpec: UnitSpec = { L: 12_000, W: 2400, H: 2400, payload: 1e12, supportNone: false, anchor: 'wall', order: 'section' };

/** A prepared item (a 1,200 x 800 x 1,000 mm pallet, upright, stackable unless told). */
export function palletItem(index: number, over: Partial<Item> = {}): Item {
  const it: Item = {
    index, lineIndex: index, lineId: `l${index}`, l: 1200, w: 800, h: 1000, volume: 0, weight: 1000,
    orientations: ['LWH'], stackable: true, fragile: false, stop: null, phaseRank: 0, supportPermille: 800, group: -1, ...over,
  };
  it.volume = it.l * it.w * it.h;
  return it;
}

/** A prepared item of one box (upright only, stackable, 1,000 kg, full support unless told). */
export function boxItem(index: number, l: number, w: number, h: number, over: Partial<Item> = {}): Item {
  return {
    index, lineIndex: index, lineId: `l${index}`, l, w, h, volume: l * w * h, weight: 1000,
    orientations: ['LWH'], stackable: true, fragile: false, stop: null, phaseRank: 0, supportPermille: 1000, group: -1, ...over,
  };
}

/** A block of nx * ny * nz copies of an item, upright (one copy unless told). */
export function blockOf(it: Item, nx = 1, ny = 1, nz = 1): Block {
  const count = nx * ny * nz;
  return {
    dx: it.l * nx, dy: it.w * ny, dz: it.h * nz, volume: it.volume * count, weight: it.weight * count,
    item: it.index, rotation: 'LWH', nx, ny, nz, count, group: -1, pieces: null,
  };
}

/** A 2.4 x 1 x 1.3 m Unit (wall anchor, biggest first, full support) for single-Unit search tests. */
export const smallSpec: UnitSpec = { L: 2400, W: 1000, H: 1300, payload: 1e12, supportNone: false, anchor: 'wall', order: 'volume' };

/** Six box types (upright or turned on the floor), three pieces each in `sixTypesProblem`. */
export const sixTypes: Item[] = [[700, 400, 500], [600, 300, 450], [500, 500, 400], [450, 350, 300], [800, 250, 350], [300, 300, 300]]
  .map(([l, w, h], index) => boxItem(index, l, w, h, { orientations: ['LWH', 'WLH'] }));

/** One phase of `sixTypes`, three pieces each, on `spec` (a general-block-free search; `noise` perturbs the order). */
export function sixTypesProblem(ticker: Ticker, spec: UnitSpec = smallSpec, noise = 0): UnitProblem {
  return new UnitProblem(
    spec, sixTypes, sixTypes.map(() => 3), [{ items: sixTypes.map((i) => i.index), groups: [] }],
    () => ['LWH', 'WLH'], () => null, 250, ticker, null, noise,
  );
}

/** A ticker on `fakeClock`: the same readings give the same work (and the same plan). */
export function fakeTicker(): Ticker {
  return new Ticker({ now: fakeClock() });
}

/** The prepared cargo of `inp` and its fleet, on `fakeTicker` (for the fleet-level steps). */
export function fleetOn(inp: SolveInput): { prep: ReturnType<typeof prepare>; ticker: Ticker; fleet: Fleet } {
  const prep = prepare(inp);
  const ticker = fakeTicker();
  return { prep, ticker, fleet: new Fleet(inp, prep, ticker) };
}

/** `inp`'s fleet and its first plan (greedy, no time budget), on `fakeTicker`. */
export function firstFleetPlan(inp: SolveInput): { fleet: Fleet; plan: FleetPlan; ticker: Ticker } {
  const { fleet, ticker } = fleetOn(inp);
  return { fleet, ticker, plan: fleet.plan({ beam: false, sliceMs: 0, deadline: 0 }) };
}

/** Pieces of each item over a plan's Units (what every move must keep). */
export function piecesPerItem(fleet: Fleet, plan: FleetPlan): number[] {
  const n = new Array<number>(fleet.itemCount).fill(0);
  for (const u of plan.units) u.state.used.forEach((c, i) => (n[i] += c));
  return n;
}

/** A state's placements, comparable across runs. */
export const placements = (state: PackState) => state.placed.map((p) => [p.x, p.y, p.z, p.block.item, p.block.count]);
