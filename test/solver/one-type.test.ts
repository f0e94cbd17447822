// One box type: the tube layout the search starts from (pack/one-type.ts).
import test from 'ava';
import type { Item } from '../../solver/model.ts';
import { oneTypeItem, startLayout, tubeStart } from '../../solver/pack/one-type.ts';
import { PackState, type UnitSpec } from '../../solver/pack/state.ts';
import type { Orientation } from '../../solver/types.ts';
import { boxItem, equipment, fakeClock, input, line, solveChecked } from './helpers.ts';

const ANY: Orientation[] = ['LWH', 'WLH', 'LHW', 'HLW', 'WHL', 'HWL'];
/** The BR container (cm as mm) and a box of BR0 #100, any orientation. */
const spec: UnitSpec = { L: 587, W: 233, H: 220, payload: 1e12, supportNone: false, anchor: 'wall', order: 'volume' };
const box: Item = boxItem(0, 78, 49, 47, { orientations: ANY });

function pieces(state: PackState) {
  return state.placed.map(({ block, x, y, z }) => ({ x, y, z, x1: x + block.dx, y1: y + block.dy, z1: z + block.dz, count: block.count }));
}

test('the layout of BR0 #100 holds 149 boxes (the block search finds 147), inside the Unit, no two overlapping', (t) => {
  const state = tubeStart(box, startLayout(box, ANY, spec)!, spec, [box], new PackState(spec, 1), 167, 47)!;
  const blocks = pieces(state);
  t.is(blocks.reduce((a, b) => a + b.count, 0), 149);
  for (const b of blocks) t.true(b.x >= 0 && b.y >= 0 && b.z >= 0 && b.x1 <= spec.L && b.y1 <= spec.W && b.z1 <= spec.H);
  for (let i = 0; i < blocks.length; i++) {
    for (let j = i + 1; j < blocks.length; j++) {
      const a = blocks[i], b = blocks[j];
      t.false(a.x < b.x1 && b.x < a.x1 && a.y < b.y1 && b.y < a.y1 && a.z < b.z1 && b.z < a.z1);
    }
  }
  t.is(state.used[0], 149);
});

test('the tube layout places no more boxes than there are', (t) => {
  const state = tubeStart(box, startLayout(box, ANY, spec)!, spec, [box], new PackState(spec, 1), 100, 47)!;
  t.true(state.used[0] <= 100);
  t.true(state.used[0] >= 90);
});

test('tube starts only for one box type in an empty Unit, with or without a support rule', (t) => {
  const two = [box, boxItem(1, 50, 40, 30, { orientations: ANY })];
  const one = [{ items: [0], groups: [] }];
  t.is(oneTypeItem([box], one, [167], new PackState(spec, 1)), box);
  t.is(oneTypeItem(two, [{ items: [0, 1], groups: [] }], [167, 5], new PackState(spec, 2)), null);
  t.is(oneTypeItem([box], one, [167], new PackState({ ...spec, supportNone: true }, 1)), box);
  const loaded = tubeStart(box, startLayout(box, ANY, spec)!, spec, [box], new PackState(spec, 1), 10, 47)!;
  t.is(oneTypeItem([box], one, [167], loaded), null);
});

test('one box type under full support: every rule holds and the same input gives the same plan', (t) => {
  const inp = input({
    equipment: [equipment({ innerLengthMm: 5870, innerWidthMm: 2330, innerHeightMm: 2200, doorWidthMm: 2330, doorHeightMm: 2200, maxUnits: 1 })],
    lines: [line({ quantity: 167, lengthMm: 780, widthMm: 490, heightMm: 470, weightG: 1000 })],
    options: { seed: 3, timeBudgetMs: 3000, maxUnitsTotal: 1 },
  });
  const a = solveChecked(t, inp, { now: fakeClock(5) });
  const b = solveChecked(t, inp, { now: fakeClock(5) });
  t.true(a.placements.length >= 147);
  t.deepEqual(a.placements, b.placements);
});

test('the tube layout gives up past its step cap (millimetre sides make the table long)', (t) => {
  t.is(startLayout(box, ANY, spec, 1000), null);
  t.not(startLayout(box, ANY, spec, 1_000_000), null);
});

test('one box type without a support rule: every rule holds and the same input gives the same plan', (t) => {
  const inp = input({
    equipment: [equipment({ innerLengthMm: 5870, innerWidthMm: 2330, innerHeightMm: 2200, doorWidthMm: 2330, doorHeightMm: 2200, maxUnits: 1 })],
    lines: [line({ quantity: 167, lengthMm: 780, widthMm: 490, heightMm: 470, weightG: 1000 })],
    options: { seed: 3, timeBudgetMs: 3000, maxUnitsTotal: 1, supportRule: 'none' },
  });
  const a = solveChecked(t, inp, { now: fakeClock(5) });
  const b = solveChecked(t, inp, { now: fakeClock(5) });
  t.true(a.placements.length >= 147);
  t.deepEqual(a.placements, b.placements);
});
