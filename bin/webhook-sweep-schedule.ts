// Registers the hourly webhook sweep as a Temporal Schedule. Idempotent: every worker start
// calls it; an existing schedule is kept (and pointed at this task queue if it differs).
import { Client, Connection, ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';

export const WEBHOOK_SWEEP_SCHEDULE_ID = 'loadplan-webhook-sweep';

export interface SweepScheduleOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  /** Default one hour. */
  every?: string;
}

export async function ensureWebhookSweepSchedule(options: SweepScheduleOptions): Promise<'created' | 'kept' | 'updated'> {
  const connection = await Connection.connect({ address: options.address });
  try {
    const client = new Client({ connection, namespace: options.namespace });
    const action = {
      type: 'startWorkflow' as const,
      workflowType: 'webhookSweepWorkflow',
      workflowId: WEBHOOK_SWEEP_SCHEDULE_ID,
      taskQueue: options.taskQueue,
      args: [],
    };
    try {
      await client.schedule.create({
        scheduleId: WEBHOOK_SWEEP_SCHEDULE_ID,
        spec: { intervals: [{ every: options.every ?? '1 hour' }] },
        action,
        policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
      });
      return 'created';
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    }
    const handle = client.schedule.getHandle(WEBHOOK_SWEEP_SCHEDULE_ID);
    const current = await handle.describe();
    if (current.action.type === 'startWorkflow' && current.action.taskQueue === options.taskQueue) return 'kept';
    await handle.update((previous) => ({ ...previous, action }));
    return 'updated';
  } finally {
    await connection.close();
  }
}
