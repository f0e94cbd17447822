import test from 'ava';
import { startTestApi, type TestApi } from '../support/api-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';

let api: TestApi;
let org: TestOrg;
let other: TestOrg;
test.before(async () => {
  api = await startTestApi();
  org = await createTestOrg(api.sql);
  other = await createTestOrg(api.sql);
});
test.after.always(async () => {
  await api?.close();
});

const box = { name: 'Box', quantity: 2, lengthMm: 1200, widthMm: 800, heightMm: 1000, weightG: 250_000 };

async function newPlan(key = org.apiKey) {
  const project = (await api.post(key, '/projects', { name: 'P' })).body;
  const plan = (await api.post(key, `/projects/${project.id}/load-plans`, { name: 'Plan A' })).body;
  return { project, plan };
}

/** A stored result as the Calculate worker writes it. */
async function storeResult(loadPlanId: string, extra: { axle?: unknown[]; stop?: unknown[]; securing?: unknown[] } = {}) {
  const sql = api.sql;
  const [plan] = await sql`select organization_id, revision from load_plans where id = ${loadPlanId}`;
  const calcId = `calc_test_${loadPlanId}`;
  await sql`insert into calculate_runs (id, organization_id, load_plan_id, source, status, expected_revision)
    values (${calcId}, ${plan.organization_id}, ${loadPlanId}, 'app', 'completed', ${plan.revision})`;
  await sql`insert into load_plan_results (load_plan_id, calculate_id, revision, solved_at, units, totals, warnings, unloaded,
      axle_warnings, stop_warnings, securing_warnings)
    values (${loadPlanId}, ${calcId}, ${plan.revision}, now(), ${sql.json([{ index: 0, name: '20ft' }])}, ${sql.json({ units: 1 })},
      ${sql.json([])}, ${sql.json([])}, ${sql.json((extra.axle ?? []) as any)}, ${sql.json((extra.stop ?? []) as any)},
      ${sql.json((extra.securing ?? []) as any)})`;
  await sql`insert into placements (load_plan_id, unit_index, equipment_id, cargo_line_id, piece_index, x_mm, y_mm, z_mm,
      length_mm, width_mm, height_mm, rotation, loading_step, stop, locked, manual)
    values (${loadPlanId}, 0, 'eq_x', 'cl_x', 0, 0, 0, 0, 1200, 800, 1000, 'free', 1, null, true, false)`;
  await sql`update load_plans set solved_at = now() where id = ${loadPlanId}`;
}

test('a new Load Plan answers 201 with id, revision 1, stale false and no equipment', async (t) => {
  const project = (await api.post(org.apiKey, '/projects', { name: 'P' })).body;
  const res = await api.post(org.apiKey, `/projects/${project.id}/load-plans`, { name: 'Plan A' });
  t.is(res.status, 201);
  t.regex(res.body.id, /^lp_/);
  t.like(res.body, { revision: 1, stale: false, equipment: [] });
});

test('a Load Plan in another organization\'s Project answers 404 and creates nothing', async (t) => {
  const project = (await api.post(org.apiKey, '/projects', { name: 'P' })).body;
  const res = await api.post(other.apiKey, `/projects/${project.id}/load-plans`, { name: 'Intruder' });
  t.is(res.status, 404);
  const [{ n }] = await api.sql`select count(*)::int as n from load_plans where project_id = ${project.id}`;
  t.is(n, 0);
});

test('an uncalculated Load Plan reads as unsolved without result or advisories', async (t) => {
  const { project, plan } = await newPlan();
  const res = await api.get(org.apiKey, `/load-plans/${plan.id}`);
  t.is(res.status, 200);
  t.like(res.body, { id: plan.id, projectId: project.id, name: 'Plan A', revision: 1, stale: false, solvedAt: null, securing: null, resultStatus: 'unsolved' });
  t.deepEqual(res.body.equipment, []);
  t.false('result' in res.body);
  t.false('axleWarnings' in res.body);
  t.false('stopWarnings' in res.body);
});

test('a calculated Load Plan reads as solved with its placements in camelCase; empty advisories are omitted', async (t) => {
  const { plan } = await newPlan();
  await storeResult(plan.id);
  const res = await api.get(org.apiKey, `/load-plans/${plan.id}`);
  t.is(res.body.resultStatus, 'solved');
  t.truthy(res.body.solvedAt);
  t.deepEqual(res.body.result.placements, [
    { unitIndex: 0, equipmentId: 'eq_x', cargoLineId: 'cl_x', pieceIndex: 0, xMm: 0, yMm: 0, zMm: 0, lengthMm: 1200, widthMm: 800, heightMm: 1000, rotation: 'free', loadingStep: 1, stop: null, locked: true, manual: false },
  ]);
  t.deepEqual(res.body.result.units, [{ index: 0, name: '20ft' }]);
  t.deepEqual(res.body.result.totals, { units: 1 });
  t.deepEqual(res.body.result.warnings, []);
  t.deepEqual(res.body.result.unloaded, []);
  t.false('securingWarnings' in res.body.result);
  t.false('axleWarnings' in res.body);
  t.false('stopWarnings' in res.body);
});

test('axle, stop and securing advisories appear when present, outside warnings', async (t) => {
  const { plan } = await newPlan();
  const axle = [{ kind: 'axle-overload', message: 'drive axle over' }];
  const stop = [{ kind: 'stop-blocked', message: 'stop 1 blocked' }];
  const securing = [{ kind: 'securing-tipping', message: 'tips forward' }];
  await storeResult(plan.id, { axle, stop, securing });
  const res = await api.get(org.apiKey, `/load-plans/${plan.id}`);
  t.deepEqual(res.body.axleWarnings, axle);
  t.deepEqual(res.body.stopWarnings, stop);
  t.deepEqual(res.body.result.securingWarnings, securing);
  t.deepEqual(res.body.result.warnings, []);
});

test('importing cargo raises the revision of every plan of the Project; only plans with a result turn stale', async (t) => {
  const { project, plan } = await newPlan();
  const solved = (await api.post(org.apiKey, `/projects/${project.id}/load-plans`, { name: 'Plan B' })).body;
  await storeResult(solved.id);
  await api.post(org.apiKey, `/projects/${project.id}/cargo`, { lines: [box] });
  const a = (await api.get(org.apiKey, `/load-plans/${plan.id}`)).body;
  const b = (await api.get(org.apiKey, `/load-plans/${solved.id}`)).body;
  t.like(a, { revision: 2, stale: false });
  t.like(b, { revision: 2, stale: true });
});

test('another organization\'s Load Plan answers 404 exactly like an unknown id', async (t) => {
  const { plan } = await newPlan();
  const foreign = await api.get(other.apiKey, `/load-plans/${plan.id}`);
  const unknown = await api.get(other.apiKey, '/load-plans/lp_nope');
  t.is(foreign.status, 404);
  t.deepEqual(foreign.body, unknown.body);
});
