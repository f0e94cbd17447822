// Profiles the API process under load: starts the API on an embedded database (limits off),
// loads one route from a second process (http-load.ts) while the inspector samples this
// process, and prints where the CPU went (self time by function and by package), then
// writes the .cpuprofile for a closer look.
//   npx tsx scripts/bench/http-profile.ts [--route get|post] [--seconds 8] [--connections 20] [--out file]
import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createServices } from '../../api/services.ts';
import { startApiServer } from '../../api/server.ts';
import { redirectLogs } from '../../ops/logger.ts';
import { treeCpuMs } from './process-cpu.ts';
import { startBenchDatabase } from './bench-database.ts';

const { values } = parseArgs({
  options: {
    route: { type: 'string', default: 'get' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '20' },
    out: { type: 'string' },
    top: { type: 'string', default: '40' },
    // the Postgres processes' command-line marker, for a server not started here (DATABASE_URL)
    'pg-marker': { type: 'string' },
    // count the statements sent (through the driver's debug hook, which costs a stack trace a query)
    statements: { type: 'boolean', default: false },
  },
});
const { dataDir, infra, sql, key, env } = await startBenchDatabase('bench-http-profile');
const pgMarker = values['pg-marker'] ?? dataDir;
// per-statement server time, when the server preloads pg_stat_statements (e.g. one started by
// hand with -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all)
const [{ preload }] = await sql`select current_setting('shared_preload_libraries') as preload`;
const statementStats = preload.split(',').map((s: string) => s.trim()).includes('pg_stat_statements');
if (statementStats) await sql`create extension if not exists pg_stat_statements`;
// every statement the API sends, by its text: round trips per request
const statements = new Map<string, number>();
let counting = false;
const services = createServices(env, infra.databaseUrl, 'unused:0', values.statements ? {
  onQuery: (query) => {
    if (counting) statements.set(query, (statements.get(query) ?? 0) + 1);
  },
} : {});
const api = await startApiServer(services, '127.0.0.1', 0);
// the log lines are written as in production, to a sink that drops them
const restoreLogs = redirectLogs({ write: () => true });

const path = values.route === 'post' ? '/api/v1/projects' : '/api/v1/libraries/equipment?mode=sea';
const method = values.route === 'post' ? 'POST' : 'GET';

function load(): Promise<any> {
  return new Promise((done, fail) => {
    const child = spawn('npx', ['tsx', 'scripts/bench/http-load.ts', api.url + path, key.secret, method, values.seconds!, values.connections!], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) => (code === 0 ? done(JSON.parse(out.trim().split('\n').pop()!)) : fail(new Error(`load exited ${code}`))));
  });
}

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] }

/** Self time by function and by package (node_modules/<name>, our own files, node internals). */
function summarize(profile: { nodes: Node[]; startTime: number; endTime: number }, top: number): string {
  const total = profile.nodes.reduce((s, n) => s + n.hitCount, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const n of profile.nodes) {
    if (!n.hitCount) continue;
    const { functionName, url, lineNumber } = n.callFrame;
    const file = url.replace(/^file:\/\//, '');
    const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? (file.startsWith('node:') || !file ? file || `(${functionName || 'native'})` : 'ours: ' + file.replace(process.cwd() + '/', '').split('/')[0]);
    const fn = `${functionName || '(anonymous)'} ${file.replace(/.*node_modules\//, '').replace(process.cwd() + '/', '')}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + n.hitCount);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n.hitCount);
  }
  const pct = (v: number) => `${((100 * v) / total).toFixed(1).padStart(5)} %`;
  const lines = ['by package:'];
  for (const [k, v] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25)) lines.push(`  ${pct(v)}  ${k}`);
  lines.push('by function (self):');
  for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(v)}  ${k}`);
  return lines.join('\n');
}

const session = new Session();
session.connect();
try {
  await load(); // warm-up: JIT, prepared statements, pools
  counting = true;
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  if (statementStats) await sql`select pg_stat_statements_reset()`;
  const [{ lsn: walBefore }] = await sql`select pg_current_wal_lsn() as lsn`;
  const cpu = process.cpuUsage();
  const pgBefore = treeCpuMs(pgMarker);
  const waits = new Map<string, number>();
  const sampling = setInterval(async () => {
    const rows = await sql`select coalesce(wait_event_type || ':' || wait_event, state) as w from pg_stat_activity
      where backend_type = 'client backend' and pid <> pg_backend_pid() and state <> 'idle'`.catch(() => []);
    for (const { w } of rows) waits.set(w, (waits.get(w) ?? 0) + 1);
  }, 50);
  const r = await load();
  clearInterval(sampling);
  counting = false;
  const used = process.cpuUsage(cpu);
  const pgAfter = treeCpuMs(pgMarker);
  const pgUs = pgBefore === null || pgAfter === null ? 'n/a' : (((pgAfter - pgBefore) * 1000) / r.total).toFixed(0);
  const { profile } = await session.post('Profiler.stop');
  console.log(`${method} ${path}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, server CPU ${((used.user + used.system) / r.total).toFixed(0)} µs/request (profiler on), Postgres CPU ${pgUs} µs/request, non-2xx ${r.non2xx}`);
  const [{ bytes: walBytes }] = await sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${walBefore}) as bytes`;
  console.log(`WAL per request: ${(Number(walBytes) / r.total).toFixed(0)} bytes`);
  if (values.statements) {
    const sent = [...statements.values()].reduce((a, b) => a + b, 0);
    console.log(`statements per request: ${(sent / r.total).toFixed(2)}`);
    for (const [text, n] of [...statements].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
      console.log(`  ${(n / r.total).toFixed(2)}  ${text.replace(/\s+/g, ' ').trim().slice(0, 110)}`);
    }
  }
  if (statementStats) {
    const rows = await sql`select calls, total_exec_time, total_plan_time, wal_bytes, shared_blks_hit + shared_blks_read as blocks, query
      from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
      order by total_exec_time + total_plan_time desc limit 15`;
    console.log('server time per request by statement (pg_stat_statements; nested statements counted in their callers too):');
    for (const s of rows) {
      const per = (v: number) => ((1000 * v) / r.total).toFixed(0).padStart(5);
      console.log(`  ${per(Number(s.total_exec_time))} µs exec ${per(Number(s.total_plan_time))} µs plan  ${(Number(s.wal_bytes) / r.total).toFixed(0).padStart(5)} B WAL  ${(Number(s.blocks) / r.total).toFixed(1).padStart(6)} blocks  ${(Number(s.calls) / r.total).toFixed(2)}x  ${s.query.replace(/\s+/g, ' ').trim().slice(0, 90)}`);
    }
  }
  console.log('busy Postgres backends by wait event (samples every 50 ms):', [...waits].sort((a, b) => b[1] - a[1]).map(([w, n]) => `${w} ${n}`).join(', '));
  console.log(summarize(profile as any, Number(values.top)));
  if (values.out) await writeFile(values.out, JSON.stringify(profile));
} finally {
  session.disconnect();
  restoreLogs();
  await api.close();
  await services.close();
  await sql.end();
  await infra.stop();
  await rm(dataDir, { recursive: true, force: true });
}
