// A few of a folder's multi-container problems through one solver, in this process (for tracing):
//   npx tsx scripts/bench/multi-one.ts <items csv folder | gen> <numbers csv> [seconds] [solver module] [cpu|real]
// gen: the generated problems of multi-container.ts (seeds) instead of a folder's.
// Prints per problem the Units, the bound and the CPU time.
import { csvInstanceFiles } from './csv-format.ts';
import { resolve } from 'node:path';
import { runMulti } from './multi-run.ts';

const [folder, numbers, seconds = '5', solver = 'solver/index.ts', clock = 'cpu'] = process.argv.slice(2);
const wanted = new Set(numbers.split(',').map(Number));
const files = folder === 'gen' ? [...wanted].map((n) => ({ number: n, items: undefined })) : csvInstanceFiles(folder);
for (const f of files) {
  if (!wanted.has(f.number)) continue;
  const r = await runMulti({ solver: resolve(solver), seed: f.number, items: f.items, seconds: Number(seconds), clock: clock === 'cpu' ? 'cpu' : 'real' });
  console.log(`#${f.number}: ${r.units} Units, bound ${r.bound}, ${r.ms} ms, violations ${r.violations}`);
}
