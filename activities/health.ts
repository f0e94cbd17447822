import type { Sql } from '../db/connect.ts';
import { databaseSummary } from '../db/health.ts';

export function healthActivities(sql: Sql) {
  return {
    async databaseHealth(): Promise<{ databaseTime: string; organizations: number; migrations: number }> {
      const summary = await databaseSummary(sql);
      return { ...summary, databaseTime: summary.databaseTime.toISOString() };
    },
  };
}
