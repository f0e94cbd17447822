// The worker process for production: runs workflows and activities on TEMPORAL_TASK_QUEUE.
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { createWorker } from './start-worker.ts';
import { ensureWebhookSweepSchedule } from '../temporal/client.ts';
import { withTemporal } from '../temporal/connection.ts';
import { productionEnv } from './require-env.ts';
import { logger } from '../ops/logger.ts';
import { DEFAULT_OPS_PORTS, startWorkerOps } from '../ops/processes.ts';

const env = productionEnv();
const sql = connect(env.DATABASE_URL, { max: 10 });
await migrate(sql);
const temporalMetricsAddress = env.TEMPORAL_METRICS_PORT ? `127.0.0.1:${env.TEMPORAL_METRICS_PORT}` : undefined;
const { worker, connection } = await createWorker({
  address: env.TEMPORAL_ADDRESS,
  namespace: env.TEMPORAL_NAMESPACE,
  taskQueue: env.TEMPORAL_TASK_QUEUE,
  deps: { sql },
  temporalMetricsAddress,
});
await withTemporal({ address: env.TEMPORAL_ADDRESS, namespace: env.TEMPORAL_NAMESPACE }, (client) => ensureWebhookSweepSchedule(client, env.TEMPORAL_TASK_QUEUE));
const stop = () => {
  if (worker.getState() === 'RUNNING') worker.shutdown();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const ops = await startWorkerOps(
  { host: env.OPS_HOST ?? env.HOST, port: env.OPS_PORT ?? DEFAULT_OPS_PORTS.worker },
  { sql, connection, worker, temporalMetricsUrl: temporalMetricsAddress && `http://${temporalMetricsAddress}/metrics` },
);
logger.info({ taskQueue: env.TEMPORAL_TASK_QUEUE, temporal: env.TEMPORAL_ADDRESS, ops: ops.url }, 'worker polling');
await worker.run();
await ops.close();
await connection.close();
await sql.end();
