// Runs BR instances through solve() and checkPlan(): one instance's figures.
import { pathToFileURL } from 'node:url';
import { checkPlan } from '../../solver/check/index.ts';
import type { SolveInput, SolveResult } from '../../solver/types.ts';
import { brToInput, type BrInstance } from './br-format.ts';
import { cpuMs } from './process-cpu.ts';

/** A solver's entry point, with the clock hook the benches set. */
export type Solve = (input: SolveInput, hooks?: { now?: () => number }) => SolveResult;

const loaded = new Map<string, Solve>();

/** The `solve` of the solver module at `path` (another checkout's for before/after figures), imported once per process. */
export async function loadSolve(path: string): Promise<Solve> {
  let solve = loaded.get(path);
  if (!solve) {
    solve = ((await import(pathToFileURL(path).href)) as { solve: Solve }).solve;
    loaded.set(path, solve);
  }
  return solve;
}

export interface BrFigures {
  set: string;
  instance: number;
  boxes: number;
  /** Packed volume / container volume, percent. */
  utilization: number;
  /** Total box volume / container volume, percent (the upper bound). */
  cargo: number;
  ms: number;
  firstPlanMs: number;
  violations: number;
  firstViolation?: string;
}

/** clock 'cpu': the budget counts this process's CPU time, so a loaded machine buys the same search. */
export function runInstance(solve: Solve, set: string, inst: BrInstance, seconds: number, support: 'full' | 'none', clock: 'real' | 'cpu' = 'real'): BrFigures {
  const input = brToInput(inst, { seconds, support });
  const t0 = performance.now();
  const result = solve(input, clock === 'cpu' ? { now: cpuMs } : {});
  const ms = performance.now() - t0;
  const violations = checkPlan(input, result);
  const [L, W, H] = inst.container;
  const container = L * W * H;
  const cargo = inst.boxes.reduce((a, b) => a + b.dims[0] * b.dims[1] * b.dims[2] * b.quantity, 0);
  return {
    set, instance: inst.number,
    boxes: inst.boxes.reduce((a, b) => a + b.quantity, 0),
    utilization: round2((100 * result.totals.volumeLoadedMm3) / container),
    cargo: round2((100 * cargo) / container),
    ms: Math.round(ms), firstPlanMs: result.stats.firstPlanMs,
    violations: violations.length,
    ...(violations.length > 0 ? { firstViolation: `${violations[0].rule}: ${violations[0].message}` } : {}),
  };
}

const round2 = (v: number) => Math.round(v * 100) / 100;
