// The stored response's insert refuses a key the transaction did not claim (migration 009):
// sent before the claim's answer is read, it rolls the transaction back at its COMMIT. And it
// keeps a response answered after the claim read the key (migration 010).
import test from 'ava';
import { claimIdempotencyKey, completeIdempotencyKey } from '../../db/idempotency.ts';
import { createProject } from '../../db/projects.ts';
import { startTestApi, idem, type TestApi } from '../support/api-harness.ts';
import { createTestOrg } from '../support/fixtures.ts';
import type { Db } from '../../db/connect.ts';

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after.always(async () => {
  await api?.close();
});

const storedOf = async (apiKeyId: string, key: string) =>
  (await api.sql`select response_status from idempotency_records where api_key_id = ${apiKeyId} and key = ${key}`).length;

test('a claimed key stores its response', async (t) => {
  const org = await createTestOrg(api.sql);
  const key = idem();
  await api.sql.begin(async (tx) => {
    t.is((await claimIdempotencyKey(tx as Db, org.apiKeyId, key, 'h')).kind, 'claimed');
    await completeIdempotencyKey(tx as Db, org.apiKeyId, key, 'h', 201, '{}');
  });
  t.is(await storedOf(org.apiKeyId, key), 1);
});

test('a transaction that did not claim the key cannot store a response for it', async (t) => {
  const org = await createTestOrg(api.sql);
  const key = idem();
  const err = await t.throwsAsync(api.sql.begin((tx) => completeIdempotencyKey(tx as Db, org.apiKeyId, key, 'h', 201, '{}')));
  t.is((err as any).code, 'LP412');
  t.is(await storedOf(org.apiKeyId, key), 0);
});

test('a key in use by another transaction: the store is refused, and the COMMIT sent behind it rolls back the writes', async (t) => {
  const org = await createTestOrg(api.sql);
  const key = idem();
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let claimedByHolder!: () => void;
  const holderClaimed = new Promise<void>((r) => (claimedByHolder = r));
  const holder = api.sql.begin(async (tx) => {
    await claimIdempotencyKey(tx as Db, org.apiKeyId, key, 'h');
    claimedByHolder();
    await held;
  });
  await holderClaimed;
  let claim: unknown;
  let stored: Promise<unknown> = Promise.resolve();
  // the claim, a write and the store go out unanswered; the COMMIT follows them
  await api.sql.begin(async (tx) => {
    const claiming = claimIdempotencyKey(tx as Db, org.apiKeyId, key, 'h').then((c) => (claim = c));
    const written = createProject(tx as Db, { organizationId: org.organizationId, name: 'behind the claim', transportMode: 'sea', stops: [] });
    stored = completeIdempotencyKey(tx as Db, org.apiKeyId, key, 'h', 201, '{}');
    for (const p of [claiming, written, stored]) p.catch(() => {});
  });
  release();
  await holder;
  t.deepEqual(claim, { kind: 'in-use' });
  t.is((await t.throwsAsync(stored) as any).code, 'LP412');
  const [{ n }] = await api.sql`select count(*)::int as n from projects where organization_id = ${org.organizationId}`;
  t.is(n, 0);
});

test('a stored response is not replaced by a transaction whose claim found it (a replay)', async (t) => {
  const org = await createTestOrg(api.sql);
  const key = idem();
  await api.sql.begin(async (tx) => {
    await claimIdempotencyKey(tx as Db, org.apiKeyId, key, 'h');
    await completeIdempotencyKey(tx as Db, org.apiKeyId, key, 'h', 201, '{"first":true}');
  });
  let stored: Promise<unknown> = Promise.resolve();
  await api.sql.begin(async (tx) => {
    claimIdempotencyKey(tx as Db, org.apiKeyId, key, 'h').catch(() => {});
    stored = completeIdempotencyKey(tx as Db, org.apiKeyId, key, 'h', 201, '{"second":true}');
    stored.catch(() => {});
  });
  t.is((await t.throwsAsync(stored) as any).code, 'LP412');
  const [row] = await api.sql`select response_body::text as body from idempotency_records where api_key_id = ${org.apiKeyId} and key = ${key}`;
  t.is(row.body, '{"first":true}');
});

test('a response stored after the claim read the key is kept: the store raises and the writes roll back', async (t) => {
  const org = await createTestOrg(api.sql);
  const key = idem();
  await api.sql.begin(async (tx) => {
    await claimIdempotencyKey(tx as Db, org.apiKeyId, key, 'h');
    await completeIdempotencyKey(tx as Db, org.apiKeyId, key, 'h', 201, '{"first":true}');
  });
  // a second request whose claim read the key before that commit and took its lock after it:
  // the claim noted the key as this request's, but the record is there by the store
  const err = await t.throwsAsync(api.sql.begin(async (tx) => {
    await tx`select set_config('loadplan.idempotency_claimed', 'yes', true)`;
    await createProject(tx as Db, { organizationId: org.organizationId, name: 'answered meanwhile', transportMode: 'sea', stops: [] });
    await completeIdempotencyKey(tx as Db, org.apiKeyId, key, 'h', 201, '{"second":true}');
  }));
  t.is((err as any).code, 'LP412');
  const [row] = await api.sql`select response_body::text as body from idempotency_records where api_key_id = ${org.apiKeyId} and key = ${key}`;
  t.is(row.body, '{"first":true}');
  const [{ n }] = await api.sql`select count(*)::int as n from projects where organization_id = ${org.organizationId}`;
  t.is(n, 0);
});

test('an expired stored response is replaced by the next request with the key', async (t) => {
  const org = await createTestOrg(api.sql);
  const key = idem();
  await api.sql.begin(async (tx) => {
    await claimIdempotencyKey(tx as Db, org.apiKeyId, key, 'h');
    await completeIdempotencyKey(tx as Db, org.apiKeyId, key, 'h', 201, '{"first":true}');
  });
  await api.sql`update idempotency_records set created_at = now() - interval '25 hours' where api_key_id = ${org.apiKeyId} and key = ${key}`;
  await api.sql.begin(async (tx) => {
    t.is((await claimIdempotencyKey(tx as Db, org.apiKeyId, key, 'other')).kind, 'claimed');
    await completeIdempotencyKey(tx as Db, org.apiKeyId, key, 'other', 201, '{"second":true}');
  });
  const [row] = await api.sql`select response_body::text as body from idempotency_records where api_key_id = ${org.apiKeyId} and key = ${key}`;
  t.is(row.body, '{"second":true}');
});
