// Everything a webhook workflow test needs: a test CA, an HTTPS receiver on 127.0.0.1 named
// `localhost` (the only loopback name the policy lets through, with WEBHOOK_ALLOW_LOOPBACK),
// a worker whose activities trust that CA (WEBHOOK_EXTRA_CA_FILE) and use a scaled-down retry
// schedule (WEBHOOK_RETRY_SCALE), and helpers to write events as the Calculate workflow does.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db, Sql } from '../../../db/connect.ts';
import { newId } from '../../../db/ids.ts';
import { createDeliveries } from '../../../db/webhooks.ts';
import { registerEndpoint } from '../../../services/webhooks/endpoints.ts';
import type { DeliveryStarter } from '../../../services/webhooks/dispatch.ts';
import type { WebhookDeliveryOptions, WebhookDeliveryResult } from '../../../temporal/contracts.ts';
import { createTestPki, type TestPki } from '../../support/tls/test-ca.ts';
import { createTestOrg, type TestOrg } from '../../support/fixtures.ts';
import { startTestWorker, type TestWorker } from '../../support/worker-harness.ts';
import { startReceiver, type Receiver } from './https-receiver.ts';

/** 1 minute -> 0.6 ms, 24 h -> 0.86 s, three days -> 2.6 s. */
export const TEST_RETRY_SCALE = 0.00001;

export interface WebhookWorld {
  pki: TestPki;
  receiver: Receiver;
  untrusted: Receiver;
  w: TestWorker;
  starter: DeliveryStarter;
  close(): Promise<void>;
}

export async function startWebhookWorld(): Promise<WebhookWorld> {
  const pki = await createTestPki(['localhost']);
  const dir = await mkdtemp(join(tmpdir(), 'loadplan-webhook-ca-'));
  const caFile = join(dir, 'ca.pem');
  await writeFile(caFile, pki.caCert);
  // Read by the activities of the worker that runs in this test process.
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  process.env.WEBHOOK_EXTRA_CA_FILE = caFile;
  process.env.WEBHOOK_RETRY_SCALE = String(TEST_RETRY_SCALE);
  const receiver = await startReceiver({ cert: pki.serverCert, key: pki.serverKey });
  const untrusted = await startReceiver({ cert: pki.untrustedCert, key: pki.untrustedKey });
  const w = await startTestWorker();
  return {
    pki,
    receiver,
    untrusted,
    w,
    starter: { client: w.client, taskQueue: w.taskQueue, retryScale: TEST_RETRY_SCALE },
    close: async () => {
      await w.close();
      await receiver.close();
      await untrusted.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let paths = 0;
/** A fresh receiver path per test, so concurrent tests never share one. */
export function uniquePath(name: string): string {
  return `/${name}-${++paths}`;
}

export async function orgWithEndpoint(
  db: Db,
  url: string,
  options: { eventTypes?: string[]; apiAccess?: boolean } = {},
): Promise<{ org: TestOrg; endpointId: string; secret: string }> {
  const org = await createTestOrg(db, { apiAccess: options.apiAccess ?? true });
  const { endpoint, secret } = await registerEndpoint(db, {
    memberId: org.ownerId,
    url,
    eventTypes: options.eventTypes ?? ['calculate.completed', 'calculate.failed', 'calculate.cancelled'],
  });
  return { org, endpointId: endpoint.id, secret };
}

export interface CalculateEventInput {
  type?: 'calculate.completed' | 'calculate.failed' | 'calculate.cancelled';
  createdAt?: Date;
  failureCode?: string | null;
}

/** A `webhook_events` row as the Calculate workflow writes it (no run row: calculate_id stays null). */
export async function insertCalculateEvent(db: Db, organizationId: string, input: CalculateEventInput = {}): Promise<{ id: string; payload: any }> {
  const id = newId('evt');
  // +1 ms: Postgres keeps microseconds, a JS Date milliseconds; an endpoint enabled earlier in
  // the same millisecond must still count as enabled before the event
  const createdAt = input.createdAt ?? new Date(Date.now() + 1);
  const type = input.type ?? 'calculate.completed';
  const payload = {
    id,
    type,
    createdAt: createdAt.toISOString(),
    data: {
      calculateId: 'calc_test1',
      loadPlanId: 'lp_test1',
      projectId: 'prj_test1',
      revision: 7,
      source: 'api',
      failureCode: input.failureCode ?? (type === 'calculate.failed' ? 'timed_out' : null),
    },
  };
  await db`
    insert into webhook_events (id, organization_id, type, payload, created_at)
    values (${id}, ${organizationId}, ${type}, ${db.json(payload)}, ${createdAt})`;
  return { id, payload };
}

/** Creates the event's deliveries already marked started (so no sweep picks them up) and returns their ids. */
export async function deliveriesOf(sql: Sql, eventId: string): Promise<string[]> {
  return sql.begin(async (tx) => {
    const ids = await createDeliveries(tx, eventId);
    await tx`update webhook_deliveries set started_at = now() where event_id = ${eventId}`;
    return ids;
  });
}

/** Runs one delivery workflow with the given options and waits for its result. */
export async function runDelivery(world: WebhookWorld, deliveryId: string, options: WebhookDeliveryOptions = { retryScale: TEST_RETRY_SCALE }): Promise<WebhookDeliveryResult> {
  return world.w.client.workflow.execute('webhookDeliveryWorkflow', {
    workflowId: deliveryId,
    taskQueue: world.w.taskQueue,
    args: [deliveryId, options],
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
}

/** Waits for a started delivery workflow to end. */
export async function deliveryResult(world: WebhookWorld, deliveryId: string): Promise<WebhookDeliveryResult> {
  return world.w.client.workflow.getHandle(deliveryId).result();
}

export function standardHeaders(headers: Record<string, unknown>): Record<string, string> {
  const pick = (k: string) => String(headers[k] ?? '');
  return { 'webhook-id': pick('webhook-id'), 'webhook-timestamp': pick('webhook-timestamp'), 'webhook-signature': pick('webhook-signature') };
}
