// Cancelling a run, for the API and the app's CLI alike.
import type { Client } from '@temporalio/client';
import { endRun, getRun, lockRun, requestCancel, type CalculateRun } from '../../db/calculates.ts';
import type { Db, Sql } from '../../db/connect.ts';
import { signalCancelCalculate } from '../../temporal/client.ts';

/** How long a cancel waits for a running run to reach its terminal state before answering. */
const CANCEL_WAIT_MS = 3_000;

export const isActive = (run: CalculateRun) => run.status === 'queued' || run.status === 'running';

/**
 * A queued run is cancelled at once; a running one is asked to stop (the workflow cancels
 * the solve) and the answer waits briefly for it; a terminal run is returned as it is.
 * Repeating it changes nothing. `client` may be null only for a run that is not active.
 */
export async function cancelRun(sql: Sql, client: Client | null, id: string): Promise<CalculateRun> {
  const before = (await getRun(sql, id))!;
  if (!isActive(before)) return before;
  await sql.begin(async (tx) => {
    const run = await lockRun(tx, id);
    if (run?.status === 'queued') await endRun(tx, id, { status: 'cancelled' });
    else if (run?.status === 'running') await requestCancel(tx, id);
  });
  if (client) await signalCancelCalculate(client, id);
  return waitForEnd(sql, id);
}

async function waitForEnd(db: Db, id: string): Promise<CalculateRun> {
  const until = Date.now() + CANCEL_WAIT_MS;
  for (;;) {
    const run = (await getRun(db, id))!;
    if (!isActive(run) || Date.now() >= until) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
}
