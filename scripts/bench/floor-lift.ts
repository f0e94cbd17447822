// Diagnostic: stackable pieces standing on the floor that could stand on others. Per first plan:
// the floor pieces by kind and whether they carry anything (a bare top); then how many bare-topped
// stackable pallets (S) on the floor could go onto another bare S pallet's top (footprint within
// the carrier's, 80 % of a pallet's base on it; heights under the roof; the carrier's Stop not
// unloaded before the top's), greedily paired (tallest carrier, then the tallest top that fits):
// in the same Unit, or anywhere in the plan (each pair frees one footprint). Also three high: bare
// floor S pallets onto the bare upper pallet of a two-pallet column, and cartons standing on the
// floor with nothing on them that a bare pallet top's headroom could take (by volume). Last, what
// the floor S pallets carry (by kind of what stands directly on them) with the headroom left over
// their stacks, and the floor left bare by tenth of the length (40' high cubes but the last Unit).
// npx tsx scripts/bench/floor-lift.ts [sea|road] [pieces] [seed,seed,...] [solver module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { generateCargo, kindLetter, scaleInput, FLEETS } from './cargo-generator.ts';
import { placementsByUnit } from '../../solver/check/unit-geometry.ts';
import { cpuMs } from './process-cpu.ts';
import { footprintOverlap } from '../../solver/check/geometry.ts';
import type { Placement, SolveInput, SolveHooks, SolveResult } from '../../solver/types.ts';

const [fleet = 'sea', pieces = '5000', seedArg = '7', module = 'solver/index.ts'] = process.argv.slice(2);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (input: SolveInput, hooks: SolveHooks) => SolveResult };
const hc = FLEETS.sea.find((e) => e.id === '40hc')!;
const HC = hc.innerLengthMm * hc.innerWidthMm;

interface Piece { p: Placement; kind: string; H: number; rank: number; bare: boolean; area: number; upper?: Placement }
const kinds: Record<string, { n: number; bare: number; floor: number; bareFloor: number; headroom: number }> = {};
const t = { units: 0, sameUnit: 0, sameUnitArea: 0, anyUnit: 0, anyUnitArea: 0, sameStop: 0, sameStopArea: 0, third: 0, thirdArea: 0, cartonsBareVol: 0, cartonsBareArea: 0 };
const carry: Record<string, number> = {};
const headroom: Record<string, number> = {};
const tenths = new Float64Array(10);
let tenthUnits = 0;
const overlaps = (a: Placement, b: Placement) => footprintOverlap(a, b) > 0;

for (const seed of seedArg.split(',').map(Number)) {
  const lines = generateCargo(Number(pieces), seed);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const r = solve(scaleInput(fleet, lines, seed, 0), { now: cpuMs });
  t.units += r.totals.units;
  const kindOf = (p: Placement) => kindLetter(byId.get(p.cargoLineId)!);
  const floor: Piece[] = [];
  const byUnit = placementsByUnit(r.placements);
  for (const u of r.units) {
    const H = FLEETS[fleet].find((e) => e.id === u.equipmentId)!.innerHeightMm;
    const ps = byUnit.get(u.index) ?? [];
    for (const p of ps) {
      if (p.zMm !== 0) continue;
      const on = ps.filter((q) => q.zMm === p.heightMm && overlaps(p, q));
      const up = on.length === 1 && kindOf(on[0]) === 'S' ? on[0] : undefined;
      const upperBare = up && !ps.some((q) => q.zMm === up.zMm + up.heightMm && overlaps(up, q));
      const k = kindOf(p);
      if (k === 'S') {
        const what = on.length === 0 ? 'nothing' : [...new Set(on.map((q) => (q.cargoLineId === p.cargoLineId ? 'own' : kindOf(q))))].sort().join('+');
        carry[what] = (carry[what] ?? 0) + 1;
        const top = Math.max(p.heightMm, ...ps.filter((q) => q !== p && q.zMm >= p.heightMm && overlaps(p, q)).map((q) => q.zMm + q.heightMm));
        const bin = H - top < 200 ? 'under 200 mm' : H - top < 600 ? '200-600' : H - top < 1000 ? '600-1000' : '1000 or more';
        headroom[bin] = (headroom[bin] ?? 0) + 1;
      }
      const piece = { p, kind: k, H, rank: p.stop ?? 99, bare: on.length === 0, area: p.lengthMm * p.widthMm, upper: upperBare ? up : undefined };
      floor.push(piece);
      const e = (kinds[k] ??= { n: 0, bare: 0, floor: 0, bareFloor: 0, headroom: 0 });
      e.n++;
      e.floor += piece.area / HC;
      if (piece.bare) {
        e.bare++;
        e.bareFloor += piece.area / HC;
        e.headroom += (piece.area * (H - p.heightMm)) / 1e9;
      }
    }
  }
  for (const u of r.units.slice(0, -1)) {
    if (u.equipmentId !== hc.id) continue;
    tenthUnits++;
    const ps = (byUnit.get(u.index) ?? []).filter((p) => p.zMm === 0);
    for (let x = 25; x < hc.innerLengthMm; x += 50) {
      let w = 0;
      for (const p of ps) if (p.xMm <= x && p.xMm + p.lengthMm > x) w += p.widthMm;
      tenths[Math.min(9, Math.floor((10 * x) / hc.innerLengthMm))] += (50 * (hc.innerWidthMm - w)) / HC;
    }
  }
  const S = floor.filter((q) => q.kind === 'S' && q.bare);
  const fits = (top: Piece, c: Piece) => {
    const [cl, cw] = [Math.max(c.p.lengthMm, c.p.widthMm), Math.min(c.p.lengthMm, c.p.widthMm)];
    const [tl, tw] = [Math.max(top.p.lengthMm, top.p.widthMm), Math.min(top.p.lengthMm, top.p.widthMm)];
    return tl <= cl && tw * 0.8 <= cw && top.p.heightMm + c.p.heightMm <= c.H && top.rank <= c.rank;
  };
  const pairUp = (ok: (a: Piece, b: Piece) => boolean) => {
    const used = new Set<Piece>();
    let n = 0, area = 0;
    // Shortest carriers first with the tallest top that fits: short pallets are the ones that leave headroom.
    const order = [...S].sort((a, b) => a.p.heightMm - b.p.heightMm);
    for (const c of order) {
      if (used.has(c)) continue;
      let best: Piece | null = null;
      for (const top of S) if (top !== c && !used.has(top) && ok(top, c) && fits(top, c) && (!best || top.p.heightMm > best.p.heightMm)) best = top;
      if (best) { used.add(c); used.add(best); n++; area += best.area / HC; }
    }
    return { n, area };
  };
  const su = pairUp((a, b) => a.p.unitIndex === b.p.unitIndex);
  const ss = pairUp((a, b) => a.rank === b.rank);
  const an = pairUp(() => true);
  t.sameUnit += su.n; t.sameUnitArea += su.area; t.sameStop += ss.n; t.sameStopArea += ss.area; t.anyUnit += an.n; t.anyUnitArea += an.area;
  // Three high: a bare floor S pallet onto a two-pallet column's bare upper pallet.
  const uppers = floor.filter((q) => q.upper);
  const used = new Set<Piece>();
  for (const c of uppers) {
    const u = c.upper!;
    const room = c.H - (u.zMm + u.heightMm);
    const top = S.find((q) => !used.has(q) && q.p.heightMm <= room && q.rank <= (u.stop ?? 99) && Math.max(q.p.lengthMm, q.p.widthMm) <= Math.max(u.lengthMm, u.widthMm) && 0.8 * Math.min(q.p.lengthMm, q.p.widthMm) <= Math.min(u.lengthMm, u.widthMm));
    if (top) { used.add(top); t.third++; t.thirdArea += top.area / HC; }
  }
  for (const q of floor) if (q.kind === 'c' && q.bare) { t.cartonsBareVol += (q.area * q.p.heightMm) / 1e9; t.cartonsBareArea += q.area / HC; }
}
console.log(`${fleet} ${pieces} seeds ${seedArg}: Units ${t.units}`);
for (const [k, e] of Object.entries(kinds))
  console.log(`  ${k}: ${e.n} on the floor (${e.floor.toFixed(2)} floors), ${e.bare} with a bare top (${e.bareFloor.toFixed(2)} floors, ${e.headroom.toFixed(0)} m3 of headroom over them)`);
console.log(`  bare S onto bare S (greedy pairs): same Unit ${t.sameUnit} (${t.sameUnitArea.toFixed(2)} floors), same Stop ${t.sameStop} (${t.sameStopArea.toFixed(2)}), anywhere ${t.anyUnit} (${t.anyUnitArea.toFixed(2)})`);
console.log(`  bare S three high onto a bare two-pallet column: ${t.third} (${t.thirdArea.toFixed(2)} floors); bare cartons on the floor ${t.cartonsBareVol.toFixed(1)} m3 (${t.cartonsBareArea.toFixed(2)} floors)`);
console.log(`  floor S pallets carry: ${Object.entries(carry).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
console.log(`  headroom over the floor S pallets' stacks: ${Object.entries(headroom).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
console.log(`  bare floor by tenth of the length, front wall first (${tenthUnits} Units): ${[...tenths].map((b) => b.toFixed(2)).join(' ')}`);
