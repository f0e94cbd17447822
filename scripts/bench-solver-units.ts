// Fewest-Units benchmark on known optima: cargo cut from K 40' high cubes, thinned to 85 % /
// 90 % of their volume; prints the Units each plan uses against K and how often K is reached.
//   npm run bench:solver:units -- [--ks 3,10] [--fills 0.85,0.9] [--instances 10] [--seconds 5]
//     [--solver solver/index.ts[,other/solver/index.ts]] [--support per-line|none] [--jobs 1] [--clock real|cpu] [--json]
// --support none: no support rule (pieces may float), as in the classic benchmarks of the literature.
// --clock cpu: the budget counts the run's CPU time (a loaded machine then buys the same search).
// --set multi: instead, problems of the classic multi-container benchmark's kind (one container
// type, 2-5 box types, every box must go, no support rule; bench/multi-container.ts), seeds
// 1..--instances; prints the Units against the lower bound (the optimum is unknown).
// --first-seed n: seeds n..n + instances - 1 (other instances than the usual ones).
// --set multi --data <folder>: the problems of a folder of CSV instances instead (csv-format.ts;
// e.g. thpack9's 47), the --instances first from number --first-seed.
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { csvInstanceFiles } from './bench/csv-format.ts';
import type { MultiFigures, MultiTask } from './bench/multi-run.ts';
import type { UnitsFigures, UnitsTask } from './bench/units-run.ts';
import { scriptArgs } from './bench/script-args.ts';

const { values } = scriptArgs(import.meta.url, {
  options: {
    ks: { type: 'string', default: '3,10' },
    fills: { type: 'string', default: '0.85,0.9' },
    instances: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '5' },
    solver: { type: 'string', default: 'solver/index.ts' },
    jobs: { type: 'string', default: '1' },
    support: { type: 'string', default: 'per-line' },
    clock: { type: 'string', default: 'real' },
    json: { type: 'boolean', default: false },
    set: { type: 'string', default: 'known' },
    'first-seed': { type: 'string', default: '1' },
    data: { type: 'string' },
  },
});

const log = (m: string) => (values.json ? process.stderr : process.stdout).write(m + '\n');
const solverPaths = values.solver!.split(',').map((p) => resolve(p));
const clock = values.clock === 'cpu' ? 'cpu' : 'real';
const jobs = Math.max(1, Number(values.jobs));
const seeds = Array.from({ length: Number(values.instances) }, (_, k) => Number(values['first-seed']) + k);

/**
 * Runs the tasks on `jobs` workers, one child process per worker and solver (one core each;
 * a fresh child per solver keeps their module graphs apart); `done` sees each result.
 */
async function runAll<T extends { solver: string }, F>(runner: string, tasks: T[], done: (f: F) => void): Promise<void> {
  let next = 0;
  const worker = async () => {
    const children = new Map<string, ReturnType<typeof fork>>();
    try {
      while (next < tasks.length) {
        const t = tasks[next++];
        let w = children.get(t.solver);
        if (!w) {
          w = fork(fileURLToPath(new URL(runner, import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
          children.set(t.solver, w);
        }
        const child = w;
        done(await new Promise<F>((res, rej) => {
          child.once('error', rej);
          child.once('message', (m) => {
            child.off('error', rej);
            res(m as F);
          });
          child.send(t);
        }));
      }
    } finally {
      for (const c of children.values()) c.disconnect();
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
}

function label(path: string): string {
  return path.replace(process.cwd() + '/', '');
}

if (values.set === 'multi') {
  await multiSet();
} else {
  await knownSet();
}

async function multiSet(): Promise<void> {
  const tasks: MultiTask[] = [];
  const problems = values.data
    ? csvInstanceFiles(values.data).filter((f) => seeds.includes(f.number)).map((f) => ({ seed: f.number, items: f.items }))
    : seeds.map((seed) => ({ seed }));
  if (problems.length === 0) throw new Error(`no CSV instances numbered ${seeds[0]}-${seeds.at(-1)} in ${values.data}`);
  for (const p of problems) {
    for (const solver of solverPaths) tasks.push({ solver, ...p, seconds: Number(values.seconds), clock });
  }
  const results: MultiFigures[] = [];
  await runAll<MultiTask, MultiFigures>('./bench/multi-run.ts', tasks, (f) => {
    results.push(f);
    log(`${label(f.solver)} multi #${f.seed} (${f.container}, ${f.types} types, ${f.pieces} pieces): ${f.units} Units` +
      `${f.piecesUnloaded > 0 ? ` (${f.piecesUnloaded} unloaded)` : ''}, lower bound ${f.bound} (volume ${f.volumeBound})` +
      `${f.units > f.bound ? ` +${f.units - f.bound}` : ''}, ${f.ms} ms, first plan ${f.firstPlanMs} ms` +
      `, fills ${f.fills.map((x) => (x * 100).toFixed(1)).join(' / ')}` +
      (f.violations > 0 ? `  VIOLATIONS ${f.violations}: ${f.firstViolation}` : ''));
  });
  const summary = solverPaths.map((solver) => {
    const figs = results.filter((r) => r.solver === solver);
    return {
      solver: label(solver), instances: figs.length,
      units: figs.reduce((a, f) => a + f.units, 0),
      bound: figs.reduce((a, f) => a + f.bound, 0),
      volumeBound: figs.reduce((a, f) => a + f.volumeBound, 0),
      atBound: figs.filter((f) => f.units <= f.bound && f.piecesUnloaded === 0).length,
      unloaded: figs.reduce((a, f) => a + f.piecesUnloaded, 0),
      violations: figs.reduce((a, f) => a + f.violations, 0),
    };
  });
  if (values.json) {
    process.stdout.write(JSON.stringify({ summary, instances: results.map((r) => ({ ...r, solver: label(r.solver) })) }, null, 2) + '\n');
  } else {
    log(`\nmulti-container set, ${values.seconds} s per problem (${values.clock} clock), no support rule`);
    for (const s of summary) {
      log(`  ${s.solver.padEnd(32)} ${s.units} Units over ${s.instances} problems, lower bound ${s.bound} (volume ${s.volumeBound}), ` +
        `at the bound on ${s.atBound}, ${s.unloaded} pieces unloaded, ${s.violations} violations`);
    }
  }
  if (results.some((r) => r.violations > 0)) process.exitCode = 1;
}

async function knownSet(): Promise<void> {
  const tasks: UnitsTask[] = [];
  for (const k of values.ks!.split(',').map(Number)) {
    for (const fill of values.fills!.split(',').map(Number)) {
      for (const seed of seeds) {
        for (const solver of solverPaths) tasks.push({ solver, k, fill, seed, seconds: Number(values.seconds), support: values.support === 'none' ? 'none' : 'per-line', clock });
      }
    }
  }
  const results: UnitsFigures[] = [];
  await runAll<UnitsTask, UnitsFigures>('./bench/units-run.ts', tasks, (f) => {
    results.push(f);
    log(`${label(f.solver)} K=${String(f.k).padStart(2)} fill ${f.fill} #${f.seed}: ${f.units} Units` +
      `${f.piecesUnloaded > 0 ? ` (${f.piecesUnloaded} unloaded)` : ''} vs K ${f.k}${reached(f) ? '' : ' MISSED'} (lower bound ${f.bound}), ` +
      `${f.pieces} pieces, ${f.ms} ms, first plan ${f.firstPlanMs} ms` +
      (f.violations > 0 ? `  VIOLATIONS ${f.violations}: ${f.firstViolation}` : ''));
  });
  const summary = solverPaths.flatMap((solver) =>
    [...new Set(results.map((r) => `${r.k}|${r.fill}`))].map((key) => {
      const [k, fill] = key.split('|').map(Number);
      const figs = results.filter((r) => r.solver === solver && r.k === k && r.fill === fill);
      return {
        solver: label(solver), k, fill, instances: figs.length,
        reachedK: figs.filter(reached).length,
        unitsOverK: figs.reduce((a, f) => a + f.units - f.k, 0),
        violations: figs.reduce((a, f) => a + f.violations, 0),
      };
    }));
  if (values.json) {
    process.stdout.write(JSON.stringify({ summary, instances: results.map((r) => ({ ...r, solver: label(r.solver) })) }, null, 2) + '\n');
  } else {
    log(`\n${values.seconds} s per instance (${values.clock} clock), support rule ${values.support}`);
    for (const s of summary) {
      log(`  ${s.solver.padEnd(32)} K=${String(s.k).padStart(2)} fill ${s.fill}: K reached on ${s.reachedK}/${s.instances}, ` +
        `${s.unitsOverK} Units over K in all, ${s.violations} violations`);
    }
  }
  if (results.some((r) => r.violations > 0)) process.exitCode = 1;
}

function reached(f: UnitsFigures): boolean {
  return f.piecesUnloaded === 0 && f.units <= f.k;
}
