// Webhook endpoints, events, deliveries and the e-mail outbox (contract, "Events"; decisions.md).
// Signing secrets arrive and leave sealed (services/webhooks/secret-box.ts): SQL never sees
// a plain secret.
import type { Db } from './connect.ts';
import { newId } from './ids.ts';
import { getMember, getOrganization, hasApiAccess, isOwnerOrAdmin } from './organizations.ts';

export const DELIVERY_LOG_DAYS = 30;

export interface WebhookEndpoint {
  id: string;
  organizationId: string;
  url: string;
  eventTypes: string[];
  enabled: boolean;
  enabledAt: Date;
  disabledReason: string | null;
  failingSince: Date | null;
  previousSecretUntil: Date | null;
  createdByMemberId: string | null;
  createdAt: Date;
}

export type DeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed';

export interface DeliveryLogEntry {
  id: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attemptCount: number;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastFailure: string | null;
  lastResponseSnippet: string | null;
  createdAt: Date;
}

// ---------------------------------------------------------------- endpoints

/** A new endpoint row; the rules (who, which plan, which events, which URL) are checked before. */
export async function insertEndpoint(
  db: Db,
  row: { id: string; organizationId: string; url: string; eventTypes: string[]; secretCiphertext: string; createdByMemberId: string },
): Promise<WebhookEndpoint> {
  const [inserted] = await db`
    insert into webhook_endpoints (id, organization_id, url, event_types, secret_ciphertext, created_by_member_id)
    values (${row.id}, ${row.organizationId}, ${row.url}, ${row.eventTypes}, ${row.secretCiphertext}, ${row.createdByMemberId})
    returning *`;
  return toEndpoint(inserted);
}

export async function getEndpoint(db: Db, id: string): Promise<WebhookEndpoint | null> {
  const [row] = await db`select * from webhook_endpoints where id = ${id}`;
  return row ? toEndpoint(row) : null;
}

export async function listEndpoints(db: Db, organizationId: string): Promise<WebhookEndpoint[]> {
  const rows = await db`select * from webhook_endpoints where organization_id = ${organizationId} order by id`;
  return rows.map(toEndpoint);
}

/** Disables an enabled endpoint; null when there is none (or it is already disabled). */
export async function disableEndpoint(db: Db, id: string, reason = 'disabled by an operator'): Promise<WebhookEndpoint | null> {
  const [row] = await db`
    update webhook_endpoints set enabled = false, disabled_reason = ${reason}
    where id = ${id} and enabled returning *`;
  return row ? toEndpoint(row) : null;
}

/** Enables an endpoint from now on: events that ended earlier are not sent to it. */
/**
 * The three-day rule's action: disables the endpoint only if it is still enabled and still
 * failing (a 2xx in between clears failing_since). Null when nothing changed.
 */
export async function disableFailingEndpoint(db: Db, id: string): Promise<WebhookEndpoint | null> {
  const [row] = await db`
    update webhook_endpoints set enabled = false, disabled_reason = 'failing for three days'
    where id = ${id} and enabled and failing_since is not null returning *`;
  return row ? toEndpoint(row) : null;
}

export async function enableEndpoint(db: Db, id: string): Promise<WebhookEndpoint | null> {
  const [row] = await db`
    update webhook_endpoints set enabled = true, enabled_at = now(), disabled_reason = null, failing_since = null
    where id = ${id} returning *`;
  return row ? toEndpoint(row) : null;
}

export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const rows = await db`delete from webhook_endpoints where id = ${id} returning id`;
  return rows.length > 0;
}

/** The sealed secrets of an endpoint: the current one, and the previous one until its overlap ends. */
export interface SealedSecrets {
  id: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_until: Date | null;
}

/** The new sealed secret becomes current; the current one keeps signing for `overlapMs` beside it. */
export async function rotateSecretCiphertext(db: Db, id: string, secretCiphertext: string, overlapMs: number): Promise<WebhookEndpoint | null> {
  const [row] = await db`
    update webhook_endpoints set
      previous_secret_ciphertext = secret_ciphertext,
      previous_secret_until = now() + ${overlapMs / 1000} * interval '1 second',
      secret_ciphertext = ${secretCiphertext}
    where id = ${id} returning *`;
  return row ? toEndpoint(row) : null;
}

// ---------------------------------------------------------------- events and deliveries

/** A `webhook.test` event row for one endpoint (its body is built by the use case). */
export async function insertTestEvent(db: Db, event: { id: string; organizationId: string; endpointId: string; payload: unknown; createdAt: Date }): Promise<void> {
  await db`
    insert into webhook_events (id, organization_id, type, payload, endpoint_id, created_at)
    values (${event.id}, ${event.organizationId}, 'webhook.test', ${db.json(event.payload as never)}, ${event.endpointId}, ${event.createdAt})`;
}

/**
 * Creates the event's delivery rows (idempotent) and marks it dispatched: one per enabled
 * endpoint of its organization that chose its type and was enabled at or before the event
 * (a `webhook.test` goes to its own endpoint only). Returns every delivery id of the event.
 */
/** The one event a Calculate run ended with; null while the run has not ended. */
export async function eventOfCalculate(db: Db, calculateId: string): Promise<string | null> {
  const [row] = await db`select id from webhook_events where calculate_id = ${calculateId}`;
  return row?.id ?? null;
}

export async function createDeliveries(db: Db, eventId: string): Promise<string[]> {
  const endpoints = await db`
    select p.id from webhook_events e
    join webhook_endpoints p on p.organization_id = e.organization_id
    where e.id = ${eventId} and p.enabled and p.enabled_at <= e.created_at
      and case when e.endpoint_id is null then e.type = any(p.event_types) else p.id = e.endpoint_id end`;
  const endpointIds = endpoints.map((r) => r.id as string);
  const deliveryIds = endpointIds.map(() => newId('msg'));
  // One statement: the rows (idempotent) and the dispatched mark land together.
  const rows = await db`
    with inserted as (
      insert into webhook_deliveries (id, event_id, endpoint_id, status)
      select d.id, ${eventId}, d.endpoint_id, 'pending'
      from unnest(${deliveryIds}::text[], ${endpointIds}::text[]) as d(id, endpoint_id)
      on conflict (event_id, endpoint_id) do nothing
      returning id
    ), marked as (
      update webhook_events set dispatched_at = now() where id = ${eventId} and dispatched_at is null returning id
    )
    select id from webhook_deliveries where event_id = ${eventId}
    union select id from inserted
    order by id`;
  return rows.map((r) => r.id as string);
}

/** Events whose delivery rows were never made (the process stopped in between), oldest first. */
export async function undispatchedEvents(db: Db, input: { olderThanSeconds: number; limit: number; organizationId?: string }): Promise<string[]> {
  const org = input.organizationId ?? null;
  const rows = await db`
    select id from webhook_events
    where dispatched_at is null and created_at <= now() - ${input.olderThanSeconds} * interval '1 second'
      and (${org}::text is null or organization_id = ${org})
    order by created_at limit ${input.limit}`;
  return rows.map((r) => r.id as string);
}

/**
 * Pending deliveries that may start now: their organization has API access, and no start was
 * requested (or the requested one never ran its first attempt within `staleStartSeconds`).
 */
export async function startableDeliveries(
  db: Db,
  input: { eventId?: string; organizationId?: string; staleStartSeconds: number; limit: number },
): Promise<string[]> {
  const org = input.organizationId ?? null;
  const rows = await db`
    select d.id from webhook_deliveries d
    join webhook_endpoints p on p.id = d.endpoint_id
    join organizations o on o.id = p.organization_id
    where d.status = 'pending'
      and (${input.eventId ?? null}::text is null or d.event_id = ${input.eventId ?? null})
      and (d.started_at is null or d.started_at <= now() - ${input.staleStartSeconds} * interval '1 second')
      and o.plan = 'enterprise' and o.api_access
      and (${org}::text is null or o.id = ${org})
    order by d.created_at limit ${input.limit}`;
  return rows.map((r) => r.id as string);
}

/** Records that a workflow start was requested for a pending delivery. */
export async function markDeliveryStarted(db: Db, deliveryId: string): Promise<void> {
  await db`update webhook_deliveries set started_at = now() where id = ${deliveryId} and status = 'pending'`;
}

/** Everything one attempt needs, in one read. */
export interface DeliveryContext {
  deliveryId: string;
  status: DeliveryStatus;
  endpointId: string;
  organizationId: string;
  url: string;
  endpointEnabled: boolean;
  apiAccess: boolean;
  payload: unknown;
  sealedSecrets: SealedSecrets;
}

export async function loadDeliveryContext(db: Db, deliveryId: string): Promise<DeliveryContext | null> {
  const [row] = await db`
    select d.id as delivery_id, d.status, e.payload, p.id, p.organization_id, p.url, p.enabled,
           p.secret_ciphertext, p.previous_secret_ciphertext, p.previous_secret_until, o.plan, o.api_access
    from webhook_deliveries d
    join webhook_events e on e.id = d.event_id
    join webhook_endpoints p on p.id = d.endpoint_id
    join organizations o on o.id = p.organization_id
    where d.id = ${deliveryId}`;
  if (!row) return null;
  return {
    deliveryId: row.delivery_id,
    status: row.status,
    endpointId: row.id,
    organizationId: row.organization_id,
    url: row.url,
    endpointEnabled: row.enabled,
    apiAccess: hasApiAccess({ plan: row.plan, apiAccess: row.api_access }),
    payload: row.payload,
    sealedSecrets: {
      id: row.id,
      secret_ciphertext: row.secret_ciphertext,
      previous_secret_ciphertext: row.previous_secret_ciphertext,
      previous_secret_until: row.previous_secret_until,
    },
  };
}

/** Back to pending, ready to start again when API access returns. */
export async function pauseDelivery(db: Db, deliveryId: string): Promise<void> {
  await db`update webhook_deliveries set status = 'pending', started_at = null where id = ${deliveryId}`;
}

export async function failDeliveryWithoutAttempt(db: Db, deliveryId: string, reason: string): Promise<void> {
  await db`update webhook_deliveries set status = 'failed', last_failure = ${reason} where id = ${deliveryId}`;
}

export interface AttemptRecord {
  ok: boolean;
  final: boolean;
  statusCode: number | null;
  failure: string | null;
  snippet: string;
}

/**
 * Logs one attempt on the delivery and updates the endpoint's failure run: a 2xx clears
 * failing_since, a failure sets it if unset. Returns the endpoint's failing_since afterwards.
 */
export async function recordAttempt(db: Db, deliveryId: string, endpointId: string, a: AttemptRecord): Promise<Date | null> {
  const status: DeliveryStatus = a.ok ? 'succeeded' : a.final ? 'failed' : 'delivering';
  await db`
    update webhook_deliveries set
      status = ${status}, attempt_count = attempt_count + 1, last_attempt_at = now(),
      last_status_code = ${a.statusCode}, last_failure = ${a.failure}, last_response_snippet = ${a.snippet}
    where id = ${deliveryId}`;
  const [row] = a.ok
    ? await db`update webhook_endpoints set failing_since = null where id = ${endpointId} returning failing_since`
    : await db`update webhook_endpoints set failing_since = coalesce(failing_since, now()) where id = ${endpointId} returning failing_since`;
  return row ? (row.failing_since as Date | null) : null;
}

/** Redelivery: the same delivery (same webhook-id) goes out again with a fresh set of attempts. */
export async function resetForRedelivery(db: Db, deliveryId: string): Promise<boolean> {
  const rows = await db`
    update webhook_deliveries set status = 'pending', started_at = now() where id = ${deliveryId} returning id`;
  return rows.length > 0;
}

/** Last 30 days of an endpoint's deliveries, newest first: last attempt and attempt count each. */
export async function deliveryLog(db: Db, endpointId: string, limit = 100): Promise<DeliveryLogEntry[]> {
  const rows = await db`
    select d.*, e.type as event_type from webhook_deliveries d join webhook_events e on e.id = d.event_id
    where d.endpoint_id = ${endpointId}
      and coalesce(d.last_attempt_at, d.created_at) > now() - ${DELIVERY_LOG_DAYS} * interval '1 day'
    order by d.created_at desc, d.id desc limit ${limit}`;
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    eventType: r.event_type,
    status: r.status,
    attemptCount: r.attempt_count,
    lastAttemptAt: r.last_attempt_at,
    lastStatusCode: r.last_status_code,
    lastFailure: r.last_failure,
    lastResponseSnippet: r.last_response_snippet,
    createdAt: r.created_at,
  }));
}

export async function getDeliveryStatus(db: Db, deliveryId: string): Promise<DeliveryLogEntry | null> {
  const [row] = await db`select d.*, e.type as event_type from webhook_deliveries d join webhook_events e on e.id = d.event_id where d.id = ${deliveryId}`;
  if (!row) return null;
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attemptCount: row.attempt_count,
    lastAttemptAt: row.last_attempt_at,
    lastStatusCode: row.last_status_code,
    lastFailure: row.last_failure,
    lastResponseSnippet: row.last_response_snippet,
    createdAt: row.created_at,
  };
}

// ---------------------------------------------------------------- outbox

export interface OutboxEmail {
  id: number;
  organizationId: string | null;
  to: string;
  subject: string;
  body: string;
  sentAt: Date | null;
  createdAt: Date;
}

export async function addOutboxEmail(db: Db, mail: { organizationId: string; to: string; subject: string; body: string }): Promise<number> {
  const [row] = await db`
    insert into outbox_emails (organization_id, to_address, subject, body)
    values (${mail.organizationId}, ${mail.to}, ${mail.subject}, ${mail.body}) returning id`;
  return Number(row.id);
}

export async function markOutboxSent(db: Db, id: number): Promise<void> {
  await db`update outbox_emails set sent_at = now() where id = ${id}`;
}

export async function listOutbox(db: Db, organizationId: string): Promise<OutboxEmail[]> {
  const rows = await db`select * from outbox_emails where organization_id = ${organizationId} order by id`;
  return rows.map((r) => ({
    id: Number(r.id),
    organizationId: r.organization_id,
    to: r.to_address,
    subject: r.subject,
    body: r.body,
    sentAt: r.sent_at,
    createdAt: r.created_at,
  }));
}

function toEndpoint(row: Record<string, any>): WebhookEndpoint {
  return {
    id: row.id,
    organizationId: row.organization_id,
    url: row.url,
    eventTypes: row.event_types,
    enabled: row.enabled,
    enabledAt: row.enabled_at,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since,
    previousSecretUntil: row.previous_secret_until,
    createdByMemberId: row.created_by_member_id,
    createdAt: row.created_at,
  };
}
