// The operator CLI's app side, run as a real process against the suite's Postgres and Temporal.
import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startTestWorker, type TestWorker } from '../support/worker-harness.ts';
import { createTestOrg } from '../support/fixtures.ts';
import { addPlacement, createPlan } from '../support/plan-fixture.ts';
import { testDatabaseUrl, testTemporalAddress } from '../support/env.ts';

const run = promisify(execFile);
let w: TestWorker;
test.before(async () => {
  w = await startTestWorker();
});
test.after.always(async () => {
  await w?.close();
});

async function cli(...args: string[]): Promise<{ code: number; out: any; err: string }> {
  const env = { ...process.env, DATABASE_URL: testDatabaseUrl(), TEMPORAL_ADDRESS: testTemporalAddress(), TEMPORAL_TASK_QUEUE: w.taskQueue };
  try {
    const { stdout, stderr } = await run('node', ['bin/loadplan.js', ...args, '--json'], { env });
    return { code: 0, out: JSON.parse(stdout), err: stderr };
  } catch (e: any) {
    return { code: e.code, out: null, err: e.stderr };
  }
}

async function waitForEnd(id: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const [r] = await w.sql`select status from calculate_runs where id = ${id}`;
    if (r.status !== 'queued' && r.status !== 'running') return r.status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'still running';
}

test('calculate start runs a Calculate as the app (source app) to completion', async (t) => {
  const org = await createTestOrg(w.sql);
  const plan = await createPlan(w.sql, org.organizationId);
  const started = await cli('calculate', 'start', '--plan', plan.loadPlanId);
  t.is(started.code, 0, started.err);
  t.is(started.out.source, 'app');
  t.is(await waitForEnd(started.out.id), 'completed');
  const [event] = await w.sql`select payload from webhook_events where calculate_id = ${started.out.id}`;
  t.is(event.payload.data.source, 'app');
});

test('calculate cancel cancels the app run and answers the run', async (t) => {
  const org = await createTestOrg(w.sql);
  const plan = await createPlan(w.sql, org.organizationId);
  const [row] = await w.sql`
    insert into calculate_runs (id, organization_id, load_plan_id, source, status, expected_revision)
    values (${'calc_cli' + Date.now()}, ${org.organizationId}, ${plan.loadPlanId}, 'app', 'queued', 1) returning id`;
  const cancelled = await cli('calculate', 'cancel', '--run', row.id);
  t.is(cancelled.code, 0, cancelled.err);
  t.is(cancelled.out.status, 'cancelled');
  const again = await cli('calculate', 'cancel', '--run', row.id);
  t.is(again.out.status, 'cancelled');
});

test('locking a piece of a keep-together group locks the whole group, and unlocking unlocks it', async (t) => {
  const org = await createTestOrg(w.sql);
  const plan = await createPlan(w.sql, org.organizationId, {
    lines: [{ name: 'a', quantity: 2, groupKey: 'g1' } as any, { name: 'b', quantity: 1, groupKey: 'g1' } as any, { name: 'c', quantity: 1 }],
  });
  const [a, b, c] = plan.lineIds;
  let x = 0;
  for (const [line, piece] of [[a, 0], [a, 1], [b, 0], [c, 0]] as const) {
    await addPlacement(w.sql, plan.loadPlanId, { cargoLineId: line, pieceIndex: piece, equipmentId: plan.equipmentIds[0], xMm: x, yMm: 0, zMm: 0 });
    x += 1200;
  }
  const locked = await cli('placement', 'lock', '--plan', plan.loadPlanId, '--line', b, '--piece', '0');
  t.is(locked.code, 0, locked.err);
  t.is(locked.out.pieces, 3);
  const rows = await w.sql`select cargo_line_id, locked from placements where load_plan_id = ${plan.loadPlanId} order by x_mm`;
  t.deepEqual(rows.map((r) => r.locked), [true, true, true, false]);
  await cli('placement', 'unlock', '--plan', plan.loadPlanId, '--line', a, '--piece', '1');
  const after = await w.sql`select locked from placements where load_plan_id = ${plan.loadPlanId}`;
  t.true(after.every((r) => !r.locked));
});

test('moving a placement by hand makes it manual and raises the revision', async (t) => {
  const org = await createTestOrg(w.sql);
  const plan = await createPlan(w.sql, org.organizationId, { lines: [{ quantity: 1 }] });
  await addPlacement(w.sql, plan.loadPlanId, { cargoLineId: plan.lineIds[0], pieceIndex: 0, equipmentId: plan.equipmentIds[0], xMm: 0, yMm: 0, zMm: 0 });
  const [before] = await w.sql`select revision from load_plans where id = ${plan.loadPlanId}`;
  const moved = await cli('placement', 'move', '--plan', plan.loadPlanId, '--line', plan.lineIds[0], '--piece', '0', '--x', '2000', '--y', '100', '--z', '0', '--rotation', 'WLH');
  t.is(moved.code, 0, moved.err);
  const [p] = await w.sql`select * from placements where load_plan_id = ${plan.loadPlanId}`;
  t.like(p, { x_mm: 2000, y_mm: 100, manual: true, rotation: 'WLH', length_mm: 800, width_mm: 1200 });
  t.is(moved.out.revision, before.revision + 1);
});

test('setting securing legs and friction raises the revision; clearing turns the check off', async (t) => {
  const org = await createTestOrg(w.sql);
  const plan = await createPlan(w.sql, org.organizationId);
  const set = await cli('securing', 'set', '--plan', plan.loadPlanId, '--legs', 'road,sea-b', '--friction', '300');
  t.is(set.code, 0, set.err);
  const [row] = await w.sql`select securing, revision from load_plans where id = ${plan.loadPlanId}`;
  t.deepEqual(row.securing, { legs: ['road', 'sea-b'], frictionPermille: 300 });
  await cli('securing', 'clear', '--plan', plan.loadPlanId);
  const [cleared] = await w.sql`select securing, revision from load_plans where id = ${plan.loadPlanId}`;
  t.is(cleared.securing, null);
  t.is(cleared.revision, row.revision + 1);
});

test('bad arguments print a message and exit 2', async (t) => {
  const badLeg = await cli('securing', 'set', '--plan', 'lp_x', '--legs', 'air');
  t.is(badLeg.code, 2);
  t.regex(badLeg.err, /--legs must be one of/);
  const unknown = await cli('placement', 'lock', '--plan', 'lp_none', '--line', 'cl_none', '--piece', '0');
  t.is(unknown.code, 2);
  t.regex(unknown.err, /not placed/);
  const noFlag = await cli('calculate', 'start');
  t.is(noFlag.code, 2);
  t.regex(noFlag.err, /--plan is required/);
});
