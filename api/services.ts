import { Client, Connection } from '@temporalio/client';
import { planLimits, type Env } from '../config/env.ts';
import { connect } from '../db/connect.ts';
import type { Services } from './context.ts';

/** Connections the API process holds: Postgres now, Temporal on first use. */
export function createServices(env: Env, databaseUrl: string, temporalAddress: string): Services & { close(): Promise<void> } {
  const sql = connect(databaseUrl, { max: 20 });
  const limiterSql = connect(databaseUrl, { max: 5 });
  let client: Promise<Client> | null = null;
  const temporal = () =>
    (client ??= Connection.connect({ address: temporalAddress }).then(
      (connection) => new Client({ connection, namespace: env.TEMPORAL_NAMESPACE }),
      (err) => {
        client = null;
        throw err;
      },
    ));
  return {
    sql,
    limiterSql,
    env,
    planLimits: planLimits(env),
    temporal,
    taskQueue: env.TEMPORAL_TASK_QUEUE,
    publicOrigin: env.PUBLIC_ORIGIN ?? null,
    async close() {
      if (client) await (await client.catch(() => null))?.connection.close();
      await Promise.all([sql.end({ timeout: 5 }), limiterSql.end({ timeout: 5 })]);
    },
  };
}
