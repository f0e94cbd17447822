// The webhook activities the worker runs: the Temporal context and one use-case call each.
import { Context } from '@temporalio/activity';
import type { Sql } from '../db/connect.ts';
import { attemptDelivery, disableFailingWebhookEndpoint, type AttemptOutcome } from '../services/webhooks/attempt.ts';
import { dispatchCalculateEvent, retryScaleFromEnv, sweepDeliveries, type DeliveryStarter, type DispatchResult } from '../services/webhooks/dispatch.ts';
import type { SweepOptions, SweepResult } from '../temporal/contracts.ts';

/** Deliveries are started through the worker's own client, on the worker's task queue. */
function starterFromContext(): DeliveryStarter {
  const ctx = Context.current();
  return { client: ctx.client, taskQueue: ctx.info.taskQueue, retryScale: retryScaleFromEnv() };
}

export function webhookActivities(sql: Sql) {
  return {
    /** Sends the event a Calculate run ended with (the hourly sweep catches any it misses). */
    async dispatchCalculateEvent(calculateId: string): Promise<DispatchResult | null> {
      return dispatchCalculateEvent(sql, starterFromContext(), calculateId);
    },
    async attemptWebhookDelivery(deliveryId: string, attempt: number): Promise<AttemptOutcome> {
      return attemptDelivery(sql, deliveryId, attempt);
    },
    async disableFailingWebhookEndpoint(deliveryId: string, endpointId: string): Promise<boolean> {
      return disableFailingWebhookEndpoint(sql, deliveryId, endpointId);
    },
    async sweepWebhookDeliveries(options: SweepOptions = {}): Promise<SweepResult> {
      return sweepDeliveries(sql, starterFromContext(), options);
    },
  };
}
