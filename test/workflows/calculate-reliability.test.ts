// A worker that goes away in the middle of a solve: another worker on the same task queue
// takes the retried attempt and the run stores exactly one result.
import test from 'ava';
import { getRun, insertRun } from '../../db/calculates.ts';
import { createTestOrg } from '../support/fixtures.ts';
import { createPlan, type LineSpec } from '../support/plan-fixture.ts';
import { startTestWorker } from '../support/worker-harness.ts';

const MANY: LineSpec[] = Array.from({ length: 6 }, (_, i) => ({
  name: `crate ${i}`, quantity: 40, lengthMm: 900 + 70 * i, widthMm: 700 + 30 * i, heightMm: 600 + 50 * i, weightG: 50_000, rotation: 'free',
}));

async function until(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
}

test('a worker stopped mid-solve: the run completes on another worker with exactly one result and one event', async (t) => {
  const first = await startTestWorker();
  const sql = first.sql;
  const org = await createTestOrg(sql);
  const plan = await createPlan(sql, org.organizationId, { lines: MANY });
  const run = (await insertRun(sql, {
    organizationId: org.organizationId, loadPlanId: plan.loadPlanId, source: 'app', apiKeyId: null, expectedRevision: 1, replaceUnlockedManual: false,
  }))!;
  await first.client.workflow.start('calculateWorkflow', {
    workflowId: run.id, taskQueue: first.taskQueue, args: [{ runId: run.id, maxDurationSeconds: 120, solveTimeBudgetMs: 3_000 }],
  });
  await until(async () => (await getRun(sql, run.id))?.phase === 'improving');
  const { client, taskQueue } = first;
  const [clientConnection] = [client.connection];
  // Keep the client and the database open; stop only the worker.
  first.worker.shutdown();
  await new Promise((r) => setTimeout(r, 500));
  t.is((await getRun(sql, run.id))!.status, 'running');

  const second = await startTestWorker(taskQueue);
  t.teardown(async () => {
    await second.close();
    await clientConnection.close().catch(() => undefined);
    await sql.end();
  });
  const outcome = await second.client.workflow.getHandle(run.id).result();
  t.is(outcome, 'completed');
  const ended = (await getRun(sql, run.id))!;
  t.is(ended.status, 'completed');
  t.is(ended.revision, 2);
  const [results] = await sql`select count(*)::int as n from load_plan_results where load_plan_id = ${plan.loadPlanId}`;
  t.is(results.n, 1);
  const [events] = await sql`select count(*)::int as n from webhook_events where calculate_id = ${run.id}`;
  t.is(events.n, 1);
  const [pieces] = await sql`select count(*)::int as n, count(distinct (cargo_line_id, piece_index))::int as d from placements where load_plan_id = ${plan.loadPlanId}`;
  t.is(pieces.n, pieces.d);
});
