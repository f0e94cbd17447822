// A throwaway database for the HTTP benches: Postgres (embedded, or DATABASE_URL), migrated and
// seeded, with one enterprise organization and an API key, and limits set out of the way.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readEnv } from '../../config/env.ts';
import { connect } from '../../db/connect.ts';
import { migrate } from '../../db/migrate.ts';
import { seedBuiltIns } from '../../db/seed.ts';
import { createApiKey } from '../../db/api-keys.ts';
import { addMember, createOrganization } from '../../db/organizations.ts';
import { startInfrastructure } from '../../bin/local/infrastructure.ts';

export async function startBenchDatabase(name: string) {
  const dataDir = resolve('.test-data', `${name}-${process.pid}`);
  await mkdir(dataDir, { recursive: true });
  const infra = await startInfrastructure({ dataDir, persistent: false, ui: false, databaseUrl: process.env.DATABASE_URL, temporalAddress: 'unused:0', log: () => {} });
  const sql = connect(infra.databaseUrl);
  await migrate(sql);
  await seedBuiltIns(sql);
  const org = await createOrganization(sql, { name: 'Bench', plan: 'enterprise', apiAccess: true });
  const owner = await addMember(sql, { organizationId: org.id, email: 'bench@example.com', role: 'owner' });
  const key = await createApiKey(sql, { organizationId: org.id, createdByMemberId: owner.id });
  // limits off: this measures the service, not the limiter's refusals
  const env = readEnv({ ...process.env, RATE_LIMIT_PER_IP: '100000000', RATE_LIMIT_PER_KEY: '100000000' });
  return { dataDir, infra, sql, org, key, env };
}
