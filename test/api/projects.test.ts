import test from 'ava';
import { startTestApi, idem, type TestApi } from '../support/api-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';
import { createApiKey } from '../../db/api-keys.ts';

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


test('creating a Project answers 201 with the Project and no cargo', async (t) => {
  const res = await api.post(org.apiKey, '/projects', { name: 'Spring shipment', stops: [{ stop: 1, name: 'Hamburg' }, { stop: 2, name: 'Bremen' }] });
  t.is(res.status, 201);
  t.regex(res.body.id, /^prj_/);
  t.is(res.body.name, 'Spring shipment');
  t.is(res.body.transportMode, 'sea');
  t.deepEqual(res.body.stops, [{ stop: 1, name: 'Hamburg' }, { stop: 2, name: 'Bremen' }]);
  t.is(res.body.cargoLineCount, 0);
  t.regex(res.body.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
});

test('a created Project reads back exactly as its creation answered (the answer is built before the insert)', async (t) => {
  const created = await api.post(org.apiKey, '/projects', { name: 'Read back', transportMode: 'road', stops: [{ stop: 1, name: 'Kiel' }, { stop: 3, name: 'Lübeck' }] });
  t.is(created.status, 201);
  const read = await api.get(org.apiKey, `/projects/${created.body.id}`);
  t.is(read.status, 200);
  const { loadPlans, ...project } = read.body;
  t.deepEqual(loadPlans, []);
  t.deepEqual(project, created.body);
  // the same text, key order included, for the stops the database stores as jsonb
  t.is(JSON.stringify(project), created.text);
});

test('stops out of ascending order are refused with 400 invalid_input', async (t) => {
  const res = await api.post(org.apiKey, '/projects', { name: 'P', stops: [{ stop: 2, name: 'b' }, { stop: 1, name: 'a' }] });
  t.is(res.status, 400);
  t.is(res.body.data.reason, 'invalid_input');
});

test('a Project read has metadata, cargoLineCount and Load Plan headers oldest first', async (t) => {
  const project = (await api.post(org.apiKey, '/projects', { name: 'With plans', transportMode: 'road' })).body;
  const first = (await api.post(org.apiKey, `/projects/${project.id}/load-plans`, { name: 'First' })).body;
  const second = (await api.post(org.apiKey, `/projects/${project.id}/load-plans`, { name: 'Second' })).body;
  await api.post(org.apiKey, `/projects/${project.id}/cargo`, { lines: [{ name: 'Box', quantity: 3, lengthMm: 100, widthMm: 100, heightMm: 100, weightG: 1000 }] });
  const res = await api.call('GET', `/api/v1/projects/${project.id}`, { key: org.apiKey });
  t.is(res.status, 200);
  t.is(res.body.transportMode, 'road');
  t.is(res.body.cargoLineCount, 1);
  t.deepEqual(res.body.loadPlans.map((p: any) => p.id), [first.id, second.id]);
  const header = res.body.loadPlans[0];
  t.deepEqual(Object.keys(header).sort(), ['createdAt', 'id', 'name', 'revision', 'solvedAt', 'stale', 'updatedAt']);
  t.is(header.solvedAt, null);
  t.false('cargo' in res.body);
});

test('another organization\'s Project answers 404 exactly like an unknown id', async (t) => {
  const project = (await api.post(org.apiKey, '/projects', { name: 'Private' })).body;
  const foreign = await api.call('GET', `/api/v1/projects/${project.id}`, { key: other.apiKey });
  const unknown = await api.call('GET', '/api/v1/projects/prj_does_not_exist', { key: other.apiKey });
  t.is(foreign.status, 404);
  t.deepEqual(foreign.body, unknown.body);
  t.is(foreign.body.code, 'NOT_FOUND');
});

test('a read-only key on every write route answers 403 insufficient_scope and changes nothing', async (t) => {
  const key = await createApiKey(api.sql, { organizationId: org.organizationId, createdByMemberId: org.ownerId, scope: 'read' });
  const project = (await api.post(org.apiKey, '/projects', { name: 'Guarded' })).body;
  const plan = (await api.post(org.apiKey, `/projects/${project.id}/load-plans`, { name: 'Plan' })).body;
  const writes: [string, string, unknown][] = [
    ['POST', '/projects', { name: 'nope' }],
    ['POST', `/projects/${project.id}/load-plans`, { name: 'nope' }],
    ['POST', `/projects/${project.id}/cargo`, { lines: [{ name: 'b', quantity: 1, lengthMm: 1, widthMm: 1, heightMm: 1, weightG: 1 }] }],
    ['PATCH', `/load-plans/${plan.id}/equipment`, { expectedRevision: 1, equipmentTypeIds: ['eqt_iso_20gp'] }],
    ['POST', `/load-plans/${plan.id}/calculate`, { expectedRevision: 1 }],
    ['POST', `/load-plans/${plan.id}/share-links`, {}],
    ['POST', '/calculates/calc_x/cancel', {}],
  ];
  for (const [method, path, body] of writes) {
    const res = await api.call(method, `/api/v1${path}`, { key: key.secret, body, idempotencyKey: idem() });
    t.is(res.status, 403, path);
    t.is(res.body.data.reason, 'insufficient_scope', path);
  }
  const read = (await api.call('GET', `/api/v1/projects/${project.id}`, { key: key.secret })).body;
  t.is(read.cargoLineCount, 0);
  t.like(read.loadPlans, [{ id: plan.id, revision: 1 }]);
  const [{ n }] = await api.sql`select count(*)::int as n from projects where organization_id = ${org.organizationId} and name = 'nope'`;
  t.is(n, 0);
  t.is((await api.sql`select 1 from idempotency_records where api_key_id = ${key.id}`).length, 0);
});
