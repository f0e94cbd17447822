// The rules a Calculate enqueue checks before a run is queued. No worker polls these
// APIs' task queues, so accepted runs stay queued.
import test from 'ava';
import { idem, startTestApi, type TestApi } from '../support/api-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';
import { addPlacement, createPlan, type LineSpec, type TestPlan } from '../support/plan-fixture.ts';
import { inOneWindow } from '../support/rate-window.ts';
import { ENQUEUE_WINDOW_MS } from '../../services/calculates/enqueue.ts';

let api: TestApi;
let org: TestOrg;
test.before(async () => {
  api = await startTestApi();
  org = await createTestOrg(api.sql);
});
test.after.always(async () => {
  await api?.close();
});

const enqueue = (a: TestApi, o: TestOrg, loadPlanId: string, body: object = { expectedRevision: 1 }, idempotencyKey = idem()) =>
  a.call('POST', `/api/v1/load-plans/${loadPlanId}/calculate`, { key: o.apiKey, idempotencyKey, body });

async function planWith(lines: LineSpec[], options: { equipment?: [] } = {}): Promise<TestPlan> {
  return createPlan(api.sql, org.organizationId, { lines, ...options });
}

test('a Load Plan of another organization answers 404', async (t) => {
  const other = await createTestOrg(api.sql);
  const plan = await createPlan(api.sql, other.organizationId);
  const res = await enqueue(api, org, plan.loadPlanId);
  t.is(res.status, 404);
  t.is(res.body.code, 'NOT_FOUND');
});

test('a plan without equipment answers 400', async (t) => {
  const plan = await planWith([{}], { equipment: [] });
  const res = await enqueue(api, org, plan.loadPlanId);
  t.is(res.status, 400);
  t.regex(res.body.message, /no equipment/);
});

test('more than 10,000 cargo lines answer 400 naming the limit and the count', async (t) => {
  const plan = await planWith(Array.from({ length: 10_001 }, () => ({ quantity: 1 })));
  const res = await enqueue(api, org, plan.loadPlanId);
  t.is(res.status, 400);
  t.regex(res.body.message, /cargo lines.*10001.*10000/);
});

test('more than 20,000 pieces answer 400 naming the limit and the count', async (t) => {
  const plan = await planWith([{ quantity: 20_001, weightG: 1000 }]);
  const res = await enqueue(api, org, plan.loadPlanId);
  t.is(res.status, 400);
  t.regex(res.body.message, /pieces.*20001.*20000/);
});

test('cargo that certainly needs more than 500 Units answers 400 naming the limit and the count', async (t) => {
  const plan = await planWith([{ quantity: 800, weightG: 20_000_000 }]);
  const res = await enqueue(api, org, plan.loadPlanId);
  t.is(res.status, 400);
  t.regex(res.body.message, /at least 568 Units.*500/);
});

test('a Locked placement above the floor not standing on Locked placements answers 400 naming the piece', async (t) => {
  const plan = await planWith([{ name: 'floater', quantity: 2 }]);
  const [line] = plan.lineIds;
  const eq = plan.equipmentIds[0];
  await addPlacement(api.sql, plan.loadPlanId, { cargoLineId: line, pieceIndex: 0, equipmentId: eq, xMm: 0, yMm: 0, zMm: 0, locked: true });
  await addPlacement(api.sql, plan.loadPlanId, { cargoLineId: line, pieceIndex: 1, equipmentId: eq, xMm: 2000, yMm: 0, zMm: 1000, locked: true });
  const res = await enqueue(api, org, plan.loadPlanId);
  t.is(res.status, 400);
  t.regex(res.body.message, /"floater" piece 1/);
});

test('a Locked placement standing on a Locked placement is accepted', async (t) => {
  const plan = await planWith([{ quantity: 2 }]);
  const [line] = plan.lineIds;
  const eq = plan.equipmentIds[0];
  await addPlacement(api.sql, plan.loadPlanId, { cargoLineId: line, pieceIndex: 0, equipmentId: eq, xMm: 0, yMm: 0, zMm: 0, locked: true });
  await addPlacement(api.sql, plan.loadPlanId, { cargoLineId: line, pieceIndex: 1, equipmentId: eq, xMm: 0, yMm: 0, zMm: 1000, locked: true });
  t.is((await enqueue(api, org, plan.loadPlanId)).status, 202);
});

test('a keep-together group locked only in part answers 400 naming the group', async (t) => {
  const plan = await planWith([{ quantity: 2, groupKey: 'G1' }]);
  await addPlacement(api.sql, plan.loadPlanId, { cargoLineId: plan.lineIds[0], pieceIndex: 0, equipmentId: plan.equipmentIds[0], xMm: 0, yMm: 0, zMm: 0, locked: true });
  const res = await enqueue(api, org, plan.loadPlanId);
  t.is(res.status, 400);
  t.regex(res.body.message, /group "G1" is locked only in part/);
});

test('a keep-together group locked in two Units answers 400 naming the group', async (t) => {
  const plan = await planWith([{ quantity: 2, groupKey: 'G2' }]);
  const eq = plan.equipmentIds[0];
  await addPlacement(api.sql, plan.loadPlanId, { cargoLineId: plan.lineIds[0], pieceIndex: 0, unitIndex: 0, equipmentId: eq, xMm: 0, yMm: 0, zMm: 0, locked: true });
  await addPlacement(api.sql, plan.loadPlanId, { cargoLineId: plan.lineIds[0], pieceIndex: 1, unitIndex: 1, equipmentId: eq, xMm: 0, yMm: 0, zMm: 0, locked: true });
  const res = await enqueue(api, org, plan.loadPlanId);
  t.is(res.status, 400);
  t.regex(res.body.message, /group "G2" is locked in two or more Units/);
});

test('a lock inside another group\'s block answers 400 naming the piece and the group', async (t) => {
  const plan = await planWith([{ quantity: 2, groupKey: 'G3' }, { name: 'intruder', quantity: 1 }]);
  const eq = plan.equipmentIds[0];
  await addPlacement(api.sql, plan.loadPlanId, { cargoLineId: plan.lineIds[0], pieceIndex: 0, equipmentId: eq, xMm: 0, yMm: 0, zMm: 0, locked: true });
  await addPlacement(api.sql, plan.loadPlanId, { cargoLineId: plan.lineIds[0], pieceIndex: 1, equipmentId: eq, xMm: 2400, yMm: 0, zMm: 0, locked: true });
  await addPlacement(api.sql, plan.loadPlanId, { cargoLineId: plan.lineIds[1], pieceIndex: 0, equipmentId: eq, xMm: 1200, yMm: 0, zMm: 0, locked: true });
  const res = await enqueue(api, org, plan.loadPlanId);
  t.is(res.status, 400);
  t.regex(res.body.message, /"intruder" piece 0.*group "G3"/);
});

test('unlocked manual placements answer 409 unless replaceUnlockedManual is true', async (t) => {
  const plan = await planWith([{ quantity: 2 }]);
  await addPlacement(api.sql, plan.loadPlanId, { cargoLineId: plan.lineIds[0], pieceIndex: 0, equipmentId: plan.equipmentIds[0], xMm: 0, yMm: 0, zMm: 0, manual: true });
  const refused = await enqueue(api, org, plan.loadPlanId);
  t.is(refused.status, 409);
  t.is(refused.body.code, 'CONFLICT');
  t.is((await enqueue(api, org, plan.loadPlanId, { expectedRevision: 1, replaceUnlockedManual: true })).status, 202);
});

test('a second enqueue while a run is queued on the plan answers 409 CONFLICT', async (t) => {
  const plan = await planWith([{}]);
  t.is((await enqueue(api, org, plan.loadPlanId)).status, 202);
  const res = await enqueue(api, org, plan.loadPlanId);
  t.is(res.status, 409);
  t.is(res.body.code, 'CONFLICT');
});

test('the plan cap on calculates answers 409 PLAN_LIMIT with resource solves', async (t) => {
  const capped = await startTestApi({ PLAN_LIMITS: JSON.stringify({ enterprise: { solves: 1 } }) });
  t.teardown(() => capped.close());
  const o = await createTestOrg(capped.sql);
  t.is((await enqueue(capped, o, (await createPlan(capped.sql, o.organizationId)).loadPlanId)).status, 202);
  const res = await enqueue(capped, o, (await createPlan(capped.sql, o.organizationId)).loadPlanId);
  t.is(res.status, 409);
  t.is(res.body.code, 'PLAN_LIMIT');
  t.like(res.body.data, { resource: 'solves', limit: 1, planName: 'enterprise' });
});

test('an organization with its in-flight limit of runs queued or running answers 429 with Retry-After', async (t) => {
  const limited = await startTestApi({ CALCULATES_IN_FLIGHT_PER_ORG: '2' });
  t.teardown(() => limited.close());
  const o = await createTestOrg(limited.sql);
  for (let i = 0; i < 2; i++) t.is((await enqueue(limited, o, (await createPlan(limited.sql, o.organizationId)).loadPlanId)).status, 202);
  const res = await enqueue(limited, o, (await createPlan(limited.sql, o.organizationId)).loadPlanId);
  t.is(res.status, 429);
  t.is(res.body.code, 'TOO_MANY_REQUESTS');
  t.truthy(res.headers['retry-after']);
});

test('enqueues beyond the per-key budget answer 429 with Retry-After, and a replay spends nothing', async (t) => {
  const limited = await startTestApi({ CALCULATE_ENQUEUES_PER_KEY: '1' });
  t.teardown(() => limited.close());
  const o = await createTestOrg(limited.sql);
  // the budget is a fixed ten-minute window: calls across its turn are run again
  const { first, replay, res } = await inOneWindow(async () => {
    await limited.sql`delete from rate_limit_windows where bucket = ${`calc:${o.apiKeyId}`}`;
    const plan = await createPlan(limited.sql, o.organizationId);
    const key = idem();
    const first = await enqueue(limited, o, plan.loadPlanId, { expectedRevision: 1 }, key);
    const replay = await enqueue(limited, o, plan.loadPlanId, { expectedRevision: 1 }, key);
    const res = await enqueue(limited, o, (await createPlan(limited.sql, o.organizationId)).loadPlanId);
    return { first, replay, res };
  }, ENQUEUE_WINDOW_MS);
  t.is(first.status, 202);
  t.is(replay.status, 202);
  t.is(replay.headers['idempotent-replayed'], 'true');
  t.is(res.status, 429);
  t.true(Number(res.headers['retry-after']) > 0);
  const [row] = await limited.sql`select sum(hits)::int as n from rate_limit_windows where bucket = ${`calc:${o.apiKeyId}`}`;
  t.is(row.n, 1);
});

test('reading a run gives its status and progress fields; another organization\'s run answers 404', async (t) => {
  const plan = await planWith([{}]);
  const { body } = await enqueue(api, org, plan.loadPlanId);
  const res = await api.call('GET', `/api/v1/calculates/${body.id}`, { key: org.apiKey });
  t.is(res.status, 200);
  t.like(res.body, { id: body.id, status: 'queued', loadPlanId: plan.loadPlanId, source: 'api', failureCode: null, revision: null, solvedAt: null });
  const other = await createTestOrg(api.sql);
  t.is((await api.call('GET', `/api/v1/calculates/${body.id}`, { key: other.apiKey })).status, 404);
  t.is((await api.call('POST', `/api/v1/calculates/${body.id}/cancel`, { key: other.apiKey })).status, 404);
});

test('cancelling a queued run ends it cancelled with one event; cancelling twice is the same as once', async (t) => {
  const plan = await planWith([{}]);
  const { body } = await enqueue(api, org, plan.loadPlanId);
  const first = await api.call('POST', `/api/v1/calculates/${body.id}/cancel`, { key: org.apiKey });
  t.is(first.status, 200);
  t.is(first.body.status, 'cancelled');
  const second = await api.call('POST', `/api/v1/calculates/${body.id}/cancel`, { key: org.apiKey });
  t.is(second.status, 200);
  t.deepEqual(second.body, first.body);
  const evs = await api.sql`select type from webhook_events where calculate_id = ${body.id}`;
  t.deepEqual(evs.map((e) => e.type), ['calculate.cancelled']);
  t.is((await enqueue(api, org, plan.loadPlanId)).status, 202);
});

test('20 concurrent enqueues on 20 plans of one organization queue exactly its in-flight limit of 10; the rest answer 429', async (t) => {
  const o = await createTestOrg(api.sql);
  const plans = await Promise.all(Array.from({ length: 20 }, () => createPlan(api.sql, o.organizationId)));
  const answers = await Promise.all(plans.map((p) => enqueue(api, o, p.loadPlanId)));
  const statuses = answers.map((a) => a.status).sort();
  t.deepEqual(statuses, [...Array(10).fill(202), ...Array(10).fill(429)]);
  const [queued] = await api.sql`select count(*)::int as n from calculate_runs where organization_id = ${o.organizationId}`;
  t.is(queued.n, 10);
});

test('concurrent enqueues cannot pass the monthly plan cap together', async (t) => {
  const capped = await startTestApi({ PLAN_LIMITS: JSON.stringify({ enterprise: { solves: 3 } }) });
  t.teardown(() => capped.close());
  const o = await createTestOrg(capped.sql);
  const plans = await Promise.all(Array.from({ length: 8 }, () => createPlan(capped.sql, o.organizationId)));
  const answers = await Promise.all(plans.map((p) => enqueue(capped, o, p.loadPlanId)));
  t.is(answers.filter((a) => a.status === 202).length, 3);
  t.true(answers.filter((a) => a.status !== 202).every((a) => a.body.code === 'PLAN_LIMIT'));
});
