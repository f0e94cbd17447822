import type postgres from 'postgres';
import type { Db } from './connect.ts';
import { auditInsert, type AuditEntry } from './audit.ts';

export const RETENTION_HOURS = 24;

/** A piece of SQL another statement carries (postgres.js runs a fragment only where it is used). */
type Fragment = postgres.PendingQuery<postgres.Row[]>;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; /** the first response's JSON text, byte for byte */ body: string }
  | { kind: 'other-request' }
  | { kind: 'in-use' };

/**
 * Claims (apiKey, key) inside the request's transaction, in one round trip: the transaction
 * takes the key's advisory lock and reads the stored record. A concurrent request with the
 * key finds the lock taken (`in-use`); nothing is written until the response is stored
 * (completeIdempotencyKey), so a request that fails or a process that dies mid-request
 * leaves nothing behind. A record older than the retention counts as absent, as does a
 * 'running' one (written by older versions, which claimed before the request's transaction).
 * The transaction notes whether the key is claimed (migration 009): completeIdempotencyKey's
 * insert refuses to store a response for a key that is not.
 */
export async function claimIdempotencyKey(tx: Db, apiKeyId: string, key: string, requestHash: string): Promise<Claim> {
  const [row] = await tx`
    select c.*, set_config('loadplan.idempotency_claimed', case when c.ok then 'yes' else 'no' end, true) as noted
    from (${claimRow(tx, apiKeyId, key, requestHash)}) as c`;
  return claimOf(row, requestHash);
}

/**
 * The key's advisory lock (tried, never waited for) and its stored record, as one row, with
 * `ok` when the key is this request's to use: the lock taken, and no record, an expired one
 * or a 'running' one of this request's body.
 */
function claimRow(db: Db, apiKeyId: string, key: string, requestHash: string) {
  return db`
    select c.*, c.locked and (c.request_hash is null or c.expired or (c.request_hash = ${requestHash} and c.state <> 'done')) as ok
    from (
      select pg_try_advisory_xact_lock(hashtext(${`idem:${apiKeyId}`}), hashtext(${key})) as locked,
             r.request_hash, r.state, r.response_status, r.response_body::text as response_body,
             coalesce(r.created_at < now() - make_interval(hours => ${RETENTION_HOURS}), false) as expired
      from (select 1) as one
      left join idempotency_records r on r.api_key_id = ${apiKeyId} and r.key = ${key}
      offset 0
    ) as c`;
}

/**
 * The stored response's upsert (`json`, not `jsonb`, keeps the bytes); `gate` ends its select:
 * what makes it store only for a key this request claimed. A record it finds is replaced only
 * when the claim could use the key (expired, or 'running'): one answered after the claim read
 * the key stays, and the upsert returns no row (see `storedOrRaise`).
 */
function storedResponse(db: Db, apiKeyId: string, key: string, requestHash: string, status: number, bodyText: string, gate: Fragment) {
  return db`
    insert into idempotency_records (api_key_id, key, request_hash, state, response_status, response_body)
    select ${apiKeyId}, ${key}, ${requestHash}, 'done', ${status}, ${bodyText}::text::json ${gate}
    on conflict (api_key_id, key) do update set request_hash = excluded.request_hash, state = 'done',
      response_status = excluded.response_status, response_body = excluded.response_body, created_at = now()
    where idempotency_records.state <> 'done' or idempotency_records.created_at < now() - make_interval(hours => ${RETENTION_HOURS})
    returning 1`;
}

/** True where `stored` stored the response; raises 'LP412' where the key was answered meanwhile (migration 010). */
const storedOrRaise = (db: Db, claimedOk: Fragment) =>
  db`case when ${claimedOk} and not exists (select 1 from stored) then idempotency_answered_meanwhile() else true end`;

/** What a claim's row (the lock taken or not, the stored record if any) means for this request. */
function claimOf(row: postgres.Row, requestHash: string): Claim {
  const existing = row.request_hash !== null && !row.expired ? row : null;
  if (existing && existing.request_hash !== requestHash) return { kind: 'other-request' };
  if (existing?.state === 'done') return { kind: 'replay', status: existing.response_status, body: existing.response_body };
  if (!row.locked) return { kind: 'in-use' };
  return { kind: 'claimed' };
}

/**
 * A write that goes in the claim's own statement (claimAndWrite): an insert whose rows are
 * selected `from claimed`, a relation with one row when the claim got the key and none
 * otherwise, so nothing is written for a key that is not this request's.
 */
export type ClaimWrite = Fragment;

/**
 * The whole idempotent write in one statement, its own transaction (no BEGIN, no COMMIT):
 * the claim (the key's advisory lock and the stored record), the request's writes, the
 * stored response and the audit row, each insert gated on the claim (`claimed`), so a key
 * in use, used with another body or already answered writes nothing. Checks deferred to
 * the commit (a plan cap) fail the statement: nothing is written and the error is thrown.
 * Returns the claim; the response was stored when it is `claimed`.
 */
export async function claimAndWrite(
  db: Db, apiKeyId: string, key: string, requestHash: string, writes: ClaimWrite[], status: number, bodyText: string, audit: AuditEntry | null,
): Promise<Claim> {
  const claimed = db`from claimed`;
  let gated = db``;
  writes.forEach((w, k) => (gated = db`${gated}, ${db(`write_${k}`)} as (${w})`));
  const audited = audit ? db`, audited as (${auditInsert(db, audit, claimed)})` : db``;
  const [row] = await db`
    with claim as (${claimRow(db, apiKeyId, key, requestHash)}),
    claimed as (select 1 from claim where ok)${gated},
    stored as (${storedResponse(db, apiKeyId, key, requestHash, status, bodyText, claimed)})${audited}
    select * from claim where ${storedOrRaise(db, db`claim.ok`)}`;
  return claimOf(row, requestHash);
}

/**
 * Stores the response's JSON text as sent, in the same transaction as the request's writes
 * (one upsert: the claim held no row), and with `audit` the call's audit row in the same
 * statement. It raises 'LP412' when the transaction's claim did not get the key (migration
 * 009: a guard, as the transaction path reads the claim's answer before its handler runs),
 * or when the key was answered after the claim read it (migration 010).
 */
export async function completeIdempotencyKey(
  db: Db, apiKeyId: string, key: string, requestHash: string, status: number, bodyText: string, audit: AuditEntry | null = null,
): Promise<void> {
  const stored = storedResponse(db, apiKeyId, key, requestHash, status, bodyText, db`where idempotency_require_claim()`);
  const audited = audit ? db`, audited as (${auditInsert(db, audit)})` : db``;
  await db`with stored as (${stored})${audited} select ${storedOrRaise(db, db`true`)}`;
}

/** The store refused the key (migrations 009, 010): nothing was written; read the key again. */
export function keyRefusedAtStore(err: unknown): boolean {
  return (err as { code?: string })?.code === 'LP412';
}

/** Forgets a stored response whose follow-up work failed after the commit. */
export async function forgetIdempotencyKey(db: Db, apiKeyId: string, key: string): Promise<void> {
  await db`delete from idempotency_records where api_key_id = ${apiKeyId} and key = ${key}`;
}
