// One known-optimum instance through a solver (given by module path) and checkPlan, in its own process.
import { checkPlan } from '../../solver/check/index.ts';
import { unitBounds } from '../../solver/lower-bound.ts';
import { knownOptimum } from './known-optimum.ts';
import { cpuMs } from './process-cpu.ts';
import { loadSolve } from './br-run.ts';

export interface UnitsFigures {
  solver: string;
  k: number;
  fill: number;
  seed: number;
  pieces: number;
  units: number;
  /** The strongest lower bound (volume, weight, tall floor, dual feasible functions); K is the optimum. */
  bound: number;
  piecesUnloaded: number;
  ms: number;
  firstPlanMs: number;
  violations: number;
  firstViolation?: string;
}

export interface UnitsTask {
  solver: string; k: number; fill: number; seed: number; seconds: number; support: 'per-line' | 'none';
  /** 'cpu': the solver's clock is this process's CPU time, so a loaded machine buys the same search as a quiet one. */
  clock?: 'real' | 'cpu';
}

export async function runUnits(t: UnitsTask): Promise<UnitsFigures> {
  const solve = await loadSolve(t.solver);
  const inst = knownOptimum(t.k, t.fill, t.seed, t.seconds, t.support);
  const t0 = performance.now();
  const result = solve(inst.input, t.clock === 'cpu' ? { now: cpuMs } : {});
  const ms = performance.now() - t0;
  const violations = checkPlan(inst.input, result);
  return {
    solver: t.solver, k: t.k, fill: t.fill, seed: t.seed, pieces: inst.pieces,
    units: result.totals.units, bound: unitBounds(inst.input.lines, inst.input.equipment).bound, piecesUnloaded: result.totals.piecesUnloaded,
    ms: Math.round(ms), firstPlanMs: result.stats.firstPlanMs,
    violations: violations.length,
    ...(violations.length > 0 ? { firstViolation: `${violations[0].rule}: ${violations[0].message}` } : {}),
  };
}

process.on('message', (t: UnitsTask) => {
  void runUnits(t).then((f) => process.send!(f));
});
