import { z } from './zod.ts';
import { Id, Timestamp } from './common.ts';

import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../services/webhooks/event-types.ts';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

export const CalculateEventData = z.object({
  calculateId: Id,
  loadPlanId: Id,
  projectId: Id,
  revision: z.number().int().openapi({ description: 'completed: the revision stored; otherwise the revision the run started from' }),
  source: z.enum(['api', 'app']),
  failureCode: z.string().nullable(),
});

export function eventBody(type: WebhookEventType) {
  const data = type === 'webhook.test' ? z.object({ endpointId: Id, message: z.string() }) : CalculateEventData;
  return z.object({ id: Id.openapi({ description: 'identical on every retry' }), type: z.literal(type), createdAt: Timestamp, data });
}

export const WEBHOOK_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'calculate.completed': 'A run reached `completed` and stored its Load Plan.',
  'calculate.failed': 'A run failed or timed out; `data.failureCode` says which (`timed_out` for a time-out).',
  'calculate.cancelled': 'A run was cancelled, by the API or a planner in the app.',
  'webhook.test': 'A test event sent from the endpoint; same signing and delivery path.',
};
