import test from 'ava';
import { startTestApi, idem, type TestApi } from '../support/api-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';

let api: TestApi;
let org: TestOrg;
test.before(async () => {
  api = await startTestApi();
  org = await createTestOrg(api.sql);
});
test.after.always(async () => {
  await api?.close();
});

function isErrorBody(t: any, body: any, status: number, code: string) {
  t.is(body.status, status);
  t.is(body.code, code);
  t.is(typeof body.message, 'string');
  t.is(typeof body.defined, 'boolean');
}

test('an unknown path answers 404 NOT_FOUND in the error body', async (t) => {
  const res = await api.call('GET', '/api/v1/no-such-thing', { key: org.apiKey });
  t.is(res.status, 404);
  isErrorBody(t, res.body, 404, 'NOT_FOUND');
});

test('a path outside the API answers 404 in the error body too', async (t) => {
  const res = await api.call('GET', '/nothing-here');
  t.is(res.status, 404);
  isErrorBody(t, res.body, 404, 'NOT_FOUND');
});

test('a known path with another method answers 405 with Allow', async (t) => {
  const res = await api.call('DELETE', '/api/v1/projects', { key: org.apiKey });
  t.is(res.status, 405);
  t.is(res.headers.allow, 'POST');
  isErrorBody(t, res.body, 405, 'METHOD_NOT_ALLOWED');
  const cargo = await api.call('PUT', '/api/v1/projects/prj_x/cargo', { key: org.apiKey });
  t.is(cargo.headers.allow, 'POST, GET, HEAD');
});

test('Allow names HEAD wherever GET is served: API routes and the documentation', async (t) => {
  const project = await api.call('DELETE', '/api/v1/projects/prj_x', { key: org.apiKey });
  t.is(project.status, 405);
  t.is(project.headers.allow, 'GET, HEAD');
  for (const path of ['/api/v1/spec.json', '/api/v1/postman.json', '/api/v1', '/api/v1/reference/swagger-ui.css']) {
    const res = await api.call('POST', path, { key: org.apiKey, body: {} });
    t.is(res.status, 405, path);
    t.is(res.headers.allow, 'GET, HEAD', path);
    isErrorBody(t, res.body, 405, 'METHOD_NOT_ALLOWED');
  }
});

test('a body over 4 MB answers 413', async (t) => {
  const big = JSON.stringify({ name: 'x'.repeat(4 * 1024 * 1024 + 10) });
  const res = await api.call('POST', '/api/v1/projects', {
    key: org.apiKey,
    rawBody: big,
    headers: { 'content-type': 'application/json' },
    idempotencyKey: idem(),
  });
  t.is(res.status, 413);
  isErrorBody(t, res.body, 413, 'PAYLOAD_TOO_LARGE');
});

test('malformed JSON answers 400 invalid_input with issues', async (t) => {
  const res = await api.call('POST', '/api/v1/projects', {
    key: org.apiKey,
    rawBody: '{"name": ',
    headers: { 'content-type': 'application/json' },
    idempotencyKey: idem(),
  });
  t.is(res.status, 400);
  isErrorBody(t, res.body, 400, 'BAD_REQUEST');
  t.is(res.body.data.reason, 'invalid_input');
  t.true(Array.isArray(res.body.data.issues));
});

test('unknown body keys are refused with 400 invalid_input naming the key', async (t) => {
  const res = await api.call('POST', '/api/v1/projects', {
    key: org.apiKey,
    body: { name: 'P', colour: 'blue' },
    idempotencyKey: idem(),
  });
  t.is(res.status, 400);
  t.is(res.body.data.reason, 'invalid_input');
  t.is(res.body.data.issues[0].code, 'unrecognized_keys');
  t.regex(res.body.data.issues[0].message, /colour/);
});

test('an invalid body is refused by validation (zod 3 schemas are really checked)', async (t) => {
  const res = await api.call('POST', '/api/v1/projects', { key: org.apiKey, body: { name: 42 }, idempotencyKey: idem() });
  t.is(res.status, 400);
  t.deepEqual(res.body.data.issues[0].path, ['name']);
});

test('issue paths are arrays with indexes, and at most 50 issues are returned', async (t) => {
  const lines = Array.from({ length: 80 }, () => ({ name: 'x', quantity: 0, lengthMm: 1, widthMm: 1, heightMm: 1, weightG: 1 }));
  const res = await api.call('POST', '/api/v1/projects/prj_none/cargo', { key: org.apiKey, body: { lines }, idempotencyKey: idem() });
  t.is(res.status, 400);
  t.is(res.body.data.issues.length, 50);
  t.deepEqual(res.body.data.issues[0].path, ['lines', 0, 'quantity']);
});

test('a body that is not JSON is refused with 400', async (t) => {
  const res = await api.call('POST', '/api/v1/projects', {
    key: org.apiKey,
    rawBody: 'name=x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    idempotencyKey: idem(),
  });
  t.is(res.status, 400);
  t.is(res.body.data.reason, 'invalid_input');
});

test('every response carries x-request-id, and a client-sent one is kept', async (t) => {
  const mine = await api.call('GET', '/api/v1/spec.json', { headers: { 'x-request-id': 'client-req-123' } });
  t.is(mine.headers['x-request-id'], 'client-req-123');
  const generated = await api.call('GET', '/api/v1/nope');
  t.truthy(generated.headers['x-request-id']);
});

test('no CORS headers are sent and a cross-site browser request is refused', async (t) => {
  const res = await api.call('GET', '/api/v1/spec.json', { headers: { origin: 'https://evil.example' } });
  t.is(res.status, 403);
  t.is(res.headers['access-control-allow-origin'], undefined);
  const preflight = await api.call('OPTIONS', '/api/v1/projects', {
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
  });
  t.is(preflight.headers['access-control-allow-origin'], undefined);
  t.not(preflight.status, 200);
});

test('no cookie is ever set', async (t) => {
  const res = await api.call('GET', '/api/v1/spec.json', { headers: { cookie: 'session=abc' } });
  t.is(res.status, 200);
  t.is(res.headers['set-cookie'], undefined);
});

test('a GET sent with a JSON content type and no body is served normally', async (t) => {
  const res = await api.call('GET', '/api/v1/libraries/equipment', { key: org.apiKey, headers: { 'content-type': 'application/json' } });
  t.is(res.status, 200);
});
