import type { Db } from './connect.ts';
import { toKeyForAuth, type KeyForAuth } from './api-keys.ts';

/** What one API request is admitted with: its IP's count, its key, and the key's count. */
export interface Admission {
  /** Hits of the client IP in the current window, this one included. */
  ipHits: number;
  /** The key the secret's hash names, or null. */
  key: KeyForAuth | null;
  /** Hits of the key in the current window, this one included; null when the key was not counted. */
  keyHits: number | null;
  /** When the current window ends. */
  resetAt: Date;
}

export interface AdmissionRequest {
  ipBucket: string;
  /** The hash of a well-formed secret, or null. */
  secretHash: Buffer | null;
  /** Whether the request names a route (docs and unknown paths never count against a key). */
  countKey: boolean;
  isWrite: boolean;
  ipLimit: number;
}

/**
 * One statement, one round trip, before every API call: counts a hit for the client IP,
 * finds the key by its secret's hash, and counts a hit for the key only when it may make
 * this call (not revoked or expired, its creator still an owner or admin, the plan with API
 * access, the scope covering the route) and the IP was within its limit: a refused call
 * never spends the key's budget. Both counters are fixed windows shared by every API
 * process (see countHit).
 */
export async function admit(db: Db, request: AdmissionRequest, windowMs: number, now = Date.now()): Promise<Admission> {
  const start = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db`
    with ip as (
      insert into rate_limit_windows (bucket, window_start, hits) values (${request.ipBucket}, ${start}, 1)
      on conflict (bucket, window_start) do update set hits = rate_limit_windows.hits + 1
      returning hits
    ), k as (
      select k.id, k.organization_id, k.scope, k.secret_hash,
             k.revoked_at is not null as revoked,
             (k.expires_at is not null and k.expires_at <= now()) as expired,
             (m.removed_at is null and m.role in ('owner', 'admin')) as creator_qualifies,
             o.plan, o.api_access, o.equipment_version::text as equipment_version
      from api_keys k
      join members m on m.id = k.created_by_member_id
      join organizations o on o.id = k.organization_id
      where k.secret_hash = ${request.secretHash}::bytea
    ), key_hit as (
      insert into rate_limit_windows (bucket, window_start, hits)
      select 'key:' || k.id, ${start}, 1 from k, ip
      where ${request.countKey}::boolean and ip.hits <= ${request.ipLimit}::int
        and not k.revoked and not k.expired and k.creator_qualifies
        and k.plan = 'enterprise' and k.api_access
        and (k.scope = 'read_write' or not ${request.isWrite}::boolean)
      on conflict (bucket, window_start) do update set hits = rate_limit_windows.hits + 1
      returning hits
    )
    select ip.hits as ip_hits, (select hits from key_hit) as key_hits, k.*
    from ip left join k on true`;
  return {
    ipHits: row.ip_hits,
    key: row.id ? toKeyForAuth(row) : null,
    keyHits: row.key_hits,
    resetAt: new Date(start.getTime() + windowMs),
  };
}
