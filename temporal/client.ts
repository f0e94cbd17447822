// Typed starters and signallers: every workflow start, signal and schedule goes through here,
// with the names and inputs of `contracts.ts`.
import {
  ScheduleAlreadyRunning, ScheduleOverlapPolicy, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError,
  type Client,
} from '@temporalio/client';
import { SearchAttributeType, defineSearchAttributeKey } from '@temporalio/common';
import proto from '@temporalio/proto';
import {
  SEARCH_ATTRIBUTES, SIGNAL, WEBHOOK_SWEEP_SCHEDULE_ID, WORKFLOW,
  type CalculateWorkflowInput, type SystemCheckResult, type WebhookDeliveryOptions,
} from './contracts.ts';

type SearchAttributeName = keyof typeof SEARCH_ATTRIBUTES;
const keyword = (name: SearchAttributeName) => defineSearchAttributeKey(name, SearchAttributeType.KEYWORD);

export interface CalculateStart {
  taskQueue: string;
  input: CalculateWorkflowInput;
  organizationId: string;
  loadPlanId: string;
  source: string;
}

/** One workflow per run, the run id as workflow id: a second start of the same run is a no-op. */
export async function startCalculateWorkflow(client: Client, start: CalculateStart): Promise<void> {
  try {
    await client.workflow.start(WORKFLOW.calculate, {
      workflowId: start.input.runId,
      taskQueue: start.taskQueue,
      args: [start.input],
      typedSearchAttributes: [
        { key: keyword('LoadPlanOrganizationId'), value: start.organizationId },
        { key: keyword('LoadPlanId'), value: start.loadPlanId },
        { key: keyword('CalculateSource'), value: start.source },
      ],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/** Asks a running Calculate to stop; a workflow that already ended is fine. */
export async function signalCancelCalculate(client: Client, runId: string): Promise<void> {
  try {
    await client.workflow.getHandle(runId).signal(SIGNAL.cancelCalculate);
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}

export interface DeliveryStart {
  taskQueue: string;
  deliveryId: string;
  options: WebhookDeliveryOptions;
  /** A redelivery replaces a run still waiting between retries; a dispatch keeps it. */
  replaceRunning: boolean;
}

/** The delivery id is the workflow id (and the webhook-id), so a start is never doubled. */
export async function startWebhookDelivery(client: Client, start: DeliveryStart): Promise<void> {
  try {
    await client.workflow.start(WORKFLOW.webhookDelivery, {
      workflowId: start.deliveryId,
      taskQueue: start.taskQueue,
      args: [start.deliveryId, start.options],
      workflowIdConflictPolicy: start.replaceRunning ? 'TERMINATE_EXISTING' : 'USE_EXISTING',
      // A paused delivery (no API access) ends its workflow; resuming starts the same id again.
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/** Client -> Temporal -> worker -> Postgres, end to end (`loadplan doctor`). */
export function runSystemCheck(client: Client, taskQueue: string): Promise<SystemCheckResult> {
  return client.workflow.execute(WORKFLOW.systemCheck, {
    taskQueue,
    workflowId: `system-check-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    workflowExecutionTimeout: '30 seconds',
    args: [],
  });
}

/**
 * Registers the hourly webhook sweep as a Temporal Schedule. Idempotent: every worker start
 * calls it; an existing schedule is kept (and pointed at this task queue if it differs).
 */
export async function ensureWebhookSweepSchedule(client: Client, taskQueue: string, every = '1 hour'): Promise<'created' | 'kept' | 'updated'> {
  const action = { type: 'startWorkflow' as const, workflowType: WORKFLOW.webhookSweep, workflowId: WEBHOOK_SWEEP_SCHEDULE_ID, taskQueue, args: [] };
  try {
    await client.schedule.create({
      scheduleId: WEBHOOK_SWEEP_SCHEDULE_ID,
      spec: { intervals: [{ every }] },
      action,
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
    });
    return 'created';
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
  const handle = client.schedule.getHandle(WEBHOOK_SWEEP_SCHEDULE_ID);
  const current = await handle.describe();
  if (current.action.type === 'startWorkflow' && current.action.taskQueue === taskQueue) return 'kept';
  await handle.update((previous) => ({ ...previous, action }));
  return 'updated';
}

/** Registers the Calculate search attributes on a real server (the dev server gets them at start). */
export async function ensureSearchAttributes(client: Client): Promise<void> {
  const { operatorService } = client.connection;
  const namespace = client.options.namespace;
  const existing = await operatorService.listSearchAttributes({ namespace });
  const missing = Object.keys(SEARCH_ATTRIBUTES).filter((name) => !(name in (existing.customAttributes ?? {})));
  if (missing.length === 0) return;
  await operatorService.addSearchAttributes({
    namespace,
    searchAttributes: Object.fromEntries(missing.map((name) => [name, proto.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD])),
  });
}
