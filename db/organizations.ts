import type { Db } from './connect.ts';
import { newId } from './ids.ts';

export type Role = 'owner' | 'admin' | 'member' | 'viewer';
export const ROLES: Role[] = ['owner', 'admin', 'member', 'viewer'];
export const PLANS = ['free', 'team', 'business', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export interface Organization {
  id: string;
  name: string;
  plan: Plan;
  apiAccess: boolean;
  createdAt: Date;
}

export interface Member {
  id: string;
  organizationId: string;
  email: string;
  name: string;
  role: Role;
  removedAt: Date | null;
}

export async function createOrganization(db: Db, input: { name: string; plan: Plan; apiAccess: boolean }): Promise<Organization> {
  const [row] = await db`
    insert into organizations (id, name, plan, api_access)
    values (${newId('org')}, ${input.name}, ${input.plan}, ${input.apiAccess})
    returning id, name, plan, api_access, created_at`;
  return toOrganization(row);
}

export async function updateOrganization(db: Db, id: string, change: { plan?: Plan; apiAccess?: boolean }): Promise<Organization | null> {
  const [row] = await db`
    update organizations set
      plan = coalesce(${change.plan ?? null}, plan),
      api_access = coalesce(${change.apiAccess ?? null}, api_access)
    where id = ${id}
    returning id, name, plan, api_access, created_at`;
  return row ? toOrganization(row) : null;
}

export async function getOrganization(db: Db, id: string): Promise<Organization | null> {
  const [row] = await db`select id, name, plan, api_access, created_at from organizations where id = ${id}`;
  return row ? toOrganization(row) : null;
}

export async function listOrganizations(db: Db): Promise<Organization[]> {
  const rows = await db`select id, name, plan, api_access, created_at from organizations order by id`;
  return rows.map(toOrganization);
}

/** API access needs the Enterprise plan with apiAccess on (db/admission.ts states it in SQL too, to count only calls a key may make). */
export function hasApiAccess(org: { plan: string; apiAccess: boolean }): boolean {
  return org.plan === 'enterprise' && org.apiAccess;
}

export async function addMember(db: Db, input: { organizationId: string; email: string; name?: string; role: Role }): Promise<Member> {
  const [row] = await db`
    insert into members (id, organization_id, email, name, role)
    values (${newId('mem')}, ${input.organizationId}, ${input.email}, ${input.name ?? ''}, ${input.role})
    returning *`;
  return toMember(row);
}

export async function changeMemberRole(db: Db, memberId: string, role: Role): Promise<Member | null> {
  const [row] = await db`update members set role = ${role} where id = ${memberId} and removed_at is null returning *`;
  return row ? toMember(row) : null;
}

export async function removeMember(db: Db, memberId: string): Promise<Member | null> {
  const [row] = await db`update members set removed_at = now() where id = ${memberId} and removed_at is null returning *`;
  return row ? toMember(row) : null;
}

export async function getMember(db: Db, memberId: string): Promise<Member | null> {
  const [row] = await db`select * from members where id = ${memberId}`;
  return row ? toMember(row) : null;
}

export async function listMembers(db: Db, organizationId: string): Promise<Member[]> {
  const rows = await db`select * from members where organization_id = ${organizationId} and removed_at is null order by id`;
  return rows.map(toMember);
}

/** Owners and admins: who may hold API keys and manage webhooks, and who gets the e-mails. */
export function isOwnerOrAdmin(member: Pick<Member, 'role' | 'removedAt'>): boolean {
  return member.removedAt === null && (member.role === 'owner' || member.role === 'admin');
}

function toOrganization(row: Record<string, any>): Organization {
  return { id: row.id, name: row.name, plan: row.plan, apiAccess: row.api_access, createdAt: row.created_at };
}

function toMember(row: Record<string, any>): Member {
  return {
    id: row.id,
    organizationId: row.organization_id,
    email: row.email,
    name: row.name,
    role: row.role,
    removedAt: row.removed_at,
  };
}
