import test from 'ava';
import { solve, SolveCancelledError } from '../../solver/index.ts';
import { fewerUnits } from '../../solver/pack/fewer-units.ts';
import { Fleet } from '../../solver/pack/fleet.ts';
import { OTHER_PLANS, orderKey } from '../../solver/pack/fleet/orders.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import type { SolveInput } from '../../solver/types.ts';
import { generateCargo, scaleInput } from '../../scripts/bench/cargo-generator.ts';
import { equipment, fakeClock, input, line, solveChecked } from './helpers.ts';

const UPRIGHT = ['LWH', 'WLH'] as const;

/** Pallets, non-stackable pallets and crates over two Stops, several Units of 2.4 x 1.2 x 2 m. */
function mixed(budgetMs: number): SolveInput {
  const pallet = (id: string, stop: number, h: number, stackable: boolean) =>
    line({ id, quantity: 2, stop, lengthMm: 1200, widthMm: 800, heightMm: h, weightG: 300_000, orientations: [...UPRIGHT], stackable, minSupportPermille: 800 });
  const crate = (id: string, stop: number, l: number, h: number) =>
    line({ id, quantity: 1, stop, lengthMm: l, widthMm: 1100, heightMm: h, weightG: 500_000, orientations: [...UPRIGHT], stackable: false });
  return input({
    equipment: [equipment({ innerLengthMm: 2400, innerWidthMm: 1200, innerHeightMm: 2000, doorWidthMm: 1200, doorHeightMm: 2000 })],
    lines: [
      pallet('p1', 1, 900, true), pallet('p2', 2, 1000, true), pallet('n1', 1, 800, false), pallet('n2', 2, 950, false),
      crate('c1', 1, 1500, 700), crate('c2', 2, 1100, 1200),
      line({ id: 'k', quantity: 12, stop: 2, lengthMm: 400, widthMm: 300, heightMm: 300, weightG: 10_000 }),
    ],
    options: { seed: 3, timeBudgetMs: budgetMs },
  });
}

test('the other packing orders put crates, pieces nothing may stand on, or the heaviest first within a Stop', (t) => {
  const prep = prepare(mixed(0));
  const byLine = (id: string) => prep.items.find((it) => it.lineId === id)!.index;
  const key = (order: Parameters<typeof orderKey>[0], id: string) => orderKey(order, prep.items, [{ item: byLine(id), count: 1 }]);
  t.true(key('crates-first', 'c1') < key('crates-first', 'n1'));
  t.is(key('crates-first', 'n1'), key('crates-first', 'p1'));
  t.true(key('not-stackable-first', 'n1') < key('not-stackable-first', 'p1'));
  t.is(key('not-stackable-first', 'n1'), key('not-stackable-first', 'c1'));
  t.true(key('heaviest-first', 'c1') < key('heaviest-first', 'p1'));
  t.is(key('volume', 'c1'), key('volume', 'k'));
});

test('a fleet in the volume order again plans exactly as the first fleet (the rows shared)', (t) => {
  const inp = mixed(0);
  const fleet = new Fleet(inp, prepare(inp), new Ticker());
  const mode = { beam: false, sliceMs: 0, deadline: 0 };
  const a = fleet.plan(mode);
  const again = fleet.reordered('volume');
  t.is(again.views, fleet.views);
  const b = again.plan(mode);
  t.deepEqual(b.units.map((u) => u.state.placed.length), a.units.map((u) => u.state.placed.length));
  t.deepEqual(b.units.map((u) => Array.from(u.state.used)), a.units.map((u) => Array.from(u.state.used)));
});

test('with several Stops the improvement loads every piece in no more Units, the same plan on every run', (t) => {
  const first = solveChecked(t, mixed(0));
  const improved = solveChecked(t, mixed(5000), { now: fakeClock() });
  const again = solve(mixed(5000), { now: fakeClock() });
  t.is(improved.totals.piecesUnloaded, 0);
  t.true(improved.units.length <= first.units.length);
  t.deepEqual(again.placements, improved.placements);
});

test('the other plans differ from each other and from the first plan (volume order, default phases, blocks by cross-section)', (t) => {
  const keys = OTHER_PLANS.map(({ order, phaseItems, blockOrder, stopsMerged }) => `${order}/${phaseItems ?? 'default'}/${blockOrder ?? 'section'}${stopsMerged ? '/merged' : ''}`);
  t.is(new Set(keys).size, keys.length);
  t.false(keys.includes('volume/default/section'));
});

test('a greedy plan taking blocks by volume instead of cross-section still loads every piece', (t) => {
  const inp = mixed(0);
  const fleet = new Fleet(inp, prepare(inp), new Ticker());
  const plan = fleet.reordered('crates-first').plan({ beam: false, sliceMs: 0, deadline: 0, blockOrder: 'volume' });
  t.true(plan.left.every((n) => n === 0));
  t.is(plan.groupsLeft.size, 0);
});

test('a narrower phase width in another order still loads every piece', (t) => {
  const inp = mixed(0);
  const fleet = new Fleet(inp, prepare(inp), new Ticker());
  const plan = fleet.reordered('not-stackable-first').plan({ beam: false, sliceMs: 0, deadline: 0, phaseItems: 2 });
  t.true(plan.left.every((n) => n === 0));
  t.is(plan.groupsLeft.size, 0);
});

test('a cancel while the fleet is planned again in other orders stops the improvement at once', (t) => {
  const inp = mixed(0);
  let cancelled = false;
  const ticker = new Ticker({ isCancelled: () => cancelled });
  const fleet = new Fleet(inp, prepare(inp), ticker);
  const first = fleet.plan({ beam: false, sliceMs: 0, deadline: 0 });
  cancelled = true;
  const started = performance.now();
  // Other orders come first with several Stops; a minute of budget would run on without the cancel.
  t.throws(() => fewerUnits(fleet, first, ticker.now() + 60_000, ticker, 1), { instanceOf: SolveCancelledError });
  t.true(performance.now() - started < 1000);
});

test('the Stops packed as one mix crates with carriers of other Stops: one Unit fewer, and the improvement keeps it', (t) => {
  // Sea cargo of 150 pieces over four Stops: by Stops the last Unit holds Stop 1's crates and
  // pallets nothing may stand on, alone.
  const inp = scaleInput('sea', generateCargo(150, 8), 8, 0);
  const fleet = new Fleet(inp, prepare(inp), new Ticker());
  const byStops = fleet.plan({ beam: false, sliceMs: 0, deadline: 0 });
  const merged = fleet.reordered('volume', true).plan({ beam: false, sliceMs: 0, deadline: 0 });
  t.true(merged.left.every((n) => n === 0));
  t.is(merged.groupsLeft.size, 0);
  t.is(byStops.units.length, 3);
  t.is(merged.units.length, 2);
  const improved = solveChecked(t, { ...inp, options: { ...inp.options, timeBudgetMs: 3000 } }, { now: fakeClock(0.2) });
  t.is(improved.totals.piecesUnloaded, 0);
  t.is(improved.units.length, 2);
});
