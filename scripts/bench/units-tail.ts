// Diagnostic: known-optimum instances through one or more solvers, one after the other per
// instance (CPU clock): the Units and the fill of the Units past K (the cargo still to place in
// K Units, a continuous figure where "K reached" moves by whole instances).
// npx tsx scripts/bench/units-tail.ts <K> <fill> <first seed> <count> <seconds> <solver index.ts>...
import { resolve } from 'node:path';
import { knownOptimum } from './known-optimum.ts';
import { cpuMs } from './process-cpu.ts';
import { loadSolve } from './br-run.ts';

const [k, fill, first, count, seconds] = [2, 3, 4, 5, 6].map((i) => Number(process.argv[i]));
const solvers = await Promise.all(process.argv.slice(7).map((p) => loadSolve(resolve(p))));
const sums = solvers.map(() => 0);
for (let seed = first; seed < first + count; seed++) {
  const inst = knownOptimum(k, fill, seed, seconds);
  const row: string[] = [];
  solvers.forEach((solve, n) => {
    const r = solve(inst.input, { now: cpuMs });
    const fills = r.units.map((u) => u.volumeUtilization * 100).sort((a, b) => b - a);
    const over = fills.slice(k).reduce((a, f) => a + f, 0);
    sums[n] += over;
    row.push(`${r.totals.units} Units, past K ${over.toFixed(1)} % (${fills.map((f) => f.toFixed(1)).join(' ')})`);
  });
  console.log(`#${seed}: ${row.join('  |  ')}`);
}
console.log(`sum past K: ${sums.map((s) => s.toFixed(1)).join('  |  ')}`);
