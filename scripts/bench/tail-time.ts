// Diagnostic: a first plan's last m Units repacked (beam search, as fewer-units.ts repackTail)
// into m - 1 Units with several slices of time per Unit and in several packing orders; where that
// fails, the cargo (m3) the m-th Unit takes when m Units are allowed: how far the repack is from
// one Unit fewer, and whether more time or another order moves it.
// npx tsx scripts/bench/tail-time.ts <sea|road> <pieces> <seed,...> <slice ms,...> <m,...> [order,...]
import { Fleet, type FleetPlan } from '../../solver/pack/fleet.ts';
import type { EntryOrder } from '../../solver/pack/fleet/orders.ts';
import { phaseItemsFor } from '../../solver/pack/fleet/phase-width.ts';
import { cargoOfUnits } from '../../solver/pack/fleet/shrink-tail.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';

const [fleetName = 'sea', pieces = '1000', seeds = '7', slices = '300,2000', tails = '2,3', orders = 'volume'] = process.argv.slice(2);

/** The cargo of the plan's last m Units (group members counted by their group) and the Units kept. */
function tailOf(fleet: Fleet, plan: FleetPlan, m: number) {
  const at = plan.units.length - m;
  return { ...cargoOfUnits(fleet, plan.units.slice(at)), kept: plan.units.slice(0, at) };
}

/** 'OK' when m - 1 Units take the tail's cargo, else what an m-th Unit holds (m3). */
function repack(fleet: Fleet, plan: FleetPlan, m: number, sliceMs: number): string {
  const { left, groups, kept } = tailOf(fleet, plan, m);
  const mode = () => ({ beam: true, sliceMs, deadline: cpuMs() + 10 * sliceMs * m, phaseItems: phaseItemsFor(sliceMs) });
  if (fleet.packNew(left, groups, kept, m - 1, mode())) return 'OK';
  const all = fleet.packNew(left, groups, kept, m, mode());
  return `fail(last ${all ? (all[all.length - 1].state.volume / 1e9).toFixed(1) : '-'})`;
}

for (const seed of seeds.split(',').map(Number)) {
  const input = scaleInput(fleetName, generateCargo(Number(pieces), seed), seed, 0);
  const base = new Fleet(input, prepare(input), new Ticker({ now: cpuMs }));
  const plan = base.plan({ beam: false, sliceMs: 0, deadline: 0 });
  const row = [`units ${plan.units.length} last ${(plan.units[plan.units.length - 1].state.volume / 1e9).toFixed(1)}`];
  for (const m of tails.split(',').map(Number)) {
    for (const order of orders.split(',') as EntryOrder[]) {
      const fleet = order === 'volume' ? base : base.reordered(order);
      for (const sliceMs of slices.split(',').map(Number)) {
        const t0 = cpuMs();
        row.push(`${order.slice(0, 3)} m${m}/${sliceMs}ms:${repack(fleet, plan, m, sliceMs)}(${Math.round(cpuMs() - t0)})`);
      }
    }
  }
  console.log(`${fleetName} ${pieces} #${seed}: ${row.join(' ')}`);
}
