import test from 'ava';
import { equipment, input, line, placed, solveChecked } from './helpers.ts';

test('pieces lie inside their Unit and never overlap', (t) => {
  const r = solveChecked(t, input({ lines: [line({ quantity: 9, lengthMm: 300, widthMm: 400, heightMm: 250 })] }));
  t.is(r.totals.piecesLoaded, 9);
  const ps = r.placements;
  for (const p of ps) {
    t.true(p.xMm >= 0 && p.xMm + p.lengthMm <= 1000 && p.yMm >= 0 && p.yMm + p.widthMm <= 1000 && p.zMm + p.heightMm <= 1000);
  }
  for (let i = 0; i < ps.length; i++) {
    for (let j = i + 1; j < ps.length; j++) {
      const a = ps[i], b = ps[j];
      const apart = a.xMm + a.lengthMm <= b.xMm || b.xMm + b.lengthMm <= a.xMm || a.yMm + a.widthMm <= b.yMm ||
        b.yMm + b.widthMm <= a.yMm || a.zMm + a.heightMm <= b.zMm || b.zMm + b.heightMm <= a.zMm;
      t.true(apart);
    }
  }
});

test('a piece is placed only in one of its allowed orientations', (t) => {
  // 900 long pieces in a 1000 cube: upright only lets them stand as given.
  const r = solveChecked(t, input({ lines: [line({ quantity: 4, lengthMm: 900, widthMm: 200, heightMm: 400, orientations: ['LWH', 'WLH'] })] }));
  t.true(r.placements.length > 0);
  for (const p of r.placements) {
    t.true(p.rotation === 'LWH' || p.rotation === 'WLH');
    t.is(p.heightMm, 400);
  }
});

test('a piece that fits in no allowed orientation is unloaded as does-not-fit', (t) => {
  // 1200 x 100 x 100 fits the 1000 cube in no orientation; only upright allowed.
  const r = solveChecked(t, input({ lines: [line({ quantity: 2, lengthMm: 1200, widthMm: 100, heightMm: 100, orientations: ['LWH', 'WLH'] })] }));
  t.deepEqual(r.unloaded, [{ cargoLineId: 'a', quantity: 2, reason: 'does-not-fit' }]);
  t.is(r.warnings.filter((w) => w.kind === 'unloaded').length, 1);
});

test('a piece above the floor rests on at least its minimum support share', (t) => {
  // The wide piece would rest on only half of its base on the narrow one (needs 501
  // permille), so it goes on the floor and the narrow one on top of it.
  const r = solveChecked(t, input({
    equipment: [equipment({ innerLengthMm: 600, innerWidthMm: 600, innerHeightMm: 440, maxUnits: 1 })],
    lines: [
      line({ id: 'narrow', quantity: 1, lengthMm: 600, widthMm: 300, heightMm: 200, orientations: ['LWH'] }),
      line({ id: 'wide', quantity: 1, lengthMm: 600, widthMm: 600, heightMm: 240, orientations: ['LWH'], minSupportPermille: 501 }),
    ],
  }));
  t.is(placed(r, 'wide')[0].zMm, 0);
  t.is(placed(r, 'narrow')[0].zMm, 240);
});

test('nothing stands on a non-stackable piece', (t) => {
  const r = solveChecked(t, input({
    equipment: [equipment({ innerLengthMm: 500, innerWidthMm: 500, innerHeightMm: 1000, maxUnits: 1 })],
    lines: [line({ quantity: 2, stackable: false, orientations: ['LWH'] })],
  }));
  t.is(r.totals.piecesLoaded, 1);
  t.deepEqual(r.unloaded, [{ cargoLineId: 'a', quantity: 1, reason: 'unit-limit-reached' }]);
});

test('only fragile pieces stand on a fragile piece, never heavier than it', (t) => {
  const r = solveChecked(t, input({
    equipment: [equipment({ innerLengthMm: 500, innerWidthMm: 500, innerHeightMm: 1500, maxUnits: 1 })],
    lines: [
      line({ id: 'glass', quantity: 1, weightG: 1000, fragile: true, orientations: ['LWH'] }),
      line({ id: 'light', quantity: 1, weightG: 600, fragile: true, orientations: ['LWH'] }),
      line({ id: 'heavy', quantity: 1, weightG: 900, fragile: true, orientations: ['LWH'] }),
    ],
  }));
  // 1000 g can carry 600 or 900 but not both (1500 g): one of the three stays behind.
  t.is(r.totals.piecesLoaded, 2);
});

test('a non-fragile piece is never put on a fragile one', (t) => {
  const r = solveChecked(t, input({
    equipment: [equipment({ innerLengthMm: 500, innerWidthMm: 500, innerHeightMm: 1000, maxUnits: 1 })],
    lines: [
      line({ id: 'glass', quantity: 1, weightG: 5000, fragile: true, orientations: ['LWH'] }),
      line({ id: 'steel', quantity: 1, weightG: 100, orientations: ['LWH'] }),
    ],
  }));
  t.is(r.totals.piecesLoaded, 1);
});

test('a Unit never carries more than its payload; a piece heavier than any payload is over-payload', (t) => {
  const r = solveChecked(t, input({
    equipment: [equipment({ maxPayloadG: 10_000, maxUnits: 1 })],
    lines: [line({ id: 'a', quantity: 5, weightG: 3000 }), line({ id: 'b', quantity: 1, weightG: 20_000 })],
  }));
  t.true(r.units[0].loadedWeightG <= 10_000);
  t.is(placed(r, 'a').length, 3);
  t.deepEqual(r.unloaded.find((u) => u.cargoLineId === 'b'), { cargoLineId: 'b', quantity: 1, reason: 'over-payload' });
});

test('a piece goes in only in an orientation that passes the rear door', (t) => {
  // Door 1000 wide, 400 high: a 500-high piece must lie down.
  const r = solveChecked(t, input({
    equipment: [equipment({ doorHeightMm: 400 })],
    lines: [line({ quantity: 2, lengthMm: 800, widthMm: 300, heightMm: 500 })],
  }));
  t.is(r.totals.piecesLoaded, 2);
  for (const p of r.placements) t.true(p.heightMm <= 400);
});

test('a piece too big for every door opening is not loaded', (t) => {
  const r = solveChecked(t, input({
    equipment: [equipment({ doorWidthMm: 400, doorHeightMm: 400 })],
    lines: [line({ quantity: 1, lengthMm: 500, widthMm: 500, heightMm: 500 })],
  }));
  t.deepEqual(r.unloaded, [{ cargoLineId: 'a', quantity: 1, reason: 'does-not-fit' }]);
});

test('a top opening lets any piece in', (t) => {
  const r = solveChecked(t, input({
    equipment: [equipment({ doorWidthMm: 400, doorHeightMm: 400, openings: ['rear', 'top'] })],
    lines: [line({ quantity: 1, lengthMm: 500, widthMm: 500, heightMm: 500 })],
  }));
  t.is(r.totals.piecesLoaded, 1);
});
