// HTTP benchmark: an authenticated read and a write under load from a second process.
// Starts the API over embedded Postgres (or DATABASE_URL) like the tests do; prints figures.
//   npm run bench:http [-- --seconds 10 --connections 20]
import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readEnv } from '../config/env.ts';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seedBuiltIns } from '../db/seed.ts';
import { createApiKey } from '../db/api-keys.ts';
import { addMember, createOrganization } from '../db/organizations.ts';
import { createServices } from '../api/services.ts';
import { startApiServer } from '../api/server.ts';
import { startInfrastructure } from '../bin/local/infrastructure.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } } });
const dataDir = resolve('.test-data', `bench-http-${process.pid}`);
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
const services = createServices(env, infra.databaseUrl, 'unused:0');
const api = await startApiServer(services, '127.0.0.1', 0);

function load(path: string, method: string): Promise<any> {
  return new Promise((done, fail) => {
    const child = spawn('npx', ['tsx', 'scripts/bench/http-load.ts', api.url + path, key.secret, method, values.seconds!, values.connections!], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) => (code === 0 ? done(JSON.parse(out.trim().split('\n').pop()!)) : fail(new Error(`load exited ${code}`))));
  });
}

try {
  console.log(`${values.seconds} s per route, ${values.connections} connections, load from a second process`);
  for (const [label, path, method] of [
    ['GET /libraries/equipment (auth + per-key limit + query)', '/api/v1/libraries/equipment?mode=sea', 'GET'],
    ['POST /projects (auth + idempotency + write)', '/api/v1/projects', 'POST'],
  ] as const) {
    const r = await load(path, method);
    console.log(`${label}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, ${r.total} requests, non-2xx ${r.non2xx}, errors ${r.errors}`);
  }
} finally {
  await api.close();
  await services.close();
  await sql.end();
  await infra.stop();
  await rm(dataDir, { recursive: true, force: true });
}
