// The Calculate workflow's activities: the Temporal context (heartbeats, cancellation) and
// one use-case call each (services/calculates/lifecycle.ts); the solve runs in a thread.
import { Context } from '@temporalio/activity';
import { updateProgress, type EndState } from '../../db/calculates.ts';
import type { Sql } from '../../db/connect.ts';
import { beginRun, endRunUnsolved, solveInputOf, stageResult, storeRun, type BeginOutcome, type StoreOutcome } from '../../services/calculates/lifecycle.ts';
import type { SolveProgress } from '../../solver/types.ts';
import { runSolverThread } from './run-solver.ts';

/** How often progress is written to the run row at most. */
const PROGRESS_WRITE_MS = 500;

export type { BeginOutcome };

export function calculateActivities(sql: Sql) {
  return {
    /** queued -> running, unless the run was cancelled meanwhile or its plan moved on. */
    async calculateBegin(runId: string): Promise<BeginOutcome> {
      return beginRun(sql, runId);
    },

    /** Solves in a worker thread and stages the result; cancellation terminates the thread. */
    async calculateSolve(runId: string, timeBudgetMs: number): Promise<{ placements: number }> {
      const input = await solveInputOf(sql, runId, timeBudgetMs);
      if (input === 'staged') return { placements: -1 }; // solved by an earlier attempt
      const ctx = Context.current();
      const progress = progressWriter(sql, runId, ctx);
      const beat = setInterval(() => ctx.heartbeat(progress.last()), 1000);
      try {
        const result = await runSolverThread(input, progress.report, ctx.cancellationSignal);
        await progress.flush();
        const { stats: _stats, ...stored } = result;
        await stageResult(sql, runId, stored);
        return { placements: result.placements.length };
      } finally {
        clearInterval(beat);
      }
    },

    async calculateStore(runId: string): Promise<StoreOutcome> {
      return storeRun(sql, runId);
    },

    /** Ends the run as failed, timed out or cancelled, with its event; nothing else is written. */
    async calculateEnd(runId: string, end: EndState): Promise<void> {
      await endRunUnsolved(sql, runId, end);
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
