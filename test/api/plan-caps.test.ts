import test from 'ava';
import { startTestApi, idem, type TestApi } from '../support/api-harness.ts';
import { createTestOrg } from '../support/fixtures.ts';

let api: TestApi;
test.before(async () => {
  api = await startTestApi({ PLAN_LIMITS: JSON.stringify({ enterprise: { projects: 2 } }) });
});
test.after.always(async () => {
  await api?.close();
});

const create = (key: string, name: string, idempotencyKey = idem()) => api.call('POST', '/api/v1/projects', { key, body: { name }, idempotencyKey });

test('the Project cap of the plan answers 409 PLAN_LIMIT naming the resource, limit and plan', async (t) => {
  const org = await createTestOrg(api.sql);
  t.is((await create(org.apiKey, 'one')).status, 201);
  t.is((await create(org.apiKey, 'two')).status, 201);
  const res = await create(org.apiKey, 'three');
  t.is(res.status, 409);
  t.is(res.body.code, 'PLAN_LIMIT');
  t.like(res.body.data, { reason: 'plan-limit', resource: 'projects', limit: 2, planName: 'enterprise' });
  const [{ n }] = await api.sql`select count(*)::int as n from projects where organization_id = ${org.organizationId}`;
  t.is(n, 2);
  // the refused creation was rolled back: its audit row names no Project
  const refusals = await api.sql`select resource_id from audit_log where organization_id = ${org.organizationId} and status = 409`;
  t.deepEqual(refusals.map((r) => r.resource_id), [null]);
});

test('the cap counts per organization', async (t) => {
  const a = await createTestOrg(api.sql);
  const b = await createTestOrg(api.sql);
  await create(a.apiKey, 'a1');
  await create(a.apiKey, 'a2');
  t.is((await create(b.apiKey, 'b1')).status, 201);
});

test('concurrent creations cannot pass the cap together', async (t) => {
  const org = await createTestOrg(api.sql);
  const results = await Promise.all(Array.from({ length: 6 }, (_, i) => create(org.apiKey, `c${i}`)));
  t.deepEqual(results.map((r) => r.status).sort(), [201, 201, 409, 409, 409, 409]);
});

test('a PLAN_LIMIT refusal does not use up the Idempotency-Key', async (t) => {
  const org = await createTestOrg(api.sql);
  await create(org.apiKey, 'x1');
  const firstTwo = await create(org.apiKey, 'x2');
  const key = idem();
  t.is((await create(org.apiKey, 'x3', key)).status, 409);
  await api.sql`delete from projects where id = ${firstTwo.body.id}`;
  t.is((await create(org.apiKey, 'x3', key)).status, 201);
});
