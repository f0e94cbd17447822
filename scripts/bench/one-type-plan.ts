// Diagnostic: one BR0 instance's plan, as the boxes per placed extents and per slice of the length.
//   npx tsx scripts/bench/one-type-plan.ts <csv folder> <instance number> [seconds 5] [solver/index.ts]
import { resolve } from 'node:path';
import { brToInput } from './br-format.ts';
import { loadSolve } from './br-run.ts';
import { loadCsvSets } from './csv-format.ts';
import { cpuMs } from './process-cpu.ts';

const [folder, number, seconds = '5', solver = 'solver/index.ts'] = process.argv.slice(2);
const solve = await loadSolve(resolve(solver));
const inst = loadCsvSets(folder, 1000).flatMap((s) => s.instances).find((i) => i.number === Number(number));
if (!inst) throw new Error(`no instance ${number}`);
const input = brToInput(inst, { seconds: Number(seconds), support: 'full' });
const result = solve(input, { now: cpuMs });
const ps = result.placements;
console.log(`container ${inst.container.join(' x ')}, box ${inst.boxes[0].dims.join(' x ')}, placed ${ps.length} of ${inst.boxes[0].quantity}`);
const byDims = new Map<string, number>();
for (const p of ps) {
  const k = `${p.lengthMm}x${p.widthMm}x${p.heightMm}`;
  byDims.set(k, (byDims.get(k) ?? 0) + 1);
}
console.log('extents (x,y,z):', [...byDims].map(([k, n]) => `${k}: ${n}`).join(', '));
for (const p of [...ps].sort((a, b) => a.xMm - b.xMm || a.zMm - b.zMm || a.yMm - b.yMm)) {
  console.log(`  x ${p.xMm}-${p.xMm + p.lengthMm} y ${p.yMm}-${p.yMm + p.widthMm} z ${p.zMm}-${p.zMm + p.heightMm}`);
}
