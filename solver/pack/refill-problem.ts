// The problem a region refill fills from: one phase of the pieces not in the cleared plan (those
// the region removed plus those the plan left out), with its own simple and general blocks. The
// Unit's problem builds general blocks per phase, so a box of the filler phase (the smallest 30 %
// of 81-120 lines) never pairs with one of the first phase; here every free piece may pair with
// any other, and the list holds only blocks of free pieces (200-500 blocks against the Unit
// problem's 2,000-3,500 on BR14-BR15: each scan is shorter). Building it takes 1.5-5 ms of a
// refill's 35-40 ms. The Unit problem's reach tables stay (its many-heights rules with them).
import type { Block } from '../model.ts';
import { simpleBlocks } from './blocks.ts';
import { withGeneralBlocks, type GeneralBlockOptions } from './general-blocks.ts';
import { UnitProblem } from './problem.ts';
import type { PackState } from './state.ts';
import type { Reach } from './reach.ts';

/** The refill's general blocks: capped so that building them fits a part of one refill's time. */
export const REFILL_GENERAL: GeneralBlockOptions = { minFill: 0.98, maxBlocks: 3000, maxPairs: 150_000 };

/**
 * The refill's problem from `state` (the cleared plan): its one phase holds every item with pieces
 * not placed in `state` (from `state.phase` on), its blocks built for those pieces only. Null when
 * the problem has keep-together groups (they stay in the Unit's problem), the state is past its
 * first phase, or no piece is free.
 */
export function refillProblem(problem: UnitProblem, state: PackState, opts: GeneralBlockOptions = REFILL_GENERAL): UnitProblem | null {
  const { items, remaining, spec } = problem;
  // The refill's one phase is the state's phase 0: a state already past it (never a single
  // container's root today) would find no phase of this problem to fill from.
  if (state.phase !== 0 || !ownRefills(problem, state.phase)) return null;
  const free = new Int32Array(items.length);
  const lines: number[] = [];
  for (let p = state.phase; p < problem.phases.length; p++) {
    for (const i of problem.phases[p].items) {
      const n = remaining[i] - state.used[i];
      if (n > 0 && free[i] === 0) { free[i] = n; lines.push(i); }
    }
  }
  if (lines.length === 0) return null;
  let list: Block[] = [];
  for (const i of lines) {
    problem.ticker.tick();
    list.push(...simpleBlocks(items[i], free[i], problem.orientationsOf(i), spec));
  }
  const general = problem.general ? opts : null;
  if (general) list = withGeneralBlocks(list, items, free, spec, general, () => problem.ticker.tick());
  // The list goes in through the shared lists (problem.ts `indexOf` takes a known one for its phase).
  const shared = new Map<string, Block[]>([[`0:${general ? 1 : 0}:0`, list]]);
  const phases = [{ items: lines, groups: [] }];
  return new RefillProblem(
    spec, items, remaining, phases, problem.orientationsOf, problem.groupBlock, problem.minDim, problem.ticker, general, 0, shared, false, problem.reachTables,
  ).from(problem, state.phase);
}

/** A refill's problem that reads the Unit problem's reach tables (so the many-heights rules stay as they were). */
class RefillProblem extends UnitProblem {
  private unit!: UnitProblem;
  private unitPhase = 0;
  from(unit: UnitProblem, phase: number): this {
    this.unit = unit;
    this.unitPhase = phase;
    return this;
  }
  override reach(): Reach {
    return this.unit.reach(this.unitPhase);
  }
}

/**
 * Least lines of the Unit's cargo (from the refill's phase on) for a refill of its own blocks: the
 * cargo whose filler phase is its smallest 30 % (about 90-100 box types). On 70-80 types (real
 * BR12-BR13, filler phases of 11-12 lines) the refills of their own blocks lost (full support,
 * 5 s of CPU, paired: #1-3 -0.07, 1 better / 3 worse).
 */
const MIN_LINES = 81;

/** Whether region refills of `problem` from its phase `phase` on fill from problems of their own (no keep-together groups, MIN_LINES lines or more). */
export function ownRefills(problem: UnitProblem, phase: number): boolean {
  return !problem.phases.some((p) => p.groups.length > 0) && unitLines(problem, phase) >= MIN_LINES;
}

/** Lines of the Unit's cargo with pieces to load, from phase `from` on. */
export function unitLines(problem: UnitProblem, from: number): number {
  let n = 0;
  for (let p = from; p < problem.phases.length; p++) for (const i of problem.phases[p].items) if (problem.remaining[i] > 0) n++;
  return n;
}
