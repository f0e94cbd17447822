// Diagnostic: Units and pieces stop-blocked in the first plan (no budget) over several seeds, one process.
// npx tsx scripts/bench/first-blocked.ts <sea|road> <pieces> <seed,seed,...> [solver module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { cpuMs } from './process-cpu.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';

const [fleet = 'sea', pieces = '1000', seeds = '7', module = 'solver/index.ts'] = process.argv.slice(2);
const { solve } = await import(pathToFileURL(resolve(module)).href);
let units = 0, blocked = 0;
const row: string[] = [];
for (const seed of seeds.split(',').map(Number)) {
  const r = solve(scaleInput(fleet, generateCargo(Number(pieces), seed), seed, 0), { now: cpuMs });
  let b = 0;
  for (const w of r.stopWarnings) b += w.pieces.length;
  units += r.totals.units;
  blocked += b;
  row.push(`${seed}:${r.totals.units}/${b}`);
}
console.log(`${fleet} ${pieces} units ${units} blocked ${blocked} ${row.join(' ')}`);
