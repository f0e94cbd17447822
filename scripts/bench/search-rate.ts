// How many search steps per second the single-Unit improvement makes (a step = one block
// decision: the beam search's children and their greedy completions), measured through
// solve()'s cancellation poll, which runs once every 32 steps. `--vs <checkout>` runs the
// same instances through another checkout's solver, interleaved, so both see the same load.
// `--fixed-work` runs both on a virtual clock (0.1 ms per clock read), so both make exactly
// the same search, and divides by the CPU time each used: steady on a loaded machine.
//   npx tsx scripts/bench/search-rate.ts --data <folder> [--instances 2] [--seconds 2] [--support full|none] [--vs /path/to/checkout] [--fixed-work]
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { brToInput, parseBr } from './br-format.ts';
import type { SolveHooks, SolveInput, SolveResult } from '../../solver/types.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: 'shared/data/clp/br' },
    instances: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '2' },
    support: { type: 'string', default: 'full' },
    vs: { type: 'string' },
    'fixed-work': { type: 'boolean', default: false },
  },
});

type Solve = (input: SolveInput, hooks?: SolveHooks) => SolveResult;

async function solverOf(root: string): Promise<Solve> {
  return ((await import(pathToFileURL(join(resolve(root), 'solver/index.ts')).href)) as { solve: Solve }).solve;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function rate(solve: Solve, input: SolveInput): { stepsPerSecond: number; volume: number; plan: string } {
  let polls = 0;
  let reads = 0;
  const fixed = values['fixed-work'];
  const t0 = fixed ? cpuMs() : performance.now();
  const result = solve(input, { isCancelled: () => (polls++, false), ...(fixed ? { now: () => reads++ * 0.1 } : {}) });
  const ms = (fixed ? cpuMs() : performance.now()) - t0;
  const plan = createHash('sha1').update(JSON.stringify(result.placements)).digest('hex').slice(0, 10);
  return { stepsPerSecond: (polls * 32 * 1000) / ms, volume: result.totals.volumeLoadedMm3, plan };
}

const solvers: [string, Solve][] = [['this', await solverOf('.')]];
if (values.vs) solvers.push([values.vs, await solverOf(values.vs)]);
const sums = solvers.map(() => 0);
let n = 0, differ = 0;
for (const f of readdirSync(values.data!).sort()) {
  let instances;
  try {
    instances = parseBr(readFileSync(join(values.data!, f), 'utf8')).slice(0, Number(values.instances));
  } catch {
    continue;
  }
  for (const inst of instances) {
    const input = brToInput(inst, { seconds: Number(values.seconds), support: values.support as 'full' | 'none' });
    const figs = solvers.map(([, s]) => rate(s, input));
    figs.forEach((r, k) => (sums[k] += r.stepsPerSecond));
    n++;
    const same = figs.every((r) => r.plan === figs[0].plan);
    if (!same) differ++;
    const planNote = values['fixed-work'] && figs.length > 1 ? (same ? ', same plan' : ', DIFFERENT plans') : '';
    console.log(`${f} #${inst.number}: ` + figs.map((r, k) => `${solvers[k][0]} ${Math.round(r.stepsPerSecond)} steps/s`).join(', ') + planNote);
  }
}
console.log('mean steps/s: ' + solvers.map(([name], k) => `${name} ${Math.round(sums[k] / n)}`).join(', '));
if (values['fixed-work'] && solvers.length > 1) console.log(`plans differing: ${differ} of ${n}`);
