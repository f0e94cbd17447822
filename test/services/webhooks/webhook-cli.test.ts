// `loadplan webhook …` as an operator runs it: a separate process over the test database and
// Temporal; the worker (and the receiver) run in this test process.
import test from 'ava';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { testDatabaseUrl, testTemporalAddress } from '../../support/env.ts';
import { createTestOrg } from '../../support/fixtures.ts';
import { updateOrganization } from '../../../db/organizations.ts';
import { deliveryResult, standardHeaders, startWebhookWorld, uniquePath, type WebhookWorld } from './webhook-world.ts';

const CLI = fileURLToPath(new URL('../../../bin/cli.ts', import.meta.url));

let world: WebhookWorld;
test.before(async () => {
  world = await startWebhookWorld();
});
test.after.always(async () => {
  await world?.close();
});

function loadplan(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    DATABASE_URL: testDatabaseUrl(),
    TEMPORAL_ADDRESS: testTemporalAddress(),
    TEMPORAL_TASK_QUEUE: world.w.taskQueue,
    WEBHOOK_ALLOW_LOOPBACK: 'true',
  };
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { env }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

test('bad arguments print a message and exit 2', async (t) => {
  const missing = await loadplan('webhook', 'register', '--member', 'mem_x', '--events', 'calculate.completed');
  t.is(missing.code, 2);
  t.regex(missing.stderr, /--url is required/);
  const unknown = await loadplan('webhook', 'explode');
  t.is(unknown.code, 2);
  t.regex(unknown.stderr, /register \| list/);
});

test('a refused URL or a member without the right role is a usage error', async (t) => {
  const org = await createTestOrg(world.w.sql);
  const http = await loadplan('webhook', 'register', '--member', org.ownerId, '--url', 'http://hooks.example.com/x', '--events', 'calculate.completed');
  t.is(http.code, 2);
  t.regex(http.stderr, /scheme must be https.*\(scheme_not_https\)/);
  const nobody = await loadplan('webhook', 'register', '--member', 'mem_nobody', '--url', 'https://hooks.example.com/x', '--events', 'calculate.completed');
  t.is(nobody.code, 2);
  t.regex(nobody.stderr, /not_owner_or_admin/);
});

test('register, test, log, rotate-secret, redeliver and outbox work end to end with --json', async (t) => {
  const path = uniquePath('cli');
  world.receiver.on(path, (_req, res) => res.writeHead(200).end('ok'));
  const org = await createTestOrg(world.w.sql);

  const registered = await loadplan('webhook', 'register', '--member', org.ownerId, '--url', `https://localhost:${world.receiver.port}${path}`, '--events', 'calculate.completed,calculate.failed', '--json');
  t.is(registered.code, 0, registered.stderr);
  const endpoint = JSON.parse(registered.stdout);
  t.regex(endpoint.secret, /^whsec_/);
  t.deepEqual(endpoint.eventTypes, ['calculate.completed', 'calculate.failed']);

  const listed = JSON.parse((await loadplan('webhook', 'list', '--org', org.organizationId, '--json')).stdout);
  t.deepEqual(listed.map((e: { id: string }) => e.id), [endpoint.id]);
  t.false('secret' in listed[0]);

  const sent = JSON.parse((await loadplan('webhook', 'test', '--endpoint', endpoint.id, '--json')).stdout);
  t.like(sent, { deliveries: 1, started: 1 });
  t.is((await deliveryResult(world, sent.deliveryId)).outcome, 'succeeded');
  const [got] = world.receiver.received(path);
  t.like(JSON.parse(got.body), { id: sent.eventId, type: 'webhook.test', data: { endpointId: endpoint.id } });
  t.notThrows(() => new Webhook(endpoint.secret).verify(got.body, standardHeaders(got.headers)));

  const log = JSON.parse((await loadplan('webhook', 'log', '--endpoint', endpoint.id, '--json')).stdout);
  t.like(log[0], { id: sent.deliveryId, eventType: 'webhook.test', status: 'succeeded', attemptCount: 1, lastStatusCode: 200 });

  const rotated = JSON.parse((await loadplan('webhook', 'rotate-secret', '--endpoint', endpoint.id, '--json')).stdout);
  t.regex(rotated.secret, /^whsec_/);
  t.not(rotated.secret, endpoint.secret);

  const again = await loadplan('webhook', 'redeliver', '--delivery', sent.deliveryId, '--json');
  t.is(again.code, 0, again.stderr);
  t.is((await deliveryResult(world, sent.deliveryId)).outcome, 'succeeded');
  const [, second] = world.receiver.received(path);
  t.is(second.headers['webhook-id'], sent.deliveryId);
  t.notThrows(() => new Webhook(rotated.secret).verify(second.body, standardHeaders(second.headers)));
  t.notThrows(() => new Webhook(endpoint.secret).verify(second.body, standardHeaders(second.headers)));

  t.deepEqual(JSON.parse((await loadplan('webhook', 'outbox', '--org', org.organizationId, '--json')).stdout), []);
});

test('disable, enable and delete an endpoint', async (t) => {
  const org = await createTestOrg(world.w.sql);
  const registered = await loadplan('webhook', 'register', '--member', org.ownerId, '--url', `https://localhost:${world.receiver.port}/x`, '--events', 'calculate.cancelled', '--json');
  const { id } = JSON.parse(registered.stdout);
  t.like(JSON.parse((await loadplan('webhook', 'disable', '--endpoint', id, '--json')).stdout), { id, enabled: false });
  const refusedTest = await loadplan('webhook', 'test', '--endpoint', id);
  t.is(refusedTest.code, 2);
  t.regex(refusedTest.stderr, /disabled/);
  t.like(JSON.parse((await loadplan('webhook', 'enable', '--endpoint', id, '--json')).stdout), { id, enabled: true });
  t.deepEqual(JSON.parse((await loadplan('webhook', 'delete', '--endpoint', id, '--json')).stdout), { id, deleted: true });
  t.is((await loadplan('webhook', 'delete', '--endpoint', id)).code, 2);
});

test('a test event of an organization without API access waits; `webhook sweep --org` sends it once access returns', async (t) => {
  const path = uniquePath('cli-sweep');
  world.receiver.on(path, (_req, res) => res.writeHead(200).end());
  const org = await createTestOrg(world.w.sql, { apiAccess: false });
  const { id } = JSON.parse((await loadplan('webhook', 'register', '--member', org.ownerId, '--url', `https://localhost:${world.receiver.port}${path}`, '--events', 'calculate.completed', '--json')).stdout);
  const sent = JSON.parse((await loadplan('webhook', 'test', '--endpoint', id, '--json')).stdout);
  t.like(sent, { deliveries: 1, started: 0 });

  await updateOrganization(world.w.sql, org.organizationId, { apiAccess: true });
  t.deepEqual(JSON.parse((await loadplan('webhook', 'sweep', '--org', org.organizationId, '--json')).stdout), { eventsDispatched: 0, started: 1 });
  t.is((await deliveryResult(world, sent.deliveryId)).outcome, 'succeeded');
  t.is(world.receiver.received(path).length, 1);
});

test('turning API access back on with `org set` sends the deliveries that waited for it', async (t) => {
  const path = uniquePath('cli-org-set');
  world.receiver.on(path, (_req, res) => res.writeHead(200).end());
  const org = await createTestOrg(world.w.sql, { apiAccess: false });
  const { id } = JSON.parse((await loadplan('webhook', 'register', '--member', org.ownerId, '--url', `https://localhost:${world.receiver.port}${path}`, '--events', 'calculate.completed', '--json')).stdout);
  const sent = JSON.parse((await loadplan('webhook', 'test', '--endpoint', id, '--json')).stdout);
  t.like(sent, { started: 0 });

  const set = JSON.parse((await loadplan('org', 'set', '--org', org.organizationId, '--api-access', 'true', '--json')).stdout);
  t.is(set.webhookDeliveriesStarted, 1);
  t.is((await deliveryResult(world, sent.deliveryId)).outcome, 'succeeded');
  t.is(world.receiver.received(path).length, 1);
});
