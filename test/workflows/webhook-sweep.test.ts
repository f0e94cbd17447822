// The hourly sweep and the plan-access pause: deliveries that never started, or that waited
// for API access, go out when the sweep runs. Each sweep here is scoped to its test's
// organization so tests in other files are left alone.
import test from 'ava';
import { Webhook } from 'standardwebhooks';
import { updateOrganization } from '../../db/organizations.ts';
import { createDeliveries, getDeliveryStatus } from '../../db/webhooks.ts';
import { dispatchEvent } from '../../services/webhooks/dispatch.ts';
import { ensureWebhookSweepSchedule } from '../../temporal/client.ts';
import { WEBHOOK_SWEEP_SCHEDULE_ID } from '../../temporal/contracts.ts';
import {
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

const url = (path: string) => `https://localhost:${world.receiver.port}${path}`;
const ok = (path: string) => world.receiver.on(path, (_req, res) => res.writeHead(200).end('ok'));

function sweep(organizationId: string) {
  return world.w.client.workflow.execute('webhookSweepWorkflow', {
    workflowId: `sweep-${organizationId}-${Date.now()}`,
    taskQueue: world.w.taskQueue,
    args: [{ organizationId, minEventAgeSeconds: 0 }],
  });
}

async function deliveryIdOf(eventId: string): Promise<string> {
  const [row] = await world.w.sql`select id from webhook_deliveries where event_id = ${eventId}`;
  return row.id;
}

test('the sweep creates and starts the deliveries of an event that was never dispatched', async (t) => {
  const path = uniquePath('never-dispatched');
  ok(path);
  const { org, secret } = await orgWithEndpoint(world.w.sql, url(path));
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);

  t.deepEqual(await sweep(org.organizationId), { eventsDispatched: 1, started: 1 });
  const deliveryId = await deliveryIdOf(event.id);
  t.deepEqual(await deliveryResult(world, deliveryId), { outcome: 'succeeded', attempts: 1 });
  const [got] = world.receiver.received(path);
  t.is(JSON.parse(got.body).id, event.id);
  t.notThrows(() => new Webhook(secret).verify(got.body, standardHeaders(got.headers)));
});

test('the sweep starts a delivery whose row exists but whose workflow never started', async (t) => {
  const path = uniquePath('never-started');
  ok(path);
  const { org } = await orgWithEndpoint(world.w.sql, url(path));
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  // As if the process stopped right after the rows were written.
  const [deliveryId] = await world.w.sql.begin((tx) => createDeliveries(tx, event.id));

  t.deepEqual(await sweep(org.organizationId), { eventsDispatched: 0, started: 1 });
  t.is((await deliveryResult(world, deliveryId)).outcome, 'succeeded');
  t.is(world.receiver.received(path).length, 1);
});

test('the sweep leaves alone a delivery whose start was requested moments ago', async (t) => {
  const path = uniquePath('just-started');
  ok(path);
  const { org } = await orgWithEndpoint(world.w.sql, url(path));
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  await deliveriesOf(world.w.sql, event.id);
  t.deepEqual(await sweep(org.organizationId), { eventsDispatched: 0, started: 0 });
});

test('an organization without API access keeps its deliveries pending and nothing is sent', async (t) => {
  const path = uniquePath('no-access');
  ok(path);
  const { org } = await orgWithEndpoint(world.w.sql, url(path), { apiAccess: false });
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);

  t.deepEqual(await dispatchEvent(world.w.sql, world.starter, event.id), { deliveries: 1, started: 0 });
  t.deepEqual(await sweep(org.organizationId), { eventsDispatched: 0, started: 0 });
  t.like(await getDeliveryStatus(world.w.sql, await deliveryIdOf(event.id)), { status: 'pending', attemptCount: 0 });
  t.is(world.receiver.received(path).length, 0);
});

test('when API access returns the sweep sends the pending deliveries', async (t) => {
  const path = uniquePath('access-returns');
  ok(path);
  const { org, secret } = await orgWithEndpoint(world.w.sql, url(path), { apiAccess: false });
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  await dispatchEvent(world.w.sql, world.starter, event.id);

  await updateOrganization(world.w.sql, org.organizationId, { apiAccess: true });
  t.deepEqual(await sweep(org.organizationId), { eventsDispatched: 0, started: 1 });
  const deliveryId = await deliveryIdOf(event.id);
  t.is((await deliveryResult(world, deliveryId)).outcome, 'succeeded');
  const [got] = world.receiver.received(path);
  t.is(got.headers['webhook-id'], deliveryId);
  t.notThrows(() => new Webhook(secret).verify(got.body, standardHeaders(got.headers)));
});

test('an attempt after the organization lost API access sends nothing and puts the delivery back to pending', async (t) => {
  const path = uniquePath('access-lost');
  ok(path);
  const { org } = await orgWithEndpoint(world.w.sql, url(path));
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  const [deliveryId] = await deliveriesOf(world.w.sql, event.id);
  await updateOrganization(world.w.sql, org.organizationId, { plan: 'business' });

  t.deepEqual(await runDelivery(world, deliveryId), { outcome: 'paused', attempts: 0 });
  t.like(await getDeliveryStatus(world.w.sql, deliveryId), { status: 'pending', attemptCount: 0 });
  t.is(world.receiver.received(path).length, 0);

  await updateOrganization(world.w.sql, org.organizationId, { plan: 'enterprise' });
  t.deepEqual(await sweep(org.organizationId), { eventsDispatched: 0, started: 1 });
  t.is((await deliveryResult(world, deliveryId)).outcome, 'succeeded');
  t.is(world.receiver.received(path).length, 1);
});

test('the hourly sweep schedule is registered once, kept on a second start, and follows the task queue', async (t) => {
  const client = world.w.client;
  try {
    t.is(await ensureWebhookSweepSchedule(client, world.w.taskQueue), 'created');
    t.is(await ensureWebhookSweepSchedule(client, world.w.taskQueue), 'kept');
    t.is(await ensureWebhookSweepSchedule(client, `${world.w.taskQueue}-other`), 'updated');
    const description = await world.w.client.schedule.getHandle(WEBHOOK_SWEEP_SCHEDULE_ID).describe();
    t.like(description.action, { type: 'startWorkflow', workflowType: 'webhookSweepWorkflow', taskQueue: `${world.w.taskQueue}-other` });
    t.deepEqual(description.spec.intervals?.map((i) => i.every), [3_600_000]);
  } finally {
    await world.w.client.schedule.getHandle(WEBHOOK_SWEEP_SCHEDULE_ID).delete().catch(() => undefined);
  }
});
