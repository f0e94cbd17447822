import type { Db } from './connect.ts';

export const RETENTION_HOURS = 24;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'other-request' };

/**
 * The request that works on (apiKey, key) holds this lock in its transaction and writes its
 * claim there: a concurrent request with the key finds the lock taken, and a process that
 * dies mid-request leaves neither lock nor claim behind.
 */
export async function tryLockIdempotencyKey(tx: Db, apiKeyId: string, key: string): Promise<boolean> {
  const [row] = await tx`select pg_try_advisory_xact_lock(hashtext(${`idem:${apiKeyId}`}), hashtext(${key})) as locked`;
  return row.locked;
}

/** The request hash a key was first used with, or null when it is unused. */
export async function claimedRequestHash(db: Db, apiKeyId: string, key: string): Promise<string | null> {
  const [row] = await db`select request_hash from idempotency_records where api_key_id = ${apiKeyId} and key = ${key}`;
  return row?.request_hash ?? null;
}

/**
 * Claims (apiKey, key) inside the request's transaction, which holds the key's lock. A record
 * older than the retention is forgotten; a 'running' one (written before claims moved into
 * the request's transaction) has no owner under the lock and is taken over.
 */
export async function claimIdempotencyKey(tx: Db, apiKeyId: string, key: string, requestHash: string): Promise<Claim> {
  await tx`
    delete from idempotency_records
    where api_key_id = ${apiKeyId} and key = ${key} and created_at < now() - make_interval(hours => ${RETENTION_HOURS})`;
  const [existing] = await tx`select * from idempotency_records where api_key_id = ${apiKeyId} and key = ${key}`;
  if (!existing) {
    await tx`insert into idempotency_records (api_key_id, key, request_hash, state) values (${apiKeyId}, ${key}, ${requestHash}, 'running')`;
    return { kind: 'claimed' };
  }
  if (existing.request_hash !== requestHash) return { kind: 'other-request' };
  if (existing.state === 'running') {
    await tx`update idempotency_records set created_at = now() where api_key_id = ${apiKeyId} and key = ${key}`;
    return { kind: 'claimed' };
  }
  return { kind: 'replay', status: existing.response_status, body: existing.response_body };
}

/** Stores the response, in the same transaction as the request's writes. */
export async function completeIdempotencyKey(db: Db, apiKeyId: string, key: string, status: number, body: unknown): Promise<void> {
  await db`
    update idempotency_records set state = 'done', response_status = ${status}, response_body = ${db.json(body as any)}
    where api_key_id = ${apiKeyId} and key = ${key}`;
}

/** A request that wrote nothing gives its key back. */
export async function releaseIdempotencyKey(db: Db, apiKeyId: string, key: string): Promise<void> {
  await db`delete from idempotency_records where api_key_id = ${apiKeyId} and key = ${key} and state = 'running'`;
}

/** Forgets a stored response whose follow-up work failed after the commit. */
export async function forgetIdempotencyKey(db: Db, apiKeyId: string, key: string): Promise<void> {
  await db`delete from idempotency_records where api_key_id = ${apiKeyId} and key = ${key}`;
}
