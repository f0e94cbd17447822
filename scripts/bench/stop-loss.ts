// Diagnostic: what the Stops cost in Units. The scale bench's cargo solved as generated and with
// every Stop removed (same pieces, same seed, budget on this process's CPU time), per seed.
// npx tsx scripts/bench/stop-loss.ts <sea|road> <pieces> <seed,seed,...> [seconds of CPU] [solver module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { checkPlan } from '../../solver/check/index.ts';
import { cpuMs } from './process-cpu.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';

const [fleet = 'sea', pieces = '1000', seeds = '7', seconds = '5', module = 'solver/index.ts'] = process.argv.slice(2);
const { solve } = await import(pathToFileURL(resolve(module)).href);
const sums = { stops: 0, none: 0 };
const row: string[] = [];
for (const seed of seeds.split(',').map(Number)) {
  const cell: string[] = [];
  for (const kind of ['stops', 'none'] as const) {
    const generated = generateCargo(Number(pieces), seed);
    const lines = kind === 'none' ? generated.map((l) => ({ ...l, stop: null })) : generated;
    const input = scaleInput(fleet, lines, seed, Number(seconds) * 1000);
    const r = solve(input, { now: cpuMs });
    const v = checkPlan(input, r).length;
    sums[kind] += r.totals.units;
    cell.push(`${r.totals.units}${v ? '!' + v : ''}${r.totals.piecesUnloaded ? 'u' + r.totals.piecesUnloaded : ''}`);
  }
  row.push(`${seed}:${cell.join('/')}`);
}
console.log(`${fleet} ${pieces} ${seconds}s Units with / without Stops: sum ${sums.stops} / ${sums.none}; ${row.join(' ')}`);
