import test from 'ava';
import { coefficients, strictestLeg, verticalForBalance } from '../../../solver/accelerations.ts';
import { DEFAULT_FRICTION, FRICTION, frictionFor } from '../../../solver/friction-table.ts';

test('longitudinal sea and rail balances use the reduced vertical coefficient', (t) => {
  t.is(verticalForBalance('road', 'forward'), 1.0);
  t.is(verticalForBalance('rail', 'forward'), 0.7);
  t.is(verticalForBalance('sea-a', 'rearward'), 0.5);
  t.is(verticalForBalance('sea-c', 'forward'), 0.2);
});

test('sideways sea balances use the full vertical coefficient', (t) => {
  t.is(verticalForBalance('sea-b', 'sideways'), 1.0);
  t.is(verticalForBalance('rail', 'sideways'), 0.7);
});

test('road braking is 0.8 g forward', (t) => {
  t.deepEqual(coefficients('road', 'forward'), { cx: 0.8, cz: 1.0 });
});

test('the strictest leg has the largest c_x / c_z', (t) => {
  // Sideways: road 0.5 / 1.0, rail 0.5 / 0.7 = 0.71, sea-a 0.5 / 1.0: rail.
  t.is(strictestLeg(['road', 'rail', 'sea-a'], 'sideways'), 'rail');
  // Rearward: road 0.5 / 1.0, sea-c 0.4 / 0.2 = 2: sea-c.
  t.is(strictestLeg(['road', 'sea-c'], 'rearward'), 'sea-c');
  // Forward: road 0.8 / 1.0 = 0.8 beats rail 0.5 / 0.7 = 0.71.
  t.is(strictestLeg(['rail', 'road'], 'forward'), 'road');
  t.is(strictestLeg([], 'forward'), null);
});

test('friction comes from the surface, else the plan, else the default', (t) => {
  t.is(frictionFor('rubber_mat', 100), FRICTION.rubber_mat);
  t.is(frictionFor(null, 450), 0.45);
  t.is(frictionFor(null, null), DEFAULT_FRICTION);
});

test('the friction table follows EN 12195-1 / CTU Code for the named examples', (t) => {
  t.is(FRICTION.wood_on_wood, 0.45);
  t.is(FRICTION.planed_wood_on_wood, 0.3);
  t.is(FRICTION.plastic_on_metal, 0.15);
  t.is(FRICTION.rubber_mat, 0.6);
});
