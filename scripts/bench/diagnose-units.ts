// Diagnostic: one seeded scale plan Unit by Unit (pieces, volume, weight, floor, Stops, kinds).
// Floor shares are of the Unit's floor: all pieces on it, non-stackable ones on it, and the
// footprints of non-stackable pieces standing on others (what columns put on stackable tops).
// npx tsx scripts/bench/diagnose-units.ts [sea|road] [pieces] [seed] [variant]
// `variant` relaxes the cargo to show what a Unit costs (any of, joined by +): nostop, stack (every
// line stackable), crates / pallets (only crates / only pallets stackable), support (80 % support
// for every line), nogroup, nofragile. `QUIET=1` prints the totals only.
// Known-optimum instances (bench:solver:units), budget on this process's CPU time:
// npx tsx scripts/bench/diagnose-units.ts ko <K> <fill> <seed> [seconds]
import { checkPlan } from '../../solver/check/index.ts';
import { solve } from '../../solver/index.ts';
import type { SolveInput } from '../../solver/types.ts';
import { FLEETS, generateCargo } from './cargo-generator.ts';
import { knownOptimum } from './known-optimum.ts';
import { cpuMs } from './process-cpu.ts';

if (process.argv[2] === 'ko') {
  const [k, fill, seed, seconds] = [3, 4, 5, 6].map((i, n) => Number(process.argv[i] ?? [3, 0.9, 1, 5][n]));
  const inst = knownOptimum(k, fill, seed, seconds);
  const r = solve(inst.input, { now: cpuMs });
  const pieces = r.units.map((u) => r.placements.filter((p) => p.unitIndex === u.index).length);
  // The fill each Unit reached and how many (how small) pieces it holds: Units of many small pieces fill least.
  for (const [n, u] of r.units.entries()) console.log(`U${u.index} vol ${(u.volumeUtilization * 100).toFixed(1)}% pieces ${pieces[n]}`);
  console.log(`K ${k} fill ${fill} #${seed}: ${r.totals.units} Units, unloaded ${r.totals.piecesUnloaded}, first plan ${r.stats.firstPlanMs} ms (CPU), violations ${checkPlan(inst.input, r).length}`);
  process.exit(0);
}

const fleet = process.argv[2] ?? 'sea';
const pieces = Number(process.argv[3] ?? 1000);
const seed = Number(process.argv[4] ?? 7);
const variant = process.argv[5] ?? '';
const lines = generateCargo(pieces, seed).map((l) => ({
  ...l,
  ...(variant.includes('nostop') ? { stop: null } : {}),
  ...(variant.includes('stack') ? { stackable: true } : {}),
  // One kind at a time: crates, or non-stackable pallets, that others may stand on; every piece at 80 % support.
  ...(variant.includes('crates') && l.name === 'crate' ? { stackable: true } : {}),
  ...(variant.includes('pallets') && l.name === 'pallet' ? { stackable: true } : {}),
  ...(variant.includes('support') ? { minSupportPermille: Math.min(l.minSupportPermille ?? 1000, 800) } : {}),
  ...(variant.includes('nogroup') ? { groupKey: null } : {}),
  ...(variant.includes('nofragile') ? { fragile: false } : {}),
}));
const byId = new Map(lines.map((l) => [l.id, l]));
const equipment = process.env.ONLY ? FLEETS[fleet].filter((e) => e.id === process.env.ONLY) : FLEETS[fleet];
const input: SolveInput = {
  equipment, lines, fixed: [], securing: { legs: ['road'], frictionPermille: null },
  options: { seed, timeBudgetMs: 0 },
};
const r = solve(input);
for (const u of r.units) {
  const eq = FLEETS[fleet].find((e) => e.id === u.equipmentId)!;
  const ps = r.placements.filter((p) => p.unitIndex === u.index);
  const kinds: Record<string, number> = {};
  const stops: Record<string, number> = {};
  let floor = 0, nsFloor = 0, nsTop = 0, maxTop = 0, maxX = 0;
  for (const p of ps) {
    const l = byId.get(p.cargoLineId)!;
    const k = l.name + (l.stackable ? '' : '!ns') + (l.fragile ? '!fr' : '');
    kinds[k] = (kinds[k] ?? 0) + 1;
    stops[String(p.stop)] = (stops[String(p.stop)] ?? 0) + 1;
    if (p.zMm === 0) floor += p.lengthMm * p.widthMm;
    if (p.zMm === 0 && !l.stackable) nsFloor += p.lengthMm * p.widthMm;
    if (p.zMm > 0 && !l.stackable) nsTop += p.lengthMm * p.widthMm;
    maxTop = Math.max(maxTop, p.zMm + p.heightMm);
    maxX = Math.max(maxX, p.xMm + p.lengthMm);
  }
  const fa = eq.innerLengthMm * eq.innerWidthMm;
  if (!process.env.QUIET) console.log(`U${u.index} ${u.equipmentId} n=${u.pieces} vol ${(u.volumeUtilization * 100).toFixed(1)}% wt ${(u.weightUtilization * 100).toFixed(1)}% floor ${(floor / fa * 100).toFixed(0)}% (ns ${(nsFloor / fa * 100).toFixed(0)}%; ns on top ${(nsTop / fa * 100).toFixed(0)}%) maxX ${maxX} top ${maxTop} stops ${JSON.stringify(stops)} ${JSON.stringify(kinds)}`);
}
console.log(`units ${r.totals.units} util ${(r.totals.volumeUtilization * 100).toFixed(1)}% unloaded ${r.totals.piecesUnloaded}`);
