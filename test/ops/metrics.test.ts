// /metrics in Prometheus text: request counters by route template (never raw ids), rate-limit
// refusals, idempotent replays, and the Node process metrics.
import test from 'ava';
import { startOpsApi, get, sample, type OpsApi } from './ops-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';
import { idem } from '../support/api-harness.ts';
import { inOneWindow } from '../support/rate-window.ts';

let api: OpsApi;
let org: TestOrg;
test.before(async () => {
  api = await startOpsApi();
  org = await createTestOrg(api.sql);
});
test.after.always(async () => {
  await api?.close();
});

const metrics = async () => (await get(`${api.opsUrl}/metrics`)).text;

test('/metrics is Prometheus text with the Node process metrics', async (t) => {
  const res = await get(`${api.opsUrl}/metrics`);
  t.is(res.status, 200);
  t.regex(res.type, /^text\/plain; version=0\.0\.4/);
  t.regex(res.text, /^process_cpu_seconds_total \d/m);
  t.regex(res.text, /^nodejs_heap_size_used_bytes \d/m);
});

test('a request to a route increases its counter, labelled with the route template', async (t) => {
  const labels = { method: 'GET', route: '/api/v1/libraries/equipment', status: '200' };
  const before = sample(await metrics(), 'loadplan_http_requests_total', labels);
  t.is((await api.call('GET', '/api/v1/libraries/equipment', { key: org.apiKey })).status, 200);
  const text = await metrics();
  t.is(sample(text, 'loadplan_http_requests_total', labels), before + 1);
  t.true(sample(text, 'loadplan_http_request_duration_seconds_count', labels) >= 1);
});

test('routes with ids are counted under their template, never the raw id', async (t) => {
  const created = await api.post(org.apiKey, '/projects', { name: 'metrics' });
  t.is(created.status, 201, created.text);
  const id = created.body.id as string;
  t.is((await api.call('GET', `/api/v1/projects/${id}`, { key: org.apiKey })).status, 200);
  const text = await metrics();
  t.is(sample(text, 'loadplan_http_requests_total', { method: 'GET', route: '/api/v1/projects/{projectId}', status: '200' }) >= 1, true);
  t.false(text.includes(id));
});

test('unknown paths share one label instead of one series per path', async (t) => {
  await api.call('GET', '/no-such-page-12345');
  const text = await metrics();
  t.false(text.includes('no-such-page-12345'));
  t.true(sample(text, 'loadplan_http_requests_total', { route: 'unmatched', status: '404' }) >= 1);
});

test('an idempotent replay is counted', async (t) => {
  const key = idem();
  const route = '/api/v1/projects';
  const before = sample(await metrics(), 'loadplan_idempotent_replays_total', { route });
  for (let i = 0; i < 2; i++) await api.call('POST', '/api/v1/projects', { key: org.apiKey, body: { name: 'replayed' }, idempotencyKey: key });
  t.is(sample(await metrics(), 'loadplan_idempotent_replays_total', { route }), before + 1);
});

test('a request refused by the per-key limit is counted with scope "key"', async (t) => {
  const limited = await startOpsApi(undefined, { RATE_LIMIT_PER_KEY: '2' });
  t.teardown(limited.close);
  const own = await createTestOrg(limited.sql);
  // another route than the counter test's: both fill the one registry of this process
  const route = '/api/v1/projects/{projectId}';
  const refusals = async () => sample((await get(`${limited.opsUrl}/metrics`)).text, 'loadplan_rate_limit_refusals_total', { scope: 'key', route });
  // the per-key count is a fixed one-minute window: three calls across its turn are run again
  const { statuses, counted } = await inOneWindow(async () => {
    await limited.sql`delete from rate_limit_windows where bucket = ${'key:' + own.apiKeyId}`;
    const before = await refusals();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await limited.call('GET', '/api/v1/projects/prj_none', { key: own.apiKey })).status);
    return { statuses, counted: (await refusals()) - before };
  });
  t.deepEqual(statuses, [404, 404, 429]);
  t.is(counted, 1);
});
