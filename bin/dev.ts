// `npm start`: the whole service on one machine. Embedded Postgres unless DATABASE_URL is set,
// a local Temporal dev server (with its Web UI) unless TEMPORAL_ADDRESS is set, migrations, the
// demo organization, a fresh API key, the worker and the API. Ctrl-C stops it all.
import { resolve } from 'node:path';
import { readEnv } from '../config/env.ts';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seedBuiltIns, seedDemoOrganization } from '../db/seed.ts';
import { createApiKey } from '../db/api-keys.ts';
import { createServices } from '../api/services.ts';
import { startApiServer } from '../api/server.ts';
import { API_PREFIX } from '../api/app.ts';
import { startInfrastructure } from './local/infrastructure.ts';
import { createWorker } from './start-worker.ts';
import { ensureWebhookSweepSchedule } from '../temporal/client.ts';
import { withTemporal } from '../temporal/connection.ts';
import { DEV_DATA_DIR, DEV_PORTS } from './dev-defaults.ts';
import { logger } from '../ops/logger.ts';
import { DEFAULT_OPS_PORTS, startApiOps, startWorkerOps } from '../ops/processes.ts';

const log = (line: string) => logger.info(line);

async function main() {
  const env = readEnv();
  const infra = await startInfrastructure({
    dataDir: resolve(DEV_DATA_DIR),
    persistent: true,
    ui: true,
    databaseUrl: env.DATABASE_URL,
    temporalAddress: env.TEMPORAL_ADDRESS,
    ports: DEV_PORTS,
    log,
  });
  const sql = connect(infra.databaseUrl, { max: 10 });
  const applied = await migrate(sql);
  if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
  await seedBuiltIns(sql);
  const demo = await seedDemoOrganization(sql);
  const key = await createApiKey(sql, { organizationId: demo.organization.id, createdByMemberId: demo.owner.id, name: 'npm start' });

  log('starting the worker…');
  const temporalMetricsAddress = env.TEMPORAL_METRICS_PORT ? `127.0.0.1:${env.TEMPORAL_METRICS_PORT}` : undefined;
  const { worker, connection } = await createWorker({
    address: infra.temporalAddress,
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue: env.TEMPORAL_TASK_QUEUE,
    deps: { sql },
    temporalMetricsAddress,
  });
  await withTemporal({ address: infra.temporalAddress, namespace: env.TEMPORAL_NAMESPACE }, (client) => ensureWebhookSweepSchedule(client, env.TEMPORAL_TASK_QUEUE));
  const workerRun = worker.run();
  const services = createServices(env, infra.databaseUrl, infra.temporalAddress);
  const api = await startApiServer(services, env.HOST, env.PORT);
  // one process here, but the API and the worker each keep their own operations port
  const opsHost = env.OPS_HOST ?? env.HOST;
  const apiOpsPort = env.OPS_PORT ?? DEFAULT_OPS_PORTS.api;
  const apiOps = await startApiOps({ host: opsHost, port: apiOpsPort }, services);
  const workerOps = await startWorkerOps(
    { host: opsHost, port: env.OPS_PORT === undefined ? DEFAULT_OPS_PORTS.worker : apiOpsPort && apiOpsPort + 1 },
    { sql, connection, worker, temporalMetricsUrl: temporalMetricsAddress && `http://${temporalMetricsAddress}/metrics` },
  );

  console.log(`
Load-planning service is running.
  API base URL     ${api.url}${API_PREFIX}
  API reference    ${api.url}${API_PREFIX}
  OpenAPI document ${api.url}${API_PREFIX}/spec.json
  Postman          ${api.url}${API_PREFIX}/postman.json
  API health       ${apiOps.url}/livez  ${apiOps.url}/readyz  ${apiOps.url}/metrics
  Worker health    ${workerOps.url}/livez  ${workerOps.url}/readyz  ${workerOps.url}/metrics
  Temporal UI      ${infra.temporalUiUrl ?? '(the configured Temporal server\'s UI)'}
  Organization     ${demo.organization.name} (${demo.organization.id}, Enterprise)
  API key          ${key.secret}
                   (shown once; only its hash is stored)
  Database         ${infra.databaseUrl}
Press Ctrl-C to stop.
`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    await api.close();
    await Promise.all([apiOps.close(), workerOps.close()]);
    await services.close();
    if (worker.getState() === 'RUNNING') worker.shutdown();
    await workerRun.catch(() => {});
    await connection.close();
    await sql.end({ timeout: 5 });
    await infra.stop();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  logger.fatal({ err }, 'npm start failed');
  process.exit(1);
});
