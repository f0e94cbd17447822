import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './connect.ts';
import { newId } from './ids.ts';

export type Scope = 'read_write' | 'read';
export const KEY_PREFIX = 'sc_live_';
const SECRET_PATTERN = /^sc_live_[A-Za-z0-9_-]{43}$/;

/** The expiry terms a key can be created with; a custom date may be at most two years ahead. */
export const EXPIRY_TERMS = { '30d': 30, '90d': 90, '1y': 365 } as const;
export type ExpiryTerm = keyof typeof EXPIRY_TERMS;
export const MAX_EXPIRY_DAYS = 730;
const DAY_MS = 86_400_000;

export interface ApiKey {
  id: string;
  organizationId: string;
  createdByMemberId: string;
  name: string;
  scope: Scope;
  secretHint: string;
  termDays: number | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

/** A key with its secret, which exists only in this value: only the hash is stored. */
export interface NewApiKey extends ApiKey {
  secret: string;
}

export function isWellFormedSecret(secret: string): boolean {
  return SECRET_PATTERN.test(secret);
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

function newSecret(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

export async function createApiKey(
  db: Db,
  input: { organizationId: string; createdByMemberId: string; name?: string; scope?: Scope; termDays?: number | null; now?: Date },
): Promise<NewApiKey> {
  const termDays = input.termDays ?? null;
  if (termDays !== null && (termDays < 1 || termDays > MAX_EXPIRY_DAYS)) {
    throw new Error(`expiry must be between 1 and ${MAX_EXPIRY_DAYS} days ahead`);
  }
  const secret = newSecret();
  const now = input.now ?? new Date();
  const expiresAt = termDays === null ? null : new Date(now.getTime() + termDays * DAY_MS);
  const [row] = await db`
    insert into api_keys (id, organization_id, created_by_member_id, name, scope, secret_hash, secret_hint, term_days, expires_at, created_at)
    values (${newId('key')}, ${input.organizationId}, ${input.createdByMemberId}, ${input.name ?? ''}, ${input.scope ?? 'read_write'},
            ${hashSecret(secret)}, ${secret.slice(0, 12) + '…'}, ${termDays}, ${expiresAt}, ${now})
    returning *`;
  return { ...toApiKey(row), secret };
}

/**
 * Replaces a key: the old one stops working at once; the new one keeps the scope, the
 * creator, and gets a fresh term of the same length.
 */
export async function rotateApiKey(db: Db, keyId: string, now = new Date()): Promise<NewApiKey | null> {
  const [old] = await db`
    update api_keys set revoked_at = ${now} where id = ${keyId} and revoked_at is null returning *`;
  if (!old) return null;
  const fresh = await createApiKey(db, {
    organizationId: old.organization_id,
    createdByMemberId: old.created_by_member_id,
    name: old.name,
    scope: old.scope,
    termDays: old.term_days,
    now,
  });
  await db`update api_keys set replaced_by_id = ${fresh.id} where id = ${keyId}`;
  return fresh;
}

export async function revokeApiKey(db: Db, keyId: string): Promise<ApiKey | null> {
  const [row] = await db`update api_keys set revoked_at = now() where id = ${keyId} and revoked_at is null returning *`;
  return row ? toApiKey(row) : null;
}

export async function listApiKeys(db: Db, organizationId: string): Promise<ApiKey[]> {
  const rows = await db`select * from api_keys where organization_id = ${organizationId} order by id`;
  return rows.map(toApiKey);
}

export async function getApiKey(db: Db, keyId: string): Promise<ApiKey | null> {
  const [row] = await db`select * from api_keys where id = ${keyId}`;
  return row ? toApiKey(row) : null;
}

/** A key found by its secret's hash, with what decides whether it may call. */
export interface KeyForAuth {
  id: string;
  organizationId: string;
  scope: Scope;
  secretHash: Buffer;
  revoked: boolean;
  expired: boolean;
  creatorQualifies: boolean;
  organizationPlan: string;
  organizationApiAccess: boolean;
  /** The version of the organization's Equipment Type list (migration 007): cached lists are keyed by it. */
  equipmentVersion: string;
}

/** A row of the admission query (db/admission.ts) as a KeyForAuth. */
export function toKeyForAuth(row: Record<string, any>): KeyForAuth {
  return {
    id: row.id,
    organizationId: row.organization_id,
    scope: row.scope,
    secretHash: row.secret_hash,
    revoked: row.revoked,
    expired: row.expired,
    creatorQualifies: row.creator_qualifies,
    organizationPlan: row.plan,
    organizationApiAccess: row.api_access,
    equipmentVersion: row.equipment_version,
  };
}

function toApiKey(row: Record<string, any>): ApiKey {
  return {
    id: row.id,
    organizationId: row.organization_id,
    createdByMemberId: row.created_by_member_id,
    name: row.name,
    scope: row.scope,
    secretHint: row.secret_hint,
    termDays: row.term_days,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
  };
}
