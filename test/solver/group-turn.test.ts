import test from 'ava';
import { Fleet } from '../../solver/pack/fleet.ts';
import { UnitProblem } from '../../solver/pack/problem.ts';
import { PackState, place } from '../../solver/pack/state.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import type { Orientation } from '../../solver/types.ts';
import { equipment, input, line } from './helpers.ts';

const upright: Orientation[] = ['LWH', 'WLH'];

/** A 20' row's problem of one keep-together group (a pallet and two cartons; the pallet's orientations given). */
function groupProblem(pallet: Orientation[]) {
  const inp = input({
    equipment: [equipment({ innerLengthMm: 5898, innerWidthMm: 2352, innerHeightMm: 2393, doorWidthMm: 2340, doorHeightMm: 2280 })],
    lines: [
      line({ id: 'p', lengthMm: 1200, widthMm: 800, heightMm: 1000, orientations: pallet, groupKey: 'G' }),
      line({ id: 'c', quantity: 2, lengthMm: 300, widthMm: 300, heightMm: 200, orientations: upright, groupKey: 'G' }),
    ],
  });
  const prep = prepare(inp);
  const ticker = new Ticker({});
  const view = new Fleet(inp, prep, ticker).views[0];
  const problem = new UnitProblem(view.spec, prep.items, prep.counts, [{ items: [], groups: [0] }], view.orientationsOf, view.groupBlock, 200, ticker);
  return { problem, view, groups: problem.blocks(0).filter((b) => b.group === 0) };
}

test('a keep-together group is offered turned a quarter where every member may turn, and not where one may not', (t) => {
  const { groups, view } = groupProblem(upright);
  t.is(groups.length, 2);
  const [b, turned] = groups;
  t.deepEqual([turned.dx, turned.dy, turned.dz, turned.count, turned.volume], [b.dy, b.dx, b.dz, b.count, b.volume]);
  for (const q of turned.pieces!) {
    t.true(q.x >= 0 && q.y >= 0 && q.x + q.dx <= turned.dx && q.y + q.dy <= turned.dy);
    t.true(view.orientationsOf(q.item).includes(q.rotation));
  }
  // The pallet may not turn (fixed): the group goes as packed only.
  t.is(groupProblem(['LWH']).groups.length, 1);
});

test('a keep-together group placed turned is not placed again: its other block is no longer available', (t) => {
  const { problem, groups } = groupProblem(upright);
  const state = new PackState(problem.spec, problem.items.length);
  place(state, problem.spec, problem.items, groups[1], 0, 0, 0, 200);
  t.false(state.available(groups[0], problem.remaining));
  t.false(state.available(groups[1], problem.remaining));
});
