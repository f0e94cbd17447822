import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import Koa from 'koa';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { connect } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { seedBuiltIns } from './db/seed.ts';
import { createApiKey, hashSecret } from './db/api-keys.ts';
import { addMember, createOrganization } from './db/organizations.ts';
import { listEquipmentTypes } from './db/libraries.ts';
import { admit } from './db/admission.ts';
import { startInfrastructure } from './bin/local/infrastructure.ts';
import { readFileSync, readdirSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { createServices } from './api/services.ts';
import { startApiServer } from './api/server.ts';
import { readEnv } from './config/env.ts';
function pgCpuMs(port: string): number {
  // every postgres process of this cluster: the postmaster and its children
  const pids = execSync(`pgrep -f "postgres.*${port}" || true`).toString().split(/\s+/).filter(Boolean);
  const all = new Set<string>(pids);
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try { const st = readFileSync(`/proc/${pid}/stat`, 'utf8'); const ppid = st.slice(st.lastIndexOf(')') + 2).split(' ')[1]; if (all.has(ppid)) all.add(pid); } catch {}
  }
  let ticks = 0;
  for (const pid of all) { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').slice(readFileSync(`/proc/${pid}/stat`, 'utf8').lastIndexOf(')') + 2).split(' '); ticks += Number(f[11]) + Number(f[12]); } catch {} }
  return ticks * 10;
}
const dataDir = resolve('.test-data', `exp-${process.pid}`);
await mkdir(dataDir, { recursive: true });
const infra = await startInfrastructure({ dataDir, persistent: false, ui: false, temporalAddress: 'unused:0', log: () => {} });
const sql = connect(infra.databaseUrl, { max: 20 });
await migrate(sql); await seedBuiltIns(sql);
const org = await createOrganization(sql, { name: 'Bench', plan: 'enterprise', apiAccess: true });
const owner = await addMember(sql, { organizationId: org.id, email: 'bench@example.com', role: 'owner' });
const key = await createApiKey(sql, { organizationId: org.id, createdByMemberId: owner.id });
const hash = hashSecret(key.secret);
function listen(app: Koa): Promise<string> {
  const server = createServer(app.callback());
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as any).port}`)));
}
const variants: Record<string, (ctx: any) => Promise<void>> = {
  orgRow: async (ctx) => { ctx.body = await sql`select id, name from organizations where id = ${org.id}`; },
  equipment: async (ctx) => { ctx.body = await listEquipmentTypes(sql, org.id, { mode: 'sea' } as any, null, 21); },
  admitOnly: async (ctx) => { ctx.body = await admit(sql, { ipBucket: 'ip:x', secretHash: hash, countKey: true, isWrite: false, ipLimit: 1e9 }, 60000); },
  admitNoCount: async (ctx) => { ctx.body = await admit(sql, { ipBucket: 'ip:x', secretHash: hash, countKey: false, isWrite: false, ipLimit: 1e9 }, 60000); },
  admitPlusEquipment: async (ctx) => { await admit(sql, { ipBucket: 'ip:x', secretHash: hash, countKey: true, isWrite: false, ipLimit: 1e9 }, 60000); ctx.body = await listEquipmentTypes(sql, org.id, { mode: 'sea' } as any, null, 21); },
};
function load(url: string): Promise<any> {
  return new Promise((done) => {
    const child = spawn('npx', ['tsx', 'scripts/bench/http-load.ts', url, key.secret, 'GET', '5', '20'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = ''; child.stdout.on('data', (c) => (out += c));
    child.on('exit', () => done(JSON.parse(out.trim().split('\n').pop()!)));
  });
}
const env = readEnv({ ...process.env, RATE_LIMIT_PER_IP: '100000000', RATE_LIMIT_PER_KEY: '100000000' });
const services = createServices(env, infra.databaseUrl, 'unused:0');
const api = await startApiServer(services, '127.0.0.1', 0);
const port = new URL(infra.databaseUrl).port;
for (const name of (process.argv[2] ?? Object.keys(variants).join(',')).split(',')) {
  let url: string;
  if (name === 'api') url = api.url + '/api/v1/libraries/equipment?mode=sea';
  else { const app = new Koa(); app.use(variants[name]); url = await listen(app); }
  const cpu0 = process.cpuUsage(); const pg0 = pgCpuMs(port);
  const r = await load(url);
  const cpu = process.cpuUsage(cpu0); const pg = pgCpuMs(port) - pg0;
  console.log(name, r.requestsPerSecond, 'p50', r.latencyP50Ms, 'p99', r.latencyP99Ms, 'node µs/req', Math.round((cpu.user + cpu.system) / r.total), 'pg µs/req', Math.round((pg * 1000) / r.total));
}
await sql.end(); await infra.stop(); process.exit(0);
