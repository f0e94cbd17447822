import test from 'ava';
import type { FixedPlacement } from '../../solver/types.ts';
import { equipment, input, line, placed, solveChecked } from './helpers.ts';

test('a keep-together group is loaded into one Unit as one block', (t) => {
  const r = solveChecked(t, input({
    equipment: [equipment()],
    lines: [
      line({ id: 'filler', quantity: 10, lengthMm: 250, widthMm: 250, heightMm: 250 }),
      line({ id: 'g1', quantity: 3, lengthMm: 500, widthMm: 250, heightMm: 250, groupKey: 'G' }),
      line({ id: 'g2', quantity: 2, lengthMm: 250, widthMm: 250, heightMm: 500, groupKey: 'G' }),
    ],
  }));
  const group = [...placed(r, 'g1'), ...placed(r, 'g2')];
  t.is(group.length, 5);
  t.is(new Set(group.map((p) => p.unitIndex)).size, 1);
});

test('a group that fits no Unit is unloaded whole as group-does-not-fit', (t) => {
  const r = solveChecked(t, input({
    equipment: [equipment()],
    lines: [
      line({ id: 'other', quantity: 2 }),
      line({ id: 'g1', quantity: 8, groupKey: 'G' }),
      line({ id: 'g2', quantity: 1, groupKey: 'G' }),
    ],
  }));
  t.deepEqual(r.unloaded.sort((a, b) => a.cargoLineId.localeCompare(b.cargoLineId)), [
    { cargoLineId: 'g1', quantity: 8, reason: 'group-does-not-fit' },
    { cargoLineId: 'g2', quantity: 1, reason: 'group-does-not-fit' },
  ]);
  t.is(placed(r, 'other').length, 2);
});

test('fixed placements are kept exactly and the rest is built around them', (t) => {
  const fixed: FixedPlacement[] = [
    { unitIndex: 0, equipmentId: 'box', cargoLineId: 'a', pieceIndex: 2, xMm: 500, yMm: 500, zMm: 0, rotation: 'LWH', locked: true, manual: false },
    { unitIndex: 0, equipmentId: 'box', cargoLineId: 'a', pieceIndex: 0, xMm: 500, yMm: 500, zMm: 500, rotation: 'LWH', locked: false, manual: true },
  ];
  const r = solveChecked(t, input({ lines: [line({ quantity: 8 })], fixed }));
  t.is(r.totals.piecesLoaded, 8);
  t.is(r.units.length, 1);
  const p2 = r.placements.find((p) => p.pieceIndex === 2)!;
  t.like(p2, { unitIndex: 0, xMm: 500, yMm: 500, zMm: 0, rotation: 'LWH', locked: true });
  const p0 = r.placements.find((p) => p.pieceIndex === 0)!;
  t.like(p0, { unitIndex: 0, xMm: 500, yMm: 500, zMm: 500, manual: true });
});

test('a Unit holding fixed pieces is used and keeps its index', (t) => {
  const fixed: FixedPlacement[] = [
    { unitIndex: 1, equipmentId: 'box', cargoLineId: 'a', pieceIndex: 0, xMm: 0, yMm: 0, zMm: 0, rotation: 'LWH', locked: true, manual: false },
  ];
  const r = solveChecked(t, input({ lines: [line({ quantity: 10 })], fixed }));
  t.true(r.units.some((u) => u.index === 1));
  t.is(r.totals.piecesLoaded, 10);
  t.is(r.units.length, 2);
});
