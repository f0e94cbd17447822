import test from 'ava';
import { solve, SolveCancelledError } from '../../solver/index.ts';
import type { SolveInput, SolveProgress } from '../../solver/types.ts';
import { equipment, input, line, solveChecked, fakeClock } from './helpers.ts';

function mixedCargo(budgetMs: number): SolveInput {
  return input({
    equipment: [equipment({ innerLengthMm: 6000, innerWidthMm: 2350, innerHeightMm: 2390, doorWidthMm: 2340, doorHeightMm: 2280 })],
    lines: [
      line({ id: 'a', quantity: 30, lengthMm: 600, widthMm: 400, heightMm: 400 }),
      line({ id: 'b', quantity: 20, lengthMm: 1200, widthMm: 800, heightMm: 900, orientations: ['LWH', 'WLH'] }),
      line({ id: 'c', quantity: 40, lengthMm: 300, widthMm: 300, heightMm: 250 }),
      line({ id: 'd', quantity: 6, lengthMm: 2000, widthMm: 200, heightMm: 200, stackable: false }),
    ],
    options: { seed: 42, timeBudgetMs: budgetMs },
  });
}

test('the same input and seed give the same plan', (t) => {
  const a = solve(mixedCargo(200), { now: fakeClock() });
  const b = solveChecked(t, mixedCargo(200), { now: fakeClock() });
  t.deepEqual(a.placements, b.placements);
  t.deepEqual(a.unloaded, b.unloaded);
});

test('cancellation throws SolveCancelledError', (t) => {
  const many = mixedCargo(60_000);
  many.lines = many.lines.map((l) => ({ ...l, quantity: l.quantity * 5 }));
  let polls = 0;
  t.throws(() => solve(many, { isCancelled: () => ++polls > 20 }), { instanceOf: SolveCancelledError });
});

test('progress is reported with phase and piece counts', (t) => {
  const seen: SolveProgress[] = [];
  solveChecked(t, mixedCargo(50), { onProgress: (p) => seen.push(p) });
  t.true(seen.some((p) => p.phase === 'packing'));
  t.true(seen.some((p) => p.phase === 'advising'));
  t.true(seen.every((p) => p.totalItems === 96 && p.processedItems <= p.totalItems));
});

test('improvement never makes the plan worse than the first one', (t) => {
  const quick = solveChecked(t, mixedCargo(0));
  const better = solveChecked(t, mixedCargo(300));
  t.true(better.totals.volumeLoadedMm3 >= quick.totals.volumeLoadedMm3 || better.totals.units < quick.totals.units);
});
