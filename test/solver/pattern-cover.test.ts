import test from 'ava';
import { coverLp } from '../../solver/pack/fleet/cover-lp.ts';
import { patternCopies } from '../../solver/pack/fleet/pattern-cover.ts';
import { input, line, fleetOn } from './helpers.ts';

test('the cover LP takes each count vector as often as covering the demand with fewest Units asks', (t) => {
  // Four of a alone, two of a with one b, two b alone: 28 a and 37 b need 25.5 Units.
  const vectors = [[4, 0], [2, 1], [0, 2]];
  const x = coverLp(vectors, [28, 37]);
  t.true(Math.abs(x.reduce((a, b) => a + b, 0) - 25.5) < 1e-9);
  for (const item of [0, 1]) t.true(vectors.reduce((a, v, k) => a + v[item] * x[k], 0) >= [28, 37][item] - 1e-9);
});

test('the cover LP takes nothing when a demanded item is in no vector', (t) => {
  t.deepEqual(coverLp([[1, 0]], [2, 1]), [0]);
});

test('Units are copied from packings of the types on their own where the types do not share a Unit', (t) => {
  // A 600 mm slab fills a 1 m cube Unit but for 400 mm no 500 mm cube fits in: three slabs
  // alone and sixteen cubes eight to a Unit take five Units, one Unit of each mix would take more.
  const inp = input({
    lines: [
      line({ id: 'slab', quantity: 3, lengthMm: 1000, widthMm: 1000, heightMm: 600 }),
      line({ id: 'cube', quantity: 16, lengthMm: 500, widthMm: 500, heightMm: 500 }),
    ],
  });
  const { prep, ticker, fleet } = fleetOn(inp);
  const copies = patternCopies(fleet, fleet.views[0], { left: prep.counts.slice(), groups: new Set() }, [], 5, ticker.now() + 10_000, ticker);
  t.truthy(copies);
  t.is(copies!.units.length, 5);
  t.deepEqual(copies!.units.map((u) => [...u.state.used].join(',')).sort(), ['0,8', '0,8', '1,0', '1,0', '1,0']);
  t.true(copies!.rest.left.every((n) => n === 0));
});

test('copies never hold more of a type than the cargo has left', (t) => {
  // The best packing holds eight cubes and the small one: the second copy has four cubes left at most.
  const inp = input({ lines: [line({ id: 'a', quantity: 12 }), line({ id: 'b', quantity: 1, lengthMm: 100, widthMm: 100, heightMm: 100 })] });
  const { prep, ticker, fleet } = fleetOn(inp);
  const copies = patternCopies(fleet, fleet.views[0], { left: prep.counts.slice(), groups: new Set() }, [], 2, ticker.now() + 10_000, ticker);
  t.truthy(copies);
  const used = copies!.units.map((u) => [...u.state.used]);
  t.is(used.reduce((a, u) => a + u[0], 0) + copies!.rest.left[0], 12);
  t.true(used.every((u) => u[0] <= 8));
});
