// The database unreachable for a few seconds during the store step: the store activity
// retries and the run completes with exactly one result and one event.
import test from 'ava';
import { startTestApi, idem, type TestApi } from '../support/api-harness.ts';
import { startTestWorker, type TestWorker } from '../support/worker-harness.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { createTestOrg } from '../support/fixtures.ts';
import { createPlan } from '../support/plan-fixture.ts';
import { testDatabaseUrl } from '../support/env.ts';

let proxy: TcpProxy;
let w: TestWorker;
let api: TestApi;
test.before(async () => {
  const db = new URL(testDatabaseUrl());
  proxy = await startTcpProxy(db.hostname, Number(db.port || 5432));
  db.port = String(proxy.port);
  w = await startTestWorker(undefined, db.toString());
  api = await startTestApi({ TEMPORAL_TASK_QUEUE: w.taskQueue });
});
test.after.always(async () => {
  await api?.close();
  await w?.close();
  await proxy?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('the store step survives a database outage: one result, one event, no duplicate placements', async (t) => {
  const org = await createTestOrg(api.sql);
  const plan = await createPlan(api.sql, org.organizationId);
  const pieces = (await api.sql`select sum(quantity)::int as n from cargo_lines where project_id = ${plan.projectId}`)[0].n;

  // hold the plan row: the store step (select … for update) waits here; `no key update` still
  // lets foreign-key checks (enqueueing the run) through
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = api.sql.begin(async (tx) => {
    await tx`select id from load_plans where id = ${plan.loadPlanId} for no key update`;
    locked();
    await held;
  });
  await isLocked;

  const res = await api.call('POST', `/api/v1/load-plans/${plan.loadPlanId}/calculate`, { key: org.apiKey, body: { expectedRevision: 1 }, idempotencyKey: idem() });
  t.is(res.status, 202);
  const runId = res.body.id;
  await until(async () => (await api.sql`select 1 from calculate_solutions where calculate_id = ${runId}`).length > 0, 'the staged solution');
  await sleep(500); // the store step has started and waits for the row

  await proxy.cut(); // the worker's connections drop mid-transaction; new ones are refused
  release();
  await holder;
  await sleep(3000);
  await proxy.restore();

  await until(async () => (await api.sql`select status from calculate_runs where id = ${runId}`)[0].status === 'completed', 'the run to complete');
  const results = await api.sql`select revision from load_plan_results where load_plan_id = ${plan.loadPlanId}`;
  const events = await api.sql`select type from webhook_events where calculate_id = ${runId}`;
  const placed = await api.sql`select count(*)::int as n from placements where load_plan_id = ${plan.loadPlanId}`;
  const [lp] = await api.sql`select revision, stale from load_plans where id = ${plan.loadPlanId}`;
  t.deepEqual(results.map((r) => r.revision), [2]);
  t.deepEqual(events.map((e) => e.type), ['calculate.completed']);
  t.is(placed[0].n, pieces);
  t.like(lp, { revision: 2, stale: false });
});
