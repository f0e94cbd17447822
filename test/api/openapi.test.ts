import test from 'ava';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startTestApi, type TestApi } from '../support/api-harness.ts';
import { routes } from '../../api/contract/routes.ts';
import { buildOpenApiDocument } from '../../api/openapi.ts';

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after.always(async () => {
  await api?.close();
});

test('spec.json is served without a key and is OpenAPI 3.1', async (t) => {
  const res = await api.call('GET', '/api/v1/spec.json');
  t.is(res.status, 200);
  t.is(res.body.openapi, '3.1.0');
});

test('the spec lists every contract route with its request, success and error statuses', async (t) => {
  const doc = (await api.call('GET', '/api/v1/spec.json')).body;
  for (const route of routes) {
    const op = doc.paths[route.path]?.[route.method];
    t.truthy(op, `${route.method} ${route.path}`);
    t.truthy(op.responses[String(route.success.status)], `${route.operationId} success`);
    for (const status of ['400', '401', '403', '404', '429', '503']) t.truthy(op.responses[status], `${route.operationId} ${status}`);
    if (route.body) t.truthy(op.requestBody, `${route.operationId} body`);
    if (route.idempotent) t.true(op.parameters.some((p: any) => p.in === 'header' && p.name === 'Idempotency-Key'));
  }
  t.is(Object.values(doc.paths).reduce((n: number, item: any) => n + Object.keys(item).length, 0), 13);
});

test('routes that can conflict or hit a cap document 409, and PATCH equipment documents 412', async (t) => {
  const doc = (await api.call('GET', '/api/v1/spec.json')).body;
  t.truthy(doc.paths['/load-plans/{loadPlanId}/calculate'].post.responses['409']);
  t.truthy(doc.paths['/load-plans/{loadPlanId}/equipment'].patch.responses['412']);
  t.truthy(doc.paths['/projects'].post.responses['409']);
});

test('the spec declares the bearer scheme and every route requires it', async (t) => {
  const doc = (await api.call('GET', '/api/v1/spec.json')).body;
  t.deepEqual(doc.components.securitySchemes.bearerAuth, { type: 'http', scheme: 'bearer', description: doc.components.securitySchemes.bearerAuth.description });
  for (const item of Object.values(doc.paths) as any[]) for (const op of Object.values(item) as any[]) t.deepEqual(op.security, [{ bearerAuth: [] }]);
});

test('the spec lists the four webhook events under webhooks', async (t) => {
  const doc = (await api.call('GET', '/api/v1/spec.json')).body;
  t.deepEqual(Object.keys(doc.webhooks).sort(), ['calculate.cancelled', 'calculate.completed', 'calculate.failed', 'webhook.test']);
  const body = doc.webhooks['calculate.failed'].post.requestBody.content['application/json'].schema;
  t.deepEqual(Object.keys(body.properties).sort(), ['createdAt', 'data', 'id', 'type']);
});

test('the spec passes the OpenAPI 3.1 linter with no errors', async (t) => {
  const config = await createConfig({ extends: ['recommended'], rules: { 'info-license': 'off', 'no-server-example.com': 'off' } } as any);
  const problems = await lintFromString({ source: JSON.stringify(buildOpenApiDocument()), absoluteRef: 'spec.json', config });
  const errors = problems.filter((p) => p.severity === 'error');
  t.deepEqual(errors.map((e) => `${e.ruleId}: ${e.message} @ ${e.location?.[0]?.pointer}`), []);
});

test('the interactive reference is served from local assets, with no CDN', async (t) => {
  const page = await api.call('GET', '/api/v1');
  t.is(page.status, 200);
  t.regex(page.text, /swagger-ui-bundle\.js/);
  t.notRegex(page.text, /https?:\/\/(?!127\.0\.0\.1)/);
  const asset = await api.call('GET', '/api/v1/reference/swagger-ui-bundle.js');
  t.is(asset.status, 200);
  t.true(asset.text.length > 100_000);
});

test('the Postman v2.1 collection is generated from the same document', async (t) => {
  const res = await api.call('GET', '/api/v1/postman.json');
  t.is(res.status, 200);
  t.is(res.body.info.schema, 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
  const requests = res.body.item.flatMap((folder: any) => folder.item);
  t.is(requests.length, routes.length);
  t.is(res.body.auth.type, 'bearer');
});

test.serial('a route marked deprecated in the contract sends Deprecation, Sunset and Link on every response', async (t) => {
  const route = routes.find((r) => r.operationId === 'getProject')!;
  const saved = route.deprecated;
  route.deprecated = { since: new Date('2027-01-01T00:00:00Z'), sunset: new Date('2027-07-01T00:00:00Z'), link: 'https://docs.example/migrate' };
  try {
    const res = await api.call('GET', '/api/v1/projects/prj_unknown');
    t.is(res.headers.deprecation, '@1798761600');
    t.is(res.headers.sunset, 'Thu, 01 Jul 2027 00:00:00 GMT');
    t.is(res.headers.link, '<https://docs.example/migrate>; rel="deprecation"');
  } finally {
    route.deprecated = saved;
  }
  const after = await api.call('GET', '/api/v1/projects/prj_unknown');
  t.is(after.headers.deprecation, undefined);
});

test.serial('no route is deprecated at present', (t) => {
  t.deepEqual(routes.filter((r) => r.deprecated).map((r) => r.operationId), []);
});
