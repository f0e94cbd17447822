// How many item types a multi-Unit fill chooses from at a time, and which plan the fewer-Units
// pass starts from.
import test from 'ava';
import { lastUnitVolume } from '../../solver/pack/fewer-units.ts';
import { Fleet, type FleetPlan } from '../../solver/pack/fleet.ts';
import { phaseItemsFor } from '../../solver/pack/fleet/phase-width.ts';
import type { Phase } from '../../solver/pack/problem.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { equipment, input, line } from './helpers.ts';

/** A hundred lines of one piece each, every one its own size (as cargo cut from full Units). */
function hundredSizes() {
  return input({
    equipment: [equipment({ innerLengthMm: 12_000, innerWidthMm: 2400, innerHeightMm: 2600, doorWidthMm: 2400, doorHeightMm: 2600 })],
    lines: Array.from({ length: 100 }, (_, k) => line({ id: `l${k}`, lengthMm: 300 + 7 * k, widthMm: 250 + 3 * k, heightMm: 260 + 5 * k })),
  });
}

function phasesOf(fleet: Fleet, left: number[], phaseItems?: number): Phase[] {
  const internals = fleet as unknown as { phasesFor(v: unknown, left: number[], g: Set<number>, phaseItems?: number): Phase[] };
  return internals.phasesFor(fleet.views[0], left, new Set(), phaseItems);
}

test('the first plan and short slices keep the narrow phases; a Unit with time gets the wide ones', (t) => {
  t.is(phaseItemsFor(0), undefined);
  t.is(phaseItemsFor(99), undefined);
  t.true((phaseItemsFor(250) ?? 0) > 40);
});

test('a wide phase width offers more item types per phase, the same items in the same order', (t) => {
  const inp = hundredSizes();
  const prep = prepare(inp);
  const fleet = new Fleet(inp, prep, new Ticker());
  const left = prep.counts.slice();
  const narrow = phasesOf(fleet, left);
  const wide = phasesOf(fleet, left, phaseItemsFor(1000));
  t.true(narrow.length > 1);
  t.is(wide.length, 1);
  t.deepEqual(wide.flatMap((p) => p.items), narrow.flatMap((p) => p.items));
});

/** The first Unit's phases of a cargo, cut as the fleet cuts it. */
function phaseSizes(inp: ReturnType<typeof hundredSizes>): Phase[] {
  const prep = prepare(inp);
  return phasesOf(new Fleet(inp, prep, new Ticker()), prep.counts.slice());
}

function seventySizes() {
  const inp = hundredSizes();
  return { ...inp, lines: inp.lines.slice(0, 70) };
}

test('under a support rule the smallest lines of a one-Stop cargo of 41-80 lines are a last phase of their own', (t) => {
  const phases = phaseSizes(seventySizes());
  t.deepEqual(phases.map((p) => p.items.length), [59, 11]);
  // The smallest lines (the packing order is bigger first) are the fillers.
  t.deepEqual(phases[1].items.slice().sort((a, b) => a - b), Array.from({ length: 11 }, (_, k) => k));
});

test('without a support rule a cargo of 41-80 lines keeps the plain cut', (t) => {
  const seventy = seventySizes();
  const none = { ...seventy, options: { ...seventy.options, supportRule: 'none' as const } };
  t.deepEqual(phaseSizes(none).map((p) => p.items.length), [70]);
});

test('under a support rule the smallest 30 % of a one-Stop cargo of 81-120 lines are a last phase of their own', (t) => {
  const phases = phaseSizes(hundredSizes());
  t.deepEqual(phases.map((p) => p.items.length), [70, 30]);
  t.deepEqual(phases[1].items.slice().sort((a, b) => a - b), Array.from({ length: 30 }, (_, k) => k));
});

test('a cargo of more than 120 lines keeps the plain cut (pieces of 40 merged up to 80 types)', (t) => {
  const inp = hundredSizes();
  const more = { ...inp, lines: Array.from({ length: 130 }, (_, k) => ({ ...inp.lines[k % 100], id: `m${k}`, heightMm: 260 + 4 * k })) };
  t.deepEqual(phaseSizes(more).map((p) => p.items.length), [80, 50]);
});

test('the last Unit volume is the cargo of the last free Unit', (t) => {
  const inp = hundredSizes();
  const prep = prepare(inp);
  const fleet = new Fleet(inp, prep, new Ticker());
  const plan = fleet.plan({ beam: false, sliceMs: 0, deadline: 0 });
  const free = plan.units.filter((u) => u.fixedUnit < 0);
  t.is(lastUnitVolume(plan), free[free.length - 1].state.volume);
  const none: FleetPlan = { ...plan, units: [] };
  t.is(lastUnitVolume(none), 0);
});
