// The Project count the cap reads (migration 008): kept by triggers, always equal to the rows.
import test from 'ava';
import { createProject } from '../../db/projects.ts';
import { startTestApi, type TestApi } from '../support/api-harness.ts';
import { createTestOrg } from '../support/fixtures.ts';
import type { Db } from '../../db/connect.ts';

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after.always(async () => {
  await api?.close();
});

async function counts(organizationId: string): Promise<{ kept: number; rows: number }> {
  const [row] = await api.sql`
    select project_count(${organizationId})::int as kept,
           (select count(*)::int from projects where organization_id = ${organizationId}) as rows`;
  return { kept: row.kept, rows: row.rows };
}

const create = (organizationId: string) =>
  api.sql.begin((tx) => createProject(tx as Db, { organizationId, name: 'p', transportMode: 'sea', stops: [], cap: null }));

test('the kept count equals the rows after concurrent creations and single and bulk deletions', async (t) => {
  const org = await createTestOrg(api.sql);
  const other = await createTestOrg(api.sql);
  // concurrent transactions run on several connections: several stripes
  const made = await Promise.all(Array.from({ length: 24 }, () => create(org.organizationId)));
  await create(other.organizationId);
  t.deepEqual(await counts(org.organizationId), { kept: 24, rows: 24 });
  await api.sql`delete from projects where id = ${made[0].id}`;
  await api.sql`delete from projects where id = any(${made.slice(1, 10).map((p) => p.id)})`;
  t.deepEqual(await counts(org.organizationId), { kept: 14, rows: 14 });
  t.deepEqual(await counts(other.organizationId), { kept: 1, rows: 1 });
});

test('a creation rolled back leaves the count as it was', async (t) => {
  const org = await createTestOrg(api.sql);
  await create(org.organizationId);
  await t.throwsAsync(api.sql.begin(async (tx) => {
    await createProject(tx as Db, { organizationId: org.organizationId, name: 'p', transportMode: 'sea', stops: [], cap: null });
    throw new Error('roll back');
  }));
  t.deepEqual(await counts(org.organizationId), { kept: 1, rows: 1 });
});

test('deleting an organization deletes its count', async (t) => {
  const org = await createTestOrg(api.sql);
  await create(org.organizationId);
  await api.sql`delete from organizations where id = ${org.organizationId}`;
  const rows = await api.sql`select 1 from project_counts where organization_id = ${org.organizationId}`;
  t.is(rows.length, 0);
});
