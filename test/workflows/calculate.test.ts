// A Calculate from enqueue to stored Load Plan, on a real worker, Temporal and Postgres.
import test from 'ava';
import { insertRun } from '../../db/calculates.ts';
import type { CalculateWorkflowInput } from '../../workflows/calculate.ts';
import { idem, startTestApi, type TestApi } from '../support/api-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';
import { createPlan, planRevision, type LineSpec } from '../support/plan-fixture.ts';
import { startTestWorker, type TestWorker } from '../support/worker-harness.ts';

let w: TestWorker;
let api: TestApi;
let org: TestOrg;
test.before(async () => {
  w = await startTestWorker();
  api = await startTestApi({ TEMPORAL_TASK_QUEUE: w.taskQueue });
  org = await createTestOrg(api.sql);
});
test.after.always(async () => {
  await api?.close();
  await w?.close();
});

/** Enough mixed cargo for several Units, so the improving phase runs its whole budget. */
const MANY: LineSpec[] = Array.from({ length: 8 }, (_, i) => ({
  name: `crate ${i}`, quantity: 40, lengthMm: 900 + 70 * i, widthMm: 700 + 30 * i, heightMm: 600 + 50 * i, weightG: 50_000, rotation: 'free',
}));

async function waitFor<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const terminal = (s: string) => !['queued', 'running'].includes(s);
const read = (id: string) => api.call('GET', `/api/v1/calculates/${id}`, { key: org.apiKey });
const untilEnded = (id: string) => waitFor(() => read(id), (r) => terminal(r.body.status));

async function events(runId: string) {
  return api.sql`select type, payload from webhook_events where calculate_id = ${runId}`;
}
async function placements(loadPlanId: string): Promise<number> {
  const [row] = await api.sql`select count(*)::int as n from placements where load_plan_id = ${loadPlanId}`;
  return row.n;
}

/** A run started on the worker directly, with a solve budget and time-out of the test's choice. */
async function startDirect(loadPlanId: string, input: Omit<CalculateWorkflowInput, 'runId'>, expectedRevision = 1) {
  const run = (await insertRun(api.sql, {
    organizationId: org.organizationId, loadPlanId, source: 'app', apiKeyId: null, expectedRevision, replaceUnlockedManual: false,
  }))!;
  await w.client.workflow.start('calculateWorkflow', { workflowId: run.id, taskQueue: w.taskQueue, args: [{ runId: run.id, ...input }] });
  return run.id;
}

test('an enqueued Calculate completes, stores placements and a result with a new revision, and records one completed event', async (t) => {
  const plan = await createPlan(api.sql, org.organizationId);
  const res = await api.call('POST', `/api/v1/load-plans/${plan.loadPlanId}/calculate`, { key: org.apiKey, idempotencyKey: idem(), body: { expectedRevision: 1 } });
  t.is(res.status, 202);
  t.deepEqual(Object.keys(res.body).sort(), ['id', 'loadPlanId', 'status']);
  t.is(res.body.status, 'queued');
  const run = await untilEnded(res.body.id);
  t.is(run.body.status, 'completed');
  t.is(run.body.revision, 2);
  t.truthy(run.body.solvedAt);
  t.is(run.body.failureCode, null);
  t.is(await planRevision(api.sql, plan.loadPlanId), 2);
  t.is(await placements(plan.loadPlanId), 10);
  const [result] = await api.sql`select revision, totals from load_plan_results where load_plan_id = ${plan.loadPlanId}`;
  t.is(result.revision, 2);
  t.is(result.totals.piecesLoaded, 10);
  const [planRow] = await api.sql`select stale, solved_at from load_plans where id = ${plan.loadPlanId}`;
  t.false(planRow.stale);
  t.is(planRow.solved_at.toISOString(), run.body.solvedAt);
  const evs = await events(res.body.id);
  t.is(evs.length, 1);
  t.is(evs[0].type, 'calculate.completed');
  t.like(evs[0].payload.data, { calculateId: res.body.id, loadPlanId: plan.loadPlanId, projectId: plan.projectId, revision: 2, source: 'api', failureCode: null });
  t.regex(evs[0].payload.id, /^evt_/);
});

test('a stale expectedRevision is accepted and the run fails with revision_conflict without solving', async (t) => {
  const plan = await createPlan(api.sql, org.organizationId);
  await api.sql`update load_plans set revision = 3 where id = ${plan.loadPlanId}`;
  const res = await api.call('POST', `/api/v1/load-plans/${plan.loadPlanId}/calculate`, { key: org.apiKey, idempotencyKey: idem(), body: { expectedRevision: 2 } });
  t.is(res.status, 202);
  const run = await untilEnded(res.body.id);
  t.is(run.body.status, 'failed');
  t.is(run.body.failureCode, 'revision_conflict');
  t.is(run.body.startedAt, null);
  t.is(await placements(plan.loadPlanId), 0);
  t.is(await planRevision(api.sql, plan.loadPlanId), 3);
  const evs = await events(res.body.id);
  t.is(evs.length, 1);
  t.is(evs[0].type, 'calculate.failed');
  t.like(evs[0].payload.data, { failureCode: 'revision_conflict', revision: 2 });
});

test('a plan that changes while its run is solving fails the run with revision_conflict and nothing is written', async (t) => {
  const plan = await createPlan(api.sql, org.organizationId, { lines: MANY });
  const runId = await startDirect(plan.loadPlanId, { maxDurationSeconds: 60, solveTimeBudgetMs: 2_000 });
  await waitFor(() => read(runId), (r) => r.body.status === 'running');
  await api.sql`update load_plans set revision = revision + 1 where id = ${plan.loadPlanId}`;
  const run = await untilEnded(runId);
  t.is(run.body.status, 'failed');
  t.is(run.body.failureCode, 'revision_conflict');
  t.is(await placements(plan.loadPlanId), 0);
  t.is((await events(runId)).length, 1);
});

test('progress moves while a run is solving and a cancel stops it promptly with no placements written', async (t) => {
  const plan = await createPlan(api.sql, org.organizationId, { lines: MANY });
  const runId = await startDirect(plan.loadPlanId, { maxDurationSeconds: 120, solveTimeBudgetMs: 60_000 });
  const running = await waitFor(() => read(runId), (r) => r.body.phase === 'improving');
  t.is(running.body.status, 'running');
  t.is(running.body.totalItems, 320);
  const asked = Date.now();
  const cancel = await api.call('POST', `/api/v1/calculates/${runId}/cancel`, { key: org.apiKey });
  t.is(cancel.status, 200);
  const run = await untilEnded(runId);
  t.log(`cancel to cancelled: ${Date.now() - asked} ms`);
  t.is(run.body.status, 'cancelled');
  t.is(await placements(plan.loadPlanId), 0);
  const evs = await events(runId);
  t.deepEqual(evs.map((e) => e.type), ['calculate.cancelled']);
  t.is(evs[0].payload.data.source, 'app');
});

test('a run that exceeds its maximum duration ends timed_out with a calculate.failed event', async (t) => {
  const plan = await createPlan(api.sql, org.organizationId, { lines: MANY });
  const runId = await startDirect(plan.loadPlanId, { maxDurationSeconds: 2, solveTimeBudgetMs: 60_000 });
  const run = await untilEnded(runId);
  t.is(run.body.status, 'timed_out');
  t.is(run.body.failureCode, 'timed_out');
  t.is(await placements(plan.loadPlanId), 0);
  const evs = await events(runId);
  t.is(evs.length, 1);
  t.is(evs[0].type, 'calculate.failed');
  t.is(evs[0].payload.data.failureCode, 'timed_out');
});

test('two concurrent enqueues on one plan give exactly one 202', async (t) => {
  const plan = await createPlan(api.sql, org.organizationId);
  const both = await Promise.all([1, 2].map(() =>
    api.call('POST', `/api/v1/load-plans/${plan.loadPlanId}/calculate`, { key: org.apiKey, idempotencyKey: idem(), body: { expectedRevision: 1 } })));
  t.deepEqual(both.map((r) => r.status).sort(), [202, 409]);
  t.is(both.find((r) => r.status === 409)!.body.code, 'CONFLICT');
  await untilEnded(both.find((r) => r.status === 202)!.body.id);
});
