// Diagnostic: first-units.ts for several solvers, one after the other per seed (paired), with
// the Units, the finer count (Units less the emptiest Unit's unused share), the pieces
// `stop-blocked` and the equipment volume (m3) of each plan. `VCLOCK=<ms>` runs the solvers on a
// virtual clock of that many ms per clock read instead of CPU time: the same plan in every run
// (about 0.25 ms a read matches the CPU clock at 1,000 pieces, 0.5 at 5,000).
// npx tsx scripts/bench/first-units-paired.ts <sea|road> <pieces> <seed,seed,...> <seconds> <solver,solver,...>
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkPlan } from '../../solver/check/index.ts';
import type { SolveInput, SolveResult } from '../../solver/types.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';

const [fleet = 'sea', pieces = '1000', seeds = '7', seconds = '5', modules = 'solver/index.ts'] = process.argv.slice(2);
type Solve = (input: SolveInput, hooks?: { now?: () => number }) => SolveResult;
const solvers: Solve[] = await Promise.all(modules.split(',').map(async (m) => (await import(pathToFileURL(resolve(m)).href)).solve));
const perRead = Number(process.env.VCLOCK ?? 0);
const sums = solvers.map(() => ({ units: 0, frac: 0, blocked: 0, equipment: 0 }));
let better = 0, worse = 0;
for (const seed of seeds.split(',').map(Number)) {
  const row: string[] = [];
  const units: number[] = [];
  solvers.forEach((solve, k) => {
    const input = scaleInput(fleet, generateCargo(Number(pieces), seed), seed, Number(seconds) * 1000);
    let reads = 0;
    const r = solve(input, { now: perRead > 0 ? () => reads++ * perRead : cpuMs });
    const violations = checkPlan(input, r).length;
    const frac = r.totals.units - 1 + Math.min(...r.units.map((u) => u.volumeUtilization));
    const blocked = r.stopWarnings.reduce((a, w) => a + w.pieces.length, 0);
    const equipment = r.units.reduce((a, u) => {
      const e = input.equipment.find((q) => q.id === u.equipmentId)!;
      return a + (e.innerLengthMm * e.innerWidthMm * e.innerHeightMm) / 1e9;
    }, 0);
    Object.assign(sums[k], { units: sums[k].units + r.totals.units, frac: sums[k].frac + frac, blocked: sums[k].blocked + blocked, equipment: sums[k].equipment + equipment });
    units.push(r.totals.units);
    row.push(`${r.totals.units}${violations ? '!' + violations : ''}${r.totals.piecesUnloaded ? 'u' + r.totals.piecesUnloaded : ''}(${frac.toFixed(2)} b${blocked} e${equipment.toFixed(0)})`);
  });
  if (units.length > 1 && units[0] < units[1]) better++;
  if (units.length > 1 && units[0] > units[1]) worse++;
  console.log(`${fleet} ${pieces} #${seed}: ${row.join(' | ')}`);
}
const join = (f: (s: (typeof sums)[number]) => string) => sums.map(f).join(' | ');
console.log(`${fleet} ${pieces} seeds ${seeds} ${seconds} s: Units ${join((s) => String(s.units))}, frac ${join((s) => s.frac.toFixed(2))}, blocked ${join((s) => String(s.blocked))}, equipment ${join((s) => s.equipment.toFixed(0))} m3; the first against the second: ${better} better, ${worse} worse`);
