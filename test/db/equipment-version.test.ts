// The version of an organization's Equipment Type list (migration 007): every change to the
// list bumps it in the changing transaction, and nothing else does. API processes cache
// list pages under it.
import test from 'ava';
import { startTestApi, type TestApi } from '../support/api-harness.ts';
import { createTestOrg } from '../support/fixtures.ts';
import { createEquipmentType } from '../../db/libraries.ts';
import { seedBuiltIns } from '../../db/seed.ts';
import type { Db } from '../../db/connect.ts';

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after.always(async () => {
  await api?.close();
});

const boxType = {
  mode: 'road' as const, category: 'box', innerLengthMm: 6000, innerWidthMm: 2400, innerHeightMm: 2500,
  doorWidthMm: 2400, doorHeightMm: 2400, openings: ['rear' as const], maxPayloadG: 9_000_000, tareG: 4_000_000, axleProfile: null, name: 'Box',
};

const versionOf = async (db: Db, organizationId: string) =>
  (await db`select equipment_version::text as v from organizations where id = ${organizationId}`)[0].v as string;

test('creating, changing and deleting an organization\'s own type bumps its version and no other\'s', async (t) => {
  const org = await createTestOrg(api.sql);
  const other = await createTestOrg(api.sql);
  const otherBefore = await versionOf(api.sql, other.organizationId);
  const seen = [await versionOf(api.sql, org.organizationId)];
  const id = await createEquipmentType(api.sql, org.organizationId, boxType);
  seen.push(await versionOf(api.sql, org.organizationId));
  await api.sql`update equipment_types set name = 'Renamed box' where id = ${id}`;
  seen.push(await versionOf(api.sql, org.organizationId));
  await api.sql`delete from equipment_types where id = ${id}`;
  seen.push(await versionOf(api.sql, org.organizationId));
  t.is(new Set(seen).size, 4);
  t.is(await versionOf(api.sql, other.organizationId), otherBefore);
});

test('changing a built-in type bumps every organization\'s version', async (t) => {
  const org = await createTestOrg(api.sql);
  const before = await versionOf(api.sql, org.organizationId);
  // rolled back: other tests read the built-in types
  const rollback = new Error('rollback');
  const inside = await api.sql.begin(async (tx) => {
    await tx`update equipment_types set name = name || ' (renamed)' where id = 'eqt_iso_20gp'`;
    const v = await versionOf(tx as Db, org.organizationId);
    throw Object.assign(rollback, { v });
  }).catch((err) => (err === rollback ? (err as any).v : Promise.reject(err)));
  t.not(inside, before);
});

test('a seed that rewrites the built-in types unchanged bumps no version', async (t) => {
  const org = await createTestOrg(api.sql);
  const before = await versionOf(api.sql, org.organizationId);
  await seedBuiltIns(api.sql);
  t.is(await versionOf(api.sql, org.organizationId), before);
});
