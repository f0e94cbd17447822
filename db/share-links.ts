// Share Links: only the SHA-256 hash of a link's token is stored, so a database read
// cannot be turned into working links.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './connect.ts';
import { newId } from './ids.ts';

export interface ShareLink {
  id: string;
  organizationId: string;
  loadPlanId: string;
  expiresAt: Date | null;
  showLoadingSteps: boolean;
  revokedAt: Date | null;
  createdAt: Date;
}

/** 32 random bytes, base64url: 43 characters, 256 bits. */
export const TOKEN_BYTES = 32;

export function newShareToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashShareToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export async function insertShareLink(
  db: Db,
  input: { organizationId: string; loadPlanId: string; tokenHash: Buffer; expiresAt: Date | null; showLoadingSteps: boolean },
): Promise<ShareLink> {
  const [row] = await db`
    insert into share_links (id, organization_id, load_plan_id, token_hash, expires_at, show_loading_steps)
    values (${newId('shl')}, ${input.organizationId}, ${input.loadPlanId}, ${input.tokenHash}, ${input.expiresAt},
      ${input.showLoadingSteps})
    returning *`;
  return toShareLink(row);
}

/** Links that still open a page: neither revoked nor expired. They count against the plan cap. */
export async function countLiveShareLinks(db: Db, organizationId: string): Promise<number> {
  const [row] = await db`
    select count(*)::int as n from share_links
    where organization_id = ${organizationId} and revoked_at is null and (expires_at is null or expires_at > now())`;
  return row.n;
}

/** The live link a token opens, or null for unknown, expired or revoked tokens alike. */
export async function findLiveShareLink(db: Db, token: string): Promise<ShareLink | null> {
  const [row] = await db`
    select * from share_links
    where token_hash = ${hashShareToken(token)} and revoked_at is null and (expires_at is null or expires_at > now())`;
  return row ? toShareLink(row) : null;
}

function toShareLink(row: any): ShareLink {
  return {
    id: row.id,
    organizationId: row.organization_id,
    loadPlanId: row.load_plan_id,
    expiresAt: row.expires_at,
    showLoadingSteps: row.show_loading_steps,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
  };
}
