// One attempt of a webhook delivery, and the three-day rule's action. The delivery workflow
// owns the retry schedule; this does the I/O of one attempt.
import { readFileSync } from 'node:fs';
import type { Sql } from '../../db/connect.ts';
import { disableFailingEndpoint, failDeliveryWithoutAttempt, loadDeliveryContext, pauseDelivery, recordAttempt } from '../../db/webhooks.ts';
import { MAX_DELIVERY_ATTEMPTS } from '../../temporal/contracts.ts';
import { deliverWebhook, type DeliverOptions, type DeliveryFailure } from './deliver.ts';
import { signingSecrets } from './endpoints.ts';
import { eventBodyJson } from './event-body.ts';
import { endpointDisabledMail, mailOwnersAndAdmins } from './mailer.ts';
import { allowLoopbackFromEnv } from './url-policy.ts';

/**
 * What one attempt came to. `succeeded` / `failed`: a request was made (or refused by the URL
 * policy). `paused`: the organization has no API access; nothing was sent and the delivery is
 * pending again. `skipped`: the delivery is gone, already done, or its endpoint is disabled.
 */
export type AttemptOutcome =
  | { outcome: 'succeeded'; statusCode: number | null; endpointId: string }
  | { outcome: 'failed'; failure: DeliveryFailure; statusCode: number | null; endpointId: string; failingSince: string | null }
  | { outcome: 'paused' | 'skipped'; reason: string };

const caCache = new Map<string, string>();

/** Delivery options from the environment: loopback for development/tests, an extra CA file. */
function deliverOptions(env: NodeJS.ProcessEnv = process.env): DeliverOptions {
  const caFile = env.WEBHOOK_EXTRA_CA_FILE;
  if (caFile && !caCache.has(caFile)) caCache.set(caFile, readFileSync(caFile, 'utf8'));
  return { allowLoopback: allowLoopbackFromEnv(env), env, ...(caFile ? { extraCaCerts: [caCache.get(caFile)!] } : {}) };
}

/** One attempt of a delivery: re-checks API access and the URL policy, signs, sends and logs. */
export async function attemptDelivery(sql: Sql, deliveryId: string, attempt: number): Promise<AttemptOutcome> {
  const now = new Date();
  const ctx = await loadDeliveryContext(sql, deliveryId);
  if (!ctx) return { outcome: 'skipped', reason: 'delivery_deleted' };
  if (ctx.status === 'succeeded' || ctx.status === 'failed') return { outcome: 'skipped', reason: `already_${ctx.status}` };
  if (!ctx.apiAccess) {
    await pauseDelivery(sql, deliveryId);
    return { outcome: 'paused', reason: 'no_api_access' };
  }
  if (!ctx.endpointEnabled) {
    await failDeliveryWithoutAttempt(sql, deliveryId, 'endpoint-disabled');
    return { outcome: 'skipped', reason: 'endpoint_disabled' };
  }

  const result = await deliverWebhook(
    { url: ctx.url, msgId: deliveryId, timestampSeconds: Math.floor(now.getTime() / 1000), rawBody: eventBodyJson(ctx.payload), secrets: signingSecrets(ctx.sealedSecrets, now) },
    deliverOptions(),
  );
  const failure = result.ok ? null : `${result.failure}${result.detail ? `: ${result.detail}` : ''}`;
  const failingSince = await recordAttempt(sql, deliveryId, ctx.endpointId, {
    ok: result.ok,
    final: attempt >= MAX_DELIVERY_ATTEMPTS,
    statusCode: result.status,
    failure,
    snippet: result.responseSnippet,
  });
  if (result.ok) return { outcome: 'succeeded', statusCode: result.status, endpointId: ctx.endpointId };
  return { outcome: 'failed', failure: result.failure!, statusCode: result.status, endpointId: ctx.endpointId, failingSince: failingSince?.toISOString() ?? null };
}

/** The three-day rule's action: disable (if still failing), e-mail owners and admins, fail the delivery. */
export async function disableFailingWebhookEndpoint(sql: Sql, deliveryId: string, endpointId: string): Promise<boolean> {
  const endpoint = await disableFailingEndpoint(sql, endpointId);
  await failDeliveryWithoutAttempt(sql, deliveryId, 'endpoint-disabled');
  if (!endpoint) return false;
  await mailOwnersAndAdmins(sql, endpoint.organizationId, endpointDisabledMail(endpoint));
  return true;
}

