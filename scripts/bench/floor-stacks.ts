// Diagnostic: how high the stacks on floor-standing pieces of each kind reach. For every piece
// on the floor: the highest top over its footprint (any piece overlapping it in plan), as a
// share of the Unit's height, the empty room over its footprint up to the roof, and which kinds
// stand above it. First plan (no budget). `LOW=1` (long goods) or `LOW=<kind>` also prints each
// such piece whose stack reaches under 3/4 of the height: its Unit, Stop, size, place, and the
// pieces of its Stop that later Units hold (what could still have stood on it).
// Sea, 1,000 pieces, seed 7: long goods 25 on the floor, 13 of them under 3/4, 56 m3 empty over
// them (19.6 m3 in Unit 6, where 7 long goods of Stops 1-3 lie side by side); cartons 78, 27 under
// 3/4 but only 14 m3 empty over them; crates 79 m3, non-stackable pallets 27 m3.
// npx tsx scripts/bench/floor-stacks.ts [sea|road] [pieces] [seed] [module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { generateCargo, scaleInput, FLEETS } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';

const [fleet = 'sea', piecesArg = '1000', seedArg = '7', module = 'solver/index.ts'] = process.argv.slice(2);
const { solve } = await import(pathToFileURL(resolve(module)).href);
const seed = Number(seedArg);
const lines = generateCargo(Number(piecesArg), seed);
const byId = new Map(lines.map((l) => [l.id, l]));
const r = solve(scaleInput(fleet, lines, seed, 0), { now: cpuMs });
const kindOf = (id: string) => { const l = byId.get(id)!; return l.name + (l.stackable ? '' : ' ns'); };
type Row = { n: number; reach: number[]; emptyM3: number; above: Record<string, number>; stopLeft: number };
const rows: Record<string, Row> = {};
for (const u of r.units) {
  const eq = FLEETS[fleet].find((e: { id: string }) => e.id === u.equipmentId)!;
  const H = eq.innerHeightMm;
  const ps = r.placements.filter((p: { unitIndex: number }) => p.unitIndex === u.index);
  for (const p of ps) {
    if (p.zMm !== 0) continue;
    const k = kindOf(p.cargoLineId);
    const row = (rows[k] ??= { n: 0, reach: [], emptyM3: 0, above: {}, stopLeft: 0 });
    row.n++;
    let top = p.heightMm;
    let filled = 0;
    for (const q of ps) {
      if (q === p) continue;
      const ox = Math.min(p.xMm + p.lengthMm, q.xMm + q.lengthMm) - Math.max(p.xMm, q.xMm);
      const oy = Math.min(p.yMm + p.widthMm, q.yMm + q.widthMm) - Math.max(p.yMm, q.yMm);
      if (ox <= 0 || oy <= 0 || q.zMm < p.heightMm) continue;
      top = Math.max(top, q.zMm + q.heightMm);
      filled += ox * oy * q.heightMm;
      const qk = kindOf(q.cargoLineId);
      row.above[qk] = (row.above[qk] ?? 0) + 1;
    }
    row.reach.push(top / H);
    row.emptyM3 += (p.lengthMm * p.widthMm * (H - p.heightMm) - filled) / 1e9;
  }
}
for (const [k, row] of Object.entries(rows)) {
  const s = row.reach.slice().sort((a, b) => a - b);
  const q = (f: number) => s[Math.min(s.length - 1, Math.floor(f * s.length))].toFixed(2);
  const low = s.filter((x) => x < 0.75).length;
  console.log(`${k.padEnd(14)} n ${row.n} reach q10/50/90 ${q(0.1)}/${q(0.5)}/${q(0.9)} under 0.75H ${low} empty above ${row.emptyM3.toFixed(1)} m3 above: ${Object.entries(row.above).map(([a, b]) => a + ' ' + b).join(', ')}`);
}
console.log(`Units ${r.totals.units}; unloaded ${r.totals.piecesUnloaded}`);
if (process.env.LOW) {
  // Each low long-goods stack: its Unit, Stop, reach, and the pieces of later Units whose Stop allows them on it.
  for (const u of r.units) {
    const H = FLEETS[fleet].find((e: { id: string }) => e.id === u.equipmentId)!.innerHeightMm;
    const ps = r.placements.filter((p: { unitIndex: number }) => p.unitIndex === u.index);
    for (const p of ps) {
      if (p.zMm !== 0 || kindOf(p.cargoLineId) !== (process.env.LOW === '1' ? 'long goods' : process.env.LOW)) continue;
      let top = p.heightMm;
      for (const q of ps) {
        const ox = Math.min(p.xMm + p.lengthMm, q.xMm + q.lengthMm) - Math.max(p.xMm, q.xMm);
        const oy = Math.min(p.yMm + p.widthMm, q.yMm + q.widthMm) - Math.max(p.yMm, q.yMm);
        if (ox > 0 && oy > 0) top = Math.max(top, q.zMm + q.heightMm);
      }
      if (top / H >= 0.75) continue;
      const st = p.stop ?? 0;
      const later = r.placements.filter((q: { unitIndex: number; stop?: number | null }) => q.unitIndex > u.index && (q.stop ?? 0) === st);
      const laterKinds: Record<string, number> = {};
      for (const q of later) { const k = kindOf(q.cargoLineId); laterKinds[k] = (laterKinds[k] ?? 0) + 1; }
      console.log(`U${u.index} stop ${st} ${p.lengthMm}x${p.widthMm}x${p.heightMm} at ${p.xMm},${p.yMm} reach ${top} of ${H}; later same-Stop: ${JSON.stringify(laterKinds)}`);
    }
  }
}
