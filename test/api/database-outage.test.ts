// Postgres unreachable (a TCP proxy in front of it is cut, as when it restarts): the API
// answers 503 with Retry-After, never 500, and serves again by itself once it is back.
import test from 'ava';
import { startOpsApi } from '../ops/ops-harness.ts';
import { proxiedTestDatabase } from '../support/tcp-proxy.ts';
import { createTestOrg } from '../support/fixtures.ts';
import { idem } from '../support/api-harness.ts';

test('while Postgres is unreachable reads and writes answer 503 with Retry-After; once back they succeed', async (t) => {
  const { proxy, url } = await proxiedTestDatabase();
  t.teardown(proxy.close);
  const api = await startOpsApi(url);
  t.teardown(api.close);
  const org = await createTestOrg(api.sql);
  const project = await api.post(org.apiKey, '/projects', { name: 'Before the outage' });
  t.is(project.status, 201);

  await proxy.cut();
  const read = await api.call('GET', `/api/v1/projects/${project.body.id}`, { key: org.apiKey });
  const write = await api.call('POST', '/api/v1/projects', { key: org.apiKey, body: { name: 'During' }, idempotencyKey: idem() });
  for (const res of [read, write]) {
    t.is(res.status, 503, res.text);
    t.is(res.body.code, 'SERVICE_UNAVAILABLE');
    t.truthy(res.headers['retry-after']);
  }

  await proxy.restore();
  t.is((await api.call('GET', `/api/v1/projects/${project.body.id}`, { key: org.apiKey })).status, 200);
  t.is((await api.post(org.apiKey, '/projects', { name: 'After the outage' })).status, 201);
});
