// Diagnostic: how much of a Unit's width the pallets and crates standing on the floor take. The
// floor is cut into 50 mm slices along the length; per slice holding a pallet or crate on the
// floor, the width they cover (EUR 800 + 800 = 1,600 leaves a 752 mm strip, 1,200 + 800 = 2,000
// a 352 mm one, 1,200 + 1,000 = 2,200 a 152 mm one) and the width of the cartons and long goods
// on the floor beside them. First plan (no budget). Summed over the seeds.
// npx tsx scripts/bench/row-width.ts [sea|road] [pieces] [seed,seed,...] [solver module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { generateCargo, scaleInput, FLEETS } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';
import type { SolveInput, SolveHooks, SolveResult } from '../../solver/types.ts';

const [fleet = 'sea', pieces = '5000', seedArg = '7', module = 'solver/index.ts'] = process.argv.slice(2);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (input: SolveInput, hooks: SolveHooks) => SolveResult };
const C = 50;
const widths: Record<string, number> = {};
let slices = 0, big = 0, fill = 0, unitWidth = 0;
for (const seed of seedArg.split(',').map(Number)) {
  const lines = generateCargo(Number(pieces), seed);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const r = solve(scaleInput(fleet, lines, seed, 0), { now: cpuMs });
  for (const u of r.units) {
    const eq = FLEETS[fleet].find((e) => e.id === u.equipmentId)!;
    const nx = Math.floor(eq.innerLengthMm / C);
    const b = new Float64Array(nx), f = new Float64Array(nx);
    for (const p of r.placements) {
      if (p.unitIndex !== u.index || p.zMm !== 0) continue;
      const l = byId.get(p.cargoLineId)!;
      const to = l.name === 'pallet' || l.name === 'crate' ? b : f;
      for (let i = Math.round(p.xMm / C); i < Math.min(nx, Math.round((p.xMm + p.lengthMm) / C)); i++) to[i] += p.widthMm;
    }
    for (let i = 0; i < nx; i++) {
      if (b[i] === 0) continue;
      slices++; big += b[i]; fill += f[i]; unitWidth += eq.innerWidthMm;
      widths[b[i]] = (widths[b[i]] ?? 0) + 1;
    }
  }
}
const top = Object.entries(widths).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([w, n]) => `${w} ${(100 * n / slices).toFixed(0)} %`).join(', ');
console.log(`${fleet} ${pieces} seeds ${seedArg}: slices with pallets or crates on the floor: they take ${(big / slices).toFixed(0)} mm (${(100 * big / unitWidth).toFixed(1)} % of the width), cartons and long goods beside them ${(fill / slices).toFixed(0)} mm; commonest widths: ${top}`);
