import test from 'ava';
import { startTestApi, type TestApi } from '../support/api-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';
import { insertUntypedEquipmentRow } from '../../db/equipment.ts';
import { createEquipmentType } from '../../db/libraries.ts';

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

const patch = (planId: string, body: unknown, key = org.apiKey) => api.call('PATCH', `/api/v1/load-plans/${planId}/equipment`, { key, body });
const readPlan = async (planId: string) => (await api.call('GET', `/api/v1/load-plans/${planId}`, { key: org.apiKey })).body;

const customType = {
  name: 'Own box', mode: 'road' as const, category: 'box', innerLengthMm: 6000, innerWidthMm: 2400, innerHeightMm: 2500,
  doorWidthMm: 2400, doorHeightMm: 2400, openings: ['rear' as const], maxPayloadG: 9_000_000, tareG: 4_000_000, axleProfile: null,
};

async function newPlan() {
  const project = (await api.post(org.apiKey, '/projects', { name: 'P' })).body;
  return (await api.post(org.apiKey, `/projects/${project.id}/load-plans`, { name: 'Plan' })).body.id as string;
}

async function addUntypedRows(planId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(await insertUntypedEquipmentRow(api.sql, planId, 100 + i, { ...customType, name: `Imported ${i}` }));
  }
  return ids;
}

test('selecting types adds rows that copy each type, raises the revision and answers the rows', async (t) => {
  const planId = await newPlan();
  const res = await patch(planId, { expectedRevision: 1, equipmentTypeIds: ['eqt_iso_20gp', 'eqt_road_mega_136'] });
  t.is(res.status, 200);
  t.is(res.body.revision, 2);
  const types = (await api.call('GET', '/api/v1/libraries/equipment?ids[]=eqt_iso_20gp&ids[]=eqt_road_mega_136', { key: org.apiKey })).body.items;
  t.deepEqual(res.body.equipment.map((r: any) => r.equipmentTypeId), ['eqt_iso_20gp', 'eqt_road_mega_136']);
  for (const row of res.body.equipment) {
    const { id, builtIn, mode, category, ...copied } = types.find((ty: any) => ty.id === row.equipmentTypeId);
    t.like(row, { ...copied, maxUnits: null });
    t.regex(row.id, /^eq_/);
  }
  t.truthy(res.body.equipment[1].axleProfile);
  const plan = await readPlan(planId);
  t.is(plan.revision, 2);
  t.deepEqual(plan.equipment, res.body.equipment);
});

test('a stale expectedRevision answers 412 naming the plan and both revisions, and saves nothing', async (t) => {
  const planId = await newPlan();
  await patch(planId, { expectedRevision: 1, equipmentTypeIds: ['eqt_iso_20gp'] });
  const res = await patch(planId, { expectedRevision: 1, equipmentTypeIds: ['eqt_iso_40hc'] });
  t.is(res.status, 412);
  t.is(res.body.code, 'PRECONDITION_FAILED');
  t.deepEqual(res.body.data.conflicts, [{ resource: 'load-plan', id: planId, expectedRevision: 1, currentRevision: 2 }]);
  const plan = await readPlan(planId);
  t.is(plan.revision, 2);
  t.deepEqual(plan.equipment.map((r: any) => r.equipmentTypeId), ['eqt_iso_20gp']);
});

test('an unknown type or another organization\'s type answers 400 invalid_input naming it', async (t) => {
  const planId = await newPlan();
  const foreignType = await createEquipmentType(api.sql, other.organizationId, customType);
  for (const id of ['eqt_nope', foreignType]) {
    const res = await patch(planId, { expectedRevision: 1, equipmentTypeIds: ['eqt_iso_20gp', id] });
    t.is(res.status, 400);
    t.is(res.body.data.reason, 'invalid_input');
    t.deepEqual(res.body.data.issues[0].path, ['equipmentTypeIds', 1]);
    t.regex(res.body.message, new RegExp(id));
  }
  t.is((await readPlan(planId)).revision, 1);
});

test('the organization\'s own Equipment Types can be selected', async (t) => {
  const planId = await newPlan();
  const own = await createEquipmentType(api.sql, org.organizationId, customType);
  const res = await patch(planId, { expectedRevision: 1, equipmentTypeIds: [own] });
  t.is(res.status, 200);
  t.like(res.body.equipment[0], { equipmentTypeId: own, name: 'Own box', innerLengthMm: 6000 });
});

test('a type left out of equipmentTypeIds is deselected and its row removed', async (t) => {
  const planId = await newPlan();
  await patch(planId, { expectedRevision: 1, equipmentTypeIds: ['eqt_iso_20gp', 'eqt_iso_40gp'] });
  const res = await patch(planId, { expectedRevision: 2, equipmentTypeIds: ['eqt_iso_40gp'] });
  t.deepEqual(res.body.equipment.map((r: any) => r.equipmentTypeId), ['eqt_iso_40gp']);
});

test('maxUnits are set per type; a selected type left out of the map keeps its limit; null lifts it', async (t) => {
  const planId = await newPlan();
  const first = await patch(planId, {
    expectedRevision: 1,
    equipmentTypeIds: ['eqt_iso_20gp', 'eqt_iso_40gp'],
    maxUnitsByEquipmentTypeId: { eqt_iso_20gp: 2, eqt_iso_40gp: 5 },
  });
  t.deepEqual(first.body.equipment.map((r: any) => r.maxUnits), [2, 5]);
  const second = await patch(planId, {
    expectedRevision: 2,
    equipmentTypeIds: ['eqt_iso_20gp', 'eqt_iso_40gp'],
    maxUnitsByEquipmentTypeId: { eqt_iso_40gp: null },
  });
  t.deepEqual(second.body.equipment.map((r: any) => r.maxUnits), [2, null]);
});

test('a maxUnits entry for a type that is not selected answers 400 invalid_input', async (t) => {
  const planId = await newPlan();
  const res = await patch(planId, { expectedRevision: 1, equipmentTypeIds: ['eqt_iso_20gp'], maxUnitsByEquipmentTypeId: { eqt_iso_40gp: 1 } });
  t.is(res.status, 400);
  t.is(res.body.data.reason, 'invalid_input');
});

test('rows without a library type stay unless listed in removeEquipmentIds; unknown ids are ignored', async (t) => {
  const planId = await newPlan();
  const [keep, drop] = await addUntypedRows(planId, 2);
  const kept = await patch(planId, { expectedRevision: 1, equipmentTypeIds: [] });
  t.deepEqual(kept.body.equipment.map((r: any) => r.id), [keep, drop]);
  const res = await patch(planId, { expectedRevision: 2, equipmentTypeIds: ['eqt_iso_20gp'], removeEquipmentIds: [drop, 'eq_gone'] });
  t.is(res.status, 200);
  t.is(res.body.equipment[0].id, keep);
  t.deepEqual(res.body.equipment.map((r: any) => r.equipmentTypeId), [null, 'eqt_iso_20gp']);
});

test('more than 20 rows answers 400 too_many_equipment_rows and saves nothing', async (t) => {
  const planId = await newPlan();
  await addUntypedRows(planId, 19);
  const res = await patch(planId, { expectedRevision: 1, equipmentTypeIds: ['eqt_iso_20gp', 'eqt_iso_40gp'] });
  t.is(res.status, 400);
  t.is(res.body.code, 'BAD_REQUEST');
  t.is(res.body.data.reason, 'too_many_equipment_rows');
  const plan = await readPlan(planId);
  t.is(plan.revision, 1);
  t.is(plan.equipment.length, 19);
  const twenty = await patch(planId, { expectedRevision: 1, equipmentTypeIds: ['eqt_iso_20gp'] });
  t.is(twenty.status, 200);
  t.is(twenty.body.equipment.length, 20);
});

test('a change to a calculated plan marks it stale', async (t) => {
  const planId = await newPlan();
  const [row] = await api.sql`select organization_id from load_plans where id = ${planId}`;
  await api.sql`insert into calculate_runs (id, organization_id, load_plan_id, source, status, expected_revision)
    values (${'calc_' + planId}, ${row.organization_id}, ${planId}, 'app', 'completed', 1)`;
  await api.sql`insert into load_plan_results (load_plan_id, calculate_id, revision, solved_at, units, totals, warnings, unloaded)
    values (${planId}, ${'calc_' + planId}, 1, now(), '[]', '{}', '[]', '[]')`;
  t.false((await readPlan(planId)).stale);
  await patch(planId, { expectedRevision: 1, equipmentTypeIds: ['eqt_iso_20gp'] });
  t.like(await readPlan(planId), { stale: true, revision: 2 });
});

test('concurrent changes from the same revision: one succeeds, the others answer 412', async (t) => {
  const planId = await newPlan();
  const results = await Promise.all(
    ['eqt_iso_20gp', 'eqt_iso_40gp', 'eqt_iso_40hc', 'eqt_iso_45hc'].map((id) => patch(planId, { expectedRevision: 1, equipmentTypeIds: [id] })),
  );
  t.deepEqual(results.map((r) => r.status).sort(), [200, 412, 412, 412]);
  const plan = await readPlan(planId);
  t.is(plan.revision, 2);
  t.is(plan.equipment.length, 1);
});

test('another organization\'s Load Plan answers 404 like an unknown id and is not changed', async (t) => {
  const planId = await newPlan();
  const foreign = await patch(planId, { expectedRevision: 1, equipmentTypeIds: ['eqt_iso_20gp'] }, other.apiKey);
  const unknown = await patch('lp_unknown', { expectedRevision: 1, equipmentTypeIds: ['eqt_iso_20gp'] }, other.apiKey);
  t.is(foreign.status, 404);
  t.deepEqual(foreign.body, unknown.body);
  t.is((await readPlan(planId)).revision, 1);
});
