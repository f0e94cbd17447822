// Diagnostic: when each stage of fewer-units.ts starts within the budget, and when each near miss
// (fleet/near-miss.ts) is tried and how it ends, for one scale instance per seed and clock pace.
// `VCLOCK=<ms,...>`: virtual clocks of that many ms a read (0: CPU time).
// npx tsx scripts/bench/fewer-stages.ts <sea|road> <pieces> <seed,...> <seconds> [solver]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';

const [fleetName = 'sea', pieces = '1000', seeds = '7', seconds = '5', module = 'solver/index.ts'] = process.argv.slice(2);
const dir = resolve(module, '..');
const { solve } = await import(pathToFileURL(resolve(module)).href);
const { fewerTrace } = await import(pathToFileURL(resolve(dir, 'pack/fewer-units.ts')).href);
const { nearMissTrace } = await import(pathToFileURL(resolve(dir, 'pack/fleet/near-miss.ts')).href);
for (const pace of (process.env.VCLOCK ?? '0').split(',').map(Number)) {
  for (const seed of seeds.split(',').map(Number)) {
    const input = scaleInput(fleetName, generateCargo(Number(pieces), seed), seed, Number(seconds) * 1000);
    let reads = 0;
    let t0 = -1;
    const now = pace > 0 ? () => reads++ * pace : cpuMs;
    const at = () => {
      const t = pace > 0 ? reads * pace : cpuMs();
      return ((t - t0) / 1000).toFixed(2);
    };
    t0 = pace > 0 ? 0 : cpuMs();
    const lines: string[] = [];
    let nmStart = at();
    fewerTrace.fn = (stage: string, units: number) => {
      lines.push(`  ${at()} s ${stage}: ${units} Units`);
      nmStart = at();
    };
    nearMissTrace.fn = (e: { units: number; leftPieces: number; leftVolume: number; exchanges: number; bestRest: number; ok: boolean }) => {
      lines.push(`  ${at()} s near miss of ${e.units} Units: ${e.leftPieces} pieces ${(e.leftVolume / 1e9).toFixed(2)} m3, ${e.exchanges} exchanges, best rest ${(e.bestRest / 1e9).toFixed(2)}, ${e.ok ? 'OK' : 'failed'}`);
    };
    const r = solve(input, { now });
    console.log(`${fleetName} ${pieces} #${seed} pace ${pace}: ${r.totals.units} Units`);
    console.log(lines.join('\n'));
  }
}
