import type { Db } from './connect.ts';

export async function databaseSummary(db: Db): Promise<{ databaseTime: Date; organizations: number; migrations: number }> {
  const [row] = await db`
    select now() as t,
           (select count(*) from organizations)::int as organizations,
           (select count(*) from schema_migrations)::int as migrations`;
  return { databaseTime: row.t, organizations: row.organizations, migrations: row.migrations };
}
