// Starting a queued run's workflow, after the transaction that queued it has committed.
import type { Client } from '@temporalio/client';
import { endRun, type CalculateRun } from '../../db/calculates.ts';
import type { Sql } from '../../db/connect.ts';
import { startCalculateWorkflow } from '../../temporal/client.ts';

/** The solver's improvement budget: a share of the run's time, at most 5 s. */
export function solveTimeBudgetMs(maxDurationSeconds: number): number {
  return Math.min(5_000, maxDurationSeconds * 250);
}

/** A start that fails ends the run `failed` (start_failed) with its event, and throws. */
export async function startRun(client: Client, sql: Sql, taskQueue: string, maxDurationSeconds: number, run: CalculateRun): Promise<void> {
  try {
    await startCalculateWorkflow(client, {
      taskQueue,
      input: { runId: run.id, maxDurationSeconds, solveTimeBudgetMs: solveTimeBudgetMs(maxDurationSeconds) },
      organizationId: run.organizationId,
      loadPlanId: run.loadPlanId,
      source: run.source,
    });
  } catch (err) {
    console.error(`[calculate] could not start the workflow of ${run.id}:`, (err as Error).message);
    await sql.begin((tx) => endRun(tx, run.id, { status: 'failed', failureCode: 'start_failed', failureMessage: (err as Error).message }));
    throw err;
  }
}
