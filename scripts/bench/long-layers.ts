// Diagnostic: the ceiling of laying long goods as a low layer under the pallet towers of a first plan.
// Per seed: the long goods' floor cover in the first plan (floors of a 40' high cube) and their volume;
// the towers (a floor pallet or crate with all over its footprint) with their top, footprint and the
// latest Stop they hold. Then, Stop by Stop from the one unloaded last, long goods of that Stop are
// piled to an exact height h (a base with pieces fully on it, up to four high: a flat top), and the
// piles go under towers of Stops unloaded no later whose top stays under the roof with h added; the h
// that layers the most volume is taken, up to three layers a Stop. The floor freed is the long goods'
// floor cover times the share of their volume laid under towers (the rest keeps piling as before).
// Global over the plan's Units, towers as they stand, no lane widths or lengths matched: a ceiling.
// Sea 5,000 seeds 1-8 (`PALLETS=1`): long goods cover 38.99 floors, 952 m3; 50.6 % laid under pallet
// towers, 19.80 floors freed, 2.0-2.95 a seed, mostly in 500 mm layers under towers with that room.
// npx tsx scripts/bench/long-layers.ts [sea|road] [pieces] [seed,seed,...] [solver module]
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
const MAX_LAYER = Number(process.env.MAX_LAYER ?? 600);
// `PALLETS=1`: only pallet towers carry a layer (a crate needs its whole base on one flat face).
const PALLETS = process.env.PALLETS === '1';

interface Long { l: number; w: number; h: number; rank: number; used: boolean }
interface Tower { area: number; room: number; rank: number; used: boolean }
const rankOf = (stop: number | null) => stop ?? 99;
let totUnits = 0, totCover = 0, totFreed = 0, totVol = 0, totLaid = 0;
const byH: Record<string, number> = {};

/** Pieces fully on `base` (each within the one below) adding up to exactly `rem`; null if none within `depth`. */
function pileOn(base: Long, rem: number, pool: Long[], depth: number): Long[] | null {
  if (rem === 0) return [];
  if (depth === 0) return null;
  for (const p of pool) {
    if (p.used || p.h > rem || p.l > base.l || p.w > base.w) continue;
    p.used = true;
    const rest = pileOn(p, rem - p.h, pool, depth - 1);
    if (rest) return [p, ...rest];
    p.used = false;
  }
  return null;
}

/** Piles of exact height h from `pool` (widest footprint first), each with its base footprint; pieces marked used. */
function pilesAt(h: number, pool: Long[]): { area: number; pieces: Long[] }[] {
  const piles: { area: number; pieces: Long[] }[] = [];
  for (const b of pool) {
    if (b.used || b.h > h) continue;
    b.used = true;
    const rest = pileOn(b, h - b.h, pool, 3);
    if (rest) piles.push({ area: b.l * b.w, pieces: [b, ...rest] });
    else b.used = false;
  }
  return piles;
}

for (const seed of seedArg.split(',').map(Number)) {
  const lines = generateCargo(Number(pieces), seed);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const r = solve(scaleInput(fleet, lines, seed, 0), { now: cpuMs });
  totUnits += r.totals.units;
  const kindOf = (p: Placement) => kindLetter(byId.get(p.cargoLineId)!);
  const towers: Tower[] = [];
  const longs: Long[] = [];
  let cover = 0, vol = 0;
  for (const [u, ps] of placementsByUnit(r.placements)) {
    const H = FLEETS[fleet].find((e) => e.id === r.units.find((x) => x.index === u)!.equipmentId)!.innerHeightMm;
    for (const p of ps) {
      const k = kindOf(p);
      if (k === 'L') {
        longs.push({ l: p.lengthMm, w: p.widthMm, h: p.heightMm, rank: rankOf(byId.get(p.cargoLineId)!.stop), used: false });
        vol += p.lengthMm * p.widthMm * p.heightMm;
        if (p.zMm === 0) cover += (p.lengthMm * p.widthMm) / HC;
        continue;
      }
      if (p.zMm !== 0 || (k !== 'S' && k !== 'N' && (k !== 'C' || PALLETS))) continue;
      let top = p.heightMm, rank = rankOf(byId.get(p.cargoLineId)!.stop);
      for (const q of ps) if (q !== p && q.zMm >= p.heightMm && footprintOverlap(p, q) > 0) {
        top = Math.max(top, q.zMm + q.heightMm);
        rank = Math.max(rank, rankOf(byId.get(q.cargoLineId)!.stop));
      }
      towers.push({ area: p.lengthMm * p.widthMm, room: H - top, rank, used: false });
    }
  }
  longs.sort((a, b) => b.l * b.w - a.l * a.w || b.h - a.h);
  towers.sort((a, b) => b.room - a.room);
  let laid = 0;
  const ranks = [...new Set(longs.map((x) => x.rank))].sort((a, b) => b - a);
  for (const rank of ranks) {
    const pool = longs.filter((x) => x.rank === rank);
    for (let layer = 0; layer < 3; layer++) {
      let best = { h: 0, vol: 0 };
      for (let h = 100; h <= MAX_LAYER; h += 5) {
        const piles = pilesAt(h, pool);
        let room = 0;
        for (const t of towers) if (!t.used && t.rank <= rank && t.room >= h) room += t.area;
        let v = 0, a = 0;
        for (const p of piles) { if (a + p.area > room) break; a += p.area; v += p.pieces.reduce((s, x) => s + x.l * x.w * x.h, 0); }
        for (const p of piles) for (const x of p.pieces) x.used = false;
        if (v > best.vol) best = { h, vol: v };
      }
      if (best.vol === 0) break;
      // Lay it: piles and towers consumed.
      const piles = pilesAt(best.h, pool);
      let room = 0;
      for (const t of towers) if (!t.used && t.rank <= rank && t.room >= best.h) room += t.area;
      let a = 0;
      for (const p of piles) {
        if (a + p.area > room) { for (const x of p.pieces) x.used = false; continue; }
        a += p.area;
        laid += p.pieces.reduce((s, x) => s + x.l * x.w * x.h, 0);
      }
      let need = a;
      for (const t of towers) if (need > 0 && !t.used && t.rank <= rank && t.room >= best.h) { t.used = true; need -= t.area; }
      const bin = `${Math.floor(best.h / 100) * 100}`;
      byH[bin] = (byH[bin] ?? 0) + a / HC;
    }
  }
  const freed = cover * (laid / vol);
  totCover += cover; totVol += vol; totLaid += laid; totFreed += freed;
  console.log(`seed ${seed}: ${r.totals.units} Units, long goods cover ${cover.toFixed(2)} floors, ${(vol / 1e9).toFixed(1)} m3, ` +
    `laid under towers ${(100 * laid / vol).toFixed(1)} %, floor freed ${freed.toFixed(2)}; towers ${towers.length}, with 200 mm room ${towers.filter((t) => t.room >= 200).length}`);
}
console.log(`${fleet} ${pieces} seeds ${seedArg}: ${totUnits} Units, long goods cover ${totCover.toFixed(2)} floors, ${(totVol / 1e9).toFixed(1)} m3, ` +
  `laid ${(100 * totLaid / totVol).toFixed(1)} %, floor freed ${totFreed.toFixed(2)} floors; layer area by height (floors): ${JSON.stringify(Object.fromEntries(Object.entries(byH).map(([k, v]) => [k, +v.toFixed(2)])))}`);
