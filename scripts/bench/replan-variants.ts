// Diagnostic: greedy fleet plans (as the first plan) of one cargo in every order, phase width and
// block order, per seed: the Units each reaches, and the fewest (what the re-plans in
// fewer-units.ts could find with time for all of them).
// `current`: the best of the first plan and the re-plans tried now (fleet/orders.ts). `QUIET=1`: no per-variant figures.
// npx tsx scripts/bench/replan-variants.ts <sea|road> <pieces> <seed,...> [widths] [orders]
import { Fleet } from '../../solver/pack/fleet.ts';
import type { EntryOrder } from '../../solver/pack/fleet/orders.ts';
import { prepare } from '../../solver/prepare.ts';
import { Ticker } from '../../solver/ticker.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';

const [fleetName = 'sea', pieces = '1000', seeds = '7', widths = '30,40,60,80,120,160', orders = 'volume,crates-first,not-stackable-first,heaviest-first'] = process.argv.slice(2);
let first = 0, best = 0, current = 0;
// The re-plans fewer-units.ts tries now (fleet/orders.ts OTHER_PLANS) and the first plan.
const CURRENT = new Set(['vol/80', 'vol/60v', 'not/80v', 'cra/60v', 'cra/80v', 'vol/60', 'not/60', 'cra/60', 'not/40', 'vol/40', 'cra/80', 'not/80', 'cra/40', 'vol/30', 'cra/30', 'not/30', 'hea/80']);
const wins = new Map<string, number>();
for (const seed of seeds.split(',').map(Number)) {
  const input = scaleInput(fleetName, generateCargo(Number(pieces), seed), seed, 0);
  const base = new Fleet(input, prepare(input), new Ticker({ now: cpuMs }));
  const row: string[] = [];
  let min = Infinity, f = 0;
  const counts = new Map<string, number>();
  for (const order of orders.split(',') as EntryOrder[]) {
    const fleet = order === 'volume' ? base : base.reordered(order);
    for (const w of widths.split(',').map(Number)) {
      for (const blockOrder of [undefined, 'volume' as const]) {
        const t0 = cpuMs();
        const p = fleet.plan({ beam: false, sliceMs: 0, deadline: 0, phaseItems: w, blockOrder });
        const ok = p.left.every((n) => n === 0) && p.groupsLeft.size === 0;
        const n = ok ? p.units.length : Infinity;
        const key = `${order.slice(0, 3)}/${w}${blockOrder ? 'v' : ''}`;
        if (order === 'volume' && w === 80 && !blockOrder) f = n;
        counts.set(key, n);
        min = Math.min(min, n);
        row.push(`${key}:${n}(${Math.round(cpuMs() - t0)})`);
      }
    }
  }
  for (const [k, n] of counts) if (n === min) wins.set(k, (wins.get(k) ?? 0) + 1);
  first += f;
  best += min;
  const cur = Math.min(...[...counts].filter(([k]) => CURRENT.has(k)).map(([, n]) => n));
  current += cur;
  console.log(`#${seed} first ${f} current ${cur} best ${min}: ${process.env.QUIET ? '' : row.join(' ')}`);
}
console.log(`first ${first} current re-plans ${current} best ${best}; variants at the best: ${[...wins].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
