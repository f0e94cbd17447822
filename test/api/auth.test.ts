import test from 'ava';
import { startTestApi, idem, type TestApi } from '../support/api-harness.ts';
import { createTestOrg } from '../support/fixtures.ts';
import { createApiKey, revokeApiKey, rotateApiKey } from '../../db/api-keys.ts';
import { addMember, changeMemberRole, removeMember, updateOrganization } from '../../db/organizations.ts';

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after.always(async () => {
  await api?.close();
});

/** A GET that reaches the operation (an unknown project: 404) once the key is accepted. */
const probe = (key?: string) => api.call('GET', '/api/v1/projects/prj_probe', { key });
const accepted = (status: number) => status !== 401 && status !== 403 && status !== 429;

async function assertUnauthorized(t: any, key: string | undefined, headers: Record<string, string> = {}) {
  const res = key === undefined && headers.authorization
    ? await api.call('GET', '/api/v1/projects/prj_probe', { headers })
    : await probe(key);
  t.is(res.status, 401);
  t.is(res.headers['www-authenticate'], 'Bearer realm="api"');
  t.deepEqual(res.body, { defined: true, code: 'UNAUTHORIZED', status: 401, message: 'a valid API key is required' });
}

test('a valid key reaches the operation', async (t) => {
  const org = await createTestOrg(api.sql);
  t.true(accepted((await probe(org.apiKey)).status));
});

test('a missing key answers the one 401', async (t) => assertUnauthorized(t, undefined));
test('a malformed Authorization header answers the one 401', async (t) =>
  assertUnauthorized(t, undefined, { authorization: 'Basic abc' }));
test('an unknown key answers the one 401', async (t) => assertUnauthorized(t, 'sc_live_' + 'A'.repeat(43)));
test('a key without the sc_live_ prefix answers the one 401', async (t) => assertUnauthorized(t, 'sk_test_' + 'A'.repeat(43)));

test('a revoked key stops working at once', async (t) => {
  const org = await createTestOrg(api.sql);
  await revokeApiKey(api.sql, org.apiKeyId);
  await assertUnauthorized(t, org.apiKey);
});

test('rotation: the old key stops at once, the new key works with the same scope and a fresh term', async (t) => {
  const org = await createTestOrg(api.sql, { scope: 'read', termDays: 90 });
  const [before] = await api.sql`select expires_at from api_keys where id = ${org.apiKeyId}`;
  await new Promise((r) => setTimeout(r, 20));
  const fresh = (await rotateApiKey(api.sql, org.apiKeyId))!;
  await assertUnauthorized(t, org.apiKey);
  t.true(accepted((await probe(fresh.secret)).status));
  t.is(fresh.scope, 'read');
  t.is(fresh.termDays, 90);
  t.true(fresh.expiresAt!.getTime() > before.expires_at.getTime());
});

test('a key revoked or rotated through one API process is refused by another on its next request', async (t) => {
  const other = await startTestApi();
  t.teardown(() => other.close());
  const revoked = await createTestOrg(api.sql);
  const rotated = await createTestOrg(api.sql);
  // both processes have served both keys: nothing either holds may outlive the change
  for (const process of [api, other]) {
    for (const key of [revoked.apiKey, rotated.apiKey]) t.true(accepted((await process.call('GET', '/api/v1/projects/prj_probe', { key })).status));
  }
  await revokeApiKey(api.sql, revoked.apiKeyId);
  const fresh = (await rotateApiKey(api.sql, rotated.apiKeyId))!;
  for (const key of [revoked.apiKey, rotated.apiKey]) t.is((await other.call('GET', '/api/v1/projects/prj_probe', { key })).status, 401);
  t.true(accepted((await other.call('GET', '/api/v1/projects/prj_probe', { key: fresh.secret })).status));
});

test('an expired key answers the one 401', async (t) => {
  const org = await createTestOrg(api.sql, { termDays: 30 });
  await api.sql`update api_keys set expires_at = now() - interval '1 second' where id = ${org.apiKeyId}`;
  await assertUnauthorized(t, org.apiKey);
});

test('a key dies when its creator is removed from the organization', async (t) => {
  const org = await createTestOrg(api.sql);
  await removeMember(api.sql, org.ownerId);
  await assertUnauthorized(t, org.apiKey);
});

test('a key dies (not downgraded) when its creator is demoted to member or viewer', async (t) => {
  for (const role of ['member', 'viewer'] as const) {
    const org = await createTestOrg(api.sql);
    await changeMemberRole(api.sql, org.ownerId, role);
    await assertUnauthorized(t, org.apiKey);
  }
});

test('a key created by an admin works while the admin stays admin', async (t) => {
  const org = await createTestOrg(api.sql);
  const admin = await addMember(api.sql, { organizationId: org.organizationId, email: `admin-${idem()}@test.example`, role: 'admin' });
  const key = await createApiKey(api.sql, { organizationId: org.organizationId, createdByMemberId: admin.id });
  t.true(accepted((await probe(key.secret)).status));
});

test('only a hash of the secret is stored', async (t) => {
  const org = await createTestOrg(api.sql);
  const rows = await api.sql`select * from api_keys where id = ${org.apiKeyId}`;
  t.false(JSON.stringify(rows).includes(org.apiKey));
  t.is(rows[0].secret_hash.length, 32);
  t.true(org.apiKey.startsWith('sc_live_'));
});

test('an organization without the Enterprise plan gets 403 FORBIDDEN', async (t) => {
  const org = await createTestOrg(api.sql, { plan: 'business' });
  const res = await probe(org.apiKey);
  t.is(res.status, 403);
  t.is(res.body.code, 'FORBIDDEN');
});

test('an Enterprise organization with apiAccess off gets 403 FORBIDDEN', async (t) => {
  const org = await createTestOrg(api.sql);
  await updateOrganization(api.sql, org.organizationId, { apiAccess: false });
  t.is((await probe(org.apiKey)).status, 403);
});

test('a read key may call GET routes', async (t) => {
  const org = await createTestOrg(api.sql, { scope: 'read' });
  t.true(accepted((await probe(org.apiKey)).status));
});

test('a read key on a writing route answers 403 insufficient_scope before anything changes', async (t) => {
  const org = await createTestOrg(api.sql, { scope: 'read' });
  const res = await api.call('POST', '/api/v1/projects', { key: org.apiKey, body: { name: 'nope' }, idempotencyKey: idem() });
  t.is(res.status, 403);
  t.is(res.body.data.reason, 'insufficient_scope');
  const [row] = await api.sql`select count(*)::int as n from projects where organization_id = ${org.organizationId}`;
  t.is(row.n, 0);
});

test('keys cannot be created with an expiry more than two years ahead', async (t) => {
  const org = await createTestOrg(api.sql);
  await t.throwsAsync(createApiKey(api.sql, { organizationId: org.organizationId, createdByMemberId: org.ownerId, termDays: 731 }));
});
