import test from 'ava';
import { dffBound, largeSmall, largestSum, roundDown, unitBounds, volumeWeightBound } from '../../solver/lower-bound.ts';
import { knownOptimum } from '../../scripts/bench/known-optimum.ts';
import { equipment, line } from './helpers.ts';

const UPRIGHT = ['LWH', 'WLH'] as const;

test('pieces over half of every side each need a Unit of their own, though their volume fits one', (t) => {
  const b = unitBounds([line({ quantity: 3, lengthMm: 600, widthMm: 600, heightMm: 600 })], [equipment()]);
  t.is(b.volume, 1);
  t.is(b.dff, 3);
  t.is(b.bound, 3);
});

test('pieces over half the floor both ways but low stack: one Unit is enough and the bound says no more', (t) => {
  // Upright only: 600 x 600 footprints cannot stand side by side, but 300 mm high they stack.
  const b = unitBounds([line({ quantity: 3, lengthMm: 600, widthMm: 600, heightMm: 300, orientations: [...UPRIGHT] })], [equipment()]);
  t.is(b.bound, 1);
});

test('the bound turns pieces the way that counts least: a piece that may lie flat is not counted tall', (t) => {
  const tall = [line({ quantity: 2, lengthMm: 400, widthMm: 400, heightMm: 600, orientations: [...UPRIGHT] })];
  const free = [line({ quantity: 2, lengthMm: 400, widthMm: 400, heightMm: 600 })];
  const unit = equipment({ innerLengthMm: 700, innerWidthMm: 500, innerHeightMm: 1000 });
  // Upright they stand neither end to end, side by side nor on each other: 2 Units.
  t.is(dffBound(tall, [unit]), 2);
  // Lying (600 along the length, 400 high) one fits on the other: the bound must allow 1.
  t.is(dffBound(free, [unit]), 1);
});

test('with several Unit types a piece counts against the type it fits best', (t) => {
  const small = equipment({ id: 'small' });
  const big = equipment({ id: 'big', innerLengthMm: 2000 });
  // 1,200 mm long upright pieces fit only the big type, over half of each of its sides: one each.
  const b = unitBounds([line({ quantity: 2, lengthMm: 1200, widthMm: 600, heightMm: 600, orientations: [...UPRIGHT] })], [small, big]);
  t.is(b.bound, 2);
  // Pieces that fit the small type count there or in the big one, whichever is less.
  const c = unitBounds([line({ quantity: 4, lengthMm: 600, widthMm: 600, heightMm: 600 })], [small, big]);
  t.is(c.bound, 2);
});

test('the bound never exceeds a known optimum', (t) => {
  for (const k of [3, 10]) {
    for (const fill of [0.85, 0.9]) {
      for (const seed of [1, 2, 3]) {
        const inst = knownOptimum(k, fill, seed, 0);
        t.true(unitBounds(inst.input.lines, inst.input.equipment).bound <= k, `K=${k} fill ${fill} seed ${seed}`);
      }
    }
  }
});

test('dual feasible functions: sizes summing to at most one map to values summing to at most one', (t) => {
  const D = 1000;
  const fs = [largeSmall(0.1), largeSmall(0.3), largeSmall(0.5), roundDown(1), roundDown(2), roundDown(3), roundDown(5)];
  // Every split of the side into up to three integer parts.
  for (const f of fs) {
    for (let a = 0; a <= D; a += 7) {
      for (let b = 0; a + b <= D; b += 11) {
        const c = D - a - b;
        t.true(f(a, D) + f(b, D) + f(c, D) <= 1 + 1e-12, `${a} ${b} ${c}`);
      }
    }
  }
});

test('low non-stackable pieces over half the floor both ways need a Unit each: nothing stands on them', (t) => {
  const lines = [line({ quantity: 4, lengthMm: 600, widthMm: 600, heightMm: 200, orientations: [...UPRIGHT], stackable: false })];
  const b = unitBounds(lines, [equipment()]);
  t.is(b.dff, 1);
  t.is(b.notStackableFloor, 4);
  t.is(b.bound, 4);
  // Stackable, the same pieces stand on each other in one Unit.
  t.is(unitBounds([{ ...lines[0], stackable: true }], [equipment()]).bound, 1);
});

test('the non-stackable floor bound allows for pieces bridging over them where support may be partial', (t) => {
  // Two 500 x 1000 floor crates fill the floor; partial support lets pieces overhang, so they may bridge.
  const crates = line({ id: 'c', quantity: 4, lengthMm: 500, widthMm: 1000, heightMm: 200, orientations: ['LWH'], stackable: false });
  t.is(unitBounds([crates], [equipment()]).notStackableFloor, 2);
  const bridging = line({ id: 'b', quantity: 2, lengthMm: 1000, widthMm: 1000, heightMm: 100, orientations: ['LWH'], minSupportPermille: 600 });
  // Each bridging piece may leave 40 % of its base over a gap: 0.8 of a floor less is proven.
  t.is(unitBounds([crates, bridging], [equipment()]).notStackableFloor, 2);
  t.is(unitBounds([crates, { ...bridging, quantity: 3 }], [equipment()]).notStackableFloor, 1);
  // With no support rule anything may float: nothing is proven by floor area.
  t.is(unitBounds([crates], [equipment()], true).notStackableFloor, 0);
});

test('the largest sum of piece extents within a side, each extent any number of times', (t) => {
  t.is(largestSum([1100, 800], 2352), 2200);
  t.is(largestSum([800, 700], 2352), 2300);
  t.is(largestSum([300, 400], 1000), 1000);
  t.is(largestSum([600], 500), 0);
});

test('the bound counts a side only as far as sums of the pieces\' extents reach', (t) => {
  // Upright, lengths and widths of 350, 450 and 600 mm reach 950 of 1,000 mm, heights of 350
  // and 400 mm reach 800: their volume (71 % of the Unit) does not fit one Unit.
  const lines = [
    line({ id: 'a', quantity: 8, lengthMm: 600, widthMm: 350, heightMm: 350, orientations: [...UPRIGHT] }),
    line({ id: 'b', quantity: 2, lengthMm: 450, widthMm: 350, heightMm: 400, orientations: [...UPRIGHT] }),
  ];
  const b = unitBounds(lines, [equipment()]);
  t.is(b.volume, 1);
  t.is(b.dff, 2);
});

test('a line that fits one to a Unit counts a Unit per piece, whatever the other lines add', (t) => {
  // Problem 5 of the classic multi-container set (sides x100): an 800 x 1,200 x 1,200 piece takes
  // the whole 800 mm width, and two are too long and too high for the Unit together.
  const unit = equipment({ innerLengthMm: 2000, innerWidthMm: 800, innerHeightMm: 1600 });
  const lines = [
    line({ id: 'a', quantity: 45, lengthMm: 800, widthMm: 1600, heightMm: 400 }),
    line({ id: 'b', quantity: 60, lengthMm: 800, widthMm: 800, heightMm: 800 }),
    line({ id: 'c', quantity: 50, lengthMm: 800, widthMm: 1200, heightMm: 1200 }),
    line({ id: 'd', quantity: 25, lengthMm: 1200, widthMm: 400, heightMm: 400 }),
  ];
  t.true(dffBound(lines, [unit]) < 50); // the ascent over all lines at once stops short
  t.is(unitBounds(lines, [unit], true).bound, 50);
});

test('a piece whose two lying sides may swap counts both at once: two to a Unit, one per layer', (t) => {
  // 1,200 x 1,100 x 400 mm in 1,800 x 1,500 x 900 mm: only lying flat, one per layer, two layers.
  const unit = equipment({ innerLengthMm: 1800, innerWidthMm: 1500, innerHeightMm: 900 });
  const b = unitBounds([line({ quantity: 28, lengthMm: 1200, widthMm: 1100, heightMm: 400 })], [unit]);
  t.is(b.volume, 7);
  t.is(b.bound, 14);
});

test('volume and weight together: a heavy and bulky cargo needs more Units than either bound alone, over a 20\' and a 40\' HC', (t) => {
  const rows = [
    { volume: 33_000_000_000, payload: 28_200_000 }, // 20': more payload, far less volume
    { volume: 76_000_000_000, payload: 26_500_000 }, // 40' HC
  ];
  const volume = 36.5 * 76_000_000_000, weight = 43.5 * 26_500_000;
  // Alone: 37 Units by volume (in 40' HCs), 41 by weight (in 20's); no mix carries both.
  t.is(Math.ceil(volume / 76_000_000_000), 37);
  t.is(Math.ceil(weight / 28_200_000), 41);
  t.is(volumeWeightBound(volume, weight, rows), 43);
});

test('volume and weight together, one Unit type: the larger of the volume and the weight bound', (t) => {
  const rows = [{ volume: 1000, payload: 100 }];
  t.is(volumeWeightBound(2500, 120, rows), 3);
  t.is(volumeWeightBound(900, 430, rows), 5);
});

test('volume and weight together never exceed the Units of a plan that exists: 43 Units of a mix carry the cargo', (t) => {
  const rows = [{ volume: 33, payload: 28.2 }, { volume: 76, payload: 26.5 }];
  // 11 x 20' + 32 x 40' HC: 2,795 volume and 1,158.2 payload, each Unit full on both.
  t.true(volumeWeightBound(11 * 33 + 32 * 76, 11 * 28.2 + 32 * 26.5, rows) <= 43);
});
