// `loadplan webhook …`: what the app's Settings → Webhooks page does, for operators.
import type { Sql } from '../../db/connect.ts';
import { deleteEndpoint, deliveryLog, disableEndpoint, enableEndpoint, getEndpoint, listEndpoints, listOutbox, type WebhookEndpoint } from '../../db/webhooks.ts';
import { WebhookError, createTestEvent, registerEndpoint, rotateEndpointSecret } from '../../services/webhooks/endpoints.ts';
import { dispatchEvent, redeliver, retryScaleFromEnv, sweepDeliveries, type DeliveryStarter } from '../../services/webhooks/dispatch.ts';
import { withTemporal } from '../../temporal/connection.ts';
import { UsageError, print, required } from './output.ts';

type Flags = Record<string, string | boolean | undefined>;

export interface TemporalTarget {
  address: string;
  namespace: string;
  taskQueue: string;
}

export const WEBHOOK_HELP = `  webhook register --member ID --url https://… --events calculate.completed,calculate.failed,calculate.cancelled
  webhook list --org ID
  webhook disable|enable|delete|rotate-secret|test --endpoint ID
  webhook log --endpoint ID       last 30 days: last attempt and attempt count per delivery
  webhook redeliver --delivery ID same webhook-id, fresh attempts
  webhook outbox --org ID         e-mails kept for the organization (sent ones are marked)
  webhook sweep [--org ID]        run the hourly sweep now (e.g. right after API access returns)`;

function endpointLine(e: WebhookEndpoint): string {
  const state = e.enabled ? `enabled since ${e.enabledAt.toISOString()}` : `disabled (${e.disabledReason ?? 'no reason'})`;
  const failing = e.failingSince ? `, failing since ${e.failingSince.toISOString()}` : '';
  return `${e.id}  ${e.url}  [${e.eventTypes.join(', ')}]  ${state}${failing}`;
}

/** Sends an organization's waiting deliveries now (the hourly sweep would too). */
export async function sweepOrganization(sql: Sql, target: TemporalTarget, organizationId: string) {
  return withStarter(target, (starter) => sweepDeliveries(sql, starter, { organizationId }));
}

function withStarter<T>(target: TemporalTarget, run: (starter: DeliveryStarter) => Promise<T>): Promise<T> {
  return withTemporal({ ...target, connectTimeoutMs: 5000 }, (client) => run({ client, taskQueue: target.taskQueue, retryScale: retryScaleFromEnv() }));
}

async function existing<T>(value: Promise<T | null | false>, what: string): Promise<T> {
  const found = await value;
  if (!found) throw new UsageError(`no ${what}`);
  return found;
}

export async function webhookCommand(sql: Sql, action: string | undefined, flags: Flags, json: boolean, target: TemporalTarget): Promise<void> {
  try {
    await run(sql, action, flags, json, target);
  } catch (err) {
    // A refused URL, a wrong role or plan: the operator's input, so a usage error (exit 2).
    if (err instanceof WebhookError) throw new UsageError(`${err.message} (${err.code})`);
    throw err;
  }
}

async function run(sql: Sql, action: string | undefined, flags: Flags, json: boolean, target: TemporalTarget): Promise<void> {
  const endpointId = () => required(flags, 'endpoint');
  if (action === 'register') {
    const events = required(flags, 'events').split(',');
    const { endpoint, secret } = await registerEndpoint(sql, { memberId: required(flags, 'member'), url: required(flags, 'url'), eventTypes: events });
    return print(json, { ...endpoint, secret }, `registered ${endpointLine(endpoint)}\nsigning secret (shown once): ${secret}`);
  }
  if (action === 'list') {
    const endpoints = await listEndpoints(sql, required(flags, 'org'));
    return print(json, endpoints, endpoints.map(endpointLine).join('\n') || '(no endpoints)');
  }
  if (action === 'disable') {
    const id = endpointId();
    await existing(getEndpoint(sql, id), `endpoint ${id}`);
    const endpoint = (await disableEndpoint(sql, id)) ?? (await getEndpoint(sql, id))!;
    return print(json, endpoint, `disabled ${endpoint.id}`);
  }
  if (action === 'enable') {
    const endpoint = await existing(enableEndpoint(sql, endpointId()), `endpoint ${flags.endpoint}`);
    return print(json, endpoint, `enabled ${endpoint.id}: it receives events of Calculates that end from now on`);
  }
  if (action === 'delete') {
    const id = endpointId();
    await existing(deleteEndpoint(sql, id), `endpoint ${id}`);
    return print(json, { id, deleted: true }, `deleted ${id} and its delivery log`);
  }
  if (action === 'rotate-secret') {
    const { endpoint, secret } = await existing(rotateEndpointSecret(sql, endpointId()), `endpoint ${flags.endpoint}`);
    return print(
      json,
      { ...endpoint, secret },
      `rotated the secret of ${endpoint.id}; the previous one keeps signing until ${endpoint.previousSecretUntil?.toISOString()}\nsigning secret (shown once): ${secret}`,
    );
  }
  if (action === 'test') {
    const eventId = await createTestEvent(sql, endpointId());
    const result = await withStarter(target, (starter) => dispatchEvent(sql, starter, eventId));
    const [delivery] = await sql`select id from webhook_deliveries where event_id = ${eventId}`;
    const state = result.started > 0 ? 'started' : 'pending (the organization has no API access)';
    return print(json, { eventId, deliveryId: delivery?.id ?? null, ...result }, `webhook.test ${eventId}: delivery ${delivery?.id} ${state}`);
  }
  if (action === 'log') {
    const log = await deliveryLog(sql, endpointId());
    const line = (d: (typeof log)[number]) =>
      `${d.id}  ${d.eventType.padEnd(19)} ${d.status.padEnd(10)} attempts ${d.attemptCount}  last ${d.lastAttemptAt?.toISOString() ?? '-'}  ${d.lastStatusCode ?? ''} ${d.lastFailure ?? ''}`.trimEnd();
    return print(json, log, log.map(line).join('\n') || '(no deliveries in the last 30 days)');
  }
  if (action === 'redeliver') {
    const id = required(flags, 'delivery');
    const done = await withStarter(target, (starter) => redeliver(sql, starter, id));
    if (!done) throw new UsageError(`no delivery ${id}`);
    return print(json, { deliveryId: id, redelivered: true }, `redelivering ${id} (same webhook-id)`);
  }
  if (action === 'outbox') {
    const mails = await listOutbox(sql, required(flags, 'org'));
    return print(
      json,
      mails,
      mails.map((m) => `#${m.id} ${m.createdAt.toISOString()} to ${m.to} ${m.sentAt ? '(sent)' : '(not sent)'}\n  ${m.subject}\n  ${m.body.replace(/\n/g, '\n  ')}`).join('\n') || '(outbox empty)',
    );
  }
  if (action === 'sweep') {
    const organizationId = typeof flags.org === 'string' ? flags.org : undefined;
    const result = await withStarter(target, (starter) => sweepDeliveries(sql, starter, { organizationId }));
    return print(json, result, `sweep: ${result.eventsDispatched} events dispatched, ${result.started} deliveries started`);
  }
  throw new UsageError('webhook: register | list | disable | enable | delete | rotate-secret | test | log | redeliver | outbox | sweep');
}
