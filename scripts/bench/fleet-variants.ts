// Diagnostic: Units of greedy fleet plans in several orders, phase widths and block orders,
// per seed, with each plan's CPU ms (what fewer-units.ts's other plans could reach).
// npx tsx scripts/bench/fleet-variants.ts <sea|road> <pieces> <seed,seed,...>
import { prepare } from '../../solver/prepare.ts';
import { Fleet } from '../../solver/pack/fleet.ts';
import type { EntryOrder } from '../../solver/pack/fleet/orders.ts';
import { Ticker } from '../../solver/ticker.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';

const [fleetName = 'sea', pieces = '1000', seeds = '7'] = process.argv.slice(2);
const orders: EntryOrder[] = ['volume', 'not-stackable-first', 'crates-first'];
const variants: { order: EntryOrder; phaseItems?: number; blockOrder?: 'volume' | 'section' }[] = [];
for (const order of orders) for (const phaseItems of [80, 60, 40, 30]) variants.push({ order, phaseItems });
for (const order of orders) for (const phaseItems of [80, 60, 40]) variants.push({ order, phaseItems, blockOrder: 'volume' });
for (const seed of seeds.split(',').map(Number)) {
  const input = scaleInput(fleetName, generateCargo(Number(pieces), seed), seed, 0);
  const ticker = new Ticker({ now: cpuMs });
  const prep = prepare(input);
  const base = new Fleet(input, prep, ticker);
  const fleets = new Map<EntryOrder, Fleet>([['volume', base]]);
  const row: string[] = [];
  for (const v of variants) {
    let f = fleets.get(v.order);
    if (!f) fleets.set(v.order, (f = base.reordered(v.order)));
    const t0 = cpuMs();
    const p = f.plan({ beam: false, sliceMs: 0, deadline: 0, phaseItems: v.phaseItems, blockOrder: v.blockOrder });
    const ok = p.left.every((n) => n === 0) && p.groupsLeft.size === 0;
    row.push(`${v.order.slice(0, 3)}/${v.phaseItems ?? 80}${v.blockOrder ? '/v' : ''}=${p.units.length}${ok ? '' : '!'}(${Math.round(cpuMs() - t0)})`);
  }
  console.log(`${fleetName} ${pieces} #${seed}: ${row.join(' ')}`);
}
