// Diagnostic: which beamed variant's plan a single container's improvement keeps (`improveUnit` in
// solver/pack/improve.ts), on the CPU clock. Per instance the fill of each beam search's own plan in
// order (the beamed variants first, then any perturbed restarts), the one that loaded most (the
// earlier on ties: the one kept) and its lead over the runner-up; then per set how often each beam
// was kept and the mean fill of each. Whether a second variant's beam earns its share of the time
// at 80+ lines under full support is read here. `--solver` points at the checkout whose improvement
// is traced (its own `stageTrace`), so an older checkout's beams can be counted too.
// Measured at b349882 (full support, 5 s of CPU): the second variant's beam was kept on 9 of 18
// (T90 + T100 seeds 101 / 202: 2 / 6 and 3 / 6; BR14-BR15 #1-3: 4 / 6), leading by 0.24-1.38 where
// kept; the first's (the better greedy's) 0.06-1.45 where kept: the greedies' rank picks the kept beam on half.
//   npx tsx scripts/bench/beam-kept.ts --generate types=90,100 [--count 3] [--seed 101] [--solver /other/solver/index.ts]
//   npx tsx scripts/bench/beam-kept.ts --csv /tmp/br1415 [--instances 3] [--from 0]
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { stageTrace as Trace } from '../../solver/pack/improve.ts';
import { loadSolve, runInstance } from './br-run.ts';
import { diagnosticSets, SET_OPTIONS } from './diagnostic-sets.ts';

const { values } = parseArgs({
  options: { ...SET_OPTIONS, seed: { type: 'string', default: '101' }, solver: { type: 'string', default: 'solver/index.ts' } },
});
const support = values.support === 'none' ? 'none' : 'full';
const seconds = Number(values.seconds);
const sets = diagnosticSets(values, 'beam-kept.ts --generate types=90,100 | --csv <folder> [--set BR15]');

const entry = resolve(values.solver);
const solve = await loadSolve(entry);
// The same module instance the solver imports, so its trace is the one set here.
const { stageTrace } = (await import(pathToFileURL(resolve(dirname(entry), 'pack/improve.ts')).href)) as { stageTrace: typeof Trace };

for (const { set, instances } of sets) {
  const kept: number[] = [];
  const fills: number[][] = [];
  for (const inst of instances) {
    const [L, W, H] = inst.container;
    let beams: number[] = [];
    stageTrace.fn = (stage, volume) => {
      if (stage === 'greedies') beams = [];
      if (stage === 'beam') beams.push((100 * volume) / (L * W * H));
    };
    const fig = runInstance(solve, set, inst, seconds, support, 'cpu');
    stageTrace.fn = null;
    const best = beams.reduce((b, v, k) => (v > beams[b] ? k : b), 0);
    const runnerUp = Math.max(...beams.filter((_, k) => k !== best), -Infinity);
    kept[best] = (kept[best] ?? 0) + 1;
    beams.forEach((v, k) => (fills[k] ??= []).push(v));
    const lead = Number.isFinite(runnerUp) ? `+${(beams[best] - runnerUp).toFixed(2)}` : '-';
    console.log(`${set} #${inst.number}: beams ${beams.map((v) => v.toFixed(2)).join(' ')}  kept ${best + 1} (${lead})  -> ${fig.utilization.toFixed(2)} %`);
  }
  const counts = fills.map((f, k) => `beam ${k + 1} kept ${kept[k] ?? 0} / ${f.length}, mean ${(f.reduce((a, b) => a + b, 0) / f.length).toFixed(2)}`);
  console.log(`${set}, ${support} support, ${seconds} s of CPU: ${counts.join('; ')}`);
}
