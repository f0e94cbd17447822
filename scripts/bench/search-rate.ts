// How many search steps per second the single-Unit improvement makes (a step = one block
// decision: the beam search's children and their greedy completions), measured through
// solve()'s cancellation poll, which runs once every 32 steps. `--vs <checkout>` runs the
// same instances through another checkout's solver, interleaved, so both see the same load.
// `--fixed-work` runs both on a virtual clock (0.1 ms per clock read), so both make exactly
// the same search, and divides by the CPU time each used: steady on a loaded machine.
// `--data` takes BR-format files or a folder of CSV instances (BR0, BR8-BR15); `--generate
// types=70,100 --count 3 --seed 101` generated sets instead (scripts/bench/br-generate.ts).
//   npx tsx scripts/bench/search-rate.ts --data <folder> [--instances 2] [--seconds 2] [--support full|none] [--vs /path/to/checkout] [--fixed-work]
//   npx tsx scripts/bench/search-rate.ts --generate types=70,100 [--count 3] [--seed 101] ...
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { brToInput, parseBr, type BrInstance } from './br-format.ts';
import { generateSets } from './br-generate.ts';
import { csvInstanceFiles, loadCsvSets } from './csv-format.ts';
import type { SolveHooks, SolveInput, SolveResult } from '../../solver/types.ts';
import { readCpuMs } from './process-cpu.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/data/clp/br' },
    instances: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '2' },
    support: { type: 'string', default: 'full' },
    vs: { type: 'string' },
    'fixed-work': { type: 'boolean', default: false },
    generate: { type: 'string' },
    count: { type: 'string', default: '3' },
    seed: { type: 'string', default: '101' },
  },
});

type Solve = (input: SolveInput, hooks?: SolveHooks) => SolveResult;

async function solverOf(root: string): Promise<Solve> {
  return ((await import(pathToFileURL(join(resolve(root), 'solver/index.ts')).href)) as { solve: Solve }).solve;
}

function rate(solve: Solve, input: SolveInput): { stepsPerSecond: number; volume: number; plan: string } {
  let polls = 0;
  let reads = 0;
  const fixed = values['fixed-work'];
  const t0 = fixed ? readCpuMs() : performance.now();
  const result = solve(input, { isCancelled: () => (polls++, false), ...(fixed ? { now: () => reads++ * 0.1 } : {}) });
  const ms = (fixed ? readCpuMs() : performance.now()) - t0;
  const plan = createHash('sha1').update(JSON.stringify(result.placements)).digest('hex').slice(0, 10);
  return { stepsPerSecond: (polls * 32 * 1000) / ms, volume: result.totals.volumeLoadedMm3, plan };
}

const solvers: [string, Solve][] = [['this', await solverOf('.')]];
if (values.vs) solvers.push([values.vs, await solverOf(values.vs)]);
const sums = solvers.map(() => 0);
let n = 0, differ = 0;
for (const { set, instances } of loadSets()) {
  for (const inst of instances) {
    const input = brToInput(inst, { seconds: Number(values.seconds), support: values.support as 'full' | 'none' });
    const figs = solvers.map(([, s]) => rate(s, input));
    figs.forEach((r, k) => (sums[k] += r.stepsPerSecond));
    n++;
    const same = figs.every((r) => r.plan === figs[0].plan);
    if (!same) differ++;
    const planNote = values['fixed-work'] && figs.length > 1 ? (same ? ', same plan' : ', DIFFERENT plans') : '';
    console.log(`${set} #${inst.number}: ` + figs.map((r, k) => `${solvers[k][0]} ${Math.round(r.stepsPerSecond)} steps/s`).join(', ') + planNote);
  }
}

/** The instances: generated (`--generate types=...`), a folder of CSV instances, or BR-format files. */
function loadSets(): { set: string; instances: BrInstance[] }[] {
  const limit = Number(values.instances);
  if (values.generate) {
    const types = values.generate.replace(/^types=/, '').split(',').map(Number);
    return generateSets(types, Number(values.count), Number(values.seed));
  }
  const folder = values.data!;
  if (csvInstanceFiles(folder).length > 0) return loadCsvSets(folder, limit);
  const out: { set: string; instances: BrInstance[] }[] = [];
  for (const f of readdirSync(folder).sort()) {
    try {
      out.push({ set: f, instances: parseBr(readFileSync(join(folder, f), 'utf8')).slice(0, limit) });
    } catch {
      continue;
    }
  }
  return out;
}

console.log('mean steps/s: ' + solvers.map(([name], k) => `${name} ${Math.round(sums[k] / n)}`).join(', '));
if (values['fixed-work'] && solvers.length > 1) console.log(`plans differing: ${differ} of ${n}`);
