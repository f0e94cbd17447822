import test from 'ava';
import { OTHER_PLANS } from '../../solver/pack/fleet/orders.ts';
import { tailReplanned } from '../../solver/pack/fleet/tail-plans.ts';
import { generateCargo, scaleInput } from '../../scripts/bench/cargo-generator.ts';
import { firstFleetPlan, piecesPerItem } from './helpers.ts';

test('the last k Units planned again in another order go into k - 1 Units, the Units before them kept as they are', (t) => {
  // Sea cargo of 400 pieces over several Stops: the first plan takes 5 Units; its last 3 in the
  // order of plan 3 (volume, phases of 60, blocks by volume) take 2.
  const { fleet, plan } = firstFleetPlan(scaleInput('sea', generateCargo(400, 2), 2, 0));
  t.is(plan.units.length, 5);
  const replan = OTHER_PLANS[3];
  const shorter = tailReplanned(fleet.reordered(replan.order), plan, 3, replan);
  t.truthy(shorter);
  t.is(shorter!.units.length, 4);
  t.deepEqual(shorter!.units.slice(0, 2), plan.units.slice(0, 2));
  t.deepEqual(shorter!.units.slice(2).map((u) => u.index), [2, 3]);
  t.deepEqual(piecesPerItem(fleet, shorter!), piecesPerItem(fleet, plan));
});
