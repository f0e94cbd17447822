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

const line = (name: string, extra: Record<string, unknown> = {}) => ({ name, quantity: 1, lengthMm: 100, widthMm: 100, heightMm: 100, weightG: 1000, ...extra });
const newProject = async (key = org.apiKey) => (await api.post(key, '/projects', { name: 'Cargo' })).body.id as string;
const EXTRA_FIELDS = ['id', 'revision', 'sourceLibraryItemId', 'createdAt', 'updatedAt'];

function withoutExtras(item: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(item).filter(([k]) => !EXTRA_FIELDS.includes(k)));
}

async function readAll(projectId: string, limit: number) {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const res = await api.get(org.apiKey, `/projects/${projectId}/cargo?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return items;
}

test('an import answers 201 with the count of lines appended', async (t) => {
  const projectId = await newProject();
  const res = await api.post(org.apiKey, `/projects/${projectId}/cargo`, { lines: [line('a'), line('b')] });
  t.is(res.status, 201);
  t.deepEqual(res.body, { count: 2 });
});

test('a read fills defaults and returns absent values as null, with id, revision, sourceLibraryItemId and timestamps', async (t) => {
  const projectId = await newProject();
  await api.post(org.apiKey, `/projects/${projectId}/cargo`, { lines: [line('plain')] });
  const [item] = (await api.get(org.apiKey, `/projects/${projectId}/cargo`)).body.items;
  t.like(item, {
    name: 'plain', quantity: 1, lengthMm: 100, widthMm: 100, heightMm: 100, weightG: 1000,
    groupKey: null, stop: null, minSupportPermille: null, frictionSurface: null,
    rotation: 'free', stackable: true, fragile: false, revision: 1, sourceLibraryItemId: null,
  });
  t.regex(item.id, /^cl_/);
  t.truthy(Date.parse(item.createdAt));
  t.truthy(Date.parse(item.updatedAt));
});

test('a second import continues the grid after the Project\'s last line', async (t) => {
  const projectId = await newProject();
  await api.post(org.apiKey, `/projects/${projectId}/cargo`, { lines: [line('1'), line('2')] });
  await api.post(org.apiKey, `/projects/${projectId}/cargo`, { lines: [line('3')] });
  const items = await readAll(projectId, 100);
  t.deepEqual(items.map((i) => i.name), ['1', '2', '3']);
});

test('cargo read, stripped of the extra fields and imported into another Project, reads back identical', async (t) => {
  const source = await newProject();
  const lines = [
    line('full', { groupKey: 'g1', stop: 3, minSupportPermille: 800, frictionSurface: 'rubber_mat', rotation: 'upright', stackable: false, fragile: true, quantity: 7 }),
    line('defaults'),
    line('nulls', { groupKey: null, stop: null, minSupportPermille: null, frictionSurface: null }),
  ];
  await api.post(org.apiKey, `/projects/${source}/cargo`, { lines });
  const first = (await api.get(org.apiKey, `/projects/${source}/cargo`)).body.items.map(withoutExtras);
  const copy = await newProject();
  const imported = await api.post(org.apiKey, `/projects/${copy}/cargo`, { lines: first });
  t.is(imported.status, 201);
  const second = (await api.get(org.apiKey, `/projects/${copy}/cargo`)).body.items.map(withoutExtras);
  t.deepEqual(second, first);
});

test('pages follow nextCursor in grid order; the last page has nextCursor null; totalCount counts every line', async (t) => {
  const projectId = await newProject();
  await api.post(org.apiKey, `/projects/${projectId}/cargo`, { lines: Array.from({ length: 7 }, (_, i) => line(`n${i}`)) });
  const page1 = (await api.get(org.apiKey, `/projects/${projectId}/cargo?limit=3`)).body;
  t.is(page1.items.length, 3);
  t.is(page1.totalCount, 7);
  t.is(page1.nextCursor, page1.items[2].id);
  const all = await readAll(projectId, 3);
  t.deepEqual(all.map((i) => i.name), ['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
  const last = (await api.get(org.apiKey, `/projects/${projectId}/cargo?limit=3&cursor=${all[5].id}`)).body;
  t.deepEqual(last.items.map((i: any) => i.name), ['n6']);
  t.is(last.nextCursor, null);
});

test('a page that ends exactly at the last line has nextCursor null', async (t) => {
  const projectId = await newProject();
  await api.post(org.apiKey, `/projects/${projectId}/cargo`, { lines: [line('a'), line('b')] });
  const page = (await api.get(org.apiKey, `/projects/${projectId}/cargo?limit=2`)).body;
  t.is(page.items.length, 2);
  t.is(page.nextCursor, null);
});

test('the default page holds 100 lines', async (t) => {
  const projectId = await newProject();
  await api.post(org.apiKey, `/projects/${projectId}/cargo`, { lines: Array.from({ length: 101 }, (_, i) => line(`n${i}`)) });
  const page = (await api.get(org.apiKey, `/projects/${projectId}/cargo`)).body;
  t.is(page.items.length, 100);
  t.truthy(page.nextCursor);
});

test('a cursor that is not a line of this Project answers 404', async (t) => {
  const projectId = await newProject();
  const otherProject = await newProject();
  await api.post(org.apiKey, `/projects/${otherProject}/cargo`, { lines: [line('elsewhere')] });
  const foreignLine = (await api.get(org.apiKey, `/projects/${otherProject}/cargo`)).body.items[0].id;
  for (const cursor of ['cl_unknown', foreignLine]) {
    const res = await api.get(org.apiKey, `/projects/${projectId}/cargo?cursor=${cursor}`);
    t.is(res.status, 404);
    t.is(res.body.code, 'NOT_FOUND');
  }
});

test('limit outside 1..500 answers 400 invalid_input', async (t) => {
  const projectId = await newProject();
  for (const limit of ['0', '501', 'many']) {
    const res = await api.get(org.apiKey, `/projects/${projectId}/cargo?limit=${limit}`);
    t.is(res.status, 400, limit);
    t.is(res.body.data.reason, 'invalid_input');
  }
});

test('5,000 lines import in one request; 5,001 are refused with 400 and nothing is written', async (t) => {
  const projectId = await newProject();
  const ok = await api.post(org.apiKey, `/projects/${projectId}/cargo`, { lines: Array.from({ length: 5000 }, (_, i) => line(`n${i}`)) });
  t.is(ok.status, 201);
  t.is(ok.body.count, 5000);
  const tooMany = await api.post(org.apiKey, `/projects/${projectId}/cargo`, { lines: Array.from({ length: 5001 }, (_, i) => line(`m${i}`)) });
  t.is(tooMany.status, 400);
  t.is((await api.get(org.apiKey, `/projects/${projectId}/cargo?limit=1`)).body.totalCount, 5000);
});

test('an import with one invalid line writes no line at all', async (t) => {
  const projectId = await newProject();
  const res = await api.post(org.apiKey, `/projects/${projectId}/cargo`, { lines: [line('good'), line('bad', { stop: 100 })] });
  t.is(res.status, 400);
  t.deepEqual(res.body.data.issues[0].path, ['lines', 1, 'stop']);
  t.is((await api.get(org.apiKey, `/projects/${projectId}/cargo`)).body.totalCount, 0);
});

test('another organization\'s Project cannot be read or imported into: 404 like an unknown id', async (t) => {
  const projectId = await newProject();
  const read = await api.get(other.apiKey, `/projects/${projectId}/cargo`);
  const unknownRead = await api.get(other.apiKey, '/projects/prj_unknown/cargo');
  t.is(read.status, 404);
  t.deepEqual(read.body, unknownRead.body);
  const write = await api.post(other.apiKey, `/projects/${projectId}/cargo`, { lines: [line('x')] });
  t.is(write.status, 404);
  t.is((await api.get(org.apiKey, `/projects/${projectId}/cargo`)).body.totalCount, 0);
});
