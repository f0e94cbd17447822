import test from 'ava';
import { advise } from '../../../solver/advisories/index.ts';
import type { Placement, SolveInput } from '../../../solver/types.ts';
import { input, line, place, unit } from '../check/fixtures.ts';

// The default Unit is 1000 x 500 x 500: the middle is (500, 250); the 50 permille tolerance is
// 50 mm lengthwise and 25 mm sideways; half the height is 250 mm.
const a = line('a', { quantity: 2 });
const cog = (placements: Placement[], inp: SolveInput = input([a])) => advise(inp, [unit(0)], placements).cogWarnings;

test('a load centred in the Unit gets no centre-of-gravity advisory', (t) => {
  // Centre (500, 250, 50).
  t.deepEqual(cog([place(a, 0, 450, 200, 0)]), []);
});

test('a load centre off the middle lengthwise beyond the tolerance is reported', (t) => {
  // Centre x = 50: 450 mm towards the front, more than 50 mm.
  const ws = cog([place(a, 0, 0, 200, 0)]);
  t.is(ws.length, 1);
  t.is(ws[0].kind, 'cog-off-centre');
  t.is(ws[0].unitIndex, 0);
  t.regex(ws[0].message, /450 mm towards the front/);
});

test('a load centre within the tolerance lengthwise is accepted', (t) => {
  // Centre x = 549: 49 mm off, within 50 mm.
  t.deepEqual(cog([place(a, 0, 499, 200, 0)]), []);
});

test('a load centre off the middle sideways beyond the tolerance is reported', (t) => {
  // Centre y = 50: 200 mm to the left, more than 25 mm.
  const ws = cog([place(a, 0, 450, 0, 0)]);
  t.is(ws.length, 1);
  t.regex(ws[0].message, /200 mm to the left/);
});

test('a load centre above half the inner height is reported', (t) => {
  // Centre z = 300 + 50 = 350 > 250.
  const ws = cog([place(a, 0, 450, 200, 300)]);
  t.is(ws.length, 1);
  t.regex(ws[0].message, /above half the inner height/);
});

test('the centre of gravity is weighted by the pieces\' weights', (t) => {
  const heavy = line('h', { weightG: 9000 });
  // Centres x = 50 (1 kg) and x = 550 (9 kg): (50 + 9 * 550) / 10 = 500, the middle.
  t.deepEqual(cog([place(a, 0, 0, 200, 0), place(heavy, 0, 500, 200, 0)], input([a, heavy])), []);
});

test('the tolerance follows cogTolerancePermille', (t) => {
  // Centre x = 50 is 450 mm off: within 500 permille of 1000 mm.
  const wide = input([a], { options: { seed: 1, timeBudgetMs: 0, cogTolerancePermille: 500 } });
  t.deepEqual(cog([place(a, 0, 0, 200, 0)], wide), []);
});
