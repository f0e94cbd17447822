import test from 'ava';
import type { FleetPlan } from '../../solver/pack/fleet.ts';
import { nearMissExchange, nearMissFinish, nearMissStart, nearMissTrace } from '../../solver/pack/fleet/near-miss.ts';
import { Ticker } from '../../solver/ticker.ts';
import type { SolveInput } from '../../solver/types.ts';
import { generateCargo, scaleInput } from '../../scripts/bench/cargo-generator.ts';
import { equipment, firstFleetPlan, input, line, piecesPerItem } from './helpers.ts';

/** Mixed sea cargo of 150 pieces, Stops 1-4: its first plan's last Unit holds a few pieces that need door-end exchanges. */
function seaCargo(): SolveInput {
  return scaleInput('sea', generateCargo(150, 4), 4, 0);
}

test('a near miss exchanged into door ends keeps every piece in one Unit fewer', (t) => {
  const { fleet, plan, ticker } = firstFleetPlan(seaCargo());
  let exchanges = 0;
  nearMissTrace.fn = (e) => (exchanges = e.exchanges);
  const next = nearMissExchange(fleet, plan, Infinity, ticker);
  nearMissTrace.fn = null;
  if (!next) return t.fail('the near miss was not placed');
  t.true(exchanges > 0);
  t.is(next.units.length, plan.units.length - 1);
  t.deepEqual(piecesPerItem(fleet, next), piecesPerItem(fleet, plan));
});

test('the same plan and seed give the same exchanges', (t) => {
  const placedOf = (p: FleetPlan | null) => p?.units.map((u) => u.state.placed.map((b) => [b.block.item, b.x, b.y, b.z]));
  const run = () => {
    const { fleet, plan, ticker } = firstFleetPlan(seaCargo());
    return placedOf(nearMissExchange(fleet, plan, Infinity, ticker));
  };
  t.deepEqual(run(), run());
});

test('a load of one Stop is left to the single-Stop moves', (t) => {
  const inp = input({
    equipment: [equipment({ innerLengthMm: 1000, innerWidthMm: 1000, innerHeightMm: 1000 })],
    lines: [line({ id: 'a', quantity: 9, lengthMm: 500, widthMm: 500, heightMm: 500 })],
  });
  const { fleet, plan, ticker } = firstFleetPlan(inp);
  t.true(plan.units.length > 1);
  t.is(nearMissExchange(fleet, plan, Infinity, ticker), null);
});

test('a near miss topped up first and exchanged later places what the exchange in one go places', (t) => {
  const placedOf = (p: FleetPlan | null) => p?.units.map((u) => u.state.placed.map((b) => [b.block.item, b.x, b.y, b.z]));
  const whole = (() => {
    const { fleet, plan, ticker } = firstFleetPlan(seaCargo());
    return placedOf(nearMissExchange(fleet, plan, Infinity, ticker));
  })();
  const { fleet, plan, ticker } = firstFleetPlan(seaCargo());
  const start = nearMissStart(fleet, plan, Infinity, ticker);
  if (!start || 'units' in start) return t.fail('no near miss waiting for exchanges');
  t.true(start.pieces > 0 && start.pieces <= 4);
  t.true(start.volume > 0);
  t.deepEqual(placedOf(nearMissFinish(start, Infinity, ticker)), whole);
});

test('exchanges past their deadline place nothing', (t) => {
  const { fleet, plan } = firstFleetPlan(seaCargo());
  let reads = 0;
  const ticker = new Ticker({ now: () => reads++ });
  const start = nearMissStart(fleet, plan, Infinity, ticker);
  if (!start || 'units' in start) return t.fail('no near miss waiting for exchanges');
  t.is(nearMissFinish(start, 0, ticker), null);
});
