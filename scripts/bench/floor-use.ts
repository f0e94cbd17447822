// Diagnostic: where a scale plan's floor goes. Per kind of piece standing on the floor: the
// floors (of the sea fleet's 40' high cube) its footprints cover, how many pieces, and how
// many of them carry something; the floor left bare per Unit. First plan (no budget) or with
// `seconds` of CPU. `UNITS=1` also prints each Unit (Stops, bare floor, volume, weight).
// npx tsx scripts/bench/floor-use.ts [sea|road] [pieces] [seed] [seconds]
import { solve } from '../../solver/index.ts';
import { generateCargo, scaleInput, FLEETS } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';

const fleet = process.argv[2] ?? 'sea';
const pieces = Number(process.argv[3] ?? 1000);
const seed = Number(process.argv[4] ?? 7);
const seconds = Number(process.argv[5] ?? 0);
const lines = generateCargo(pieces, seed);
const byId = new Map(lines.map((l) => [l.id, l]));
const r = solve(scaleInput(fleet, lines, seed, seconds * 1000), { now: cpuMs });
// The floor the shares are counted in: the sea fleet's 40' high cube.
const hc = FLEETS.sea.find((e) => e.id === '40hc')!;
const HC = hc.innerLengthMm * hc.innerWidthMm;
const kinds: Record<string, { floor: number; n: number; carrying: number; height: number }> = {};
let bare = 0;
for (const u of r.units) {
  const eq = FLEETS[fleet].find((e) => e.id === u.equipmentId)!;
  const ps = r.placements.filter((p) => p.unitIndex === u.index);
  let floor = 0;
  for (const p of ps) {
    if (p.zMm !== 0) continue;
    const l = byId.get(p.cargoLineId)!;
    const k = l.name + (l.stackable ? '' : ' ns');
    const e = (kinds[k] ??= { floor: 0, n: 0, carrying: 0, height: 0 });
    e.floor += (p.lengthMm * p.widthMm) / HC;
    e.n++;
    e.height += p.heightMm;
    floor += p.lengthMm * p.widthMm;
    const top = p.zMm + p.heightMm;
    if (ps.some((q) => q.zMm === top && q.xMm < p.xMm + p.lengthMm && q.xMm + q.lengthMm > p.xMm && q.yMm < p.yMm + p.widthMm && q.yMm + q.widthMm > p.yMm)) e.carrying++;
  }
  bare += (eq.innerLengthMm * eq.innerWidthMm - floor) / HC;
  const stops = [...new Set(ps.map((p) => p.stop ?? 0))].sort().join('');
  const maxX = Math.max(...ps.map((p) => p.xMm + p.lengthMm));
  if (process.env.UNITS) console.log(`U${u.index} ${u.equipmentId} stops ${stops} bare ${((1 - floor / (eq.innerLengthMm * eq.innerWidthMm)) * 100).toFixed(0)}% vol ${(u.volumeUtilization * 100).toFixed(0)}% wt ${(u.weightUtilization * 100).toFixed(0)}% maxX ${maxX}`);
}
for (const [k, e] of Object.entries(kinds)) console.log(`${k.padEnd(14)} floors ${e.floor.toFixed(2)} pieces ${e.n} carrying ${e.carrying} mean height ${Math.round(e.height / e.n)}`);
console.log(`bare ${bare.toFixed(2)} floors; Units ${r.totals.units}; util ${(r.totals.volumeUtilization * 100).toFixed(1)} %`);
