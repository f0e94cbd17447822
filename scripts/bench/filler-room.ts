// Diagnostic: the room over the cartons and long goods standing on the floor of a first plan (no
// budget): per kind, the floors their footprints cover, the share of the room over them (up to the
// roof) that pieces fill, and what stands directly on them. Summed over the seeds.
// npx tsx scripts/bench/filler-room.ts [sea|road] [pieces] [seed,seed,...] [solver module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { generateCargo, scaleInput, FLEETS } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';
import type { Placement, SolveInput, SolveHooks, SolveResult } from '../../solver/types.ts';

const [fleet = 'sea', pieces = '1000', seedArg = '7', module = 'solver/index.ts'] = process.argv.slice(2);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (input: SolveInput, hooks: SolveHooks) => SolveResult };
const hc = FLEETS.sea.find((e) => e.id === '40hc')!;
const HC = hc.innerLengthMm * hc.innerWidthMm;
const sum: Record<string, { floor: number; room: number; filled: number; n: number; tops: Record<string, number>; widths: number[] }> = {};
for (const seed of seedArg.split(',').map(Number)) {
  const lines = generateCargo(Number(pieces), seed);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const r = solve(scaleInput(fleet, lines, seed, 0), { now: cpuMs });
  const kind = (p: Placement) => { const l = byId.get(p.cargoLineId)!; return l.name === 'pallet' ? (l.stackable ? 'S' : 'N') : l.name === 'crate' ? 'crate' : l.name; };
  for (const u of r.units) {
    const H = FLEETS[fleet].find((e) => e.id === u.equipmentId)!.innerHeightMm;
    const ps = r.placements.filter((p) => p.unitIndex === u.index);
    for (const p of ps) {
      const k = kind(p);
      if (p.zMm !== 0 || (k !== 'carton' && k !== 'long goods')) continue;
      const e = (sum[k] ??= { floor: 0, room: 0, filled: 0, n: 0, tops: {}, widths: [] });
      const area = p.lengthMm * p.widthMm;
      e.n++;
      e.floor += area / HC;
      e.room += (area * (H - p.heightMm)) / 1e9;
      e.widths.push(Math.min(p.lengthMm, p.widthMm));
      for (const q of ps) {
        if (q.zMm < p.zMm + p.heightMm) continue;
        const ox = Math.min(p.xMm + p.lengthMm, q.xMm + q.lengthMm) - Math.max(p.xMm, q.xMm);
        const oy = Math.min(p.yMm + p.widthMm, q.yMm + q.widthMm) - Math.max(p.yMm, q.yMm);
        if (ox <= 0 || oy <= 0) continue;
        e.filled += (ox * oy * q.heightMm) / 1e9;
        if (q.zMm === p.zMm + p.heightMm) e.tops[kind(q)] = (e.tops[kind(q)] ?? 0) + 1;
      }
    }
  }
}
for (const [k, e] of Object.entries(sum)) {
  const w = e.widths.sort((a, b) => a - b);
  console.log(`${k.padEnd(10)} on the floor ${e.n}, floors ${e.floor.toFixed(2)}, room over them ${e.room.toFixed(1)} m3, filled ${(100 * e.filled / e.room).toFixed(0)} %, narrow side median ${w[w.length >> 1]} mm; directly on them: ${JSON.stringify(e.tops)}`);
}
