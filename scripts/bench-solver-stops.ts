// Stops and balance benchmark: per instance the Units, pieces Unloaded, pieces flagged
// `stop-blocked`, Units with a centre-of-gravity advisory (lengthwise / sideways / height)
// and axle advisories, for one or more solver modules on the same instances (interleaved,
// one at a time), every plan checked by checkPlan.
//   npm run bench:solver:stops -- [--sizes 200,1000] [--seeds 1,2,3] [--seconds 5]
//     [--solver solver/index.ts[,other/solver/index.ts]] [--clock real|cpu] [--json]
//   --clock cpu: the budget counts the process's CPU time (a loaded machine buys the same search)
// Instances: the mixed cargo of bench:solver:scale (Stops 1-4, no Stop, groups) on the sea
// fleet and on catalogue road equipment with Axle Profiles, and the two-Unit example of the
// solver README (one 40' HC + one 20', Stops 1 and 2 and no-Stop cargo).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkPlan } from '../solver/check/index.ts';
import type { SolveInput, SolveResult } from '../solver/types.ts';
import { FLEETS, generateCargo } from './bench/cargo-generator.ts';
import { catalogueRow, twoUnitStops } from './bench/stops-cases.ts';
import { cpuMs } from './bench/process-cpu.ts';
import { scriptArgs } from './bench/script-args.ts';

const { values } = scriptArgs(import.meta.url, {
  options: {
    sizes: { type: 'string', default: '200,1000' },
    seeds: { type: 'string', default: '1,2,3' },
    seconds: { type: 'string', default: '5' },
    solver: { type: 'string', default: 'solver/index.ts' },
    clock: { type: 'string', default: 'real' },
    json: { type: 'boolean', default: false },
  },
});

interface Figures {
  solver: string;
  instance: string;
  units: number;
  unloaded: number;
  stopBlocked: number;
  cogLengthwise: number;
  cogSideways: number;
  cogHeight: number;
  axleWarnings: number;
  violations: number;
}

const seconds = Number(values.seconds);
const seeds = values.seeds!.split(',').map(Number);
const road = [catalogueRow('eqt_road_curtainsider_136'), catalogueRow('eqt_road_rigid_18t'), catalogueRow('eqt_road_rigid_7t5')];
const instances: { name: string; input: SolveInput }[] = [];
for (const seed of seeds) instances.push({ name: `two-unit #${seed}`, input: twoUnitStops(seconds * 1000, seed) });
for (const size of values.sizes!.split(',').map(Number)) {
  for (const seed of seeds) {
    for (const [fleet, equipment] of [['sea', FLEETS.sea], ['road', road]] as const) {
      instances.push({
        name: `${fleet} ${size} #${seed}`,
        input: { equipment, lines: generateCargo(size, seed), fixed: [], securing: null, options: { seed, timeBudgetMs: seconds * 1000 } },
      });
    }
  }
}

type Solve = (input: SolveInput, hooks?: { now?: () => number }) => SolveResult;
const hooks = values.clock === 'cpu' ? { now: cpuMs } : {};
const solvers: { label: string; solve: Solve }[] = [];
for (const path of values.solver!.split(',')) {
  const mod = (await import(pathToFileURL(resolve(path)).href)) as { solve: Solve };
  solvers.push({ label: path, solve: mod.solve });
}

const count = (r: SolveResult, what: RegExp) => r.warnings.filter((w) => w.kind === 'cog-off-centre' && what.test(w.message)).length;
const out: Figures[] = [];
for (const inst of instances) {
  for (const s of solvers) {
    const r = s.solve(structuredClone(inst.input), hooks);
    const f: Figures = {
      solver: s.label, instance: inst.name, units: r.totals.units, unloaded: r.totals.piecesUnloaded,
      stopBlocked: r.stopWarnings.reduce((a, w) => a + w.pieces.length, 0),
      cogLengthwise: count(r, /lengthwise/), cogSideways: count(r, /sideways/), cogHeight: count(r, /inner height/),
      axleWarnings: r.axleWarnings.length, violations: checkPlan(inst.input, r).length,
    };
    out.push(f);
    if (!values.json) {
      console.log(`${s.label.padEnd(34)} ${inst.name.padEnd(16)} Units ${f.units}, unloaded ${f.unloaded}, stop-blocked ${f.stopBlocked}, ` +
        `CoG off lengthwise/sideways/height ${f.cogLengthwise}/${f.cogSideways}/${f.cogHeight}, axle ${f.axleWarnings}, violations ${f.violations}`);
    }
  }
}
const summary = solvers.map((s) => {
  const mine = out.filter((f) => f.solver === s.label);
  const sum = (k: keyof Figures) => mine.reduce((a, f) => a + (f[k] as number), 0);
  return {
    solver: s.label, instances: mine.length, units: sum('units'), unloaded: sum('unloaded'), stopBlocked: sum('stopBlocked'),
    cogLengthwise: sum('cogLengthwise'), cogSideways: sum('cogSideways'), cogHeight: sum('cogHeight'), axleWarnings: sum('axleWarnings'), violations: sum('violations'),
  };
});
if (values.json) console.log(JSON.stringify({ summary, instances: out }, null, 2));
else for (const s of summary) console.log(`total ${s.solver}: ${JSON.stringify(s)}`);
if (out.some((f) => f.violations > 0)) process.exitCode = 1;
