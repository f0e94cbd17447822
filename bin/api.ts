// The API process for production: configured only by environment variables (see README).
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seedBuiltIns } from '../db/seed.ts';
import { createServices } from '../api/services.ts';
import { startApiServer } from '../api/server.ts';
import { productionEnv } from './require-env.ts';
import { logger } from '../ops/logger.ts';
import { DEFAULT_OPS_PORTS, startApiOps } from '../ops/processes.ts';

const env = productionEnv();
const sql = connect(env.DATABASE_URL, { max: 2 });
await migrate(sql);
await seedBuiltIns(sql);
await sql.end();
const services = createServices(env, env.DATABASE_URL, env.TEMPORAL_ADDRESS);
const api = await startApiServer(services, env.HOST, env.PORT);
const ops = await startApiOps({ host: env.OPS_HOST ?? env.HOST, port: env.OPS_PORT ?? DEFAULT_OPS_PORTS.api }, services);
logger.info({ url: api.url, ops: ops.url }, 'api listening');
const stop = async () => {
  await api.close();
  await ops.close();
  await services.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
