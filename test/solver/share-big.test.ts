import test from 'ava';
import { shareBig } from '../../solver/pack/fleet/share-big.ts';
import { input, line, fleetOn } from './helpers.ts';

/** Two 500 mm cubes (half the volume) and sixteen 250 mm cubes; one 1 m cube Unit would take them all. */
function share() {
  const inp = input({
    lines: [
      line({ id: 'big', quantity: 2, lengthMm: 500, widthMm: 500, heightMm: 500 }),
      line({ id: 'small', quantity: 16, lengthMm: 250, widthMm: 250, heightMm: 250 }),
    ],
  });
  const { prep, ticker, fleet } = fleetOn(inp);
  const big = prep.items.findIndex((i) => i.lineId === 'big');
  return { big, ...shareBig(fleet, [fleet.views[0], fleet.views[0]], { left: prep.counts.slice(), groups: new Set() }, ticker.now() + 5000, ticker) };
}

test('the big pieces are dealt out: the first Unit is offered only its part of them', (t) => {
  const { units, rest, big } = share();
  t.is(units[0].state.used[big], 1);
  t.is(units[1].state.used[big], 1);
  t.true(rest.left.every((n) => n === 0));
});

test('sharing out is deterministic', (t) => {
  const a = share(), b = share();
  t.deepEqual(a.units.map((u) => Array.from(u.state.used)), b.units.map((u) => Array.from(u.state.used)));
  t.deepEqual(a.units.map((u) => u.state.placed.map((p) => [p.x, p.y, p.z])), b.units.map((u) => u.state.placed.map((p) => [p.x, p.y, p.z])));
});
