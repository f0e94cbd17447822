// Scale benchmark: seeded mixed cargo of 1,000 / 5,000 / 20,000 pieces over a sea and a
// road fleet: time to the first complete plan, peak memory, Units against the lower bound.
//   npm run bench:solver:scale -- [--sizes 1000,5000,20000] [--fleets sea,road] [--seed 7] [--seconds 0] [--clock real|cpu] [--json]
//     [--solver solver/index.ts,/other/checkout/solver/index.ts] [--repeat 1]
// With several solver modules each instance runs through each in turn (own process each), and
// `--repeat n` runs the whole set n times, so before/after pairs alternate under the same load.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ScaleFigures } from './bench/scale-run.ts';
import { scriptArgs } from './bench/script-args.ts';

const { values } = scriptArgs(import.meta.url, {
  options: {
    sizes: { type: 'string', default: '1000,5000,20000' },
    fleets: { type: 'string', default: 'sea,road' },
    seed: { type: 'string', default: '7' },
    seconds: { type: 'string', default: '0' },
    json: { type: 'boolean', default: false },
    solver: { type: 'string' },
    repeat: { type: 'string', default: '1' },
    clock: { type: 'string', default: 'real' },
  },
});

function runInChild(fleet: string, pieces: number, solver: string | undefined): Promise<ScaleFigures> {
  const child = fork(fileURLToPath(new URL('./bench/scale-run.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => {
      child.disconnect();
      resolve(m as ScaleFigures);
    });
    child.once('error', reject);
    child.send({ fleet, pieces, seed: Number(values.seed), seconds: Number(values.seconds), solver, clock: values.clock === 'cpu' ? 'cpu' : 'real' });
  });
}

const solvers: (string | undefined)[] = values.solver ? values.solver.split(',') : [undefined];
const out: ScaleFigures[] = [];
for (let round = 0; round < Number(values.repeat); round++) {
  for (const fleet of values.fleets!.split(',')) {
    for (const pieces of values.sizes!.split(',').map(Number)) {
      for (const solver of solvers) {
        const f = await runInChild(fleet, pieces, solver);
        out.push(f);
        if (!values.json) console.log((solvers.length > 1 ? `[${f.solver}] ` : '') + describe(f));
      }
    }
  }
}
if (values.json) console.log(JSON.stringify(out, null, 2));
if (out.some((f) => f.violations > 0)) process.exitCode = 1;

function describe(f: ScaleFigures): string {
  return (
    `${f.fleet.padEnd(4)} ${String(f.pieces).padStart(6)} pieces (${f.lines} lines): first plan ${f.firstPlanMs} ms, total ${f.totalMs} ms, CPU ${f.cpuMs} ms, plan ${f.planHash}, ` +
    `peak RSS ${f.peakRssMb} MB, progress gap <= ${f.maxProgressGapMs} ms; Units ${f.units} (lower bound ${f.lowerBound}: ` +
    `volume ${f.boundBy.volume}, weight ${f.boundBy.weight}, floor ${f.boundBy.floor}; stronger bound ${f.strongerBound}: tall pieces' floor ` +
    `${f.boundBy.tallFloor}, dual feasible functions ${f.boundBy.dff}, non-stackable floor ${f.boundBy.notStackableFloor}, volume and weight together ${f.boundBy.volumeWeight}, with the dead room above non-stackable pieces ${f.boundBy.deadRoom} (${f.boundBy.deadRoomValue.toFixed(2)}); gap ${f.units - f.strongerBound}); utilization ${(f.volumeUtilization * 100).toFixed(1)} %; ` +
    `unloaded ${f.piecesUnloaded} ${JSON.stringify(f.unloadedReasons)}; violations ${f.violations}${f.firstViolation ? ' ' + f.firstViolation : ''}`
  );
}
