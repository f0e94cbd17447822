// The Calculate workflow's activities: begin the run, solve (in a thread, heartbeating
// progress), store the result, or end the run without one.
import { Context } from '@temporalio/activity';
import { endRun, lockRun, markRunRunning, updateProgress, getRun, type EndState } from '../../db/calculates.ts';
import type { Sql } from '../../db/connect.ts';
import { hasStagedSolution, stageSolution, storeSolution, type StoreOutcome } from '../../db/results.ts';
import { readSolveInput } from '../../db/solver-input.ts';
import type { SolveProgress } from '../../solver/types.ts';
import { runSolverThread } from './run-solver.ts';

/** How often progress is written to the run row at most. */
const PROGRESS_WRITE_MS = 500;

/** 'running', or the terminal status the run ended in without solving. */
export type BeginOutcome = 'running' | 'failed' | 'cancelled' | 'completed' | 'timed_out';

export function calculateActivities(sql: Sql) {
  return {
    /** queued -> running, unless the run was cancelled meanwhile or its plan moved on. */
    async calculateBegin(runId: string): Promise<BeginOutcome> {
      return sql.begin(async (tx) => {
        const run = await lockRun(tx, runId);
        if (!run) throw new Error(`calculate run ${runId} not found`);
        if (run.status === 'running') return 'running'; // a retry after the first attempt committed
        if (run.status !== 'queued') return run.status;
        if (run.cancelRequested) {
          await endRun(tx, runId, { status: 'cancelled' });
          return 'cancelled';
        }
        const [plan] = await tx`select revision from load_plans where id = ${run.loadPlanId}`;
        if (!plan || plan.revision !== run.expectedRevision) {
          await endRun(tx, runId, {
            status: 'failed', failureCode: 'revision_conflict',
            failureMessage: `the Load Plan is at revision ${plan?.revision}, the run expected ${run.expectedRevision}`,
          });
          return 'failed';
        }
        await markRunRunning(tx, runId);
        return 'running';
      }) as Promise<BeginOutcome>;
    },

    /** Solves in a worker thread and stages the result; cancellation terminates the thread. */
    async calculateSolve(runId: string, timeBudgetMs: number): Promise<{ placements: number }> {
      if (await hasStagedSolution(sql, runId)) return { placements: -1 }; // solved by an earlier attempt
      const run = await getRun(sql, runId);
      if (!run) throw new Error(`calculate run ${runId} not found`);
      const read = await readSolveInput(sql, run.loadPlanId, { seed: seedOf(runId), timeBudgetMs }, run.replaceUnlockedManual);
      if (!read) throw new Error(`load plan ${run.loadPlanId} not found`);
      const ctx = Context.current();
      const progress = progressWriter(sql, runId, ctx);
      const beat = setInterval(() => ctx.heartbeat(progress.last()), 1000);
      try {
        const result = await runSolverThread(read.input, progress.report, ctx.cancellationSignal);
        await progress.flush();
        const { stats: _stats, ...stored } = result;
        await stageSolution(sql, runId, stored);
        return { placements: result.placements.length };
      } finally {
        clearInterval(beat);
      }
    },

    async calculateStore(runId: string): Promise<StoreOutcome> {
      return storeSolution(sql, runId);
    },

    /** Ends the run as failed, timed out or cancelled, with its event; nothing else is written. */
    async calculateEnd(runId: string, end: EndState): Promise<void> {
      await sql.begin(async (tx) => {
        await endRun(tx, runId, end);
        await tx`delete from calculate_solutions where calculate_id = ${runId}`;
      });
    },
  };
}

/** Heartbeats every progress report; writes it to the run row at most every 500 ms. */
function progressWriter(sql: Sql, runId: string, ctx: Context) {
  let last: SolveProgress | undefined;
  let writtenAt = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = (p: SolveProgress) => {
    writtenAt = Date.now();
    writing = writing
      .then(() => updateProgress(sql, runId, p.phase, p.processedItems, p.totalItems))
      .catch((err) => console.warn(`[calculate] progress of ${runId} not written: ${(err as Error).message}`));
  };
  return {
    last: () => last,
    report: (p: SolveProgress) => {
      last = p;
      ctx.heartbeat(p);
      if (Date.now() - writtenAt >= PROGRESS_WRITE_MS) write(p);
    },
    flush: async () => {
      if (last) write(last);
      await writing;
    },
  };
}

/** Same run, same seed: a retried attempt computes the same plan. */
function seedOf(runId: string): number {
  let h = 2166136261;
  for (let i = 0; i < runId.length; i++) h = Math.imul(h ^ runId.charCodeAt(i), 16777619);
  return h >>> 0;
}
