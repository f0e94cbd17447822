// From an event to running delivery workflows. The same code serves the Calculate workflow
// (through the dispatchCalculateEvent activity), the hourly sweep and the operator CLI (test
// events, redeliveries). A delivery's workflow id is its delivery id, so starting one that is
// already running is a no-op; its first attempt skips a delivery that is no longer due.
import type { Client } from '@temporalio/client';
import type { Sql } from '../../db/connect.ts';
import { createDeliveries, eventOfCalculate, markDeliveryStarted, resetForRedelivery, startableDeliveries, undispatchedEvents } from '../../db/webhooks.ts';
import { startWebhookDelivery } from '../../temporal/client.ts';
import type { SweepOptions, SweepResult } from '../../temporal/contracts.ts';

/** A start requested this long ago whose workflow never made an attempt is requested again. */
export const STALE_START_SECONDS = 10 * 60;
/** The sweep leaves fresher events to the normal path (the Calculate workflow's dispatch). */
export const SWEEP_MIN_EVENT_AGE_SECONDS = 60;
const SWEEP_BATCH = 1000;

export interface DeliveryStarter {
  client: Client;
  taskQueue: string;
  /** Scales the retry waits and the disable window (tests); 1 in production. */
  retryScale: number;
}

export interface DispatchResult {
  deliveries: number;
  started: number;
}


/** WEBHOOK_RETRY_SCALE (tests and local trials); 1 when unset or not a positive number. */
export function retryScaleFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const scale = Number(env.WEBHOOK_RETRY_SCALE ?? '1');
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}

/** Starts the delivery workflow of one pending delivery (a no-op when it is already running). */
export async function startDelivery(sql: Sql, starter: DeliveryStarter, deliveryId: string): Promise<void> {
  await markDeliveryStarted(sql, deliveryId);
  await startWebhookDelivery(starter.client, { taskQueue: starter.taskQueue, deliveryId, options: { retryScale: starter.retryScale }, replaceRunning: false });
}

/**
 * Creates the event's deliveries and, for an organization with API access, starts them.
 * Deliveries of an organization without API access stay pending until the sweep finds
 * access restored.
 */
export async function dispatchEvent(sql: Sql, starter: DeliveryStarter, eventId: string): Promise<DispatchResult> {
  const deliveries = await createDeliveries(sql, eventId);
  const startable = await startableDeliveries(sql, { eventId, staleStartSeconds: STALE_START_SECONDS, limit: SWEEP_BATCH });
  for (const id of startable) await startDelivery(sql, starter, id);
  return { deliveries: deliveries.length, started: startable.length };
}

/** Sends the event a Calculate run ended with; null when the run wrote none (yet). */
export async function dispatchCalculateEvent(sql: Sql, starter: DeliveryStarter, calculateId: string): Promise<DispatchResult | null> {
  const eventId = await eventOfCalculate(sql, calculateId);
  return eventId ? dispatchEvent(sql, starter, eventId) : null;
}

/** The hourly sweep: events never dispatched, then pending deliveries that may go out now. */
export async function sweepDeliveries(sql: Sql, starter: DeliveryStarter, options: SweepOptions = {}): Promise<SweepResult> {
  const organizationId = options.organizationId;
  const events = await undispatchedEvents(sql, { olderThanSeconds: options.minEventAgeSeconds ?? SWEEP_MIN_EVENT_AGE_SECONDS, limit: SWEEP_BATCH, organizationId });
  for (const eventId of events) await createDeliveries(sql, eventId);
  const staleStartSeconds = options.staleStartSeconds ?? STALE_START_SECONDS;
  const startable = await startableDeliveries(sql, { staleStartSeconds, limit: SWEEP_BATCH, organizationId });
  for (const id of startable) await startDelivery(sql, starter, id);
  return { eventsDispatched: events.length, started: startable.length };
}

/**
 * Redelivery: the same delivery id (so the same webhook-id) goes out again with fresh
 * attempts; a run still waiting between retries is replaced. False when there is no such delivery.
 */
export async function redeliver(sql: Sql, starter: DeliveryStarter, deliveryId: string): Promise<boolean> {
  if (!(await resetForRedelivery(sql, deliveryId))) return false;
  await startWebhookDelivery(starter.client, { taskQueue: starter.taskQueue, deliveryId, options: { retryScale: starter.retryScale }, replaceRunning: true });
  return true;
}
