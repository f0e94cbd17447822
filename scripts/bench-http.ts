// HTTP benchmark: an authenticated read and a write under load from a second process, as
// a share of floors measured in the same run on the same database: bare Node, Koa answering
// one one-row postgres.js query, and Koa answering the read's own query (20 Sea Equipment
// Types, the floor the percentages use), and with the POST, Koa answering one durable INSERT
// transaction. With --base <checkout>, the routes of that
// checkout's API (the old code, on a database of its own in the same Postgres server) are
// measured in the same run too. With --rounds n the whole
// sequence runs n times, interleaved, and each line reports the run with the median req/s
// (a shared machine's load moves between runs; pairs measured minutes apart mean little).
// With --projects n the organization holds n Projects before the run (the POST's cost may
// grow with them); --routes get or post measures one of the two routes (the floors always run).
//   npm run bench:http [-- --seconds 10 --connections 20 --rounds 3 --base /path/to/old/checkout --projects 20000]
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import Koa from 'koa';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { listEquipmentTypes } from '../db/libraries.ts';
import { createServices } from '../api/services.ts';
import { startApiServer } from '../api/server.ts';
import { treeCpuMs } from './bench/process-cpu.ts';
import { startBenchDatabase } from './bench/bench-database.ts';
import { scriptArgs } from './bench/script-args.ts';

const { values } = scriptArgs(import.meta.url, {
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' }, rounds: { type: 'string', default: '1' }, base: { type: 'string' }, projects: { type: 'string', default: '0' }, routes: { type: 'string', default: 'get,post' } },
});
const { dataDir, infra, sql, org, key, env } = await startBenchDatabase('bench-http');
/** Gives the organization `n` Projects made in one statement, as the API would have made them. */
async function seedProjects(db: typeof sql, organizationId: string, n: number): Promise<void> {
  if (n <= 0) return;
  await db`insert into projects (id, organization_id, name, transport_mode)
    select 'prj_seed' || i, ${organizationId}, 'seeded ' || i, 'sea' from generate_series(1, ${n}::int) i`;
  await db`vacuum analyze projects`;
}
await seedProjects(sql, org.id, Number(values.projects));
const services = createServices(env, infra.databaseUrl, 'unused:0');
const api = await startApiServer(services, '127.0.0.1', 0);

function listen(server: Server): Promise<string> {
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as any).port}`)));
}
const body = JSON.stringify({ ok: true });
const bareNode = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
const koaRowFloor = new Koa();
koaRowFloor.use(async (ctx) => {
  ctx.body = await sql`select id, name from organizations where id = ${org.id}`;
});
// the read's own query and page size, without authentication, limits or middleware
const koaFloor = new Koa();
koaFloor.use(async (ctx) => {
  const rows = await listEquipmentTypes(sql, org.id, { mode: 'sea' }, null, 21);
  ctx.body = { items: rows.slice(0, 20), nextCursor: rows.length > 20 ? rows[19].id : null };
});
// a durable write's floor: one INSERT of a Project in a transaction of its own (begin, insert,
// commit, fsync'd), without authentication, limits, idempotency or audit
let floorWrites = 0;
const koaWriteFloor = new Koa();
koaWriteFloor.use(async (ctx) => {
  const n = ++floorWrites;
  ctx.body = await sql.begin((tx) => tx`insert into projects (id, organization_id, name, transport_mode)
    values (${`prj_floor${n}`}, ${org.id}, ${`floor ${n}`}, 'sea') returning id, name`);
  ctx.status = 201;
});
const koaRowServer = createServer(koaRowFloor.callback());
const koaWriteServer = createServer(koaWriteFloor.callback());
const koaServer = createServer(koaFloor.callback());
const bareUrl = await listen(bareNode);
const koaRowUrl = await listen(koaRowServer);
const koaUrl = await listen(koaServer);
const koaWriteUrl = await listen(koaWriteServer);

// the old code's API, on a database of its own in the same Postgres server, with the old
// code's schema, seed and key (the schemas may differ)
let baseApi: { url: string; close(): Promise<void> } | undefined;
let baseServices: { close(): Promise<void> } | undefined;
let baseSecret = '';
if (values.base) {
  const from = (file: string) => import(resolve(values.base!, file));
  const [{ createServices: createBase }, { startApiServer: startBase }, { connect: connectBase }, { migrate: migrateBase }, { seedBuiltIns: seedBase }, { createApiKey: createBaseKey }, orgs] =
    await Promise.all(['api/services.ts', 'api/server.ts', 'db/connect.ts', 'db/migrate.ts', 'db/seed.ts', 'db/api-keys.ts', 'db/organizations.ts'].map(from));
  await sql`create database bench_base`;
  const baseUrl = new URL(infra.databaseUrl);
  baseUrl.pathname = '/bench_base';
  const baseSql = connectBase(baseUrl.toString());
  await migrateBase(baseSql);
  await seedBase(baseSql);
  const baseOrg = await orgs.createOrganization(baseSql, { name: 'Bench', plan: 'enterprise', apiAccess: true });
  const baseOwner = await orgs.addMember(baseSql, { organizationId: baseOrg.id, email: 'bench@example.com', role: 'owner' });
  baseSecret = (await createBaseKey(baseSql, { organizationId: baseOrg.id, createdByMemberId: baseOwner.id })).secret;
  await seedProjects(baseSql, baseOrg.id, Number(values.projects));
  await baseSql.end();
  baseServices = createBase(env, baseUrl.toString(), 'unused:0');
  baseApi = await startBase(baseServices, '127.0.0.1', 0);
}

function load(url: string, method: string): Promise<any> {
  const secret = baseApi && url.startsWith(baseApi.url) ? baseSecret : key.secret;
  return new Promise((done, fail) => {
    const child = spawn('npx', ['tsx', 'scripts/bench/http-load.ts', url, secret, method, values.seconds!, values.connections!], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) => (code === 0 ? done(JSON.parse(out.trim().split('\n').pop()!)) : fail(new Error(`load exited ${code}`))));
  });
}

/** CPU per request in the server process and in Postgres: far steadier than req/s on a shared machine. */
function cpuPerRequest(r: any): string {
  const pg = r.pgUsPerRequest === null ? 'n/a' : `${r.pgUsPerRequest.toFixed(0)} µs`;
  return `CPU per request: server ${r.nodeUsPerRequest.toFixed(0)} µs, Postgres ${pg}`;
}

try {
  const rounds = Number(values.rounds);
  console.log(`${values.seconds} s per route, ${values.connections} connections, load from a second process, ${rounds} round(s), ${values.projects} Projects in the organization at the start`);
  const runs: [string, string, string][] = [
    ['floor: bare Node', bareUrl, 'GET'],
    ['floor: Koa + one one-row postgres.js query', koaRowUrl, 'GET'],
    ['floor: Koa + the read\'s query (20 equipment types)', koaUrl, 'GET'],
  ];
  const routes = [
    ['GET /libraries/equipment', '/api/v1/libraries/equipment?mode=sea', 'GET'],
    ['POST /projects', '/api/v1/projects', 'POST'],
  ].filter(([, , method]) => values.routes!.split(',').includes(method.toLowerCase()));
  if (routes.some(([, , method]) => method === 'POST')) runs.push(['floor: Koa + one durable INSERT transaction', koaWriteUrl, 'POST']);
  for (const [label, path, method] of routes) {
    if (baseApi) runs.push([`before: ${label}`, baseApi.url + path, method]);
    runs.push([`after:  ${label}`, api.url + path, method]);
  }
  const results = new Map<string, any[]>();
  for (let round = 0; round < rounds; round++) {
    for (const [label, url, method] of runs) {
      const cpu = process.cpuUsage();
      const pg = treeCpuMs(dataDir);
      const r = await load(url, method);
      const used = process.cpuUsage(cpu);
      const pgAfter = treeCpuMs(dataDir);
      // every server of this run lives in this process; only the one under load is busy
      r.nodeUsPerRequest = (used.user + used.system) / r.total;
      r.pgUsPerRequest = pg === null || pgAfter === null ? null : ((pgAfter - pg) * 1000) / r.total;
      results.set(label, [...(results.get(label) ?? []), r]);
      if (rounds > 1) console.log(`  round ${round + 1}: ${label}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, ${cpuPerRequest(r)}`);
    }
  }
  const median = (label: string) => {
    const sorted = [...results.get(label)!].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    return sorted[Math.floor((sorted.length - 1) / 2)];
  };
  const koaRate = median(runs[2][0]).requestsPerSecond;
  for (const [label] of runs) {
    const r = median(label);
    const share = label.startsWith('floor: bare') ? '' : `, ${((100 * r.requestsPerSecond) / koaRate).toFixed(0)} % of the Koa + read's query floor`;
    console.log(`${label}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms${share}, ${cpuPerRequest(r)}, ${r.total} requests, non-2xx ${r.non2xx}, errors ${r.errors}`);
  }
} finally {
  await new Promise((done) => bareNode.close(done));
  await new Promise((done) => koaServer.close(done));
  await new Promise((done) => koaRowServer.close(done));
  await new Promise((done) => koaWriteServer.close(done));
  await baseApi?.close();
  await baseServices?.close();
  await api.close();
  await services.close();
  await sql.end();
  await infra.stop();
  await rm(dataDir, { recursive: true, force: true });
}
