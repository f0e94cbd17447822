// Quality benchmark on Bischoff & Ratcliff-format files (BR1-BR7 and any folder like them), on a
// folder of the same instances in CSV form (`<set>.txt_<n>_items.csv` + `_bins.csv`: BR0, BR8-BR15),
// or on BR-style sets generated from a seed (types=1 makes one-type sets).
//   npm run bench:solver -- --data <folder> [--instances N] [--from K] [--seconds S] [--support full|none|both] [--jobs J] [--json]
//   npm run bench:solver -- --generate types=30,50,70,100 [--count 20] [--seed 1] [...]
//   npm run bench:solver -- --generate types=1,30 --write-to <folder>   (BR files only, no run)
//   --solver solver/index.ts[,other/solver/index.ts]: several solvers, interleaved per instance (before/after)
//   --clock cpu: the budget counts each run's CPU time (a loaded machine then buys the same search)
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { formatBr, parseBr, type BrInstance } from './bench/br-format.ts';
import { csvInstanceFiles, loadCsvSets } from './bench/csv-format.ts';
import { generateSets } from './bench/br-generate.ts';
import type { BrFigures } from './bench/br-run.ts';
import { scriptArgs } from './bench/script-args.ts';

const { values } = scriptArgs(import.meta.url, {
  options: {
    data: { type: 'string', default: '../shared/data/clp/br' },
    instances: { type: 'string', default: '20' },
    from: { type: 'string', default: '0' },
    seconds: { type: 'string', default: '5' },
    clock: { type: 'string', default: 'real' },
    support: { type: 'string', default: 'both' },
    jobs: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
    generate: { type: 'string' },
    count: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    'write-to': { type: 'string' },
    solver: { type: 'string', default: 'solver/index.ts' },
  },
});

interface Task { solver: string; set: string; inst: BrInstance; support: 'full' | 'none' }

const solverPaths = values.solver!.split(',').map((p) => resolve(p));
/** A solver's name in the output: its path, shortened when there is only one. */
const label = (solver: string) => (solverPaths.length === 1 ? '' : solver.replace(/\/solver\/index\.ts$/, '') + ' ');

/** Set name from the file name: thpack3 -> BR3, BR3.txt -> BR3, otherwise the base name. */
export function setName(file: string): string {
  const base = basename(file).replace(/\.[^.]*$/, '');
  const m = /^thpack(\d+)$/i.exec(base);
  return m ? `BR${m[1]}` : base;
}

function loadSets(folder: string, limit: number, from: number): { set: string; instances: BrInstance[] }[] {
  if (csvInstanceFiles(folder).length > 0) return loadCsvSets(folder, limit, from);
  const out: { set: string; instances: BrInstance[] }[] = [];
  for (const f of readdirSync(folder).sort()) {
    let instances: BrInstance[];
    try {
      instances = parseBr(readFileSync(join(folder, f), 'utf8'));
    } catch {
      continue; // not a BR-format file (e.g. a README)
    }
    out.push({ set: setName(f), instances: instances.slice(from, from + limit) });
  }
  return out.sort((a, b) => a.set.localeCompare(b.set, undefined, { numeric: true }));
}

/** `types=30,50,100`: one generated set per type count (--count instances each, --seed). */
function generatedSets(spec: string): { set: string; instances: BrInstance[] }[] {
  const m = /^types=(\d+(?:,\d+)*)$/.exec(spec);
  if (!m) throw new Error(`--generate expects types=N[,N...], got "${spec}"`);
  const types = m[1].split(',').map(Number);
  if (types.some((t) => t < 1)) throw new Error('--generate: type counts must be >= 1');
  return generateSets(types, Number(values.count), Number(values.seed));
}

async function main(): Promise<void> {
  const limit = Number(values.instances);
  const seconds = Number(values.seconds);
  const modes: ('full' | 'none')[] = values.support === 'both' ? ['full', 'none'] : [values.support as 'full' | 'none'];
  const sets = values.generate ? generatedSets(values.generate) : loadSets(values.data!, limit, Number(values.from));
  if (sets.length === 0) throw new Error(`no BR-format files in ${values.data}`);
  const out = values['write-to'];
  if (out) {
    mkdirSync(out, { recursive: true });
    for (const s of sets) writeFileSync(join(out, `${s.set}.txt`), formatBr(s.instances));
    return;
  }
  const tasks: Task[] = modes.flatMap((support) => sets.flatMap((s) => s.instances.flatMap((inst) => solverPaths.map((solver) => ({ solver, set: s.set, inst, support })))));
  const results = new Map<Task, BrFigures>();
  const log = (m: string) => (values.json ? process.stderr : process.stdout).write(m + '\n');
  let next = 0;
  const worker = async () => {
    // One child process per job and solver (one core each; their module graphs stay apart).
    const children = new Map<string, ReturnType<typeof fork>>();
    try {
      while (next < tasks.length) {
        const task = tasks[next++];
        let w = children.get(task.solver);
        if (!w) {
          w = fork(fileURLToPath(new URL('./bench/br-worker.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
          children.set(task.solver, w);
        }
        const child = w;
        const fig = await new Promise<BrFigures>((resolve, reject) => {
          const onError = (e: Error) => reject(e);
          child.once('error', onError);
          child.once('message', (m) => {
            child.off('error', onError);
            resolve(m as BrFigures);
          });
          child.send({ solver: task.solver, set: task.set, inst: task.inst, seconds, support: task.support, clock: values.clock === 'cpu' ? 'cpu' : 'real' });
        });
        results.set(task, fig);
        log(`${label(task.solver)}${task.support.padEnd(4)} ${fig.set} #${fig.instance}: ${fig.utilization.toFixed(2)} % ` +
          `(cargo ${fig.cargo.toFixed(2)} %, ${fig.boxes} boxes) ${fig.ms} ms, first plan ${fig.firstPlanMs} ms` +
          (fig.violations > 0 ? `  VIOLATIONS ${fig.violations}: ${fig.firstViolation}` : ''));
      }
    } finally {
      for (const c of children.values()) c.disconnect();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Number(values.jobs)) }, worker));

  const summary = solverPaths.flatMap((solver) => modes.map((support) => {
    const perSet = sets.map((s) => {
      const figs = tasks.filter((t) => t.solver === solver && t.support === support && t.set === s.set).map((t) => results.get(t)!);
      const mean = figs.reduce((a, f) => a + f.utilization, 0) / figs.length;
      return {
        set: s.set, instances: figs.length, meanUtilization: Math.round(mean * 100) / 100,
        meanMs: Math.round(figs.reduce((a, f) => a + f.ms, 0) / figs.length),
        violations: figs.reduce((a, f) => a + f.violations, 0),
      };
    });
    const all = perSet.reduce((a, s) => a + s.meanUtilization, 0) / perSet.length;
    return { solver: label(solver).trim() || undefined, support, seconds, perSet, overall: Math.round(all * 100) / 100 };
  }));
  if (values.json) {
    process.stdout.write(JSON.stringify({ summary, instances: tasks.map((t) => ({ solver: label(t.solver).trim() || undefined, support: t.support, ...results.get(t)! })) }, null, 2) + '\n');
  } else {
    for (const m of summary) {
      log(`\n${m.solver ? m.solver + ': ' : ''}support ${m.support}, ${m.seconds} s per instance (${values.clock} clock)`);
      for (const s of m.perSet) log(`  ${s.set.padEnd(6)} ${s.meanUtilization.toFixed(2)} %  (${s.instances} instances, mean ${s.meanMs} ms, ${s.violations} violations)`);
      log(`  all    ${m.overall.toFixed(2)} %`);
    }
  }
  const bad = summary.some((m) => m.perSet.some((s) => s.violations > 0));
  if (bad) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
