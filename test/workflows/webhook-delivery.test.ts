// Webhook deliveries as Temporal workflows against a real HTTPS receiver (test CA), verified
// with the independent `standardwebhooks` package. The retry schedule runs scaled down
// (TEST_RETRY_SCALE); its arithmetic at full scale is unit-tested in webhook-schedule.test.ts.
import test from 'ava';
import { createServer } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { deliveryLog, getDeliveryStatus, getEndpoint, listOutbox } from '../../db/webhooks.ts';
import { rotateEndpointSecret } from '../../services/webhooks/endpoints.ts';
import { dispatchEvent, redeliver } from '../../services/webhooks/dispatch.ts';
import { MAX_ATTEMPTS, waitBeforeAttemptMs } from '../../workflows/webhook-schedule.ts';
import {
  TEST_RETRY_SCALE,
  deliveriesOf,
  deliveryResult,
  insertCalculateEvent,
  orgWithEndpoint,
  runDelivery,
  standardHeaders,
  startWebhookWorld,
  uniquePath,
  type WebhookWorld,
} from '../services/webhooks/webhook-world.ts';

let world: WebhookWorld;
test.before(async () => {
  world = await startWebhookWorld();
});
test.after.always(async () => {
  await world?.close();
});

const url = (path: string, port = world.receiver.port) => `https://localhost:${port}${path}`;
const ok = (path: string) => world.receiver.on(path, (_req, res) => res.writeHead(200).end('ok'));

test('a completed Calculate is delivered with the contract body and Standard Webhooks headers', async (t) => {
  const path = uniquePath('body');
  ok(path);
  const { org, endpointId, secret } = await orgWithEndpoint(world.w.sql, url(path));
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);

  const dispatched = await dispatchEvent(world.w.sql, world.starter, event.id);
  t.deepEqual(dispatched, { deliveries: 1, started: 1 });
  const [deliveryId] = (await deliveryLog(world.w.sql, endpointId)).map((d) => d.id);
  t.deepEqual(await deliveryResult(world, deliveryId), { outcome: 'succeeded', attempts: 1 });

  const [got] = world.receiver.received(path);
  t.deepEqual(JSON.parse(got.body), {
    id: event.id,
    type: 'calculate.completed',
    createdAt: event.payload.createdAt,
    data: { calculateId: 'calc_test1', loadPlanId: 'lp_test1', projectId: 'prj_test1', revision: 7, source: 'api', failureCode: null },
  });
  t.deepEqual(Object.keys(JSON.parse(got.body)), ['id', 'type', 'createdAt', 'data']);
  t.is(got.headers['content-type'], 'application/json');
  t.is(got.headers['webhook-id'], deliveryId);
  t.true(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000) < 60);
  t.regex(String(got.headers['webhook-signature']), /^v1,[A-Za-z0-9+/=]+$/);
  t.notThrows(() => new Webhook(secret).verify(got.body, standardHeaders(got.headers)));
});

test('the delivery log keeps the status code, the 1 KiB snippet, the attempt count and the last attempt time', async (t) => {
  const path = uniquePath('log');
  world.receiver.on(path, (_req, res) => res.writeHead(202).end('x'.repeat(3000)));
  const { org, endpointId } = await orgWithEndpoint(world.w.sql, url(path));
  const event = await insertCalculateEvent(world.w.sql, org.organizationId, { type: 'calculate.failed' });
  const [deliveryId] = await deliveriesOf(world.w.sql, event.id);
  await runDelivery(world, deliveryId);

  const [entry] = await deliveryLog(world.w.sql, endpointId);
  t.like(entry, { id: deliveryId, eventType: 'calculate.failed', status: 'succeeded', attemptCount: 1, lastStatusCode: 202, lastFailure: null });
  t.is(entry.lastResponseSnippet, 'x'.repeat(1024));
  t.true(entry.lastAttemptAt instanceof Date);
  t.is(JSON.parse(world.receiver.received(path)[0].body).data.failureCode, 'timed_out');
});

test('during the 24 hours after a rotation each request carries two signatures, one per secret', async (t) => {
  const path = uniquePath('rotation');
  ok(path);
  const { org, endpointId, secret: oldSecret } = await orgWithEndpoint(world.w.sql, url(path));
  const rotated = await rotateEndpointSecret(world.w.sql, endpointId);
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  const [deliveryId] = await deliveriesOf(world.w.sql, event.id);
  await runDelivery(world, deliveryId);

  const [got] = world.receiver.received(path);
  t.is(String(got.headers['webhook-signature']).split(' ').length, 2);
  t.notThrows(() => new Webhook(oldSecret).verify(got.body, standardHeaders(got.headers)));
  t.notThrows(() => new Webhook(rotated!.secret).verify(got.body, standardHeaders(got.headers)));
});

test('after the overlap only the new secret signs', async (t) => {
  const path = uniquePath('overlap-over');
  ok(path);
  const { org, endpointId, secret: oldSecret } = await orgWithEndpoint(world.w.sql, url(path));
  const rotated = await rotateEndpointSecret(world.w.sql, endpointId);
  await world.w.sql`update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = ${endpointId}`;
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  const [deliveryId] = await deliveriesOf(world.w.sql, event.id);
  await runDelivery(world, deliveryId);

  const [got] = world.receiver.received(path);
  t.is(String(got.headers['webhook-signature']).split(' ').length, 1);
  t.notThrows(() => new Webhook(rotated!.secret).verify(got.body, standardHeaders(got.headers)));
  t.throws(() => new Webhook(oldSecret).verify(got.body, standardHeaders(got.headers)));
});

/** Runs a delivery with the disable rule out of reach and returns its log entry. */
async function failingDelivery(endpointUrl: string) {
  const { org, endpointId } = await orgWithEndpoint(world.w.sql, endpointUrl);
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  const [deliveryId] = await deliveriesOf(world.w.sql, event.id);
  const result = await runDelivery(world, deliveryId, { retryScale: TEST_RETRY_SCALE, disableScale: 1 });
  return { result, entry: (await getDeliveryStatus(world.w.sql, deliveryId))!, endpointId, deliveryId };
}

test('a non-2xx answer is a failure, retried up to 8 attempts, then the delivery stays failed', async (t) => {
  const path = uniquePath('500');
  world.receiver.on(path, (_req, res) => res.writeHead(500).end('boom'));
  const { result, entry } = await failingDelivery(url(path));
  t.deepEqual(result, { outcome: 'failed', attempts: MAX_ATTEMPTS });
  t.like(entry, { status: 'failed', attemptCount: 8, lastStatusCode: 500, lastFailure: 'non-2xx', lastResponseSnippet: 'boom' });
  t.is(world.receiver.received(path).length, 8);
});

test('retries wait at least the scaled schedule, counted from the previous failure, with the same webhook-id', async (t) => {
  const path = uniquePath('timing');
  const times: number[] = [];
  world.receiver.on(path, (_req, res) => {
    times.push(Date.now());
    res.writeHead(503).end();
  });
  const { deliveryId } = await failingDelivery(url(path));
  t.is(times.length, 8);
  for (let attempt = 2; attempt <= 8; attempt++) {
    const wait = waitBeforeAttemptMs(attempt, deliveryId, { scale: TEST_RETRY_SCALE });
    t.true(times[attempt - 1] - times[attempt - 2] >= wait - 5, `attempt ${attempt} came ${times[attempt - 1] - times[attempt - 2]} ms after, wait ${wait} ms`);
  }
  t.deepEqual(new Set(world.receiver.received(path).map((r) => r.headers['webhook-id'])), new Set([deliveryId]));
});

test('a redirect is a failure and is not followed', async (t) => {
  const path = uniquePath('redirect');
  const target = uniquePath('redirect-target');
  world.receiver.on(path, (_req, res) => res.writeHead(302, { location: target }).end());
  ok(target);
  const { entry } = await failingDelivery(url(path));
  t.like(entry, { status: 'failed', lastStatusCode: 302 });
  t.regex(entry.lastFailure!, /^redirect/);
  t.is(world.receiver.received(target).length, 0);
});

/** A port from 1024 up that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('a refused connection is a connection failure', async (t) => {
  const { entry } = await failingDelivery(`https://localhost:${await closedPort()}/closed`);
  t.like(entry, { status: 'failed', lastStatusCode: null });
  t.regex(entry.lastFailure!, /^connection/);
});

test('an untrusted certificate is a TLS failure', async (t) => {
  const path = uniquePath('tls');
  world.untrusted.on(path, (_req, res) => res.writeHead(200).end());
  const { entry } = await failingDelivery(url(path, world.untrusted.port));
  t.regex(entry.lastFailure!, /^tls/);
  t.is(world.untrusted.received(path).length, 0);
});

test('a URL the policy refuses at attempt time is a url-refused failure and nothing is sent', async (t) => {
  const path = uniquePath('refused');
  ok(path);
  const { org, endpointId } = await orgWithEndpoint(world.w.sql, url(path));
  // Changed behind the save-time check: the attempt checks again.
  await world.w.sql`update webhook_endpoints set url = ${`https://127.0.0.1:${world.receiver.port}${path}`} where id = ${endpointId}`;
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  const [deliveryId] = await deliveriesOf(world.w.sql, event.id);
  await runDelivery(world, deliveryId, { retryScale: TEST_RETRY_SCALE, disableScale: 1 });
  t.is((await getDeliveryStatus(world.w.sql, deliveryId))!.lastFailure, 'url-refused: host_is_ip_literal');
  t.is(world.receiver.received(path).length, 0);
});

test('a failure starts the endpoint failing_since and a 2xx clears it', async (t) => {
  const path = uniquePath('flaky');
  let calls = 0;
  world.receiver.on(path, (_req, res) => res.writeHead(++calls === 1 ? 500 : 200).end());
  const { org, endpointId } = await orgWithEndpoint(world.w.sql, url(path));
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  const [deliveryId] = await deliveriesOf(world.w.sql, event.id);
  // One failing attempt, then the 2xx: the waits are milliseconds.
  t.deepEqual(await runDelivery(world, deliveryId), { outcome: 'succeeded', attempts: 2 });
  t.is((await getEndpoint(world.w.sql, endpointId))!.failingSince, null);
  t.like(await getDeliveryStatus(world.w.sql, deliveryId), { attemptCount: 2, status: 'succeeded', lastStatusCode: 200 });
});

test('an endpoint failing for three (scaled) days is disabled and its owners and admins get an e-mail in the outbox', async (t) => {
  const path = uniquePath('dead');
  world.receiver.on(path, (_req, res) => res.writeHead(500).end());
  const { org, endpointId } = await orgWithEndpoint(world.w.sql, url(path));
  const threeScaledDays = 3 * 24 * 3600 * 1000 * TEST_RETRY_SCALE;
  await world.w.sql`update webhook_endpoints set failing_since = ${new Date(Date.now() - threeScaledDays)} where id = ${endpointId}`;
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  const [deliveryId] = await deliveriesOf(world.w.sql, event.id);

  t.deepEqual(await runDelivery(world, deliveryId), { outcome: 'endpoint-disabled', attempts: 1 });
  const endpoint = (await getEndpoint(world.w.sql, endpointId))!;
  t.false(endpoint.enabled);
  t.is(endpoint.disabledReason, 'failing for three days');
  t.like(await getDeliveryStatus(world.w.sql, deliveryId), { status: 'failed', attemptCount: 1 });
  const mails = await listOutbox(world.w.sql, org.organizationId);
  t.is(mails.length, 1);
  t.regex(mails[0].to, /^owner\d+@test\.example$/);
  t.regex(mails[0].subject, /disabled/);
  t.true(mails[0].body.includes(endpointId));
});

test('an endpoint failing for less than three (scaled) days stays enabled', async (t) => {
  const path = uniquePath('young-failure');
  world.receiver.on(path, (_req, res) => res.writeHead(500).end());
  const { org, endpointId } = await orgWithEndpoint(world.w.sql, url(path));
  await world.w.sql`update webhook_endpoints set failing_since = now() where id = ${endpointId}`;
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  const [deliveryId] = await deliveriesOf(world.w.sql, event.id);
  const handle = await world.w.client.workflow.start('webhookDeliveryWorkflow', {
    workflowId: deliveryId, taskQueue: world.w.taskQueue, args: [deliveryId, { retryScale: TEST_RETRY_SCALE }],
  });
  // Attempt 1 fails at once; the endpoint has been failing for well under 2.6 s.
  while ((await getDeliveryStatus(world.w.sql, deliveryId))!.attemptCount < 1) await new Promise((r) => setTimeout(r, 20));
  t.true((await getEndpoint(world.w.sql, endpointId))!.enabled);
  await handle.terminate('test over');
});

test('a redelivery sends the same webhook-id again with fresh attempts', async (t) => {
  const path = uniquePath('redeliver');
  ok(path);
  const { org, endpointId, secret } = await orgWithEndpoint(world.w.sql, url(path));
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  await dispatchEvent(world.w.sql, world.starter, event.id);
  const [{ id: deliveryId }] = await deliveryLog(world.w.sql, endpointId);
  await deliveryResult(world, deliveryId);

  t.true(await redeliver(world.w.sql, world.starter, deliveryId));
  t.deepEqual(await deliveryResult(world, deliveryId), { outcome: 'succeeded', attempts: 1 });
  const received = world.receiver.received(path);
  t.is(received.length, 2);
  t.is(received[1].headers['webhook-id'], deliveryId);
  t.is(received[1].body, received[0].body);
  t.notThrows(() => new Webhook(secret).verify(received[1].body, standardHeaders(received[1].headers)));
  t.like(await getDeliveryStatus(world.w.sql, deliveryId), { status: 'succeeded', attemptCount: 2 });
});

test('an endpoint receives only the event types it chose', async (t) => {
  const path = uniquePath('types');
  ok(path);
  const { org, endpointId } = await orgWithEndpoint(world.w.sql, url(path), { eventTypes: ['calculate.failed'] });
  const completed = await insertCalculateEvent(world.w.sql, org.organizationId, { type: 'calculate.completed' });
  const failed = await insertCalculateEvent(world.w.sql, org.organizationId, { type: 'calculate.failed' });
  t.deepEqual(await dispatchEvent(world.w.sql, world.starter, completed.id), { deliveries: 0, started: 0 });
  t.deepEqual(await dispatchEvent(world.w.sql, world.starter, failed.id), { deliveries: 1, started: 1 });
  const log = await deliveryLog(world.w.sql, endpointId);
  t.deepEqual(log.map((d) => d.eventId), [failed.id]);
});

test('an endpoint receives only events of Calculates that finished after it was enabled', async (t) => {
  const path = uniquePath('enabled-at');
  ok(path);
  const { org, endpointId } = await orgWithEndpoint(world.w.sql, url(path));
  const before = await insertCalculateEvent(world.w.sql, org.organizationId, { createdAt: new Date(Date.now() - 3600_000) });
  t.is((await dispatchEvent(world.w.sql, world.starter, before.id)).deliveries, 0);
  t.deepEqual(await deliveryLog(world.w.sql, endpointId), []);
});

test('a disabled endpoint receives nothing', async (t) => {
  const path = uniquePath('disabled');
  ok(path);
  const { org, endpointId } = await orgWithEndpoint(world.w.sql, url(path));
  await world.w.sql`update webhook_endpoints set enabled = false where id = ${endpointId}`;
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  t.is((await dispatchEvent(world.w.sql, world.starter, event.id)).deliveries, 0);
});

test('dispatching the same event twice creates and starts its delivery once', async (t) => {
  const path = uniquePath('twice');
  ok(path);
  const { org } = await orgWithEndpoint(world.w.sql, url(path));
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  await dispatchEvent(world.w.sql, world.starter, event.id);
  const again = await dispatchEvent(world.w.sql, world.starter, event.id);
  t.deepEqual(again, { deliveries: 1, started: 0 });
  const [delivery] = await world.w.sql`select id from webhook_deliveries where event_id = ${event.id}`;
  await deliveryResult(world, delivery.id);
  t.is(world.receiver.received(path).length, 1);
});
