import test from 'ava';
import type { PlannedUnit } from '../../solver/pack/fleet.ts';
import { nearMissStart } from '../../solver/pack/fleet/near-miss.ts';
import { spreadRefilled, type SpreadWay } from '../../scripts/bench/near-spread-pool.ts';
import type { SolveInput } from '../../solver/types.ts';
import { generateCargo, scaleInput } from '../../scripts/bench/cargo-generator.ts';
import { firstFleetPlan } from './helpers.ts';

/** Mixed sea cargo of 150 pieces: its first plan's last Unit leaves a few pieces after the top-up. */
function seaCargo(): SolveInput {
  return scaleInput('sea', generateCargo(150, 5), 5, 0);
}

test('a spread over several door ends keeps every piece: in the Units or left over', (t) => {
  const { fleet, plan, ticker } = firstFleetPlan(seaCargo());
  const start = nearMissStart(fleet, plan, Infinity, ticker);
  if (!start || 'units' in start) return t.fail('no near miss waiting for exchanges');
  const { others, changed, cargo } = start;
  const held = (m: Map<PlannedUnit, PlannedUnit>) => {
    const n = new Array<number>(fleet.itemCount).fill(0);
    for (const u of others) (m.get(u) ?? u).state.used.forEach((c, i) => (n[i] += c));
    return n;
  };
  const before = held(changed);
  for (const g of cargo.groups) for (const i of fleet.groupMembers(g)) before[i] += fleet.counts[i];
  cargo.left.forEach((c, i) => (before[i] += Math.max(0, c)));
  for (const way of ['pool', 'first', 'dealt'] as SpreadWay[]) {
    const { trial, rest } = spreadRefilled(fleet, others.slice(0, 3), others, changed, cargo, 0.5, way, ticker);
    const after = held(trial);
    for (const g of rest.groups) for (const i of fleet.groupMembers(g)) after[i] += fleet.counts[i];
    rest.left.forEach((c, i) => (after[i] += c));
    t.deepEqual(after, before, way);
  }
});
