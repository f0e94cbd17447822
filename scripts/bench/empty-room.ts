// Diagnostic: where a plan's empty room lies. Each Unit's floor is cut into 50 mm cells; per cell
// the empty room above the topmost piece counts against that piece's kind (S / N stackable /
// non-stackable pallet, C crate, c carton, L long goods; "bare" where the cell holds nothing), and
// the empty room between pieces in one cell counts as "under" (gaps below an overhang or a
// higher top). In Units of a 40' high cube's volume; the cargo volume in the same Units.
// First plan (no budget) or `seconds` of CPU. Summed over the seeds.
// npx tsx scripts/bench/empty-room.ts [sea|road] [pieces] [seed,seed,...] [solver module] [seconds]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { generateCargo, scaleInput, FLEETS } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';
import type { Placement, SolveInput, SolveHooks, SolveResult } from '../../solver/types.ts';

const [fleet = 'sea', pieces = '1000', seedArg = '7', module = 'solver/index.ts', seconds = '0'] = process.argv.slice(2);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (input: SolveInput, hooks: SolveHooks) => SolveResult };
const hc = FLEETS.sea.find((e) => e.id === '40hc')!;
const HCV = hc.innerLengthMm * hc.innerWidthMm * hc.innerHeightMm;
const C = 50;
const room: Record<string, number> = {};
let units = 0, cargo = 0, unitVol = 0;
for (const seed of seedArg.split(',').map(Number)) {
  const lines = generateCargo(Number(pieces), seed);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const r = solve(scaleInput(fleet, lines, seed, Number(seconds) * 1000), { now: cpuMs });
  units += r.totals.units;
  const kind = (p: Placement) => { const l = byId.get(p.cargoLineId)!; return l.name === 'pallet' ? (l.stackable ? 'S' : 'N') : l.name === 'crate' ? 'C' : l.name === 'carton' ? 'c' : 'L'; };
  for (const u of r.units) {
    const eq = FLEETS[fleet].find((e) => e.id === u.equipmentId)!;
    const H = eq.innerHeightMm;
    unitVol += eq.innerLengthMm * eq.innerWidthMm * H;
    const nx = Math.ceil(eq.innerLengthMm / C), ny = Math.ceil(eq.innerWidthMm / C);
    const cells: Placement[][] = Array.from({ length: nx * ny }, () => []);
    for (const p of r.placements) {
      if (p.unitIndex !== u.index) continue;
      cargo += p.lengthMm * p.widthMm * p.heightMm;
      // Cells whose centre lies inside the piece's footprint.
      for (let i = Math.ceil(p.xMm / C - 0.5); (i + 0.5) * C < p.xMm + p.lengthMm; i++) {
        for (let j = Math.ceil(p.yMm / C - 0.5); (j + 0.5) * C < p.yMm + p.widthMm; j++) cells[i * ny + j].push(p);
      }
    }
    for (let i = 0; i < nx; i++) {
      for (let j = 0; j < ny; j++) {
        // The cell's area inside the Unit.
        const a = (Math.min(C, eq.innerLengthMm - i * C) * Math.min(C, eq.innerWidthMm - j * C));
        const ps = cells[i * ny + j].sort((p, q) => p.zMm - q.zMm);
        let z = 0;
        for (const p of ps) {
          if (p.zMm > z) room.under = (room.under ?? 0) + a * (p.zMm - z);
          z = Math.max(z, p.zMm + p.heightMm);
        }
        const k = ps.length === 0 ? 'bare' : 'over ' + kind(ps[ps.length - 1]);
        room[k] = (room[k] ?? 0) + a * (H - z);
      }
    }
  }
}
const f = (v: number) => (v / HCV).toFixed(2);
console.log(`${fleet} ${pieces} seeds ${seedArg}: Units ${units}, their volume ${f(unitVol)} HC, cargo ${f(cargo)} HC, empty ${f(unitVol - cargo)} HC`);
console.log(Object.entries(room).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${f(v)}`).join(', '));
