// Diagnostic: the scale bench's first plan in a cold process against the same plan in a process
// that has solved before (a long-lived worker's later jobs). One process per solver module, in
// turn; per module: other cargo first (`--warm-seed`, the cold solve), then the seed's cargo
// `--runs` times. Prints wall and CPU ms to the first plan and the plan hash of each solve.
//   npx tsx scripts/bench/warm-first-plan.ts [--fleets sea,road] [--pieces 20000] [--seed 7] [--warm-seed 3] [--runs 2] [--rounds 1]
//     [--solver solver/index.ts,/other/checkout/solver/index.ts]
// Found (at 60b2557, 2 shared cores, no budget, the same plan hashes throughout): at 20,000 pieces the
// cold first plan took 3.9-4.3 s of CPU (seed 3; seed 7 cold in its own process 4.2-4.8 s sea, 3.3-4.4
// road), seed 7 after it in the same process 2.2-2.8 s sea, 2.0-2.6 s road, 2.0-2.2 s the third time:
// about 40 % of the bench's cold figure is the engine warming up to the solver (compiling; a cold
// process's CPU runs above its wall time). Peak RSS after three solves 473-496 MB.
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SolveInput, SolveResult } from '../../solver/types.ts';
import { generateCargo, scaleInput } from './cargo-generator.ts';
import { planHash } from './plan-hash.ts';
import { readCpuMs } from './process-cpu.ts';
import { scriptArgs } from './script-args.ts';

interface Job { solver: string; fleet: string; pieces: number; seed: number; warmSeed: number; runs: number }
interface Solve { solve: (input: SolveInput) => SolveResult; solveTrace: { fn: ((stage: string, units: number) => void) | null } }

if (process.send) {
  process.once('message', async (job: Job) => {
    const mod = (await import(pathToFileURL(resolve(job.solver)).href)) as Solve;
    const out: string[] = [];
    for (let r = 0; r <= job.runs; r++) {
      const seed = r === 0 ? job.warmSeed : job.seed;
      const input = scaleInput(job.fleet, generateCargo(job.pieces, seed), seed, 0);
      let wall = 0, cpu = 0;
      const c0 = readCpuMs(), t0 = performance.now();
      mod.solveTrace.fn = (stage) => {
        if (stage !== 'first plan') return;
        wall = performance.now() - t0;
        cpu = readCpuMs() - c0;
      };
      const res = mod.solve(input);
      out.push(`${r === 0 ? `cold (seed ${seed})` : `warm ${r}`} ${Math.round(wall)} / ${Math.round(cpu)} ms ${planHash(res)}`);
    }
    process.send!(`${job.solver} ${job.fleet} ${job.pieces}: ${out.join(', ')}; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
    process.disconnect();
  });
} else {
  const { values } = scriptArgs(import.meta.url, {
    options: {
      fleets: { type: 'string', default: 'sea,road' },
      pieces: { type: 'string', default: '20000' },
      seed: { type: 'string', default: '7' },
      'warm-seed': { type: 'string', default: '3' },
      runs: { type: 'string', default: '2' },
      rounds: { type: 'string', default: '1' },
      solver: { type: 'string', default: 'solver/index.ts' },
    },
  });
  const self = fileURLToPath(import.meta.url);
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const fleet of values.fleets!.split(',')) {
      for (const solver of values.solver!.split(',')) {
        const job: Job = { solver, fleet, pieces: Number(values.pieces), seed: Number(values.seed), warmSeed: Number(values['warm-seed']), runs: Number(values.runs) };
        const child = fork(self, [], { execArgv: ['--import', 'tsx'] });
        const line = await new Promise<string>((done, fail) => {
          child.once('message', (m) => done(m as string));
          child.once('error', fail);
          child.send(job);
        });
        console.log(line);
      }
    }
  }
}
