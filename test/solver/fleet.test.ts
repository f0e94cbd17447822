import test from 'ava';
import { equipment, input, line, placed, solveChecked } from './helpers.ts';

const small = equipment({ id: 'small', innerLengthMm: 1000, innerWidthMm: 1000, innerHeightMm: 1000 });
const big = equipment({ id: 'big', innerLengthMm: 3000, innerWidthMm: 1000, innerHeightMm: 1000 });

test('no more Units of a row than its maxUnits: the rest is unit-limit-reached', (t) => {
  const r = solveChecked(t, input({
    equipment: [equipment({ maxUnits: 2 })],
    lines: [line({ quantity: 20 })],
  }));
  t.is(r.units.length, 2);
  t.is(r.totals.piecesLoaded, 16);
  t.deepEqual(r.unloaded, [{ cargoLineId: 'a', quantity: 4, reason: 'unit-limit-reached' }]);
});

test('no more Units in all than maxUnitsTotal', (t) => {
  const inp = input({ lines: [line({ quantity: 20 })] });
  inp.options = { ...inp.options, maxUnitsTotal: 1 };
  const r = solveChecked(t, inp);
  t.is(r.units.length, 1);
  t.deepEqual(r.unloaded, [{ cargoLineId: 'a', quantity: 12, reason: 'unit-limit-reached' }]);
});

test('without equipment everything is unloaded as no-equipment', (t) => {
  const r = solveChecked(t, input({ equipment: [], lines: [line({ quantity: 3 })] }));
  t.is(r.units.length, 0);
  t.deepEqual(r.unloaded, [{ cargoLineId: 'a', quantity: 3, reason: 'no-equipment' }]);
});

test('cargo goes into the fewest Units, several when one is not enough', (t) => {
  const r = solveChecked(t, input({ equipment: [small], lines: [line({ quantity: 20 })] }));
  t.is(r.units.length, 3);
  t.is(r.totals.piecesLoaded, 20);
  t.deepEqual(r.unloaded, []);
});

test('the last Unit is the smallest type that takes the rest', (t) => {
  // 28 cubes: one big Unit holds 24, the 4 left fit the small one.
  const r = solveChecked(t, input({ equipment: [small, big], lines: [line({ quantity: 28 })] }));
  t.deepEqual(r.units.map((u) => u.equipmentId), ['big', 'small']);
});

test('a single small load takes the smallest type', (t) => {
  const r = solveChecked(t, input({ equipment: [big, small], lines: [line({ quantity: 3 })] }));
  t.deepEqual(r.units.map((u) => u.equipmentId), ['small']);
});

test('Stop 1 is nearest the door, later Stops deeper, no-Stop cargo deepest', (t) => {
  const r = solveChecked(t, input({
    equipment: [equipment({ innerLengthMm: 3000, maxUnits: 1 })],
    lines: [
      line({ id: 's1', quantity: 4, stop: 1 }),
      line({ id: 'none', quantity: 4, stop: null }),
      line({ id: 's2', quantity: 4, stop: 2 }),
    ],
  }));
  const maxX = (id: string) => Math.max(...placed(r, id).map((p) => p.xMm));
  const minX = (id: string) => Math.min(...placed(r, id).map((p) => p.xMm));
  t.true(maxX('none') < minX('s2'));
  t.true(maxX('s2') < minX('s1'));
  t.deepEqual(r.stopWarnings, []);
});

test('loading steps run 1..n per Unit and each piece goes in after the pieces it stands on', (t) => {
  const r = solveChecked(t, input({ equipment: [small], lines: [line({ quantity: 12, lengthMm: 400, widthMm: 300, heightMm: 250 })] }));
  for (const u of r.units) {
    const steps = r.placements.filter((p) => p.unitIndex === u.index).map((p) => p.loadingStep).sort((a, b) => a - b);
    t.deepEqual(steps, steps.map((_, i) => i + 1));
  }
  for (const p of r.placements) {
    for (const q of r.placements) {
      const under = q.unitIndex === p.unitIndex && q.zMm + q.heightMm === p.zMm &&
        Math.min(p.xMm + p.lengthMm, q.xMm + q.lengthMm) > Math.max(p.xMm, q.xMm) &&
        Math.min(p.yMm + p.widthMm, q.yMm + q.widthMm) > Math.max(p.yMm, q.yMm);
      if (under) t.true(q.loadingStep < p.loadingStep);
    }
  }
});
