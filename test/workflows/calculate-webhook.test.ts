// The whole path: a Calculate through the API ends, and the receiver gets its one signed
// event within seconds (verified with the independent standardwebhooks package).
import test from 'ava';
import { Webhook } from 'standardwebhooks';
import { startTestApi, idem, type TestApi } from '../support/api-harness.ts';
import { createPlan } from '../support/plan-fixture.ts';
import { orgWithEndpoint, startWebhookWorld, uniquePath, type WebhookWorld } from '../services/webhooks/webhook-world.ts';

let world: WebhookWorld;
let api: TestApi;
test.before(async () => {
  world = await startWebhookWorld();
  api = await startTestApi({ TEMPORAL_TASK_QUEUE: world.w.taskQueue });
});
test.after.always(async () => {
  await api?.close();
  await world?.close();
});

async function received(path: string, count: number): Promise<any[]> {
  for (let i = 0; i < 300 && world.receiver.received(path).length < count; i++) await new Promise((r) => setTimeout(r, 100));
  return world.receiver.received(path);
}

test('a Calculate started through the API announces calculate.completed to the endpoint, signed', async (t) => {
  const path = uniquePath('calc-completed');
  world.receiver.on(path, (_req, res) => res.writeHead(204).end());
  const { org, secret } = await orgWithEndpoint(world.w.sql, `https://localhost:${world.receiver.port}${path}`);
  const plan = await createPlan(world.w.sql, org.organizationId);
  const res = await api.call('POST', `/api/v1/load-plans/${plan.loadPlanId}/calculate`, { key: org.apiKey, body: { expectedRevision: 1 }, idempotencyKey: idem() });
  t.is(res.status, 202);

  const [request] = await received(path, 1);
  t.truthy(request, 'no delivery arrived');
  const event = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as any;
  t.is(event.type, 'calculate.completed');
  t.like(event.data, { calculateId: res.body.id, loadPlanId: plan.loadPlanId, projectId: plan.projectId, revision: 2, source: 'api', failureCode: null });
});

test('a cancelled Calculate announces calculate.cancelled exactly once', async (t) => {
  const path = uniquePath('calc-cancelled');
  world.receiver.on(path, (_req, res) => res.writeHead(200).end('ok'));
  const { org, secret } = await orgWithEndpoint(world.w.sql, `https://localhost:${world.receiver.port}${path}`);
  const plan = await createPlan(world.w.sql, org.organizationId);
  const res = await api.call('POST', `/api/v1/load-plans/${plan.loadPlanId}/calculate`, { key: org.apiKey, body: { expectedRevision: 1 }, idempotencyKey: idem() });
  await api.call('POST', `/api/v1/calculates/${res.body.id}/cancel`, { key: org.apiKey });
  await api.call('POST', `/api/v1/calculates/${res.body.id}/cancel`, { key: org.apiKey });
  const [request] = await received(path, 1);
  const event = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as any;
  const [run] = await world.w.sql`select status from calculate_runs where id = ${res.body.id}`;
  // the run may have completed before the cancel reached it: then completed is its one event
  t.is(event.type, run.status === 'cancelled' ? 'calculate.cancelled' : 'calculate.completed');
  await new Promise((r) => setTimeout(r, 1000));
  t.is(world.receiver.received(path).length, 1);
});
