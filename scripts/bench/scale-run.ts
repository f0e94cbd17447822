// One scale-bench run in its own process (so peak memory is its own).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkPlan } from '../../solver/check/index.ts';
import { solve as ownSolve } from '../../solver/index.ts';
import { deadRoomValue } from '../../solver/dead-room.ts';
import { unitBounds } from '../../solver/lower-bound.ts';
import type { SolveInput, SolveResult } from '../../solver/types.ts';
import { FLEETS, generateCargo, scaleInput, unitLowerBound } from './cargo-generator.ts';
import { planHash } from './plan-hash.ts';
import { cpuMs } from './process-cpu.ts';

export interface ScaleFigures {
  /** The solver module run (as given; this checkout's when none was). */
  solver: string;
  fleet: string;
  pieces: number;
  lines: number;
  firstPlanMs: number;
  totalMs: number;
  /** CPU time of the process during the solve (user + system): steadier than wall time under load. */
  cpuMs: number;
  /** Hash of the placements, Units and warnings: equal hashes mean the same plan. */
  planHash: string;
  peakRssMb: number;
  maxProgressGapMs: number;
  units: number;
  lowerBound: number;
  boundBy: { volume: number; weight: number; floor: number; tallFloor: number; dff: number; notStackableFloor: number; volumeWeight: number; deadRoom: number; deadRoomValue: number };
  /** The strongest valid bound: volume, weight, tall pieces' floor, the dual feasible functions and the non-stackable floor (rotation-aware). */
  strongerBound: number;
  piecesUnloaded: number;
  unloadedReasons: Record<string, number>;
  volumeUtilization: number;
  violations: number;
  firstViolation?: string;
}

type Solve = (input: SolveInput, hooks?: Parameters<typeof ownSolve>[1]) => SolveResult;

/** `clock` 'cpu': the budget counts this process's CPU time (a loaded machine buys the same search). */
export function runScale(fleet: string, pieces: number, seed: number, seconds: number, solve: Solve = ownSolve, solver = 'solver/index.ts', clock: 'real' | 'cpu' = 'real'): ScaleFigures {
  const lines = generateCargo(pieces, seed);
  const input = scaleInput(fleet, lines, seed, seconds * 1000);
  let last = performance.now();
  let maxGap = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = solve(input, {
    ...(clock === 'cpu' ? { now: cpuMs } : {}),
    onProgress: () => {
      const t = performance.now();
      maxGap = Math.max(maxGap, t - last);
      last = t;
    },
  });
  const totalMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const violations = checkPlan(input, result);
  const lb = unitLowerBound(lines, FLEETS[fleet]);
  const tall = unitBounds(lines, FLEETS[fleet]);
  const reasons: Record<string, number> = {};
  for (const u of result.unloaded) reasons[u.reason] = (reasons[u.reason] ?? 0) + u.quantity;
  return {
    solver, fleet, pieces, lines: lines.length,
    firstPlanMs: result.stats.firstPlanMs, totalMs: Math.round(totalMs), cpuMs: Math.round((cpu.user + cpu.system) / 1000), planHash: planHash(result),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    maxProgressGapMs: Math.round(maxGap),
    units: result.totals.units, lowerBound: lb.bound, boundBy: { volume: lb.volume, weight: lb.weight, floor: lb.floor, tallFloor: tall.tallFloor, dff: tall.dff, notStackableFloor: tall.notStackableFloor, volumeWeight: tall.volumeWeight, deadRoom: tall.deadRoom, deadRoomValue: deadRoomValue(lines, FLEETS[fleet]) },
    strongerBound: tall.bound,
    piecesUnloaded: result.totals.piecesUnloaded, unloadedReasons: reasons,
    volumeUtilization: result.totals.volumeUtilization,
    violations: violations.length,
    ...(violations.length > 0 ? { firstViolation: `${violations[0].rule}: ${violations[0].message}` } : {}),
  };
}

process.on('message', async (m: { fleet: string; pieces: number; seed: number; seconds: number; solver?: string; clock?: 'real' | 'cpu' }) => {
  const solve = m.solver ? ((await import(pathToFileURL(resolve(m.solver)).href)) as { solve: Solve }).solve : ownSolve;
  process.send!(runScale(m.fleet, m.pieces, m.seed, m.seconds, solve, m.solver ?? 'solver/index.ts', m.clock ?? 'real'));
});
