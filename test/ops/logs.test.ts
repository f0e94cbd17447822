// One JSON line per request with the request id, organization, route, status and duration;
// secrets (API keys, Authorization headers, share tokens) never appear in any line.
import test from 'ava';
import { startOpsApi, captureLogs, type OpsApi } from './ops-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';
import { createSolvedPlan } from '../support/solved-plan-fixture.ts';
import { idem } from '../support/api-harness.ts';
import { logger } from '../../ops/logger.ts';

let api: OpsApi;
let org: TestOrg;
let logs: ReturnType<typeof captureLogs>;
test.before(async () => {
  logs = captureLogs();
  api = await startOpsApi();
  org = await createTestOrg(api.sql);
});
test.after.always(async () => {
  logs?.stop();
  await api?.close();
});

const lineOf = (requestId: string) => logs.lines().find((l) => l.msg === 'request' && l.requestId === requestId);

test('each request writes one JSON line with its request id, organization, route, status and duration', async (t) => {
  const res = await api.call('GET', '/api/v1/libraries/equipment', { key: org.apiKey, headers: { 'x-request-id': 'ops-log-1' } });
  t.is(res.status, 200);
  const lines = logs.lines().filter((l) => l.requestId === 'ops-log-1');
  t.is(lines.length, 1);
  t.like(lines[0], { level: 'info', msg: 'request', requestId: 'ops-log-1', organizationId: org.organizationId, method: 'GET', route: '/api/v1/libraries/equipment', status: 200 });
  t.is(typeof lines[0].durationMs, 'number');
  t.is(typeof lines[0].time, 'string');
});

test('refused requests are logged with their status, and no organization when no key was known', async (t) => {
  await api.call('GET', '/api/v1/libraries/equipment', { key: 'lp_live_not-a-real-key', headers: { 'x-request-id': 'ops-log-401' } });
  t.like(lineOf('ops-log-401'), { status: 401, organizationId: null, route: '/api/v1/libraries/equipment' });
});

test('API keys and Authorization headers are never logged', async (t) => {
  await api.call('GET', '/api/v1/libraries/equipment', { key: org.apiKey, headers: { 'x-request-id': 'ops-log-key' } });
  await api.call('GET', '/api/v1/projects/prj_missing', { headers: { authorization: 'Basic c2VjcmV0OnNlY3JldA==', 'x-request-id': 'ops-log-basic' } });
  t.truthy(lineOf('ops-log-key'));
  t.truthy(lineOf('ops-log-basic'));
  const text = logs.text();
  t.false(text.includes(org.apiKey));
  t.false(text.includes('c2VjcmV0OnNlY3JldA=='));
  t.false('headers' in lineOf('ops-log-basic')!, 'request lines carry no headers');
});

test('share tokens are never logged: share pages are logged under their route template', async (t) => {
  const plan = await createSolvedPlan(api.sql, org.organizationId);
  const minted = await api.call('POST', `/api/v1/load-plans/${plan.loadPlanId}/share-links`, { key: org.apiKey, body: {}, idempotencyKey: idem() });
  t.is(minted.status, 201, minted.text);
  const token = minted.body.token as string;
  const path = new URL(minted.body.url).pathname;
  t.is((await api.call('GET', path, { headers: { 'x-request-id': 'ops-log-share' } })).status, 200);
  await api.call('GET', `${path}/placements.csv`, { headers: { 'x-request-id': 'ops-log-csv' } });
  t.like(lineOf('ops-log-share'), { route: '/share/{token}', status: 200 });
  t.like(lineOf('ops-log-csv'), { route: '/share/{token}/placements.csv' });
  t.false(logs.text().includes(token));
});

test('secret fields of any object that reaches a log call are censored', (t) => {
  logger.info({ probe: 'redaction', headers: { authorization: 'Bearer lp_live_x1' }, endpoint: { secret: 'whsec_x2', secrets: ['whsec_x3'] }, token: 'tok_x4', apiKey: 'lp_live_x5' }, 'probe');
  const line = logs.lines().find((l) => l.probe === 'redaction')!;
  t.truthy(line);
  for (const secret of ['lp_live_x1', 'whsec_x2', 'whsec_x3', 'tok_x4', 'lp_live_x5']) t.false(JSON.stringify(line).includes(secret), secret);
  t.is((line.headers as any).authorization, '[redacted]');
});
