// Diagnostic: where a scale plan's bare floor lies (first plan, no budget). The floor of each Unit
// in 10 mm cells; a bare cell counts by the width (across the Unit, y) of the bare run through it:
// `across` (the whole width: the Unit's floor ends there), `y<400`, `y400-800`, `y>=800`; `door` is
// the bare floor past the last piece on the floor. Figures in floors of a 40' high cube, summed
// over the seeds. `HIST=1`: by 50 mm classes of that width instead; `UNITS=1`: per Unit too;
// `ROWS=<unit>`: that Unit's floor (first seed) cut across every 400 mm: the widths of the pieces
// standing on the floor (p pallet, c carton, l long goods; * nothing may stand on it) and the gaps.
// npx tsx scripts/bench/bare-floor.ts [sea|road] [pieces] [seed,seed,...] [solver module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { generateCargo, scaleInput, FLEETS } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';
import type { Placement, SolveInput, SolveHooks, SolveResult } from '../../solver/types.ts';

const [fleet = 'sea', pieces = '1000', seedArg = '7', module = 'solver/index.ts'] = process.argv.slice(2);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (input: SolveInput, hooks: SolveHooks) => SolveResult };
const hc = FLEETS.sea.find((e) => e.id === '40hc')!;
const HC = hc.innerLengthMm * hc.innerWidthMm;
const C = 10;
const tot: Record<string, number> = {};
const seeds = seedArg.split(',').map(Number);
for (const seed of seeds) {
  const lines = generateCargo(Number(pieces), seed);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const r = solve(scaleInput(fleet, lines, seed, 0), { now: cpuMs });
  for (const u of r.units) {
    const eq = FLEETS[fleet].find((e) => e.id === u.equipmentId)!;
    const ps: Placement[] = r.placements.filter((p) => p.unitIndex === u.index);
    const nx = Math.ceil(eq.innerLengthMm / C), ny = Math.ceil(eq.innerWidthMm / C);
    const g = new Uint8Array(nx * ny);
    let last = -1;
    for (const p of ps) {
      if (p.zMm !== 0) continue;
      for (let i = Math.floor(p.xMm / C); i < Math.ceil((p.xMm + p.lengthMm) / C); i++) {
        last = Math.max(last, i);
        for (let j = Math.floor(p.yMm / C); j < Math.ceil((p.yMm + p.widthMm) / C); j++) g[i * ny + j] = 1;
      }
    }
    const b: Record<string, number> = {};
    const add = (k: string, a: number) => { b[k] = (b[k] ?? 0) + a; tot[k] = (tot[k] ?? 0) + a; };
    add('door', ((nx - 1 - last) * ny * C * C) / HC);
    for (let i = 0; i <= last; i++) {
      for (let j = 0; j < ny; j++) {
        if (g[i * ny + j]) continue;
        let y0 = j, y1 = j;
        while (y0 > 0 && !g[i * ny + y0 - 1]) y0--;
        while (y1 < ny - 1 && !g[i * ny + y1 + 1]) y1++;
        const wy = (y1 - y0 + 1) * C;
        const k = wy >= eq.innerWidthMm - C ? 'across'
          : process.env.HIST ? 'y' + String(Math.floor(wy / 50) * 50).padStart(4, '0')
          : wy < 400 ? 'y<400' : wy < 800 ? 'y400-800' : 'y>=800';
        add(k, (C * C) / HC);
      }
    }
    if (process.env.UNITS) console.log(`seed ${seed} U${u.index} ${u.equipmentId} ` + Object.entries(b).map(([k, v]) => `${k} ${v.toFixed(3)}`).join(' '));
    if (process.env.ROWS !== undefined && Number(process.env.ROWS) === u.index && seed === seeds[0]) {
      for (let x = 50; x < eq.innerLengthMm; x += 400) {
        const row = ps.filter((p) => p.zMm === 0 && p.xMm <= x && p.xMm + p.lengthMm > x).sort((p, q) => p.yMm - q.yMm);
        let y = 0;
        const segs: string[] = [];
        for (const p of row) {
          if (p.yMm > y) segs.push(`[gap ${p.yMm - y}]`);
          const l = byId.get(p.cargoLineId)!;
          segs.push(`${l.name[0]}${l.stackable ? '' : '*'}${p.widthMm}`);
          y = Math.max(y, p.yMm + p.widthMm);
        }
        if (y < eq.innerWidthMm) segs.push(`[gap ${eq.innerWidthMm - y}]`);
        console.log(`  x ${x}: ${segs.join(' ')}`);
      }
    }
  }
}
console.log(`${fleet} ${pieces} seeds ${seedArg}: bare floors ` + Object.entries(tot).sort().map(([k, v]) => `${k} ${v.toFixed(2)}`).join(' '));
