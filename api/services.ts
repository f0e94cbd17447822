import { planLimits, type Env } from '../config/env.ts';
import { connect } from '../db/connect.ts';
import { CommitGroups } from '../db/commit-groups.ts';
import { lazyTemporal } from '../temporal/connection.ts';
import type { Services } from './context.ts';

/** Connections the API process holds: Postgres now, Temporal on first use. */
export function createServices(
  env: Env,
  databaseUrl: string,
  temporalAddress: string,
  options: { onQuery?: (query: string) => void } = {},
): Services & { close(): Promise<void> } {
  const sql = connect(databaseUrl, { max: 20, onQuery: options.onQuery });
  const limiterSql = connect(databaseUrl, { max: 5, onQuery: options.onQuery });
  const temporal = lazyTemporal({ address: temporalAddress, namespace: env.TEMPORAL_NAMESPACE });
  return {
    sql,
    limiterSql,
    commitGroups: new CommitGroups(sql),
    env,
    planLimits: planLimits(env),
    temporal: temporal.get,
    taskQueue: env.TEMPORAL_TASK_QUEUE,
    publicOrigin: env.PUBLIC_ORIGIN ?? null,
    async close() {
      await temporal.close();
      await Promise.all([sql.end({ timeout: 5 }), limiterSql.end({ timeout: 5 })]);
    },
  };
}
