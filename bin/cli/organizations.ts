import type { Sql } from '../../db/connect.ts';
import { PLANS, ROLES, hasApiAccess, addMember, changeMemberRole, createOrganization, listMembers, listOrganizations, removeMember, updateOrganization } from '../../db/organizations.ts';
import { listAudit } from '../../db/audit.ts';
import { UsageError, oneOf, print, required } from './output.ts';
import { sweepOrganization, type TemporalTarget } from './webhooks.ts';

type Flags = Record<string, string | boolean | undefined>;

function apiAccessFlag(flags: Flags): boolean | undefined {
  if (flags['api-access'] === undefined) return undefined;
  return oneOf(String(flags['api-access']), ['true', 'false'] as const, 'api-access') === 'true';
}

export async function orgCommand(sql: Sql, action: string | undefined, flags: Flags, json: boolean, target: TemporalTarget): Promise<void> {
  if (action === 'create') {
    const org = await createOrganization(sql, {
      name: required(flags, 'name'),
      plan: oneOf(String(flags.plan ?? 'enterprise'), PLANS, 'plan'),
      apiAccess: apiAccessFlag(flags) ?? true,
    });
    return print(json, org, `created organization ${org.id} (${org.plan}, apiAccess ${org.apiAccess})`);
  }
  if (action === 'set') {
    const org = await updateOrganization(sql, required(flags, 'org'), {
      plan: flags.plan === undefined ? undefined : oneOf(String(flags.plan), PLANS, 'plan'),
      apiAccess: apiAccessFlag(flags),
    });
    if (!org) throw new UsageError(`no organization ${flags.org}`);
    // API access is back: the webhook deliveries that waited for it go out now
    const sent = hasApiAccess(org) ? await sweepOrganization(sql, target, org.id).catch(() => null) : null;
    const note = sent ? `; ${sent.started} waiting webhook deliveries started` : hasApiAccess(org) ? '; waiting webhook deliveries go out at the next hourly sweep (Temporal unreachable now)' : '';
    return print(json, { ...org, webhookDeliveriesStarted: sent?.started ?? 0 }, `organization ${org.id}: plan ${org.plan}, apiAccess ${org.apiAccess}${note}`);
  }
  if (action === 'list') {
    const orgs = await listOrganizations(sql);
    return print(json, orgs, orgs.map((o) => `${o.id}  ${o.plan.padEnd(10)} apiAccess=${o.apiAccess}  ${o.name}`).join('\n'));
  }
  if (action === 'audit') {
    const rows = await listAudit(sql, required(flags, 'org'), Number(flags.limit ?? 100));
    return print(json, rows, rows.map((r) => `${r.createdAt.toISOString()}  ${r.status}  ${r.operation.padEnd(20)} ${r.apiKeyId ?? '-'}  ${r.resourceId ?? ''}`).join('\n'));
  }
  throw new UsageError('org: create | set | list | audit');
}

export async function memberCommand(sql: Sql, action: string | undefined, flags: Flags, json: boolean): Promise<void> {
  if (action === 'add') {
    const member = await addMember(sql, {
      organizationId: required(flags, 'org'),
      email: required(flags, 'email'),
      name: typeof flags.name === 'string' ? flags.name : '',
      role: oneOf(String(flags.role ?? 'member'), ROLES, 'role'),
    });
    return print(json, member, `added ${member.email} as ${member.role} (${member.id})`);
  }
  if (action === 'role') {
    const member = await changeMemberRole(sql, required(flags, 'member'), oneOf(required(flags, 'role'), ROLES, 'role'));
    if (!member) throw new UsageError(`no current member ${flags.member}`);
    return print(json, member, `${member.email} is now ${member.role}`);
  }
  if (action === 'remove') {
    const member = await removeMember(sql, required(flags, 'member'));
    if (!member) throw new UsageError(`no current member ${flags.member}`);
    return print(json, member, `removed ${member.email}; every API key they created stops working`);
  }
  if (action === 'list') {
    const members = await listMembers(sql, required(flags, 'org'));
    return print(json, members, members.map((m) => `${m.id}  ${m.role.padEnd(7)} ${m.email}`).join('\n'));
  }
  throw new UsageError('member: add | role | remove | list');
}
