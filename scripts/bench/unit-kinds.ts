// Diagnostic: per Unit of a first plan (no budget), its volume, weight and bare floor and, per Stop
// (0 = no Stop) and kind (S / N stackable / non-stackable pallet, C crate, c carton, L long goods),
// the pieces on the floor / above it; last, the cargo's pieces per Stop and kind.
// Session 50, sea 5,000 pieces seed 7 (52 Units): each Stop's crates sit in the first 40 % of its
// order (as its pallets: kind-order.ts), yet gather in the Stop's last Units (no Stop: U9-U11, 8 / 9 /
// 16; Stop 1: U47-U51, 5 / 7 / 6 / 4 / 12): within a phase the pallet columns (a non-stackable pallet
// on a stackable one, 20 + 20 a Unit) come first by cross-section and fill the floor (88-98 % covered),
// so the crates wait until the Stop's pallets run out. Every Unit but the last three is floor-bound,
// so sharing the crates out only moves the excess: crates spread evenly through each Stop's order
// (first plans, 0.5 ms a read, seeds 1-10: 524 -> 524; every non-stackable piece: 523, held out
// 81-100 1,069 -> 1,072), crates a phase of their own first in each Stop 534, with a quota per Unit
// (crates left / the Stop's Units left by volume at 0.7) 532 and 546 (crates first), a Unit taking
// only the next 2 / 3 Stops with cargo (later Stops' cartons kept for their own Units) 526 / 525;
// a Stop's stackable pallets capped per Unit instead (floor kept for its crates, at 1.2 times the
// even share) 566, 0 better / 10 worse (the non-stackable pallets lose their carriers).
// npx tsx scripts/bench/unit-kinds.ts [sea|road] [pieces] [seed] [solver module]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { generateCargo, scaleInput, FLEETS } from './cargo-generator.ts';
import { cpuMs } from './process-cpu.ts';
import type { Placement, SolveInput, SolveHooks, SolveResult } from '../../solver/types.ts';
const [fleet = 'sea', pieces = '1000', seed = '7', module = 'solver/index.ts'] = process.argv.slice(2);
const { solve } = (await import(pathToFileURL(resolve(module)).href)) as { solve: (input: SolveInput, hooks: SolveHooks) => SolveResult };
const lines = generateCargo(Number(pieces), Number(seed));
const byId = new Map(lines.map((l) => [l.id, l]));
const r = solve(scaleInput(fleet, lines, Number(seed), 0), { now: cpuMs });
const kind = (id: string) => { const l = byId.get(id)!; return l.name === 'pallet' ? (l.stackable ? 'S' : 'N') : l.name === 'crate' ? 'C' : l.name === 'carton' ? 'c' : 'L'; };
for (const u of r.units) {
  const eq = FLEETS[fleet].find((e) => e.id === u.equipmentId)!;
  const ps = r.placements.filter((p: Placement) => p.unitIndex === u.index);
  const cnt: Record<string, [number, number]> = {};
  let floor = 0;
  for (const p of ps) {
    const k = `${p.stop ?? 0}${kind(p.cargoLineId)}`;
    const e = (cnt[k] ??= [0, 0]);
    if (p.zMm === 0) { e[0]++; floor += p.lengthMm * p.widthMm; } else e[1]++;
  }
  const s = Object.keys(cnt).sort().map((k) => `${k}:${cnt[k][0]}/${cnt[k][1]}`).join(' ');
  console.log(`U${u.index} ${u.equipmentId} vol ${(u.volumeUtilization * 100).toFixed(0)} wt ${(u.weightUtilization * 100).toFixed(0)} bare ${((1 - floor / (eq.innerLengthMm * eq.innerWidthMm)) * 100).toFixed(0)}  ${s}`);
}
const tot: Record<string, number> = {};
for (const l of lines) { const k = `${l.stop ?? 0}${l.name === 'pallet' ? (l.stackable ? 'S' : 'N') : l.name === 'crate' ? 'C' : l.name === 'carton' ? 'c' : 'L'}`; tot[k] = (tot[k] ?? 0) + l.quantity; }
console.log(Object.keys(tot).sort().map((k) => `${k}:${tot[k]}`).join(' '));
