import test from 'ava';
import type { PlannedUnit } from '../../solver/pack/fleet.ts';
import { cargoOfUnits, minDimOf, stateOf } from '../../solver/pack/fleet/shrink-tail.ts';
import { topUpUnits } from '../../solver/pack/fleet/top-up.ts';
import { equipment, firstFleetPlan, input, line } from './helpers.ts';

/** One Unit's load (a keep-together group of two lines and loose boxes), and the same Unit emptied. */
function loadAndEmpty() {
  const inp = input({
    equipment: [equipment({ innerLengthMm: 3000, innerWidthMm: 1200, innerHeightMm: 1200 })],
    lines: [
      line({ id: 'g1', quantity: 1, lengthMm: 1200, widthMm: 800, heightMm: 600, groupKey: 'G' }),
      line({ id: 'g2', quantity: 2, lengthMm: 400, widthMm: 300, heightMm: 300, groupKey: 'G' }),
      line({ id: 'b', quantity: 6, lengthMm: 500, widthMm: 400, heightMm: 400 }),
    ],
  });
  const { fleet, plan, ticker } = firstFleetPlan(inp);
  const [loaded] = plan.units;
  const cargo = cargoOfUnits(fleet, [loaded]);
  const empty: PlannedUnit = { ...loaded, state: stateOf(fleet, loaded.view, [], minDimOf(fleet, cargo)) };
  return { fleet, ticker, loaded, cargo, empty };
}

test('a top-up takes the cargo into free room and keeps count of what went', (t) => {
  const { fleet, ticker, loaded, cargo, empty } = loadAndEmpty();
  t.is(cargo.groups.size, 1);
  const changed = new Map<PlannedUnit, PlannedUnit>();
  topUpUnits(fleet, [empty], changed, cargo, false, Infinity, ticker);
  t.deepEqual([...changed.get(empty)!.state.used], [...loaded.state.used]);
  t.is(cargo.groups.size, 0);
});

test("a group topped up leaves its members' counts at zero, never below", (t) => {
  const { fleet, ticker, cargo, empty } = loadAndEmpty();
  topUpUnits(fleet, [empty], new Map(), cargo, false, Infinity, ticker);
  t.deepEqual(cargo.left, cargo.left.map(() => 0));
});
