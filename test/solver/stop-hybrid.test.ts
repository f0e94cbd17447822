import test from 'ava';
import { Fleet, type FleetPlan } from '../../solver/pack/fleet.ts';
import { blockedPieces } from '../../solver/pack/stop-split.ts';
import { stopsMergedLast } from '../../solver/pack/stop-hybrid.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { generateCargo, scaleInput } from '../../scripts/bench/cargo-generator.ts';

const equipmentVolume = (p: FleetPlan) => p.units.reduce((a, u) => a + u.view.volume, 0);
const byUnitsThenEquipment = (a: FleetPlan, b: FleetPlan) => a.units.length - b.units.length || equipmentVolume(a) - equipmentVolume(b);

/** Sea cargo of 200 pieces over four Stops: by Stops 4 Units, all Stops packed as one 3 with most pieces blocked. */
function twoPlans() {
  const input = scaleInput('sea', generateCargo(200, 9), 9, 0);
  const prep = prepare(input);
  const fleet = new Fleet(input, prep, new Ticker());
  const byStops = fleet.plan({ beam: false, sliceMs: 0, deadline: 0 });
  const merged = fleet.reordered('volume', true).plan({ beam: false, sliceMs: 0, deadline: 0 });
  return { prep, fleet, byStops, merged, blocked: (p: FleetPlan) => blockedPieces(fleet, prep, p) };
}

test('the first Units by Stops kept and only the rest packed as one: the merged plan\'s Units, far fewer pieces blocked', (t) => {
  const { prep, fleet, byStops, merged, blocked } = twoPlans();
  t.is(byStops.units.length, 4);
  t.is(merged.units.length, 3);
  const mixedLast = stopsMergedLast(fleet, prep, byStops, merged, Infinity, new Ticker(), byUnitsThenEquipment, blocked);
  t.is(mixedLast.units.length, 3);
  t.true(mixedLast.left.every((n) => n === 0) && mixedLast.groupsLeft.size === 0);
  t.is(mixedLast.units[0], byStops.units[0]);
  t.deepEqual(mixedLast.units.map((u) => u.index), [0, 1, 2]);
  t.true(blocked(mixedLast) * 2 < blocked(merged), `${blocked(merged)} -> ${blocked(mixedLast)}`);
});

test('a plan of more equipment is not taken for fewer blocked pieces: Units and equipment rank before the Stops', (t) => {
  const { prep, fleet, byStops, merged, blocked } = twoPlans();
  // An order that finds every other plan worse than the merged one.
  const mergedBest = (a: FleetPlan, b: FleetPlan) => (a === b ? 0 : a === merged ? -1 : 1);
  t.is(stopsMergedLast(fleet, prep, byStops, merged, Infinity, new Ticker(), mergedBest, blocked), merged);
});

test('every number of Units by Stops is tried: a plan better by the earlier objectives at fewer of them is taken over one blocking fewer at more', (t) => {
  const { prep, fleet, byStops, merged, blocked } = twoPlans();
  const kept = (p: FleetPlan) => (p === merged ? 100 : p.units.filter((u, i) => byStops.units[i] === u).length);
  // An order that ranks a plan by how few of the Units by Stops it keeps (the merged plan last).
  const fewerKept = (a: FleetPlan, b: FleetPlan) => kept(a) - kept(b);
  const most = stopsMergedLast(fleet, prep, byStops, merged, Infinity, new Ticker(), byUnitsThenEquipment, blocked);
  t.is(kept(most), 2);
  t.is(kept(stopsMergedLast(fleet, prep, byStops, merged, Infinity, new Ticker(), fewerKept, blocked)), 1);
});
