// Organizations, members and keys made straight in the database, as the app would.
import { createApiKey, type Scope } from '../../db/api-keys.ts';
import type { Db } from '../../db/connect.ts';
import { addMember, createOrganization, type Plan, type Role } from '../../db/organizations.ts';

export interface TestOrg {
  organizationId: string;
  ownerId: string;
  apiKey: string;
  apiKeyId: string;
}

let counter = 0;

export async function createTestOrg(
  db: Db,
  options: { plan?: Plan; apiAccess?: boolean; scope?: Scope; role?: Role; termDays?: number | null } = {},
): Promise<TestOrg> {
  const org = await createOrganization(db, {
    name: `Test Org ${process.pid}-${++counter}`,
    plan: options.plan ?? 'enterprise',
    apiAccess: options.apiAccess ?? true,
  });
  const owner = await addMember(db, { organizationId: org.id, email: `owner${counter}@test.example`, role: options.role ?? 'owner' });
  const key = await createApiKey(db, {
    organizationId: org.id,
    createdByMemberId: owner.id,
    scope: options.scope ?? 'read_write',
    termDays: options.termDays ?? null,
  });
  return { organizationId: org.id, ownerId: owner.id, apiKey: key.secret, apiKeyId: key.id };
}
