// A run's life after it is queued, as the Calculate workflow's activities drive it: begin
// (queued -> running), the solve's input and its staged result, store, or end without a
// result. The revision rule lives here once: a run solves and stores only while its Load
// Plan is at the revision the run expected; otherwise it fails with revision_conflict.
import { endRun, getRun, lockRun, markRunRunning, type CalculateRun, type EndState } from '../../db/calculates.ts';
import type { Db, Sql } from '../../db/connect.ts';
import { deleteStagedSolution, hasStagedSolution, stageSolution, storeStagedSolution, type StoredResult } from '../../db/results.ts';
import { readSolveInput } from '../../db/solver-input.ts';
import type { SolveInput } from '../../solver/types.ts';

/** 'running', or the terminal status the run ended in without solving. */
export type BeginOutcome = 'running' | 'failed' | 'cancelled' | 'completed' | 'timed_out';

export type StoreOutcome =
  | { kind: 'completed'; revision: number; solvedAt: string }
  | { kind: 'revision_conflict' }
  | { kind: 'already-ended'; status: string };

/** The plan's revision when it is not the one the run expected (locked for the store); null when it is. */
async function revisionMoved(tx: Db, run: CalculateRun, lockPlan: boolean): Promise<{ revision: number | undefined } | null> {
  const [plan] = lockPlan
    ? await tx`select revision from load_plans where id = ${run.loadPlanId} for update`
    : await tx`select revision from load_plans where id = ${run.loadPlanId}`;
  return plan && plan.revision === run.expectedRevision ? null : { revision: plan?.revision };
}

/** queued -> running, unless the run was cancelled meanwhile or its plan moved on. */
export function beginRun(sql: Sql, runId: string): Promise<BeginOutcome> {
  return sql.begin(async (tx) => {
    const run = await lockRun(tx, runId);
    if (!run) throw new Error(`calculate run ${runId} not found`);
    if (run.status === 'running') return 'running'; // a retry after the first attempt committed
    if (run.status !== 'queued') return run.status;
    if (run.cancelRequested) {
      await endRun(tx, runId, { status: 'cancelled' });
      return 'cancelled';
    }
    const moved = await revisionMoved(tx, run, false);
    if (moved) {
      await endRun(tx, runId, {
        status: 'failed', failureCode: 'revision_conflict',
        failureMessage: `the Load Plan is at revision ${moved.revision}, the run expected ${run.expectedRevision}`,
      });
      return 'failed';
    }
    await markRunRunning(tx, runId);
    return 'running';
  }) as Promise<BeginOutcome>;
}

/** What the solver gets for this run (the run's own seed: a retried attempt computes the same plan); 'staged' when an earlier attempt solved it. */
export async function solveInputOf(sql: Sql, runId: string, timeBudgetMs: number): Promise<SolveInput | 'staged'> {
  if (await hasStagedSolution(sql, runId)) return 'staged';
  const run = await getRun(sql, runId);
  if (!run) throw new Error(`calculate run ${runId} not found`);
  const read = await readSolveInput(sql, run.loadPlanId, { seed: seedOf(runId), timeBudgetMs }, run.replaceUnlockedManual);
  if (!read) throw new Error(`load plan ${run.loadPlanId} not found`);
  return read.input;
}

export function stageResult(sql: Sql, runId: string, result: StoredResult): Promise<void> {
  return stageSolution(sql, runId, result);
}

/**
 * One transaction: the plan must still be at the run's expected revision (else the run
 * fails with revision_conflict and nothing is written); then the staged result is stored.
 * A retry after a commit finds the run ended and does nothing.
 */
export function storeRun(sql: Sql, runId: string): Promise<StoreOutcome> {
  return sql.begin(async (tx) => {
    const run = await lockRun(tx, runId);
    if (!run) throw new Error(`calculate run ${runId} not found`);
    if (run.status !== 'running') {
      return run.status === 'completed'
        ? { kind: 'completed', revision: run.revision!, solvedAt: run.solvedAt!.toISOString() }
        : { kind: 'already-ended', status: run.status };
    }
    if (await revisionMoved(tx, run, true)) {
      await endRun(tx, runId, { status: 'failed', failureCode: 'revision_conflict', failureMessage: 'the Load Plan changed during the run' });
      await deleteStagedSolution(tx, runId);
      return { kind: 'revision_conflict' };
    }
    const stored = await storeStagedSolution(tx, run);
    return { kind: 'completed', revision: stored.revision, solvedAt: stored.solvedAt.toISOString() };
  }) as Promise<StoreOutcome>;
}

/** Ends the run as failed, timed out or cancelled, with its event; nothing else is written. */
export async function endRunUnsolved(sql: Sql, runId: string, end: EndState): Promise<void> {
  await sql.begin(async (tx) => {
    await endRun(tx, runId, end);
    await deleteStagedSolution(tx, runId);
  });
}

/** Same run, same seed (FNV-1a of the run id). */
function seedOf(runId: string): number {
  let h = 2166136261;
  for (let i = 0; i < runId.length; i++) h = Math.imul(h ^ runId.charCodeAt(i), 16777619);
  return h >>> 0;
}
