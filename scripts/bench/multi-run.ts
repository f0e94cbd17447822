// One multi-container problem (multi-container.ts) through a solver (given by module path) and checkPlan, in its own process.
import { checkPlan } from '../../solver/check/index.ts';
import { unitBounds } from '../../solver/lower-bound.ts';
import { loadSolve } from './br-run.ts';
import { csvMultiContainer } from './csv-format.ts';
import { multiContainer } from './multi-container.ts';
import { patternBound } from './pattern-lp.ts';
import { cpuMs } from './process-cpu.ts';

export interface MultiFigures {
  solver: string;
  seed: number;
  container: string;
  types: number;
  pieces: number;
  units: number;
  /** The strongest lower bound (volume, weight, floors, dual feasible functions; for a few box types the count vectors' LP). */
  bound: number;
  /** The volume bound alone: how much the stronger bound adds. */
  volumeBound: number;
  piecesUnloaded: number;
  ms: number;
  firstPlanMs: number;
  /** Each Unit's volume utilization (0..1), in Unit order: how the Units share the cargo. */
  fills: number[];
  violations: number;
  firstViolation?: string;
}

export interface MultiTask {
  solver: string; seed: number; seconds: number;
  /** An instance's items file (csv-format.ts) instead of a generated problem; `seed` is its number. */
  items?: string;
  /** 'cpu': the solver's clock is this process's CPU time. */
  clock?: 'real' | 'cpu';
}

/** Most box types the count-vector bound is computed for (pattern-lp.ts: its vectors grow fast with the types). */
const PATTERN_TYPES = 6;

export async function runMulti(t: MultiTask): Promise<MultiFigures> {
  const solve = await loadSolve(t.solver);
  const inst = t.items ? csvMultiContainer(t.items, t.seed, t.seconds) : multiContainer(t.seed, t.seconds);
  const t0 = performance.now();
  const result = solve(inst.input, t.clock === 'cpu' ? { now: cpuMs } : {});
  const ms = performance.now() - t0;
  const violations = checkPlan(inst.input, result);
  const bounds = unitBounds(inst.input.lines, inst.input.equipment, true);
  const patterns = inst.input.equipment.length === 1 && inst.input.lines.length <= PATTERN_TYPES ? patternBound(inst.input.lines, inst.input.equipment[0]).bound : 0;
  return {
    solver: t.solver, seed: t.seed, container: inst.input.equipment[0].id, types: inst.input.lines.length, pieces: inst.pieces,
    units: result.totals.units, bound: Math.max(bounds.bound, patterns), volumeBound: bounds.volume, piecesUnloaded: result.totals.piecesUnloaded,
    ms: Math.round(ms), firstPlanMs: result.stats.firstPlanMs,
    fills: result.units.map((u) => u.volumeUtilization),
    violations: violations.length,
    ...(violations.length > 0 ? { firstViolation: `${violations[0].rule}: ${violations[0].message}` } : {}),
  };
}

process.on('message', (t: MultiTask) => {
  void runMulti(t).then((f) => process.send!(f));
});
