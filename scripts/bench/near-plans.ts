// Diagnostic: at sea / road scale, the first plan and each of the fleet's other greedy plans
// (fleet/orders.ts `OTHER_PLANS`, by index): Units, what the last Unit holds (m3, type, its lines
// and keep-together groups), and the CPU each plan takes. Which plan reaches the fewest Units per
// seed is what decides the order the improvement tries them in (it affords only a few at 5,000 pieces).
// Session 37, sea 5,000 pieces, seeds 1-12: the first plan is the best of all 20 on 6 seeds; one
// Unit fewer comes from plan 6 (crates first, blocks by volume) on 5 seeds, plan 0 (Stops merged)
// on 4, plan 4 on 3 (plans 0 and 6 cover all six); no plan saves two. Many last Units hold only
// keep-together groups (rigid blocks placed by no Unit before) or one crate, pallet or long good.
// npx tsx scripts/bench/near-plans.ts <sea|road> <pieces> <seed,...> [plans: indices, default all]
import { Fleet, type FleetPlan } from '../../solver/pack/fleet.ts';
import { OTHER_PLANS } from '../../solver/pack/fleet/orders.ts';
import { lastUnitVolume } from '../../solver/pack/fewer-units.ts';
import { cargoOfUnits } from '../../solver/pack/fleet/shrink-tail.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';

const [fleetName = 'sea', pieces = '5000', seeds = '7', which] = process.argv.slice(2);
for (const seed of seeds.split(',').map(Number)) {
  const input = scaleInput(fleetName, generateCargo(Number(pieces), seed), seed, 0);
  const ticker = new Ticker({ now: cpuMs });
  const prep = prepare(input);
  const fleet = new Fleet(input, prep, ticker);
  const run = (name: string, f: Fleet, plan: () => FleetPlan) => {
    const t0 = cpuMs();
    const p = plan();
    const ms = cpuMs() - t0;
    const last = p.units[p.units.length - 1];
    const { left, groups } = cargoOfUnits(f, [last]);
    const parts = left.flatMap((n, i) => (n > 0 ? [`${n}x${f.items[i].l}x${f.items[i].w}x${f.items[i].h}${f.items[i].stackable ? '' : 'ns'} r${f.items[i].phaseRank}`] : []));
    for (const g of groups) parts.push(`group ${g}: ${f.groupMembers(g).map((i) => `${f.counts[i]}x${f.items[i].l}x${f.items[i].w}x${f.items[i].h}${f.items[i].stackable ? '' : 'ns'}`).join(' + ')}`);
    console.log(`#${seed} ${name}: ${p.units.length} Units${p.left.some((n) => n > 0) ? ' (pieces left)' : ''}, ${ms.toFixed(0)} ms, last ${(lastUnitVolume(p) / 1e9).toFixed(1)} m3 (${last.view.equipment.id}): ${parts.slice(0, 8).join(' ')}`);
  };
  run('first', fleet, () => fleet.plan({ beam: false, sliceMs: 0, deadline: 0 }));
  for (const k of which ? which.split(',').map(Number) : OTHER_PLANS.map((_, k) => k)) {
    const { order, phaseItems, blockOrder, stopsMerged = false } = OTHER_PLANS[k];
    const f = fleet.reordered(order, stopsMerged);
    run(`${k} ${order}${stopsMerged ? ' merged' : ''} pi${phaseItems ?? '-'} bo${blockOrder ?? '-'}`, f, () => f.plan({ beam: false, sliceMs: 0, deadline: 0, phaseItems, blockOrder }));
  }
}
