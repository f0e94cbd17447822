import test from 'ava';
import type { Block, PlacedBlock } from '../../solver/model.ts';
import type { FleetPlan } from '../../solver/pack/fleet.ts';
import { keptBefore, shrinkTail } from '../../solver/pack/fleet/shrink-tail.ts';
import type { SolveInput } from '../../solver/types.ts';
import { equipment, firstFleetPlan, input, line, piecesPerItem } from './helpers.ts';

function block(dx: number, dy: number, dz: number): Block {
  return { dx, dy, dz, volume: dx * dy * dz, weight: 1, item: 0, rotation: 'LWH', nx: 1, ny: 1, nz: 1, count: 1, group: -1, pieces: null };
}

function at(b: Block, x: number, y: number, z: number): PlacedBlock {
  return { block: b, x, y, z };
}

test('a Unit giving up its door end keeps only blocks that still stand on kept ones', (t) => {
  const long = at(block(800, 500, 300), 0, 0, 0); // reaches past the cut
  const short = at(block(400, 500, 300), 0, 500, 0);
  const onLong = at(block(300, 500, 300), 0, 0, 300); // before the cut, but stands on the long block
  const onShort = at(block(300, 500, 300), 0, 500, 300);
  const { kept, given } = keptBefore([long, short, onLong, onShort], 600);
  t.deepEqual(kept, [short, onShort]);
  t.deepEqual(given, [long, onLong]);
});

/** Mixed boxes over several Units, one Stop or none. */
function mixed(stops: boolean): SolveInput {
  return input({
    equipment: [equipment({ innerLengthMm: 2000, innerWidthMm: 1000, innerHeightMm: 1000 })],
    lines: [
      line({ id: 'a', quantity: 9, lengthMm: 700, widthMm: 600, heightMm: 500, stop: stops ? 1 : null }),
      line({ id: 'b', quantity: 14, lengthMm: 400, widthMm: 300, heightMm: 300, stop: stops ? 2 : null }),
      line({ id: 'c', quantity: 7, lengthMm: 900, widthMm: 450, heightMm: 350 }),
      line({ id: 'd', quantity: 20, lengthMm: 250, widthMm: 250, heightMm: 250 }),
    ],
    options: { seed: 5, timeBudgetMs: 0 },
  });
}

test('an exchange keeps every piece and leaves the last Unit with less cargo', (t) => {
  const { fleet, plan, ticker } = firstFleetPlan(mixed(false));
  t.true(plan.units.length > 1);
  const next = shrinkTail(fleet, plan, ticker.now() + 20_000, ticker);
  if (!next) return t.pass('no exchange found');
  t.deepEqual(piecesPerItem(fleet, next), piecesPerItem(fleet, plan));
  const last = (p: FleetPlan) => p.units[p.units.length - 1];
  t.true(next.units.length < plan.units.length || last(next).state.volume < last(plan).state.volume);
});

test('with several Stops no cargo is moved into an earlier Unit\'s door end', (t) => {
  const { fleet, plan, ticker } = firstFleetPlan(mixed(true));
  t.is(shrinkTail(fleet, plan, ticker.now() + 20_000, ticker), null);
});
