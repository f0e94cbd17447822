// Diagnostic: Units of the first plan (no budget) over several seeds, one process.
// npx tsx scripts/bench/first-units.ts <sea|road> <pieces> <seed,seed,...> [solver module] [seconds of CPU]
// `frac`: Units less the unused share of the emptiest Unit by volume (a finer reading of the count).
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { checkPlan } from '../../solver/check/index.ts';
import { cpuMs } from './process-cpu.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';

const [fleet = 'sea', pieces = '1000', seeds = '7', module = 'solver/index.ts', seconds = '0'] = process.argv.slice(2);
const { solve } = await import(pathToFileURL(resolve(module)).href);
let sum = 0, frac = 0;
const row: string[] = [];
for (const seed of seeds.split(',').map(Number)) {
  const input = scaleInput(fleet, generateCargo(Number(pieces), seed), seed, Number(seconds) * 1000);
  const r = solve(input, { now: cpuMs });
  const v = checkPlan(input, r).length;
  sum += r.totals.units;
  frac += r.totals.units - 1 + Math.min(...r.units.map((u: { volumeUtilization: number }) => u.volumeUtilization));
  row.push(`${seed}:${r.totals.units}${v ? '!' + v : ''}${r.totals.piecesUnloaded ? 'u' + r.totals.piecesUnloaded : ''}(${r.stats.firstPlanMs})`);
}
console.log(`${fleet} ${pieces} sum ${sum} frac ${frac.toFixed(2)} ${row.join(' ')}`);
