// Input that Postgres or the protocol cannot take is refused by the contract, once for
// every route, with the documented status and a precise issue.
import test from 'ava';
import { startTestApi, idem, type TestApi } from '../support/api-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';
import { firstDuplicateKey } from '../../api/middleware/duplicate-keys.ts';

let api: TestApi;
let org: TestOrg;
let projectId: string;
let loadPlanId: string;
test.before(async () => {
  api = await startTestApi();
  org = await createTestOrg(api.sql);
  projectId = (await api.post(org.apiKey, '/projects', { name: 'Hardened' })).body.id;
  loadPlanId = (await api.post(org.apiKey, `/projects/${projectId}/load-plans`, { name: 'Plan' })).body.id;
});
test.after.always(async () => {
  await api?.close();
});

test('a NUL in a body string is refused with an issue at its path', async (t) => {
  const res = await api.post(org.apiKey, '/projects', { name: 'a\u0000b' });
  t.is(res.status, 400);
  t.deepEqual(res.body.data.issues, [{ path: ['name'], message: 'must not contain U+0000 (NUL)', code: 'invalid_string' }]);
});

test('a NUL deep in a cargo line or an id list is refused at its path', async (t) => {
  const line = { name: 'Box', quantity: 1, lengthMm: 1, widthMm: 1, heightMm: 1, weightG: 1, groupKey: 'g\u0000' };
  const cargo = await api.post(org.apiKey, `/projects/${projectId}/cargo`, { lines: [line] });
  t.is(cargo.status, 400);
  t.deepEqual(cargo.body.data.issues[0].path, ['lines', 0, 'groupKey']);
  const equipment = await api.call('PATCH', `/api/v1/load-plans/${loadPlanId}/equipment`, { key: org.apiKey, body: { expectedRevision: 1, equipmentTypeIds: ['a\u0000b'] } });
  t.is(equipment.status, 400);
  t.deepEqual(equipment.body.data.issues[0].path, ['equipmentTypeIds', 0]);
});

test('a lone surrogate in a string is refused, a surrogate pair is taken', async (t) => {
  const lone = await api.call('POST', '/api/v1/projects', { key: org.apiKey, idempotencyKey: idem(), headers: { 'content-type': 'application/json' }, rawBody: '{"name":"P","stops":[{"stop":1,"name":"\\ud800"}]}' });
  t.is(lone.status, 400);
  t.deepEqual(lone.body.data.issues, [{ path: ['stops', 0, 'name'], message: 'must not contain a lone UTF-16 surrogate (U+D800 to U+DFFF)', code: 'invalid_string' }]);
  const pair = await api.post(org.apiKey, '/projects', { name: 'Crate \ud83d\udce6' });
  t.is(pair.status, 201);
});

test('a NUL in a query string is invalid input, not a server error', async (t) => {
  for (const path of ['/libraries/cargo?query=%00', '/libraries/equipment?query=a%00']) {
    const res = await api.get(org.apiKey, path);
    t.is(res.status, 400, path);
    t.deepEqual(res.body.data.issues[0].path, ['query', 'query']);
  }
});

test('a path id or cursor that no id can match answers 404', async (t) => {
  for (const path of ['/projects/%00', '/projects/a%00b/cargo', `/projects/${'x'.repeat(65)}`, '/load-plans/%ED%A0%80', '/calculates/a%20b', `/projects/${projectId}/cargo?cursor=%00`, '/libraries/cargo?cursor=a%20b']) {
    const res = await api.get(org.apiKey, path);
    t.is(res.status, 404, path);
    t.is(res.body.code, 'NOT_FOUND');
  }
  const write = await api.post(org.apiKey, '/projects/%00/load-plans', { name: 'x' });
  t.is(write.status, 404);
});

test('integers past their database column are refused with 400', async (t) => {
  for (const expectedRevision of [2_147_483_648, 2 ** 53, 1e308]) {
    const res = await api.post(org.apiKey, `/load-plans/${loadPlanId}/calculate`, { expectedRevision });
    t.is(res.status, 400, String(expectedRevision));
    t.deepEqual(res.body.data.issues[0].path, ['expectedRevision']);
  }
});

test('a JSON body with a key twice is invalid input naming the key', async (t) => {
  const res = await api.call('POST', '/api/v1/projects', { key: org.apiKey, idempotencyKey: idem(), headers: { 'content-type': 'application/json' }, rawBody: '{"name":"a","stops":[{"stop":1,"name":"x","name":"y"}]}' });
  t.is(res.status, 400);
  t.deepEqual(res.body.data.issues, [{ path: ['stops', 0, 'name'], message: 'the key appears twice in the object', code: 'duplicate_key' }]);
});

test('duplicate keys are found through escapes and only where they are keys', (t) => {
  t.deepEqual(firstDuplicateKey('{"a":1,"\\u0061":2}'), ['a']);
  t.is(firstDuplicateKey('{"a":"a","b":["a","a"],"c":{"a":1}}'), null);
  t.is(firstDuplicateKey('{"a\\"":1,"a":2}'), null);
  t.deepEqual(firstDuplicateKey('[{"x":[1,{"k":1,"k":2}]}]'), [0, 'x', 1, 'k']);
});

test('a body that does not follow its Content-Encoding is invalid input, not a server error', async (t) => {
  for (const encoding of ['gzip', 'deflate', 'br']) {
    const res = await api.call('POST', '/api/v1/projects', { key: org.apiKey, idempotencyKey: idem(), headers: { 'content-type': 'application/json', 'content-encoding': encoding }, rawBody: '{"name":"plain"}' });
    t.is(res.status, 400, encoding);
    t.is(res.body.data.issues[0].code, 'undecodable_body');
  }
});

test('HEAD is served wherever GET is, with the headers and no body', async (t) => {
  const res = await api.call('HEAD', `/api/v1/projects/${projectId}`, { key: org.apiKey });
  t.is(res.status, 200);
  t.is(res.text, '');
  t.regex(String(res.headers['content-type']), /application\/json/);
});

test('the document states blank names, id patterns, column ranges and 413 where the server enforces them', async (t) => {
  const doc = (await api.call('GET', '/api/v1/spec.json')).body;
  const schemas = doc.components.schemas;
  t.false(new RegExp(schemas.CreateProject.properties.name.pattern).test('   '));
  t.is(schemas.CalculateRequest.properties.expectedRevision.maximum, 2_147_483_647);
  const projectParam = doc.paths['/projects/{projectId}'].get.parameters.find((p: any) => p.name === 'projectId');
  t.false(new RegExp(projectParam.schema.pattern).test('x'.repeat(65)));
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (op.requestBody) t.truthy(op.responses['413'], `${method} ${path}`);
    }
  }
});
