// The webhook event types of the contract ("Events"); the API's document and the rules share them.
export const WEBHOOK_EVENT_TYPES = ['calculate.completed', 'calculate.failed', 'calculate.cancelled', 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The calculate events an endpoint can choose; `webhook.test` always reaches its own endpoint. */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((t) => t !== 'webhook.test');
