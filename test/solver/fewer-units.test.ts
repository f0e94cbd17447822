import test from 'ava';
import { solve } from '../../solver/index.ts';
import { fewerUnits } from '../../solver/pack/fewer-units.ts';
import { Fleet, type FleetPlan } from '../../solver/pack/fleet.ts';
import { PackState } from '../../solver/pack/state.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import type { SolveInput } from '../../solver/types.ts';
import { equipment, input, line, solveChecked, fakeClock, fleetOn } from './helpers.ts';

/** Mixed boxes over several 2 m cubes. */
function severalUnits(budgetMs: number): SolveInput {
  return input({
    equipment: [equipment({ innerLengthMm: 2000, innerWidthMm: 1000, innerHeightMm: 1000, doorWidthMm: 1000, doorHeightMm: 1000 })],
    lines: [
      line({ id: 'a', quantity: 9, lengthMm: 700, widthMm: 600, heightMm: 500 }),
      line({ id: 'b', quantity: 14, lengthMm: 400, widthMm: 300, heightMm: 300 }),
      line({ id: 'c', quantity: 7, lengthMm: 900, widthMm: 450, heightMm: 350 }),
      line({ id: 'd', quantity: 20, lengthMm: 250, widthMm: 250, heightMm: 250 }),
    ],
    options: { seed: 5, timeBudgetMs: budgetMs },
  });
}

test('the improvement never uses more Units than the first plan and loads every piece it loaded', (t) => {
  const first = solveChecked(t, severalUnits(0));
  const improved = solveChecked(t, severalUnits(3000), { now: fakeClock() });
  t.true(first.units.length > 1);
  t.true(improved.units.length <= first.units.length);
  t.true(improved.totals.piecesLoaded >= first.totals.piecesLoaded);
});

test('the same multi-Unit input and seed give the same plan', (t) => {
  const a = solve(severalUnits(3000), { now: fakeClock() });
  const b = solveChecked(t, severalUnits(3000), { now: fakeClock() });
  t.deepEqual(a.placements, b.placements);
  t.deepEqual(a.units.map((u) => u.index), b.units.map((u) => u.index));
});

test('a last Unit whose cargo fits into the free space of the others is emptied and dropped', (t) => {
  const inp = input({ lines: [line({ quantity: 4 })] });
  const { prep, ticker, fleet } = fleetOn(inp);
  const mode = { beam: false, sliceMs: 0, deadline: 0 };
  // Two Units of two cubes each where one Unit takes all four.
  const units = [fleet.packNew([2], new Set(), [], 1, mode)!, fleet.packNew([2], new Set(), [], 1, mode)!].flat();
  const plan: FleetPlan = { units: units.map((u, k) => ({ ...u, index: k })), left: [0], groupsLeft: new Set(), stoppedBy: 'done' };
  const fewer = fewerUnits(fleet, plan, ticker.now() + 10_000, ticker, 0);
  t.is(fewer.units.length, 1);
  t.is(fewer.units[0].state.used[0], 4);
  t.is(fewer.units[0].index, 0);
});

test('a first plan as few Units as the lower bound is returned without searching further', (t) => {
  const cubes = (budgetMs: number) => input({
    equipment: [equipment({ innerLengthMm: 2000, innerWidthMm: 1000, innerHeightMm: 1000, doorWidthMm: 1000, doorHeightMm: 1000 })],
    lines: [line({ id: 'a', quantity: 4, lengthMm: 1000, widthMm: 1000, heightMm: 1000 })],
    options: { seed: 5, timeBudgetMs: budgetMs },
  });
  const result = solveChecked(t, cubes(3000), { now: fakeClock() });
  t.is(result.units.length, 2);
  t.is(result.stats.iterations, 1);
});

test('a plan holds no Unit without cargo: sharing out over one Unit fewer that leaves one empty drops it', (t) => {
  // Problem 5 of the classic multi-container set (sides x100): every 800 x 1,200 x 1,200 piece
  // needs a Unit of its own, the others share the room beside and above them.
  const all = ['LWH', 'WLH', 'LHW', 'HLW', 'WHL', 'HWL'] as const;
  const box = (id: string, quantity: number, l: number, w: number, h: number) =>
    line({ id, quantity, lengthMm: l, widthMm: w, heightMm: h, orientations: [...all] });
  const result = solveChecked(t, input({
    equipment: [equipment({ innerLengthMm: 2000, innerWidthMm: 800, innerHeightMm: 1600, doorWidthMm: 800, doorHeightMm: 1600 })],
    lines: [box('a', 45, 800, 1600, 400), box('b', 60, 800, 800, 800), box('c', 50, 800, 1200, 1200), box('d', 25, 1200, 400, 400)],
    options: { seed: 5, timeBudgetMs: 10_000, supportRule: 'none' },
  }), { now: fakeClock() });
  t.is(result.totals.piecesUnloaded, 0);
  const loaded = new Set(result.placements.map((p) => p.unitIndex));
  t.deepEqual(result.units.filter((u) => !loaded.has(u.index)).map((u) => u.index), []);
});

test('a repack counts a keep-together group in full: the Unit opened for the rest is one that takes the group too', (t) => {
  // One loose 500 mm cube and a group of three. A repack's cargo carries the group in its set
  // with its members at 0 per item; counted from those, the rest read one cube, the small Unit
  // took it and the group was left over.
  const small = equipment({ id: 'small', innerLengthMm: 500, innerWidthMm: 500, innerHeightMm: 500, doorWidthMm: 500, doorHeightMm: 500 });
  const big = equipment({ id: 'big', innerLengthMm: 2000, innerWidthMm: 500, innerHeightMm: 500, doorWidthMm: 500, doorHeightMm: 500 });
  const inp = input({ equipment: [small, big], lines: [line({ id: 'a' }), line({ id: 'g', quantity: 3, groupKey: 'G' })] });
  const prep = prepare(inp);
  const fleet = new Fleet(inp, prep, new Ticker({ now: fakeClock() }));
  const group = prep.items.findIndex((it) => it.group >= 0);
  const left = prep.items.map((it) => (it.group >= 0 ? 0 : 1));
  const opened = fleet.packNew(left, new Set([prep.items[group].group]), [], 1, { beam: false, sliceMs: 0, deadline: 0 });
  t.truthy(opened);
  t.is(opened![0].view.equipment.id, 'big');
  t.is(opened![0].state.placed.reduce((a, p) => a + p.block.count, 0), 4);
});

test('the last Unit goes into a smaller type when a search packs all of its cargo there', (t) => {
  const small = equipment({ id: 'small', innerLengthMm: 1000, innerWidthMm: 1000, innerHeightMm: 1000 });
  const big = equipment({ id: 'big', innerLengthMm: 3000, innerWidthMm: 1000, innerHeightMm: 1000 });
  const inp = input({ equipment: [small, big], lines: [line({ quantity: 4 })] });
  const { prep, ticker, fleet } = fleetOn(inp);
  // Four 500 mm cubes in the big Unit, where the small one holds eight.
  const view = fleet.views[1];
  const state = fleet.fill(view, new PackState(view.spec, prep.items.length), [4], new Set(), { beam: false, sliceMs: 0, deadline: 0 });
  const plan: FleetPlan = { units: [{ index: 0, view, state, fixedUnit: -1 }], left: [0], groupsLeft: new Set(), stoppedBy: 'done' };
  const fewer = fewerUnits(fleet, plan, ticker.now() + 10_000, ticker, 0);
  t.is(fewer.units.length, 1);
  t.is(fewer.units[0].view.equipment.id, 'small');
  t.is(fewer.units[0].state.used[0], 4);
});
