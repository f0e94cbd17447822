import type { Db } from './connect.ts';

export const RETENTION_HOURS = 24;
/** No request runs this long: a claim still 'running' after it belonged to a process that died. */
export const ABANDONED_CLAIM_MINUTES = 10;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'other-request' }
  | { kind: 'still-running' };

/**
 * Claims (apiKey, key) for a request, committed on its own so that a concurrent request
 * with the same key sees it. A record older than the retention is forgotten.
 */
export async function claimIdempotencyKey(db: Db, apiKeyId: string, key: string, requestHash: string): Promise<Claim> {
  await db`
    delete from idempotency_records
    where api_key_id = ${apiKeyId} and key = ${key}
      and (created_at < now() - make_interval(hours => ${RETENTION_HOURS})
           or (state = 'running' and created_at < now() - make_interval(mins => ${ABANDONED_CLAIM_MINUTES})))`;
  const inserted = await db`
    insert into idempotency_records (api_key_id, key, request_hash, state)
    values (${apiKeyId}, ${key}, ${requestHash}, 'running')
    on conflict do nothing returning key`;
  if (inserted.length) return { kind: 'claimed' };
  const [existing] = await db`select * from idempotency_records where api_key_id = ${apiKeyId} and key = ${key}`;
  if (!existing) return claimIdempotencyKey(db, apiKeyId, key, requestHash); // released meanwhile
  if (existing.request_hash !== requestHash) return { kind: 'other-request' };
  if (existing.state === 'running') return { kind: 'still-running' };
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
