import type { Db } from './connect.ts';

export const RETENTION_HOURS = 24;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; /** the first response's JSON text, byte for byte */ body: string }
  | { kind: 'other-request' }
  | { kind: 'in-use' };

/**
 * Claims (apiKey, key) inside the request's transaction, in two round trips at most. The
 * transaction takes the key's advisory lock and writes its claim there: a concurrent request
 * with the key finds the lock taken (`in-use`), and a process that dies mid-request leaves
 * neither lock nor claim behind. A record older than the retention counts as absent; a
 * 'running' one (written before claims moved into the request's transaction) has no owner
 * under the lock and is taken over.
 */
export async function claimIdempotencyKey(tx: Db, apiKeyId: string, key: string, requestHash: string): Promise<Claim> {
  const [row] = await tx`
    select pg_try_advisory_xact_lock(hashtext(${`idem:${apiKeyId}`}), hashtext(${key})) as locked,
           r.request_hash, r.state, r.response_status, r.response_body::text as response_body,
           r.created_at < now() - make_interval(hours => ${RETENTION_HOURS}) as expired
    from (select 1) as one
    left join idempotency_records r on r.api_key_id = ${apiKeyId} and r.key = ${key}`;
  const existing = row.request_hash !== null && !row.expired ? row : null;
  if (existing && existing.request_hash !== requestHash) return { kind: 'other-request' };
  if (existing?.state === 'done') return { kind: 'replay', status: existing.response_status, body: existing.response_body };
  if (!row.locked) return { kind: 'in-use' };
  await tx`
    insert into idempotency_records (api_key_id, key, request_hash, state) values (${apiKeyId}, ${key}, ${requestHash}, 'running')
    on conflict (api_key_id, key) do update set request_hash = excluded.request_hash, state = 'running',
      response_status = null, response_body = null, created_at = now()`;
  return { kind: 'claimed' };
}

/** Stores the response's JSON text as sent, in the same transaction as the request's writes. */
export async function completeIdempotencyKey(db: Db, apiKeyId: string, key: string, status: number, bodyText: string): Promise<void> {
  await db`
    update idempotency_records set state = 'done', response_status = ${status}, response_body = ${bodyText}::text::json
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
