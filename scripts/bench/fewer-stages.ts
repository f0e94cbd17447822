// Diagnostic: when each stage of the solve and of fewer-units.ts ends within the budget, which
// stage's plan is kept (which saved each Unit), and when each near miss (fleet/near-miss.ts) is
// tried and how it ends, for one scale instance per seed and clock pace.
// `VCLOCK=<ms,...>`: virtual clocks of that many ms a read (0: CPU time). `DETAIL=1`: every event.
// npx tsx scripts/bench/fewer-stages.ts <sea|road> <pieces> <seed,...> <seconds> [solver]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';

const [fleetName = 'sea', pieces = '1000', seeds = '7', seconds = '5', module = 'solver/index.ts'] = process.argv.slice(2);
const dir = resolve(module, '..');
const { solve, solveTrace } = await import(pathToFileURL(resolve(module)).href);
const { fewerTrace } = await import(pathToFileURL(resolve(dir, 'pack/fewer-units.ts')).href);
const { nearMissTrace } = await import(pathToFileURL(resolve(dir, 'pack/fleet/near-miss.ts')).href);
const detail = process.env.DETAIL === '1';
console.log('seed pace | first U @s | beam U | replan U @s | fewer U @s | stops U @s | final U @s | saved by');
for (const pace of (process.env.VCLOCK ?? '0').split(',').map(Number)) {
  const sums = { first: 0, replan: 0, fewer: 0, stops: 0, total: 0, units0: 0, units: 0 };
  const savers = new Map<string, number>();
  for (const seed of seeds.split(',').map(Number)) {
    const input = scaleInput(fleetName, generateCargo(Number(pieces), seed), seed, Number(seconds) * 1000);
    let reads = 0;
    let t0 = -1;
    const now = pace > 0 ? () => reads++ * pace : cpuMs;
    const secs = () => ((pace > 0 ? reads * pace : cpuMs()) - t0) / 1000;
    const at = () => secs().toFixed(2);
    t0 = pace > 0 ? 0 : cpuMs();
    const lines: string[] = [];
    const ends = new Map<string, { t: number; units: number }>();
    const saved: string[] = [];
    solveTrace.fn = (stage: string, units: number) => {
      ends.set(stage, { t: secs(), units });
      lines.push(`  ${at()} s solve ${stage}: ${units} Units`);
    };
    fewerTrace.fn = (stage: string, units: number) => {
      lines.push(`  ${at()} s ${stage}: ${units} Units`);
      if (stage.startsWith('saved by ')) saved.push(`${stage.slice(9)} -> ${units} @${at()}`);
    };
    nearMissTrace.fn = (e: { units: number; leftPieces: number; leftVolume: number; exchanges: number; bestRest: number; ok: boolean }) => {
      lines.push(`  ${at()} s near miss of ${e.units} Units: ${e.leftPieces} pieces ${(e.leftVolume / 1e9).toFixed(2)} m3, ${e.exchanges} exchanges, best rest ${(e.bestRest / 1e9).toFixed(2)}, ${e.ok ? 'OK' : 'failed'}`);
    };
    const r = solve(input, { now });
    const total = secs();
    const e = (k: string) => ends.get(k);
    const cell = (k: string) => (e(k) ? `${e(k)!.units} @${e(k)!.t.toFixed(2)}` : '-');
    const first = e('first plan');
    const replanSaved = first && e('replan') ? first.units - e('replan')!.units : 0;
    if (replanSaved > 0) saved.unshift(`beam re-plan -> ${e('replan')!.units}`);
    const stopsSaved = e('fewer') && e('stops') ? e('fewer')!.units - e('stops')!.units : 0;
    if (stopsSaved > 0) saved.push(`Stops stage -> ${e('stops')!.units}`);
    console.log(`#${seed} ${pace} | ${cell('first plan')} | ${e('beam plan')?.units ?? '-'} | ${cell('replan')} | ${cell('fewer')} | ${cell('stops')} | ${r.totals.units} @${total.toFixed(2)} | ${saved.join('; ') || '-'}`);
    if (detail) console.log(lines.join('\n'));
    const t = (k: string, prev: string) => (e(k) && e(prev) ? e(k)!.t - e(prev)!.t : 0);
    sums.first += first?.t ?? 0;
    sums.replan += t('replan', 'first plan');
    sums.fewer += t('fewer', 'replan');
    sums.stops += t('stops', 'fewer');
    sums.total += total;
    sums.units0 += first?.units ?? r.totals.units;
    sums.units += r.totals.units;
    for (const s of saved) {
      const key = s.replace(/ -> .*/, '').replace(/plan \d+/, 'plan k');
      savers.set(key, (savers.get(key) ?? 0) + 1);
    }
  }
  const n = seeds.split(',').length;
  const f = (x: number) => (x / n).toFixed(2);
  console.log(`pace ${pace} mean s: first ${f(sums.first)}, re-plan ${f(sums.replan)}, fewerUnits ${f(sums.fewer)}, Stops ${f(sums.stops)}, total ${f(sums.total)}; Units ${sums.units0} -> ${sums.units}; savers ${[...savers].map(([k, v]) => `${k} x${v}`).join(', ') || 'none'}`);
}
