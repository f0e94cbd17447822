import test from 'ava';
import { startTestApi, idem, type TestApi } from '../support/api-harness.ts';
import { createTestOrg, type TestOrg } from '../support/fixtures.ts';
import { createApiKey, rotateApiKey } from '../../db/api-keys.ts';
import type { Db } from '../../db/connect.ts';

let api: TestApi;
let org: TestOrg;
test.before(async () => {
  api = await startTestApi();
  org = await createTestOrg(api.sql);
});
test.after.always(async () => {
  await api?.close();
});

const post = (path: string, body: unknown, idempotencyKey?: string, key = org.apiKey) => api.call('POST', `/api/v1${path}`, { key, body, idempotencyKey });
const line = { name: 'Box', quantity: 1, lengthMm: 100, widthMm: 100, heightMm: 100, weightG: 1000 };
const countProjects = async (name: string) => (await api.sql`select count(*)::int as n from projects where name = ${name}`)[0].n;
const uniqueName = () => `Idem ${idem()}`;

/** Runs `lock` in a transaction held open until the returned release() is called and awaited. */
async function holdLock(lock: (tx: Db) => Promise<unknown>): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = api.sql.begin(async (tx) => {
    await lock(tx);
    locked();
    await held;
  });
  await isLocked;
  return async () => {
    release();
    await holder;
  };
}

test('the same key and body within 24 hours replays the first response and status, and writes once', async (t) => {
  const key = idem();
  const name = uniqueName();
  const first = await post('/projects', { name, transportMode: 'sea' }, key);
  const again = await post('/projects', { transportMode: 'sea', name }, key);
  t.is(first.status, 201);
  t.is(again.status, 201);
  t.deepEqual(again.body, first.body);
  t.is(again.headers['idempotent-replayed'], 'true');
  t.is(await countProjects(name), 1);
});

test('a replay answers the first response byte for byte: same fields in the same order, same content type', async (t) => {
  const key = idem();
  const name = uniqueName();
  const first = await post('/projects', { name, transportMode: 'road' }, key);
  const again = await post('/projects', { name, transportMode: 'road' }, key);
  t.is(again.headers['idempotent-replayed'], 'true');
  t.is(again.text, first.text);
  t.is(again.headers['content-type'], first.headers['content-type']);
  t.is(again.headers['content-length'], first.headers['content-length']);
});

test('every idempotent route replays: Load Plan creation and cargo import', async (t) => {
  const project = (await post('/projects', { name: uniqueName() }, idem())).body;
  const planKey = idem();
  const plan = await post(`/projects/${project.id}/load-plans`, { name: 'A' }, planKey);
  t.deepEqual((await post(`/projects/${project.id}/load-plans`, { name: 'A' }, planKey)).body, plan.body);
  const cargoKey = idem();
  await post(`/projects/${project.id}/cargo`, { lines: [line] }, cargoKey);
  const replay = await post(`/projects/${project.id}/cargo`, { lines: [line] }, cargoKey);
  t.is(replay.status, 201);
  t.deepEqual(replay.body, { count: 1 });
  const [{ n }] = await api.sql`select count(*)::int as n from cargo_lines where project_id = ${project.id}`;
  t.is(n, 1);
  const [{ revision }] = await api.sql`select revision from load_plans where id = ${plan.body.id}`;
  t.is(revision, 2);
});

test('the same key with another body answers 409 CONFLICT and writes nothing', async (t) => {
  const key = idem();
  await post('/projects', { name: uniqueName() }, key);
  const name = uniqueName();
  const res = await post('/projects', { name }, key);
  t.is(res.status, 409);
  t.is(res.body.code, 'CONFLICT');
  t.is(await countProjects(name), 0);
});

test('the same key on another path answers 409 CONFLICT', async (t) => {
  const key = idem();
  const a = (await post('/projects', { name: uniqueName() }, idem())).body.id;
  const b = (await post('/projects', { name: uniqueName() }, idem())).body.id;
  t.is((await post(`/projects/${a}/load-plans`, { name: 'X' }, key)).status, 201);
  t.is((await post(`/projects/${b}/load-plans`, { name: 'X' }, key)).status, 409);
});

test('a second request with the key while the first still runs answers 409 CONFLICT; the first then succeeds', async (t) => {
  const project = (await post('/projects', { name: uniqueName() }, idem())).body;
  const key = idem();
  // hold the Project row so the first import waits inside its transaction
  const release = await holdLock((tx) => tx`select id from projects where id = ${project.id} for update`);
  const first = post(`/projects/${project.id}/cargo`, { lines: [line] }, key);
  for (let i = 0; i < 200; i++) {
    const rows = await api.sql`select 1 from idempotency_records where key = ${key}`;
    if (rows.length) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const second = await post(`/projects/${project.id}/cargo`, { lines: [line] }, key);
  await release();
  t.is(second.status, 409);
  t.is(second.body.code, 'CONFLICT');
  t.is((await first).status, 201);
  const replay = await post(`/projects/${project.id}/cargo`, { lines: [line] }, key);
  t.is(replay.status, 201);
  const [{ n }] = await api.sql`select count(*)::int as n from cargo_lines where project_id = ${project.id}`;
  t.is(n, 1);
});

test('a Project creation whose key is in use answers 409 at once and writes nothing', async (t) => {
  const key = idem();
  const name = uniqueName();
  // hold the key's claim as a running request with it would (the claim's lock)
  const release = await holdLock((tx) => tx`select pg_advisory_xact_lock(hashtext(${`idem:${org.apiKeyId}`}), hashtext(${key}))`);
  const second = await post('/projects', { name, transportMode: 'sea' }, key);
  await release();
  t.is(second.status, 409);
  t.is(second.body.data.reason, 'idempotency_key_in_use');
  t.is(await countProjects(name), 0);
  t.is((await post('/projects', { name, transportMode: 'sea' }, key)).status, 201);
  t.is(await countProjects(name), 1);
});

test('a claim left running by a process that died does not hold the key: the retry goes through at once', async (t) => {
  const key = idem();
  const name = uniqueName();
  // what a request killed between its claim and its commit used to leave behind: its claim
  // still 'running' (with the request's own hash) and none of its writes
  t.is((await post('/projects', { name, transportMode: 'sea' }, key)).status, 201);
  await api.sql`delete from projects where name = ${name}`;
  await api.sql`update idempotency_records set state = 'running', response_status = null, response_body = null where key = ${key}`;
  const retry = await post('/projects', { name, transportMode: 'sea' }, key);
  t.is(retry.status, 201);
  t.is(await countProjects(name), 1);
  t.is((await post('/projects', { name, transportMode: 'sea' }, key)).headers['idempotent-replayed'], 'true');
});

test('keys are scoped to the API key: another key with the same Idempotency-Key acts independently', async (t) => {
  const second = await createApiKey(api.sql, { organizationId: org.organizationId, createdByMemberId: org.ownerId });
  const key = idem();
  const name = uniqueName();
  const a = await post('/projects', { name }, key);
  const b = await post('/projects', { name }, key, second.secret);
  t.is(a.status, 201);
  t.is(b.status, 201);
  t.not(a.body.id, b.body.id);
  t.is(await countProjects(name), 2);
});

test('after rotation the new key starts with no stored Idempotency-Keys', async (t) => {
  const old = await createApiKey(api.sql, { organizationId: org.organizationId, createdByMemberId: org.ownerId });
  const key = idem();
  const name = uniqueName();
  await post('/projects', { name }, key, old.secret);
  const fresh = (await rotateApiKey(api.sql, old.id))!;
  const res = await post('/projects', { name }, key, fresh.secret);
  t.is(res.status, 201);
  t.is(res.headers['idempotent-replayed'], undefined);
  t.is(await countProjects(name), 2);
});

test('a key older than 24 hours is forgotten: it may be used again with any body', async (t) => {
  const key = idem();
  await post('/projects', { name: uniqueName() }, key);
  await api.sql`update idempotency_records set created_at = now() - interval '24 hours 1 minute' where key = ${key}`;
  const name = uniqueName();
  const res = await post('/projects', { name }, key);
  t.is(res.status, 201);
  t.is(await countProjects(name), 1);
});

test('a key just under 24 hours old still replays', async (t) => {
  const key = idem();
  const first = await post('/projects', { name: uniqueName() }, key);
  await api.sql`update idempotency_records set created_at = now() - interval '23 hours 59 minutes' where key = ${key}`;
  const again = await post('/projects', { name: first.body.name }, key);
  t.deepEqual(again.body, first.body);
  t.is((await post('/projects', { name: uniqueName() }, key)).status, 409);
});

test('a request that fails with 404 or 400 does not use up the key', async (t) => {
  const key = idem();
  t.is((await post('/projects/prj_unknown/load-plans', { name: 'X' }, key)).status, 404);
  t.is((await post('/projects', { name: '' }, key)).status, 400);
  const name = uniqueName();
  const res = await post('/projects', { name }, key);
  t.is(res.status, 201);
  t.is(await countProjects(name), 1);
});

test('a missing Idempotency-Key answers 400 on every idempotent route; a malformed one too', async (t) => {
  const project = (await post('/projects', { name: uniqueName() }, idem())).body;
  for (const [path, body] of [['/projects', { name: 'x' }], [`/projects/${project.id}/load-plans`, { name: 'x' }], [`/projects/${project.id}/cargo`, { lines: [line] }]] as const) {
    const res = await post(path, body);
    t.is(res.status, 400, path);
    t.is(res.body.data.reason, 'invalid_input');
  }
  const spaced = await api.call('POST', '/api/v1/projects', { key: org.apiKey, body: { name: 'x' }, headers: { 'idempotency-key': 'has space' } });
  t.is(spaced.status, 400);
  const long = await post('/projects', { name: 'x' }, 'k'.repeat(256));
  t.is(long.status, 400);
  t.is((await post('/projects', { name: uniqueName() }, 'k'.repeat(255))).status, 201);
});

/**
 * Schema changes on a table other tests use: each waits for the lock at most briefly and
 * retries, so it never holds a queue of other tests' statements behind a transaction that
 * waits for one of them.
 */
async function changeSchema(statement: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await api.sql.begin(async (tx) => {
        await tx`set local lock_timeout = '200ms'`;
        await tx.unsafe(statement);
      });
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55P03' || attempt === 100) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

test('a stored response that cannot be written rolls the write back and leaves the key free', async (t) => {
  // a fault in the store for this test's keys only (other tests share the table)
  const prefix = `fail-store-${idem()}`;
  const fn = `fail_store_${process.pid}_${Date.now()}`;
  await changeSchema(`create function ${fn}() returns trigger language plpgsql as $$
    begin if new.key like '${prefix}%' then raise exception 'store down'; end if; return new; end $$`);
  await changeSchema(`create trigger ${fn} before insert on idempotency_records for each row execute function ${fn}()`);
  t.teardown(async () => {
    await changeSchema(`drop trigger ${fn} on idempotency_records`);
    await changeSchema(`drop function ${fn}()`);
  });
  const name = uniqueName();
  const failed = await post('/projects', { name, transportMode: 'sea' }, `${prefix}-1`);
  t.is(failed.status, 500);
  t.is(await countProjects(name), 0);
  t.is((await api.sql`select count(*)::int as n from idempotency_records where key = ${`${prefix}-1`}`)[0].n, 0);
  // the failure is audited after the rollback, naming no resource
  const [row] = await api.sql`select status, resource_id from audit_log where api_key_id = ${org.apiKeyId} and operation = 'createProject' and status = 500`;
  t.deepEqual({ ...row }, { status: 500, resource_id: null });
});

test('Project creations of one organization arriving together are each created once, audited once and replayed as sent, a key in use among them answering 409', async (t) => {
  const names = Array.from({ length: 12 }, () => uniqueName());
  const keys = names.map(() => idem());
  // one key among them is held as a running request would hold it
  const release = await holdLock((tx) => tx`select pg_advisory_xact_lock(hashtext(${`idem:${org.apiKeyId}`}), hashtext(${keys[5]}))`);
  const replies = await Promise.all(names.map((name, i) => post('/projects', { name, transportMode: 'sea' }, keys[i])));
  await release();
  t.deepEqual(replies.map((r) => r.status), names.map((_, i) => (i === 5 ? 409 : 201)));
  t.deepEqual(await Promise.all(names.map(countProjects)), names.map((_, i) => (i === 5 ? 0 : 1)));
  const ids = replies.filter((r) => r.status === 201).map((r) => r.body.id as string);
  const [{ n }] = await api.sql`select count(*)::int as n from audit_log where resource_id = any(${ids}) and status = 201`;
  t.is(n, ids.length);
  // the same requests again: each created one replays its response; the held key is free now
  const again = await Promise.all(names.map((name, i) => post('/projects', { name, transportMode: 'sea' }, keys[i])));
  again.forEach((r, i) => {
    t.is(r.status, 201);
    t.is(r.headers['idempotent-replayed'], i === 5 ? undefined : 'true');
    if (i !== 5) t.is(r.body.id, replies[i].body.id);
  });
});
