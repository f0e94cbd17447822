// The hourly sweep (a Temporal Schedule, see temporal/client.ts): dispatches events
// whose deliveries were never created, and starts pending deliveries that may go out now
// (never started, or their organization has API access again).
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { SweepOptions, SweepResult } from '../temporal/contracts.ts';

const { sweepWebhookDeliveries } = proxyActivities<Activities>({ startToCloseTimeout: '10 minutes' });

export async function webhookSweepWorkflow(options: SweepOptions = {}): Promise<SweepResult> {
  return sweepWebhookDeliveries(options);
}
