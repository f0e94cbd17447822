// Worker metrics and log lines come from the activities' results: a webhook delivery through
// a real worker counts its attempt by outcome and logs it without the endpoint's secret.
import test from 'ava';
import { deliveryLog } from '../../db/webhooks.ts';
import { dispatchEvent } from '../../services/webhooks/dispatch.ts';
import { registry } from '../../ops/metrics.ts';
import { captureLogs, sample } from './ops-harness.ts';
import { idem, startTestApi, type TestApi } from '../support/api-harness.ts';
import { createTestOrg } from '../support/fixtures.ts';
import { createPlan } from '../support/plan-fixture.ts';
import {
  deliveryResult, insertCalculateEvent, orgWithEndpoint, startWebhookWorld, uniquePath, type WebhookWorld,
} from '../services/webhooks/webhook-world.ts';

let world: WebhookWorld;
let api: TestApi;
let logs: ReturnType<typeof captureLogs>;
test.before(async () => {
  logs = captureLogs();
  world = await startWebhookWorld();
  api = await startTestApi({ TEMPORAL_TASK_QUEUE: world.w.taskQueue });
});
test.after.always(async () => {
  logs?.stop();
  await api?.close();
  await world?.close();
});

const value = async (name: string, labels: Record<string, string> = {}) => {
  const text = await registry.metrics();
  if (Object.keys(labels).length) return sample(text, name, labels);
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
};

test.serial('a completed Calculate counts one start, one completed end, its solve time and its pieces', async (t) => {
  const before = {
    started: await value('loadplan_calculates_started_total'),
    completed: await value('loadplan_calculates_ended_total', { outcome: 'completed' }),
    solves: await value('loadplan_solve_duration_seconds_count', { outcome: 'solved' }),
    pieces: await value('loadplan_solve_pieces_sum'),
  };
  const org = await createTestOrg(api.sql);
  const plan = await createPlan(api.sql, org.organizationId);
  const res = await api.call('POST', `/api/v1/load-plans/${plan.loadPlanId}/calculate`, { key: org.apiKey, idempotencyKey: idem(), body: { expectedRevision: 1 } });
  t.is(res.status, 202, res.text);
  for (let i = 0; i < 300; i++) {
    const [run] = await api.sql`select status from calculate_runs where id = ${res.body.id}`;
    if (run.status !== 'queued' && run.status !== 'running') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const [{ n: placed }] = await api.sql`select count(*)::int as n from placements where load_plan_id = ${plan.loadPlanId}`;
  t.is(await value('loadplan_calculates_started_total'), before.started + 1);
  t.is(await value('loadplan_calculates_ended_total', { outcome: 'completed' }), before.completed + 1);
  t.is(await value('loadplan_solve_duration_seconds_count', { outcome: 'solved' }), before.solves + 1);
  t.is(await value('loadplan_solve_pieces_sum'), before.pieces + placed);
  t.truthy(logs.lines().find((l) => l.msg === 'activity' && l.activity === 'calculateStore' && l.subject === res.body.id));
});

test.serial('a webhook attempt is counted by outcome and logged as an activity line, never with the secret', async (t) => {
  const path = uniquePath('ops');
  world.receiver.on(path, (_req, res) => res.writeHead(200).end('ok'));
  const before = sample(await registry.metrics(), 'loadplan_webhook_attempts_total', { outcome: 'succeeded' });
  const { org, endpointId, secret } = await orgWithEndpoint(world.w.sql, `https://localhost:${world.receiver.port}${path}`);
  const event = await insertCalculateEvent(world.w.sql, org.organizationId);
  await dispatchEvent(world.w.sql, world.starter, event.id);
  const [deliveryId] = (await deliveryLog(world.w.sql, endpointId)).map((d) => d.id);
  t.like(await deliveryResult(world, deliveryId), { outcome: 'succeeded' });

  t.is(sample(await registry.metrics(), 'loadplan_webhook_attempts_total', { outcome: 'succeeded' }), before + 1);
  const line = logs.lines().find((l) => l.msg === 'activity' && l.activity === 'attemptWebhookDelivery' && l.subject === deliveryId);
  t.like(line, { outcome: 'completed', attempt: 1, workflowId: deliveryId });
  t.is(typeof line?.durationMs, 'number');
  t.false(logs.text().includes(secret));
});

test.serial('every activity task records how long it waited on the queue', async (t) => {
  t.regex(await registry.metrics(), /^loadplan_activity_queue_wait_seconds_count\{activity="attemptWebhookDelivery"\} [1-9]/m);
});
