// The worker process for production: runs workflows and activities on TEMPORAL_TASK_QUEUE.
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { createWorker } from './start-worker.ts';
import { ensureWebhookSweepSchedule } from '../temporal/client.ts';
import { withTemporal } from '../temporal/connection.ts';
import { productionEnv } from './require-env.ts';

const env = productionEnv();
const sql = connect(env.DATABASE_URL, { max: 10 });
await migrate(sql);
const { worker, connection } = await createWorker({
  address: env.TEMPORAL_ADDRESS,
  namespace: env.TEMPORAL_NAMESPACE,
  taskQueue: env.TEMPORAL_TASK_QUEUE,
  deps: { sql },
});
await withTemporal({ address: env.TEMPORAL_ADDRESS, namespace: env.TEMPORAL_NAMESPACE }, (client) => ensureWebhookSweepSchedule(client, env.TEMPORAL_TASK_QUEUE));
const stop = () => {
  if (worker.getState() === 'RUNNING') worker.shutdown();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(`[worker] polling task queue ${env.TEMPORAL_TASK_QUEUE} on ${env.TEMPORAL_ADDRESS}`);
await worker.run();
await connection.close();
await sql.end();
