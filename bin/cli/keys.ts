import type { Sql } from '../../db/connect.ts';
import { EXPIRY_TERMS, MAX_EXPIRY_DAYS, createApiKey, getApiKey, listApiKeys, revokeApiKey, rotateApiKey, type ExpiryTerm } from '../../db/api-keys.ts';
import { getMember, isOwnerOrAdmin } from '../../db/organizations.ts';
import { UsageError, oneOf, print, required } from './output.ts';

type Flags = Record<string, string | boolean | undefined>;

/** 30d, 90d, 1y, or a date at most two years ahead. */
export function termDays(value: string | undefined, now = new Date()): number | null {
  if (value === undefined || value === 'never') return null;
  if (value in EXPIRY_TERMS) return EXPIRY_TERMS[value as ExpiryTerm];
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw new UsageError(`--expires must be 30d, 90d, 1y, never or a date (got '${value}')`);
  const days = Math.ceil((at - now.getTime()) / 86_400_000);
  if (days < 1 || days > MAX_EXPIRY_DAYS) throw new UsageError(`--expires must be in the future and at most two years ahead`);
  return days;
}

export async function keyCommand(sql: Sql, action: string | undefined, flags: Flags, json: boolean): Promise<void> {
  if (action === 'create') {
    const memberId = required(flags, 'member');
    const member = await getMember(sql, memberId);
    if (!member || !isOwnerOrAdmin(member)) throw new UsageError(`${memberId} is not a current owner or admin: only they can create API keys`);
    const key = await createApiKey(sql, {
      organizationId: member.organizationId,
      createdByMemberId: member.id,
      name: typeof flags.name === 'string' ? flags.name : '',
      scope: oneOf(String(flags.scope ?? 'read_write'), ['read_write', 'read'] as const, 'scope'),
      termDays: termDays(typeof flags.expires === 'string' ? flags.expires : undefined),
    });
    return print(json, key, `created ${key.id} (${key.scope}${key.expiresAt ? `, expires ${key.expiresAt.toISOString()}` : ''})\nsecret (shown once): ${key.secret}`);
  }
  if (action === 'rotate') {
    const key = await rotateApiKey(sql, required(flags, 'key'));
    if (!key) throw new UsageError(`no active key ${flags.key}`);
    return print(json, key, `rotated into ${key.id}; the old key stopped working\nsecret (shown once): ${key.secret}`);
  }
  if (action === 'revoke') {
    const key = await revokeApiKey(sql, required(flags, 'key'));
    if (!key) throw new UsageError(`no active key ${flags.key}`);
    return print(json, key, `revoked ${key.id}`);
  }
  if (action === 'list') {
    const keys = await listApiKeys(sql, required(flags, 'org'));
    return print(json, keys, keys.map((k) => `${k.id}  ${k.scope.padEnd(10)} ${k.secretHint}  ${k.revokedAt ? 'revoked' : k.expiresAt ? `expires ${k.expiresAt.toISOString()}` : 'no expiry'}`).join('\n'));
  }
  if (action === 'show') {
    const key = await getApiKey(sql, required(flags, 'key'));
    if (!key) throw new UsageError(`no key ${flags.key}`);
    return print(json, key, JSON.stringify(key, null, 2));
  }
  throw new UsageError('key: create | rotate | revoke | list | show');
}
