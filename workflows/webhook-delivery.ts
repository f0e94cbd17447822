// One webhook delivery (contract, "Delivery behaviour"): up to 8 attempts, each wait counted
// from the previous failure with deterministic jitter (webhook-schedule.ts), and the
// three-day rule judged on workflow time. The activity does the I/O and the logging.
import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { WebhookDeliveryOptions, WebhookDeliveryResult } from '../temporal/contracts.ts';
import { nextRetry, shouldDisable } from './webhook-schedule.ts';

const { attemptWebhookDelivery, disableFailingWebhookEndpoint } = proxyActivities<Activities>({
  // The attempt itself is bounded at 10 s; the rest is Postgres.
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

export type { WebhookDeliveryOptions, WebhookDeliveryResult };

export async function webhookDeliveryWorkflow(deliveryId: string, options: WebhookDeliveryOptions = {}): Promise<WebhookDeliveryResult> {
  const scale = { scale: options.retryScale ?? 1 };
  const disableScale = { scale: options.disableScale ?? scale.scale };
  for (let attempt = 1; ; attempt++) {
    const result = await attemptWebhookDelivery(deliveryId, attempt);
    if (result.outcome === 'succeeded') return { outcome: 'succeeded', attempts: attempt };
    if (result.outcome !== 'failed') return { outcome: result.outcome, attempts: attempt - 1 };
    if (shouldDisable(result.failingSince, Date.now(), disableScale)) {
      await disableFailingWebhookEndpoint(deliveryId, result.endpointId);
      return { outcome: 'endpoint-disabled', attempts: attempt };
    }
    const next = nextRetry(attempt, deliveryId, scale);
    if (!next) return { outcome: 'failed', attempts: attempt };
    await sleep(next.waitMs);
  }
}
