import test from 'ava';
import type { PlacedBlock } from '../../solver/model.ts';
import { columnsOf, doorEndColumns, floorPacked } from '../../solver/pack/fleet/door-columns.ts';
import { keptBefore, stateOf } from '../../solver/pack/fleet/shrink-tail.ts';
import type { SolverCargoLine } from '../../solver/types.ts';
import { generateCargo, scaleInput } from '../../scripts/bench/cargo-generator.ts';
import { equipment, firstFleetPlan, input, line } from './helpers.ts';

const UPRIGHT: SolverCargoLine['orientations'] = ['LWH', 'WLH'];

/** The fleet and a Unit's view for `lines` in a 4 x 2 x 2 m box, and the columns of one piece of each line. */
function columnsFor(...lines: SolverCargoLine[]) {
  const inp = input({ equipment: [equipment({ innerLengthMm: 4000, innerWidthMm: 2000, innerHeightMm: 2000, doorWidthMm: 2000, doorHeightMm: 2000 })], lines });
  const { fleet, plan } = firstFleetPlan(inp);
  const view = plan.units[0].view;
  const left = fleet.items.map((it) => (lines.some((l) => l.id === it.lineId) ? 1 : 0));
  const lineOf = (item: number) => fleet.items[item].lineId;
  return { fleet, view, columns: columnsOf(fleet, view, [], left), lineOf };
}

test('a piece nothing may stand on goes onto a carrier whose footprint holds it', (t) => {
  const { columns, lineOf } = columnsFor(
    line({ id: 'carrier', lengthMm: 1200, widthMm: 1000, heightMm: 900, orientations: UPRIGHT }),
    line({ id: 'top', lengthMm: 1100, widthMm: 900, heightMm: 1000, orientations: UPRIGHT, stackable: false }),
  );
  t.is(columns.length, 1);
  t.deepEqual(columns[0].layers.map((l) => [lineOf(l.item), l.z]), [['carrier', 0], ['top', 900]]);
});

test('nothing stands on a piece nothing may stand on', (t) => {
  const { columns } = columnsFor(
    line({ id: 'a', lengthMm: 1200, widthMm: 1000, heightMm: 600, orientations: UPRIGHT, stackable: false }),
    line({ id: 'b', lengthMm: 1000, widthMm: 800, heightMm: 600, orientations: UPRIGHT, stackable: false }),
  );
  t.is(columns.length, 2);
});

test('a column never rises above the Unit', (t) => {
  const { columns } = columnsFor(
    line({ id: 'a', lengthMm: 1200, widthMm: 1000, heightMm: 1100, orientations: UPRIGHT }),
    line({ id: 'b', lengthMm: 1000, widthMm: 800, heightMm: 1000, orientations: UPRIGHT, stackable: false }),
  );
  t.is(columns.length, 2);
});

test('a piece wider than every carrier stands on the floor', (t) => {
  const { columns } = columnsFor(
    line({ id: 'a', lengthMm: 1200, widthMm: 800, heightMm: 600, orientations: UPRIGHT }),
    line({ id: 'b', lengthMm: 1000, widthMm: 900, heightMm: 600, orientations: UPRIGHT, stackable: false }),
  );
  t.is(columns.length, 2);
});

test('columns packed on the floor stay inside it and never overlap', (t) => {
  const lines = [1, 2, 3, 4, 5].map((k) => line({ id: `p${k}`, lengthMm: 1200, widthMm: 800, heightMm: 500 + 100 * k, orientations: UPRIGHT, stackable: false }));
  const { view, columns } = columnsFor(...lines);
  const floor = { x0: 1000, y0: 0, x1: 4000, y1: 2000 };
  const packed = floorPacked(columns, floor, view);
  const rects = packed.map(({ c, x, y, turned }) => {
    const [dx, dy] = turned ? [c.layers[0].dy, c.layers[0].dx] : [c.layers[0].dx, c.layers[0].dy];
    return { x0: x, y0: y, x1: x + dx, y1: y + dy };
  });
  t.true(rects.length >= 4);
  for (const r of rects) t.true(r.x0 >= floor.x0 && r.y0 >= floor.y0 && r.x1 <= floor.x1 && r.y1 <= floor.y1);
  for (const [i, a] of rects.entries()) for (const b of rects.slice(i + 1)) t.true(a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0);
});

test('a door end rebuilt as columns keeps its pieces inside the Unit, apart, and each on a carrier', (t) => {
  const { fleet, plan } = firstFleetPlan(scaleInput('sea', generateCargo(150, 4), 4, 0));
  let rebuilt = 0;
  for (const u of plan.units) {
    const length = Math.max(...u.state.placed.map((p) => p.x + p.block.dx));
    const { kept, given } = keptBefore(u.state.placed, Math.floor(length * 0.5));
    const root = stateOf(fleet, u.view, kept, 1);
    const state = doorEndColumns(fleet, u.view, root, kept, given, new Array<number>(fleet.itemCount).fill(0), 1);
    const added = state.placed.slice(root.placed.length);
    rebuilt += added.length;
    const box = (p: PlacedBlock) => ({ x0: p.x, y0: p.y, z0: p.z, x1: p.x + p.block.dx, y1: p.y + p.block.dy, z1: p.z + p.block.dz });
    const { L, W, H } = u.view.spec;
    for (const p of added) {
      const a = box(p);
      t.true(a.x0 >= 0 && a.y0 >= 0 && a.x1 <= L && a.y1 <= W && a.z1 <= H);
      for (const q of state.placed) {
        if (q === p) continue;
        const b = box(q);
        t.false(a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 && a.z0 < b.z1 && b.z0 < a.z1);
      }
      if (p.z === 0) continue;
      const under = added.find((q) => q.z + q.block.dz === p.z && q.x <= a.x0 && q.y <= a.y0 && a.x1 <= q.x + q.block.dx && a.y1 <= q.y + q.block.dy);
      t.truthy(under && fleet.items[under.block.item].stackable && !fleet.items[under.block.item].fragile);
    }
  }
  t.true(rebuilt > 0);
});
