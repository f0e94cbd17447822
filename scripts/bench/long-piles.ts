// Diagnostic: the piles over the long goods standing on the floor of a first plan (no budget).
// Per floor place: the highest top over its footprint; summed over the seeds: how many places
// stand at a side wall, the mean pile top, a histogram of pile tops (500 mm bins), and where the
// low piles (top under LOW mm) sit: in the last quarter of their Stop's Units or before it.
// `LIST=1` prints each low pile (Unit, Stop, size, place, what stands over it by kind initial).
// npx tsx scripts/bench/long-piles.ts [sea|road] [pieces] [seed,seed,...] [solver module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { generateCargo, scaleInput, FLEETS } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';
import type { Placement, SolveInput, SolveHooks, SolveResult } from '../../solver/types.ts';

const LOW = 1500;
const [fleet = 'sea', pieces = '5000', seedArg = '7', module = 'solver/index.ts'] = process.argv.slice(2);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (input: SolveInput, hooks: SolveHooks) => SolveResult };
const hist: Record<number, number> = {};
let places = 0, atWall = 0, tops = 0, heights = 0, lowTail = 0, lowBefore = 0;

/** The highest top over `p`'s footprint among `ps`, and the kinds (initials) overlapping it above. */
function pileOver(p: Placement, ps: Placement[], name: (q: Placement) => string): { top: number; kinds: string } {
  let top = p.heightMm, kinds = '';
  for (const q of ps) {
    if (q === p || q.zMm < p.zMm + p.heightMm) continue;
    const ox = Math.min(p.xMm + p.lengthMm, q.xMm + q.lengthMm) - Math.max(p.xMm, q.xMm);
    const oy = Math.min(p.yMm + p.widthMm, q.yMm + q.widthMm) - Math.max(p.yMm, q.yMm);
    if (ox <= 0 || oy <= 0) continue;
    top = Math.max(top, q.zMm + q.heightMm);
    kinds += name(q)[0];
  }
  return { top, kinds };
}

for (const seed of seedArg.split(',').map(Number)) {
  const lines = generateCargo(Number(pieces), seed);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const r = solve(scaleInput(fleet, lines, seed, 0), { now: cpuMs });
  const name = (q: Placement) => byId.get(q.cargoLineId)!.name;
  // Per Stop: the Units holding its pieces on the floor (first and last), to tell a Stop's tail.
  const span = new Map<string, { first: number; last: number }>();
  for (const p of r.placements) {
    if (p.zMm !== 0) continue;
    const k = String(byId.get(p.cargoLineId)!.stop);
    const s = span.get(k) ?? { first: p.unitIndex, last: p.unitIndex };
    span.set(k, { first: Math.min(s.first, p.unitIndex), last: Math.max(s.last, p.unitIndex) });
  }
  for (const u of r.units) {
    const eq = FLEETS[fleet].find((e) => e.id === u.equipmentId)!;
    const ps = r.placements.filter((p) => p.unitIndex === u.index);
    for (const p of ps) {
      const l = byId.get(p.cargoLineId)!;
      if (p.zMm !== 0 || l.name !== 'long goods') continue;
      places++;
      if (p.yMm === 0 || p.yMm + p.widthMm === eq.innerWidthMm) atWall++;
      const { top, kinds } = pileOver(p, ps, name);
      tops += top;
      heights += eq.innerHeightMm;
      const bin = Math.floor(top / 500) * 500;
      hist[bin] = (hist[bin] ?? 0) + 1;
      if (top >= LOW) continue;
      const s = span.get(String(l.stop))!;
      if (u.index >= s.last - (s.last - s.first) / 4) lowTail++;
      else lowBefore++;
      if (process.env.LIST) console.log(`seed ${seed} U${u.index} stop ${l.stop} ${p.lengthMm}x${p.widthMm}x${p.heightMm} at x ${p.xMm} y ${p.yMm} top ${top} over: ${kinds}`);
    }
  }
}
console.log(`${fleet} ${pieces} seeds ${seedArg}: long goods floor places ${places}, at a side wall ${atWall}, mean pile top ${(tops / places).toFixed(0)} of ${(heights / places).toFixed(0)} mm`);
console.log(`pile tops by 500 mm: ${JSON.stringify(hist)}; under ${LOW} mm: ${lowTail} in the last quarter of their Stop's Units, ${lowBefore} before`);
