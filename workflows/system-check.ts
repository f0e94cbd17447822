import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';

const { databaseHealth } = proxyActivities<Activities>({ startToCloseTimeout: '30 seconds' });

/**
 * Proves the whole path an operator relies on: client -> Temporal -> worker -> Postgres.
 * `loadplan doctor` runs it.
 */
export async function systemCheckWorkflow(): Promise<{ databaseTime: string; organizations: number; migrations: number }> {
  return databaseHealth();
}
