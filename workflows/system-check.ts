import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { SystemCheckResult } from '../temporal/contracts.ts';

const { databaseHealth } = proxyActivities<Activities>({ startToCloseTimeout: '30 seconds' });

/**
 * Proves the whole path an operator relies on: client -> Temporal -> worker -> Postgres.
 * `loadplan doctor` runs it.
 */
export async function systemCheckWorkflow(): Promise<SystemCheckResult> {
  return databaseHealth();
}
