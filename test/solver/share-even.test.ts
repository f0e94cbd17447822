import test from 'ava';
import { Fleet } from '../../solver/pack/fleet.ts';
import { evenShare, shareEven, sharesHoldBack } from '../../solver/pack/fleet/share-even.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { input, line, fakeClock, fleetOn } from './helpers.ts';

/** Eight 500 mm cubes of each of two lines: one 1 m cube Unit takes eight, two Units take all. */
function share() {
  const inp = input({
    lines: [
      line({ id: 'a', quantity: 8, lengthMm: 500, widthMm: 500, heightMm: 500 }),
      line({ id: 'b', quantity: 8, lengthMm: 500, widthMm: 500, heightMm: 500 }),
    ],
  });
  const { prep, ticker, fleet } = fleetOn(inp);
  const index = (id: string) => prep.items.findIndex((i) => i.lineId === id);
  const shared = shareEven(fleet, [fleet.views[0], fleet.views[0]], { left: prep.counts.slice(), groups: new Set() }, ticker.now() + 5000, ticker);
  return { a: index('a'), b: index('b'), ...shared };
}

test('a Unit is offered its even share of what is left of an item and a quarter more, rounded up', (t) => {
  t.is(evenShare(8, 2), 5);
  t.is(evenShare(7, 3), 3);
  t.is(evenShare(2, 3), 1);
  t.is(evenShare(4, 1), 4);
  t.is(evenShare(0, 2), 0);
});

test('every Unit packs a mix within its share of each item, not the first Unit all of one', (t) => {
  const { units, rest, a, b } = share();
  for (const u of units) {
    t.true(u.state.used[a] >= 3 && u.state.used[a] <= 5);
    t.true(u.state.used[b] >= 3 && u.state.used[b] <= 5);
  }
  t.true(rest.left.every((n) => n === 0));
});

test('sharing out evenly is deterministic', (t) => {
  const x = share(), y = share();
  t.deepEqual(x.units.map((u) => u.state.placed.map((p) => [p.block.item, p.x, p.y, p.z])), y.units.map((u) => u.state.placed.map((p) => [p.block.item, p.x, p.y, p.z])));
});

test('even shares are tried only where they hold cargo back from the first Unit', (t) => {
  const inp = input({
    lines: [
      line({ id: 'many', quantity: 8, lengthMm: 500, widthMm: 500, heightMm: 500 }),
      line({ id: 'one', quantity: 1, lengthMm: 400, widthMm: 400, heightMm: 400 }),
      line({ id: 'other', quantity: 1, lengthMm: 300, widthMm: 300, heightMm: 300 }),
    ],
  });
  const prep = prepare(inp);
  const fleet = new Fleet(inp, prep, new Ticker({ now: fakeClock() }));
  const only = (ids: string[]) => ({ left: prep.items.map((it, i) => (ids.includes(it.lineId) ? prep.counts[i] : 0)), groups: new Set<number>() });
  t.true(sharesHoldBack(fleet, only(['many', 'one']), 2));
  // Lines of one piece each: the first Unit would be offered everything, as in the Unit-by-Unit fill.
  t.false(sharesHoldBack(fleet, only(['one', 'other']), 2));
});
