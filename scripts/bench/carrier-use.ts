// Diagnostic: what the stackable pallets standing on the floor carry (directly on their top), and
// for each non-stackable pallet and crate on the floor how many stackable floor pallets of its Stop
// would have carried it (footprint within, height under the roof) but carry something else.
// First plan (no budget). Summed over the seeds.
// npx tsx scripts/bench/carrier-use.ts [sea|road] [pieces] [seed,seed,...] [solver module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { generateCargo, scaleInput, FLEETS } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';
import type { Placement, SolveInput, SolveHooks, SolveResult } from '../../solver/types.ts';

const [fleet = 'sea', pieces = '1000', seedArg = '7', module = 'solver/index.ts'] = process.argv.slice(2);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (input: SolveInput, hooks: SolveHooks) => SolveResult };
const carries: Record<string, number> = {};
const floorTops: Record<string, number> = {};
let units = 0;
for (const seed of seedArg.split(',').map(Number)) {
  const lines = generateCargo(Number(pieces), seed);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const r = solve(scaleInput(fleet, lines, seed, 0), { now: cpuMs });
  units += r.totals.units;
  const kind = (p: Placement) => { const l = byId.get(p.cargoLineId)!; return l.name === 'pallet' ? (l.stackable ? 'S' : 'N') : l.name; };
  const onTop = (p: Placement, ps: Placement[]) => ps.filter((q) => q.zMm === p.zMm + p.heightMm
    && Math.min(p.xMm + p.lengthMm, q.xMm + q.lengthMm) > Math.max(p.xMm, q.xMm)
    && Math.min(p.yMm + p.widthMm, q.yMm + q.widthMm) > Math.max(p.yMm, q.yMm));
  const idle: { p: Placement; H: number }[] = [];
  const tops: { p: Placement; H: number }[] = [];
  for (const u of r.units) {
    const H = FLEETS[fleet].find((e) => e.id === u.equipmentId)!.innerHeightMm;
    const ps = r.placements.filter((p) => p.unitIndex === u.index);
    for (const p of ps) {
      if (p.zMm !== 0) continue;
      const k = kind(p);
      if (k === 'S') {
        const on = onTop(p, ps);
        let c = on.length === 0 ? 'nothing' : [...new Set(on.map((q) => (q.cargoLineId === p.cargoLineId ? 'own' : kind(q) + ((q.stop ?? 0) === (p.stop ?? 0) ? '' : '/x'))))].sort().join('+');
        carries[c] = (carries[c] ?? 0) + 1;
        if (!on.some((q) => kind(q) === 'N' || kind(q) === 'crate')) idle.push({ p, H });
      } else if (k === 'N' || k === 'crate') tops.push({ p, H });
    }
  }
  for (const { p, H } of tops) {
    const fits = idle.filter(({ p: c, H: ch }) => (c.stop ?? 0) === (p.stop ?? 0) && c.heightMm + p.heightMm <= ch
      && ((p.lengthMm <= c.lengthMm && p.widthMm <= c.widthMm) || (p.lengthMm <= c.widthMm && p.widthMm <= c.lengthMm)));
    const k = `${byId.get(p.cargoLineId)!.name === 'pallet' ? 'N' : 'crate'} ${fits.length > 0 ? 'carrier-idle' : 'none'} ${r.totals.units - p.unitIndex <= 2 ? 'last2' : 'early'}`;
    floorTops[k] = (floorTops[k] ?? 0) + 1;
    if (process.env.SHOW && fits.length > 0) console.log(`U${p.unitIndex} ${p.cargoLineId} s${p.stop} ${p.lengthMm}x${p.widthMm}x${p.heightMm} step ${p.loadingStep} <- ${fits.slice(0, 4).map(({ p: c }) => `U${c.unitIndex} ${c.cargoLineId} ${c.lengthMm}x${c.widthMm}x${c.heightMm} step ${c.loadingStep}`).join('; ')}`);
  }
}
console.log(`Units ${units}`);
console.log('floor S pallets carry:', JSON.stringify(carries));
console.log('floor N / crates:', JSON.stringify(floorTops));
