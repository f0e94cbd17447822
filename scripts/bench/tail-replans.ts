// Diagnostic: the first plan's last k Units (the cargo they hold) planned again, greedily, in each
// of the fleet's other orders (fleet/orders.ts `OTHER_PLANS`, by index) into k - 1 Units beside the
// Units kept: which orders and which k save a Unit, and what each try costs against the first plan.
// Also each Unit's Stops (lowest and highest rank) near the tail.
// `FROM=<plan index>`: the tails of that other plan's whole plan instead of the first plan's.
// npx tsx scripts/bench/tail-replans.ts <sea|road> <pieces> <seed,...> [k,... default 3,4,5,6,8,10,12] [plans: indices, default all]
import { Fleet, type FleetPlan } from '../../solver/pack/fleet.ts';
import { OTHER_PLANS, type Replan } from '../../solver/pack/fleet/orders.ts';
import { cargoOfUnits } from '../../solver/pack/fleet/shrink-tail.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';

const [fleetName = 'sea', pieces = '5000', seeds = '7', ks = '3,4,5,6,8,10,12', which] = process.argv.slice(2);
// `GRID=1`: every order x phase width (20 / 50 / 100 / 160) x block order instead of OTHER_PLANS.
const GRID: Replan[] = (['volume', 'crates-first', 'not-stackable-first', 'heaviest-first'] as const).flatMap((order) =>
  [20, 50, 100, 160].flatMap((phaseItems) => [{ order, phaseItems }, { order, phaseItems, blockOrder: 'volume' as const }]));
const PLANS: readonly Replan[] = process.env.GRID === '1' ? GRID : OTHER_PLANS;
const saves = new Map<string, number>();
// `NEAR=1`: the tail packed into k Units instead, with the pieces and m3 its last Unit holds.
const near = process.env.NEAR === '1';
for (const seed of seeds.split(',').map(Number)) {
  const input = scaleInput(fleetName, generateCargo(Number(pieces), seed), seed, 0);
  const ticker = new Ticker({ now: cpuMs });
  const prep = prepare(input);
  const fleet = new Fleet(input, prep, ticker);
  let t0 = cpuMs();
  const from = process.env.FROM ? OTHER_PLANS[Number(process.env.FROM)] : null;
  const plan: FleetPlan = from
    ? fleet.reordered(from.order, from.stopsMerged).plan({ beam: false, sliceMs: 0, deadline: 0, phaseItems: from.phaseItems, blockOrder: from.blockOrder })
    : fleet.plan({ beam: false, sliceMs: 0, deadline: 0 });
  const firstMs = cpuMs() - t0;
  const n = plan.units.length;
  const stopsOf = (u: FleetPlan['units'][number]) => {
    const ranks = new Set<number>();
    u.state.used.forEach((c, i) => c > 0 && ranks.add(fleet.items[i].phaseRank));
    for (const g of u.state.groupsUsed) for (const i of fleet.groupMembers(g)) ranks.add(fleet.items[i].phaseRank);
    return [...ranks].sort((a, b) => a - b).join('/');
  };
  console.log(`#${seed} first: ${n} Units, ${firstMs.toFixed(0)} ms; tail Units (fill, Stops): ${plan.units.slice(-12).map((u) => `${(100 * u.state.volume / u.view.volume).toFixed(0)}% ${stopsOf(u)}`).join(', ')}`);
  const reach = Math.max(...plan.units.map((u) => u.state.volume / u.view.volume));
  for (const k of ks.split(',').map(Number)) {
    const tail = plan.units.slice(n - k);
    const kept = plan.units.slice(0, n - k);
    const { left, groups } = cargoOfUnits(fleet, tail);
    const cargo = tail.reduce((a, u) => a + u.state.volume, 0);
    const room = tail.slice(0, k - 1).reduce((a, u) => a + u.view.volume, 0);
    const row: string[] = [];
    for (const p of which ? which.split(',').map(Number) : PLANS.map((_, j) => j)) {
      const { order, phaseItems, blockOrder, stopsMerged = false } = PLANS[p];
      const f = fleet.reordered(order, stopsMerged);
      t0 = cpuMs();
      const opened = f.packNew(left, groups, kept, near ? k : k - 1, { beam: false, sliceMs: 0, deadline: 0, phaseItems, blockOrder });
      const ms = cpuMs() - t0;
      if (near) {
        // The last Unit of the tail packed into k: its pieces and m3 (a near miss when few).
        const last = opened?.[opened.length - 1];
        const pcs = last ? last.state.placed.reduce((a, q) => a + q.block.count, 0) : -1;
        row.push(`${p}:${opened ? `${opened.length}u ${pcs}p ${(last!.state.volume / 1e9).toFixed(1)}` : '-'}`);
        continue;
      }
      row.push(`${p}:${opened ? 'SAVED' : '-'} ${ms.toFixed(0)}`);
      if (opened) saves.set(`${p}`, (saves.get(`${p}`) ?? 0) + 1);
      if (opened) saves.set(`k${k}`, (saves.get(`k${k}`) ?? 0) + 1);
    }
    console.log(`#${seed} k ${k} (cargo ${(cargo / 1e9).toFixed(1)} m3 in ${(room / 1e9).toFixed(1)}, fill ${(cargo / room).toFixed(2)} of reach ${reach.toFixed(2)}): ${row.join(' ')}`);
  }
}
console.log('saves:', [...saves].map(([k, v]) => `${k} ${v}`).join(', '));
