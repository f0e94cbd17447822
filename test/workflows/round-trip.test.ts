import test from 'ava';
import { startTestWorker, type TestWorker } from '../support/worker-harness.ts';

let w: TestWorker;
test.before(async () => {
  w = await startTestWorker();
});
test.after.always(async () => {
  await w?.close();
});

test('a workflow started through the client runs an activity that reads Postgres on the named task queue', async (t) => {
  const result = await w.client.workflow.execute('systemCheckWorkflow', {
    taskQueue: w.taskQueue,
    workflowId: `system-check-${Date.now()}`,
    args: [],
  });
  t.true(result.migrations >= 1);
  t.true(Math.abs(Date.parse(result.databaseTime) - Date.now()) < 60_000);
  const [row] = await w.sql`select count(*)::int as n from organizations`;
  t.true(result.organizations <= row.n);
});
