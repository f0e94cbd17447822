import test from 'ava';
import { startTestApi, type TestApi } from '../support/api-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';
import { createCargoLibraryItem, createEquipmentType } from '../../db/libraries.ts';
import { revokeApiKey } from '../../db/api-keys.ts';

let api: TestApi;
let org: TestOrg;
let other: TestOrg;
let ownTypeId: string;
let foreignTypeId: string;
test.before(async () => {
  api = await startTestApi();
  org = await createTestOrg(api.sql);
  other = await createTestOrg(api.sql);
  const type = {
    mode: 'road' as const, category: 'box', innerLengthMm: 6000, innerWidthMm: 2400, innerHeightMm: 2500,
    doorWidthMm: 2400, doorHeightMm: 2400, openings: ['rear' as const], maxPayloadG: 9_000_000, tareG: 4_000_000, axleProfile: null,
  };
  ownTypeId = await createEquipmentType(api.sql, org.organizationId, { ...type, name: 'Our Special Box' });
  foreignTypeId = await createEquipmentType(api.sql, other.organizationId, { ...type, name: 'Their Special Box' });
  const item = { lengthMm: 1200, widthMm: 800, heightMm: 1000, weightG: 300_000, groupKey: null, minSupportPermille: null, frictionSurface: null, rotation: 'free', stackable: true, fragile: false };
  for (const name of ['Euro pallet', 'Half pallet', 'Crate', 'Drum 200 l', 'EURO box']) await createCargoLibraryItem(api.sql, org.organizationId, { ...item, name });
  await createCargoLibraryItem(api.sql, other.organizationId, { ...item, name: 'Their pallet', minSupportPermille: 700, frictionSurface: 'rubber_mat' });
});
test.after.always(async () => {
  await api?.close();
});

const get = (path: string, key = org.apiKey) => api.call('GET', `/api/v1${path}`, { key });

async function readAll(path: string, limit: number) {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return items;
}

test('Equipment Types are the built-in Sea and Road types plus the organization\'s own, by id, with a builtIn flag', async (t) => {
  const all = await readAll('/libraries/equipment', 100);
  const ids = all.map((e) => e.id);
  t.deepEqual(ids, [...ids].sort());
  t.true(ids.includes('eqt_iso_20gp'));
  t.true(ids.includes('eqt_road_mega_136'));
  t.true(ids.includes(ownTypeId));
  t.false(ids.includes(foreignTypeId));
  t.true(all.find((e) => e.id === 'eqt_iso_20gp').builtIn);
  t.false(all.find((e) => e.id === ownTypeId).builtIn);
});

test('an Equipment Type carries its dimensions, payload, openings and axle profile', async (t) => {
  const [type] = (await get('/libraries/equipment?ids[]=eqt_iso_20gp')).body.items;
  t.like(type, { id: 'eqt_iso_20gp', mode: 'sea', builtIn: true, axleProfile: null });
  for (const field of ['innerLengthMm', 'innerWidthMm', 'innerHeightMm', 'doorWidthMm', 'doorHeightMm', 'maxPayloadG', 'tareG']) t.true(type[field] > 0, field);
  t.true(Array.isArray(type.openings));
});

test('the default library page holds 20 items and pages chain through nextCursor', async (t) => {
  const big = await createTestOrg(api.sql);
  const type = { mode: 'sea' as const, category: 'box', innerLengthMm: 5900, innerWidthMm: 2350, innerHeightMm: 2390, doorWidthMm: 2340, doorHeightMm: 2280, openings: ['rear' as const], maxPayloadG: 28_000_000, tareG: 2_200_000, axleProfile: null };
  for (let i = 0; i < 5; i++) await createEquipmentType(api.sql, big.organizationId, { ...type, name: `Extra ${i}` });
  const first = (await get('/libraries/equipment', big.apiKey)).body;
  t.is(first.items.length, 20);
  t.is(first.nextCursor, first.items[19].id);
  const second = (await get(`/libraries/equipment?cursor=${first.nextCursor}`, big.apiKey)).body;
  t.true(second.items.length >= 3);
  t.is(second.nextCursor, null);
  t.true(second.items[0].id > first.items[19].id);
  t.deepEqual(await readAll('/libraries/equipment', 5), await readAll('/libraries/equipment', 100));
});

test('mode filters Equipment Types to sea or road', async (t) => {
  const road = await readAll('/libraries/equipment?mode=road', 100);
  t.true(road.length > 0);
  t.true(road.every((e) => e.mode === 'road'));
  t.true(road.some((e) => e.id === ownTypeId));
  const sea = await readAll('/libraries/equipment?mode=sea', 100);
  t.true(sea.every((e) => e.mode === 'sea'));
});

test('query matches a case-insensitive substring of the name', async (t) => {
  const res = (await get('/libraries/equipment?query=sPECIAL')).body;
  t.deepEqual(res.items.map((e: any) => e.id), [ownTypeId]);
  const cargo = (await get('/libraries/cargo?query=PALLET')).body;
  t.deepEqual(cargo.items.map((i: any) => i.name).sort(), ['Euro pallet', 'Half pallet']);
});

test('query characters % and _ are matched literally', async (t) => {
  const res = (await get('/libraries/cargo?query=%25')).body;
  t.deepEqual(res.items, []);
});

test('ids[] selects types by id, even for one id, and never another organization\'s', async (t) => {
  const one = (await get('/libraries/equipment?ids[]=eqt_iso_40hc')).body.items;
  t.deepEqual(one.map((e: any) => e.id), ['eqt_iso_40hc']);
  const two = (await get(`/libraries/equipment?ids[]=eqt_iso_40hc&ids[]=${ownTypeId}&ids[]=${foreignTypeId}`)).body.items;
  t.deepEqual(two.map((e: any) => e.id).sort(), ['eqt_iso_40hc', ownTypeId].sort());
});

test('a plain ids parameter answers 400 invalid_input telling to use ids[]', async (t) => {
  const res = await get('/libraries/equipment?ids=eqt_iso_40hc');
  t.is(res.status, 400);
  t.is(res.body.data.reason, 'invalid_input');
  t.deepEqual(res.body.data.issues[0].path, ['query', 'ids']);
  t.regex(res.body.message, /ids\[\]/);
});

test('a library cursor that is not an item of the list answers 404', async (t) => {
  for (const path of ['/libraries/equipment?cursor=eqt_unknown', `/libraries/equipment?cursor=${foreignTypeId}`, '/libraries/cargo?cursor=lib_unknown']) {
    const res = await get(path);
    t.is(res.status, 404, path);
    t.is(res.body.code, 'NOT_FOUND');
  }
});

test('library limit outside 1..100 answers 400', async (t) => {
  for (const path of ['/libraries/equipment?limit=0', '/libraries/equipment?limit=101', '/libraries/cargo?limit=101']) {
    t.is((await get(path)).status, 400, path);
  }
});

test('the Cargo Library lists the organization\'s items only, by id, with their cargo fields', async (t) => {
  const items = await readAll('/libraries/cargo', 2);
  t.deepEqual(items.map((i) => i.name).sort(), ['Crate', 'Drum 200 l', 'EURO box', 'Euro pallet', 'Half pallet']);
  t.deepEqual(items.map((i) => i.id), items.map((i) => i.id).sort());
  t.like(items[0], { lengthMm: 1200, widthMm: 800, heightMm: 1000, weightG: 300_000, groupKey: null, minSupportPermille: null, frictionSurface: null, rotation: 'free', stackable: true, fragile: false, builtIn: false });
  t.false('stop' in items[0]);
  const theirs = (await get('/libraries/cargo', other.apiKey)).body.items;
  t.like(theirs[0], { name: 'Their pallet', minSupportPermille: 700, frictionSurface: 'rubber_mat' });
});

test('an Equipment Type created, renamed or deleted through one process is in the next list of another', async (t) => {
  const second = await startTestApi();
  t.teardown(() => second.close());
  const fresh = await createTestOrg(api.sql);
  const names = async () => {
    const res = await second.call('GET', '/api/v1/libraries/equipment?mode=road&limit=100', { key: fresh.apiKey });
    t.is(res.status, 200);
    return res.body.items.filter((e: any) => !e.builtIn).map((e: any) => e.name);
  };
  // both processes have served the list: neither may keep serving it after the change
  t.deepEqual(await names(), []);
  t.is((await api.call('GET', '/api/v1/libraries/equipment?mode=road&limit=100', { key: fresh.apiKey })).status, 200);
  const type = {
    mode: 'road' as const, category: 'box', innerLengthMm: 6000, innerWidthMm: 2400, innerHeightMm: 2500,
    doorWidthMm: 2400, doorHeightMm: 2400, openings: ['rear' as const], maxPayloadG: 9_000_000, tareG: 4_000_000, axleProfile: null,
  };
  const id = await createEquipmentType(api.sql, fresh.organizationId, { ...type, name: 'New box' });
  t.deepEqual(await names(), ['New box']);
  await api.sql`update equipment_types set name = 'Renamed box' where id = ${id}`;
  t.deepEqual(await names(), ['Renamed box']);
  await api.sql`delete from equipment_types where id = ${id}`;
  t.deepEqual(await names(), []);
});

test('the same Equipment Type list read by two organizations gives each its own types, however often read', async (t) => {
  const path = '/libraries/equipment?mode=road&limit=100';
  const own = (body: any) => body.items.filter((e: any) => !e.builtIn).map((e: any) => e.id);
  for (let round = 0; round < 2; round++) {
    t.deepEqual(own((await get(path, org.apiKey)).body), [ownTypeId]);
    t.deepEqual(own((await get(path, other.apiKey)).body), [foreignTypeId]);
  }
});

test('a key revoked after its Equipment Type list was read is refused at once on the same list', async (t) => {
  const fresh = await createTestOrg(api.sql);
  const path = '/libraries/equipment?mode=sea';
  t.is((await get(path, fresh.apiKey)).status, 200);
  t.is((await get(path, fresh.apiKey)).status, 200);
  await revokeApiKey(api.sql, fresh.apiKeyId);
  const refused = await get(path, fresh.apiKey);
  t.is(refused.status, 401);
  t.is(refused.body.code, 'UNAUTHORIZED');
});
