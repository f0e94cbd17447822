import test from 'ava';
import type { Block, PlacedBlock } from '../../solver/model.ts';
import { Fleet, type FleetPlan } from '../../solver/pack/fleet.ts';
import { lowPiles, restackTail } from '../../solver/pack/fleet/restack-tail.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import type { SolveInput, SolverCargoLine } from '../../solver/types.ts';
import { equipment, fakeClock, input, line, piecesPerItem } from './helpers.ts';

function block(dx: number, dy: number, dz: number): Block {
  return { dx, dy, dz, volume: dx * dy * dz, weight: 1, item: 0, rotation: 'LWH', nx: 1, ny: 1, nz: 1, count: 1, group: -1, pieces: null };
}

function at(b: Block, x: number, y: number, z: number): PlacedBlock {
  return { block: b, x, y, z };
}

test('a Unit gives up the floor blocks whose piles stay low, with what stands on them', (t) => {
  const high = at(block(500, 500, 400), 0, 0, 0);
  const low = at(block(500, 500, 200), 500, 0, 0);
  const onHigh = at(block(500, 500, 400), 0, 0, 400); // the pile reaches 800
  const onLow = at(block(500, 500, 200), 500, 0, 200); // the pile reaches 400
  const { kept, given } = lowPiles([high, low, onHigh, onLow], 600);
  t.deepEqual(kept, [high, onHigh]);
  t.deepEqual(given, [low, onLow]);
});

/** Two Stops: Stop 1 of boards (low piles), crates nothing may stand on and cartons, over several Units. */
function lowBoards(): SolveInput {
  const flat: SolverCargoLine['orientations'] = ['LWH', 'WLH'];
  return input({
    equipment: [equipment({ innerLengthMm: 2000, innerWidthMm: 1000, innerHeightMm: 1000 })],
    lines: [
      line({ id: 'a', quantity: 6, lengthMm: 500, widthMm: 500, heightMm: 500, stop: 2 }),
      line({ id: 'b', quantity: 10, lengthMm: 1900, widthMm: 450, heightMm: 150, stop: 1, orientations: flat }),
      line({ id: 'c', quantity: 6, lengthMm: 900, widthMm: 500, heightMm: 500, stop: 1, stackable: false, orientations: flat }),
      line({ id: 'd', quantity: 8, lengthMm: 450, widthMm: 450, heightMm: 300, stop: 1 }),
    ],
    options: { seed: 5, timeBudgetMs: 0 },
  });
}

test('refilling low piles with the tail keeps every piece and leaves the tail with less', (t) => {
  const inp = lowBoards();
  const ticker = new Ticker({ now: fakeClock() });
  const fleet = new Fleet(inp, prepare(inp), ticker);
  const plan = fleet.plan({ beam: false, sliceMs: 0, deadline: 0 });
  t.true(plan.units.length > 1);
  const next = restackTail(fleet, plan, ticker.now() + 20_000, ticker);
  if (!next) return t.fail('no refill shrank the tail');
  t.deepEqual(piecesPerItem(fleet, next), piecesPerItem(fleet, plan));
  const last = (p: FleetPlan) => p.units[p.units.length - 1].state.volume;
  t.true(next.units.length < plan.units.length || last(next) < last(plan));
});
