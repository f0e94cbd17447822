import test from 'ava';
import { startTestApi, idem, type TestApi } from '../support/api-harness.ts';
import { createTestOrg } from '../support/fixtures.ts';
import { revokeApiKey } from '../../db/api-keys.ts';
import { changeMemberRole } from '../../db/organizations.ts';

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after.always(async () => {
  await api?.close();
});

const post = (key: string, path: string, body: unknown, idempotencyKey: string | undefined = idem()) =>
  api.call('POST', `/api/v1${path}`, { key, body, idempotencyKey });

/** The audit rows of a key, oldest first, as stored. */
async function auditRows(apiKeyId: string) {
  const rows = await api.sql`select * from audit_log where api_key_id = ${apiKeyId} order by id`;
  return rows.map((r) => ({ operation: r.operation, status: r.status, resourceId: r.resource_id, organizationId: r.organization_id }));
}

test('a successful write is recorded with key, operation, status and the resource id', async (t) => {
  const org = await createTestOrg(api.sql);
  const project = (await post(org.apiKey, '/projects', { name: 'Audited' })).body;
  const rows = await auditRows(org.apiKeyId);
  t.deepEqual(rows, [{ operation: 'createProject', status: 201, resourceId: project.id, organizationId: org.organizationId }]);
  const [raw] = await api.sql`select request_id from audit_log where api_key_id = ${org.apiKeyId}`;
  t.truthy(raw.request_id);
});

test('an idempotent replay is recorded again, naming the same resource', async (t) => {
  const org = await createTestOrg(api.sql);
  const key = idem();
  const project = (await post(org.apiKey, '/projects', { name: 'Once' }, key)).body;
  await post(org.apiKey, '/projects', { name: 'Once' }, key);
  const cargoKey = idem();
  const line = { name: 'b', quantity: 1, lengthMm: 1, widthMm: 1, heightMm: 1, weightG: 1 };
  await post(org.apiKey, `/projects/${project.id}/cargo`, { lines: [line] }, cargoKey);
  await post(org.apiKey, `/projects/${project.id}/cargo`, { lines: [line] }, cargoKey);
  t.deepEqual((await auditRows(org.apiKeyId)).map((r) => [r.operation, r.status, r.resourceId]), [
    ['createProject', 201, project.id],
    ['createProject', 201, project.id],
    ['importCargo', 201, project.id],
    ['importCargo', 201, project.id],
  ]);
});

test('failed writes are recorded: 404, 409 and 412', async (t) => {
  const org = await createTestOrg(api.sql);
  await post(org.apiKey, '/projects/prj_missing/load-plans', { name: 'x' });
  const key = idem();
  await post(org.apiKey, '/projects', { name: 'a' }, key);
  await post(org.apiKey, '/projects', { name: 'b' }, key);
  const project = (await post(org.apiKey, '/projects', { name: 'c' })).body;
  const plan = (await post(org.apiKey, `/projects/${project.id}/load-plans`, { name: 'p' })).body;
  await api.call('PATCH', `/api/v1/load-plans/${plan.id}/equipment`, { key: org.apiKey, body: { expectedRevision: 9, equipmentTypeIds: [] } });
  const rows = await auditRows(org.apiKeyId);
  t.like(rows[0], { operation: 'createLoadPlan', status: 404, resourceId: 'prj_missing' });
  t.like(rows[2], { operation: 'createProject', status: 409 });
  t.like(rows[5], { operation: 'patchEquipment', status: 412, resourceId: plan.id });
});

test('a read that fails once it reaches the operation is recorded; a successful read is not', async (t) => {
  const org = await createTestOrg(api.sql);
  const project = (await post(org.apiKey, '/projects', { name: 'r' })).body;
  await api.get(org.apiKey, `/projects/${project.id}`);
  await api.get(org.apiKey, `/projects/${project.id}/cargo`);
  await api.get(org.apiKey, '/libraries/equipment');
  await api.get(org.apiKey, '/projects/prj_gone');
  await api.get(org.apiKey, `/projects/${project.id}/cargo?cursor=cl_gone`);
  t.deepEqual((await auditRows(org.apiKeyId)).map((r) => [r.operation, r.status, r.resourceId]), [
    ['createProject', 201, project.id],
    ['getProject', 404, 'prj_gone'],
    ['listCargo', 404, project.id],
  ]);
});

test('400 invalid_input rejections are not recorded, on writes or reads', async (t) => {
  const org = await createTestOrg(api.sql);
  await post(org.apiKey, '/projects', { name: '' });
  await api.call('POST', '/api/v1/projects', { key: org.apiKey, body: { name: 'x' } });
  await api.get(org.apiKey, '/libraries/equipment?limit=0');
  await api.get(org.apiKey, '/libraries/equipment?ids=eqt_iso_20gp');
  t.deepEqual(await auditRows(org.apiKeyId), []);
});

test('refusals of a known key are recorded: 403 scope, 403 plan, 401 expired, 401 creator demoted', async (t) => {
  const readOnly = await createTestOrg(api.sql, { scope: 'read' });
  await post(readOnly.apiKey, '/projects', { name: 'no' });
  t.deepEqual((await auditRows(readOnly.apiKeyId)).map((r) => [r.operation, r.status]), [['createProject', 403]]);

  const team = await createTestOrg(api.sql, { plan: 'team' });
  await api.get(team.apiKey, '/libraries/equipment');
  t.deepEqual((await auditRows(team.apiKeyId)).map((r) => [r.operation, r.status]), [['listEquipmentTypes', 403]]);

  const expiring = await createTestOrg(api.sql, { termDays: 30 });
  await api.sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expiring.apiKeyId}`;
  await api.get(expiring.apiKey, '/libraries/equipment');
  t.deepEqual((await auditRows(expiring.apiKeyId)).map((r) => [r.operation, r.status]), [['listEquipmentTypes', 401]]);

  const demoted = await createTestOrg(api.sql);
  await changeMemberRole(api.sql, demoted.ownerId, 'member');
  await api.get(demoted.apiKey, '/libraries/cargo');
  t.deepEqual((await auditRows(demoted.apiKeyId)).map((r) => [r.operation, r.status]), [['listCargoLibrary', 401]]);
});

test('unknown and revoked keys are not recorded', async (t) => {
  const org = await createTestOrg(api.sql);
  await revokeApiKey(api.sql, org.apiKeyId);
  const revoked = await post(org.apiKey, '/projects', { name: 'x' });
  t.is(revoked.status, 401);
  const unknown = await post('sc_live_' + 'A'.repeat(43), '/projects', { name: 'x' });
  t.is(unknown.status, 401);
  t.deepEqual(await auditRows(org.apiKeyId), []);
  const [{ n }] = await api.sql`select count(*)::int as n from audit_log where organization_id = ${org.organizationId}`;
  t.is(n, 0);
});
