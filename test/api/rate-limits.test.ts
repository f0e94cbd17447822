import test from 'ava';
import { startTestApi, type Reply, type TestApi } from '../support/api-harness.ts';
import { createTestOrg } from '../support/fixtures.ts';
import { inOneWindow, minute } from '../support/rate-window.ts';

const started: TestApi[] = [];
async function start(overrides: Parameters<typeof startTestApi>[0]) {
  const api = await startTestApi(overrides);
  started.push(api);
  return api;
}
test.after.always(async () => {
  await Promise.all(started.map((api) => api.close()));
});

test('more than the per-key limit in a minute answers 429 with Retry-After and data.retryAfter, and is audited', async (t) => {
  const api = await start({ RATE_LIMIT_PER_KEY: '3' });
  const org = await createTestOrg(api.sql);
  const replies = await inOneWindow(async () => {
    await api.sql`delete from rate_limit_windows where bucket = ${'key:' + org.apiKeyId}`;
    const out: Reply[] = [];
    for (let i = 0; i < 4; i++) out.push(await api.call('GET', '/api/v1/libraries/equipment', { key: org.apiKey }));
    return out;
  });
  t.deepEqual(replies.map((r) => r.status), [200, 200, 200, 429]);
  const refused = replies[3];
  t.is(refused.body.code, 'TOO_MANY_REQUESTS');
  const retryAfter = Number(refused.headers['retry-after']);
  t.true(retryAfter >= 1 && retryAfter <= 60);
  t.is(refused.body.data.retryAfter, retryAfter);
  const rows = await api.sql`select operation, status from audit_log where api_key_id = ${org.apiKeyId}`;
  // only refusals are recorded (a retried window may have added one more)
  t.true(rows.length >= 1);
  t.true(rows.every((r) => r.operation === 'listEquipmentTypes' && r.status === 429));
});

test('the per-key limit counts each key on its own', async (t) => {
  const api = await start({ RATE_LIMIT_PER_KEY: '2' });
  const a = await createTestOrg(api.sql);
  const b = await createTestOrg(api.sql);
  const replies = await inOneWindow(async () => {
    await api.sql`delete from rate_limit_windows where bucket in (${'key:' + a.apiKeyId}, ${'key:' + b.apiKeyId})`;
    const out: Reply[] = [];
    for (const key of [a.apiKey, a.apiKey, b.apiKey, b.apiKey, a.apiKey]) out.push(await api.call('GET', '/api/v1/libraries/cargo', { key }));
    return out;
  });
  t.deepEqual(replies.map((r) => r.status), [200, 200, 200, 200, 429]);
});

test('the per-key limit holds across two API processes sharing the database', async (t) => {
  const first = await start({ RATE_LIMIT_PER_KEY: '3' });
  const second = await start({ RATE_LIMIT_PER_KEY: '3' });
  const org = await createTestOrg(first.sql);
  const replies = await inOneWindow(async () => {
    await first.sql`delete from rate_limit_windows where bucket = ${'key:' + org.apiKeyId}`;
    const out: Reply[] = [];
    for (const api of [first, second, first, second]) out.push(await api.call('GET', '/api/v1/libraries/cargo', { key: org.apiKey }));
    return out;
  });
  t.deepEqual(replies.map((r) => r.status), [200, 200, 200, 429]);
});

test('the per-IP limit holds across two API processes sharing the database', async (t) => {
  const first = await start({ RATE_LIMIT_PER_IP: '3', TRUST_PROXY: 'true' });
  const second = await start({ RATE_LIMIT_PER_IP: '3', TRUST_PROXY: 'true' });
  const org = await createTestOrg(first.sql);
  const replies = await inOneWindow(async (attempt) => {
    const ip = `203.0.113.${(process.pid + 100 + attempt) % 250}`;
    await first.sql`delete from rate_limit_windows where bucket = ${'ip:' + ip}`;
    const out: Reply[] = [];
    for (const api of [first, second, first, second]) out.push(await api.call('GET', '/api/v1/libraries/cargo', { key: org.apiKey, headers: { 'x-forwarded-for': ip } }));
    return out;
  });
  t.deepEqual(replies.map((r) => r.status), [200, 200, 200, 429]);
});

test('the limits count in fixed one-minute windows: a full window refuses until its minute ends, the next minute starts from zero', async (t) => {
  // so a client may send the limit at the end of one minute and again at the start of the next
  const api = await start({ RATE_LIMIT_PER_KEY: '3' });
  const org = await createTestOrg(api.sql);
  const bucket = 'key:' + org.apiKeyId;
  let leftBefore = 0;
  let leftAfter = 0;
  const replies = await inOneWindow(async () => {
    const start = minute() * 60_000;
    await api.sql`delete from rate_limit_windows where bucket = ${bucket}`;
    await api.sql`insert into rate_limit_windows (bucket, window_start, hits) values (${bucket}, ${new Date(start - 60_000)}, 3)`;
    const afterFullMinute = await api.call('GET', '/api/v1/libraries/cargo', { key: org.apiKey });
    await api.sql`update rate_limit_windows set hits = 3 where bucket = ${bucket} and window_start = ${new Date(start)}`;
    leftBefore = Math.ceil((start + 60_000 - Date.now()) / 1000);
    const inFullMinute = await api.call('GET', '/api/v1/libraries/cargo', { key: org.apiKey });
    leftAfter = Math.ceil((start + 60_000 - Date.now()) / 1000);
    return [afterFullMinute, inFullMinute];
  });
  t.is(replies[0].status, 200);
  t.is(replies[1].status, 429);
  // Retry-After is the rest of the minute, counted when the server answered
  const retryAfter = Number(replies[1].headers['retry-after']);
  t.true(retryAfter >= leftAfter && retryAfter <= leftBefore, `Retry-After ${retryAfter}, ${leftBefore} to ${leftAfter} s left`);
});

test('a call refused before the per-key limit does not spend the key\'s budget', async (t) => {
  const api = await start({ RATE_LIMIT_PER_KEY: '2' });
  const org = await createTestOrg(api.sql, { scope: 'read' });
  const replies = await inOneWindow(async () => {
    await api.sql`delete from rate_limit_windows where bucket = ${'key:' + org.apiKeyId}`;
    const out: Reply[] = [];
    for (let i = 0; i < 3; i++) out.push(await api.call('POST', '/api/v1/projects', { key: org.apiKey, body: { name: 'x' }, idempotencyKey: `scope-${i}` }));
    for (let i = 0; i < 3; i++) out.push(await api.call('GET', '/api/v1/libraries/cargo', { key: org.apiKey }));
    return out;
  });
  t.deepEqual(replies.map((r) => r.status), [403, 403, 403, 200, 200, 429]);
});

test('more than the per-IP limit in a minute answers 429 before authentication and is not audited', async (t) => {
  // a proxy-reported address of our own, so other suites calling from 127.0.0.1 do not count
  const api = await start({ RATE_LIMIT_PER_IP: '3', TRUST_PROXY: 'true' });
  const org = await createTestOrg(api.sql);
  const replies = await inOneWindow(async (attempt) => {
    const ip = `203.0.113.${(process.pid + attempt) % 250}`;
    await api.sql`delete from rate_limit_windows where bucket = ${'ip:' + ip}`;
    const headers = { 'x-forwarded-for': ip };
    const out: Reply[] = [];
    for (let i = 0; i < 3; i++) out.push(await api.call('GET', '/api/v1/libraries/cargo', { key: org.apiKey, headers }));
    out.push(await api.call('POST', '/api/v1/projects', { key: org.apiKey, headers, body: { name: 'x' }, idempotencyKey: 'ip-limit' }));
    out.push(await api.call('GET', '/api/v1/libraries/cargo', { key: 'not-a-key', headers }));
    return out;
  });
  t.deepEqual(replies.map((r) => r.status), [200, 200, 200, 429, 429]);
  t.is(replies[3].body.code, 'TOO_MANY_REQUESTS');
  t.truthy(replies[3].headers['retry-after']);
  t.is(replies[3].body.data.retryAfter, Number(replies[3].headers['retry-after']));
  const [{ n }] = await api.sql`select count(*)::int as n from audit_log where api_key_id = ${org.apiKeyId}`;
  t.is(n, 0);
  const [{ p }] = await api.sql`select count(*)::int as p from projects where organization_id = ${org.organizationId}`;
  t.is(p, 0);
});

test('the per-key limit fails closed: with the limiter store unreachable a call answers 503', async (t) => {
  const api = await start({ limiterDatabaseUrl: 'postgres://nobody@127.0.0.1:1/none' });
  const org = await createTestOrg(api.sql);
  const res = await api.call('POST', '/api/v1/projects', { key: org.apiKey, body: { name: 'unlimited?' }, idempotencyKey: 'fail-closed' });
  t.is(res.status, 503);
  t.is(res.body.code, 'SERVICE_UNAVAILABLE');
  const read = await api.call('GET', '/api/v1/libraries/cargo', { key: org.apiKey });
  t.is(read.status, 503);
  const [{ p }] = await api.sql`select count(*)::int as p from projects where organization_id = ${org.organizationId}`;
  t.is(p, 0);
});

test('the per-IP limit fails open: with the limiter store unreachable a call without a key still answers 401', async (t) => {
  const api = await start({ limiterDatabaseUrl: 'postgres://nobody@127.0.0.1:1/none' });
  const res = await api.call('GET', '/api/v1/libraries/cargo');
  t.is(res.status, 401);
});
