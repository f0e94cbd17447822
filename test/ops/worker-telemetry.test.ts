// Worker metrics and log lines come from the activities' results: a webhook delivery through
// a real worker counts its attempt by outcome and logs it without the endpoint's secret.
import test from 'ava';
import { deliveryLog } from '../../db/webhooks.ts';
import { dispatchEvent } from '../../activities/webhooks/dispatch.ts';
import { registry } from '../../ops/metrics.ts';
import { captureLogs, sample } from './ops-harness.ts';
import {
  deliveryResult, insertCalculateEvent, orgWithEndpoint, startWebhookWorld, uniquePath, type WebhookWorld,
} from '../activities/webhooks/webhook-world.ts';

let world: WebhookWorld;
let logs: ReturnType<typeof captureLogs>;
test.before(async () => {
  logs = captureLogs();
  world = await startWebhookWorld();
});
test.after.always(async () => {
  logs?.stop();
  await world?.close();
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
