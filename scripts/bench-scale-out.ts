// Scale-out, shown: two API processes and two worker processes (bin/api.ts, bin/worker.ts,
// as production runs them) against one Postgres and one Temporal server.
//  1. every process's operations port answers /readyz;
//  2. the 120/min limit of one API key holds across both APIs (one shared count);
//  3. Calculates sent through both APIs spread over both workers;
//  4. one worker is killed (SIGKILL) in the middle of a solve: the other finishes its work;
//  5. every run ends in exactly one terminal state with exactly one event.
//   npm run bench:scale-out [-- --runs 12 --pieces 400]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seedBuiltIns } from '../db/seed.ts';
import { createApiKey } from '../db/api-keys.ts';
import { addMember, createOrganization } from '../db/organizations.ts';
import { startInfrastructure } from '../bin/local/infrastructure.ts';
import { freePort } from '../bin/local/free-port.ts';
import { call } from '../test/support/api-harness.ts';
import { generateCargo } from './bench/cargo-generator.ts';
import { scriptArgs } from './bench/script-args.ts';

const { values } = scriptArgs(import.meta.url, { options: { runs: { type: 'string', default: '12' }, pieces: { type: 'string', default: '400' } } });
const RUNS = Number(values.runs);
const PER_KEY = 120;
const TASK_QUEUE = `bench-scale-out-${process.pid}`;
const log = (line: string) => console.log(line);
const dataDir = resolve('.test-data', `bench-scale-out-${process.pid}`);

interface Proc {
  name: string;
  child: ChildProcess;
  url?: string;
  opsUrl: string;
  lines: Record<string, any>[];
  exited: boolean;
}

await mkdir(dataDir, { recursive: true });
const infra = await startInfrastructure({ dataDir, persistent: false, ui: false, databaseUrl: process.env.DATABASE_URL, temporalAddress: process.env.TEMPORAL_ADDRESS, log: () => {} });
const sql = connect(infra.databaseUrl, { max: 4 });
const procs: Proc[] = [];
try {
  await migrate(sql);
  await seedBuiltIns(sql);
  const org = await createOrganization(sql, { name: 'Scale-out', plan: 'enterprise', apiAccess: true });
  const owner = await addMember(sql, { organizationId: org.id, email: 'scale@example.com', role: 'owner' });
  const newKey = async (name: string) => (await createApiKey(sql, { organizationId: org.id, createdByMemberId: owner.id, name })).secret;
  const [setupKey, calcKey, limitKey] = [await newKey('setup'), await newKey('calculate'), await newKey('limit')];

  log(`starting 2 API and 2 worker processes on task queue ${TASK_QUEUE}…`);
  const started = Date.now();
  const apis = [await startProcess('api-1', 'bin/api.ts'), await startProcess('api-2', 'bin/api.ts')];
  const workers = [await startProcess('worker-1', 'bin/worker.ts'), await startProcess('worker-2', 'bin/worker.ts')];
  await Promise.all(procs.map(waitReady));
  log(`all four ready (/readyz 200) after ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

  // --- 2. the per-key limit across both APIs ---
  await awayFromMinuteEdge();
  const limitReplies = await Promise.all(
    Array.from({ length: PER_KEY + 20 }, (_, i) => call(apis[i % 2].url!, 'GET', '/api/v1/libraries/equipment', { key: limitKey }).then((r) => ({ api: i % 2, status: r.status }))),
  );
  const accepted = (api: number) => limitReplies.filter((r) => r.api === api && r.status === 200).length;
  const refused = (api: number) => limitReplies.filter((r) => r.api === api && r.status === 429).length;

  // --- 3. Calculates through both APIs ---
  let idem = 0;
  const api$ = async (apiIndex: number, key: string, method: string, path: string, body?: unknown) => {
    const res = await call(apis[apiIndex].url!, method, `/api/v1${path}`, { key, body, idempotencyKey: method === 'POST' ? `scale-${++idem}` : undefined });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.body;
  };
  const plans = [];
  for (let i = 0; i < RUNS; i++) plans.push(await makePlan(i % 2, setupKey, i));
  const runs = await Promise.all(
    plans.map(async (p, i) => ({ id: (await api$(i % 2, calcKey, 'POST', `/load-plans/${p.id}/calculate`, { expectedRevision: p.revision })).id as string, api: apis[i % 2].name })),
  );

  // --- 4. once both workers solve, kill the one with more solves in flight ---
  const victim = await busierOnceBothSolve(workers, runs.map((r) => r.id));
  const inFlightOnVictim = solvesInFlight(victim);
  victim.child.kill('SIGKILL');
  log(`killed ${victim.name} (SIGKILL) while it was solving ${inFlightOnVictim.length} run(s)`);
  const ends = await waitForEnds(runs.map((r) => r.id));

  // --- 5. states and events, from the database ---
  const events = await sql`select calculate_id, count(*)::int as n, min(type) as type from webhook_events where calculate_id = any(${runs.map((r) => r.id)}) group by calculate_id`;
  const eventsOf = new Map(events.map((e) => [e.calculate_id as string, e]));

  log('\nper-key limit: one key, 140 requests alternating between the two APIs (one minute window)');
  log(table(['API', 'answered 200', 'refused 429'], [
    ['api-1', accepted(0), refused(0)],
    ['api-2', accepted(1), refused(1)],
    ['both', accepted(0) + accepted(1), refused(0) + refused(1)],
  ]));
  log(`  ${accepted(0) + accepted(1) === PER_KEY ? 'OK' : 'NOT OK'}: exactly ${PER_KEY} accepted across both APIs`);

  log(`\n${RUNS} Calculates (${values.pieces} pieces each), sent alternately through both APIs`);
  const rows = runs.map((r) => {
    const solvedBy = workers.filter((w) => w.lines.some((l) => l.activity === 'calculateSolve' && l.subject === r.id && l.msg === 'activity' && l.outcome === 'completed')).map((w) => w.name);
    const attemptedBy = workers.filter((w) => w.lines.some((l) => l.activity === 'calculateSolve' && l.subject === r.id && l.msg === 'activity started')).map((w) => w.name);
    const begunBy = workers.filter((w) => w.lines.some((l) => l.activity === 'calculateBegin' && l.subject === r.id && l.msg === 'activity')).map((w) => w.name);
    const event = eventsOf.get(r.id);
    return [r.id, r.api, begunBy.join(', ') || '-', attemptedBy.join(' -> ') || '-', solvedBy.join(', ') || '-', ends.get(r.id) ?? '?', event ? `${event.n} ${event.type}` : '0'];
  });
  log(table(['run', 'sent via', 'begun on', 'solve started on', 'solved by', 'status', 'events'], rows));

  const survivor = workers.find((w) => w !== victim)!;
  const finishedBySurvivor = inFlightOnVictim.filter((id) => survivor.lines.some((l) => l.subject === id && l.activity === 'calculateSolve' && l.outcome === 'completed'));
  const usedWorkers = new Set(rows.flatMap((r) => String(r[3]).split(' -> ')).filter((n) => n !== '-'));
  const checks = [
    [`runs spread over both workers`, usedWorkers.size === 2],
    [`${victim.name}'s ${inFlightOnVictim.length} interrupted solve(s) finished by ${survivor.name}`, inFlightOnVictim.length > 0 && finishedBySurvivor.length === inFlightOnVictim.length],
    [`every run in one terminal state`, runs.every((r) => ['completed', 'failed', 'cancelled', 'timed_out'].includes(ends.get(r.id) ?? ''))],
    [`every run exactly one event`, runs.every((r) => eventsOf.get(r.id)?.n === 1)],
  ] as const;
  for (const [what, ok] of checks) log(`  ${ok ? 'OK' : 'NOT OK'}: ${what}`);

  log(`\nmetrics from the survivor's /metrics (${survivor.opsUrl}/metrics)`);
  const text = await (await fetch(`${survivor.opsUrl}/metrics`)).text();
  for (const name of ['loadplan_calculates_started_total', 'loadplan_calculates_ended_total{outcome="completed"}', 'loadplan_solve_duration_seconds_count{outcome="solved"}', 'loadplan_solve_pieces_sum']) {
    log(`  ${name} ${new RegExp(`^${name.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? '0'}`);
  }
  log(`  Temporal SDK series merged in: ${text.split('\n').filter((l) => l.startsWith('temporal_')).length} lines`);
  if (!checks.every(([, ok]) => ok) || accepted(0) + accepted(1) !== PER_KEY) process.exitCode = 1;

  /** A plan over the sea fleet with generated cargo, made through one API. */
  async function makePlan(apiIndex: number, key: string, seed: number): Promise<{ id: string; revision: number }> {
    const project = await api$(apiIndex, key, 'POST', '/projects', { name: `scale ${seed}` });
    const plan = await api$(apiIndex, key, 'POST', `/projects/${project.id}/load-plans`, { name: 'scale' });
    const lines = generateCargo(Number(values.pieces), 500 + seed).map((l) => ({
      name: l.name, quantity: l.quantity, lengthMm: l.lengthMm, widthMm: l.widthMm, heightMm: l.heightMm, weightG: l.weightG,
      rotation: l.orientations.length === 6 ? 'free' : l.orientations.length === 2 ? 'upright' : 'fixed', stackable: l.stackable, fragile: l.fragile,
    }));
    await api$(apiIndex, key, 'POST', `/projects/${project.id}/cargo`, { lines });
    const current = await api$(apiIndex, key, 'GET', `/load-plans/${plan.id}`);
    const patched = await api$(apiIndex, key, 'PATCH', `/load-plans/${plan.id}/equipment`, { expectedRevision: current.revision, equipmentTypeIds: ['eqt_iso_40hc', 'eqt_iso_20gp'] });
    return { id: plan.id, revision: patched.revision };
  }
} finally {
  for (const p of procs) if (!p.exited) p.child.kill('SIGTERM');
  await Promise.all(procs.map((p) => (p.exited ? null : new Promise((r) => p.child.once('exit', r)))));
  await sql.end({ timeout: 5 });
  await infra.stop();
  await rm(dataDir, { recursive: true, force: true });
}

/** One production process, its JSON log lines collected. */
async function startProcess(name: string, entry: string): Promise<Proc> {
  const [port, opsPort, sdkPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      DATABASE_URL: infra.databaseUrl,
      TEMPORAL_ADDRESS: infra.temporalAddress,
      TEMPORAL_TASK_QUEUE: TASK_QUEUE,
      HOST: '127.0.0.1',
      PORT: String(port),
      OPS_PORT: String(opsPort),
      TEMPORAL_METRICS_PORT: String(sdkPort),
      LOG_LEVEL: 'debug',
      RATE_LIMIT_PER_KEY: String(PER_KEY),
      RATE_LIMIT_PER_IP: '1000000',
      CALCULATE_ENQUEUES_PER_KEY: '1000',
      CALCULATES_IN_FLIGHT_PER_ORG: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const proc: Proc = { name, child, url: entry.includes('api') ? `http://127.0.0.1:${port}` : undefined, opsUrl: `http://127.0.0.1:${opsPort}`, lines: [], exited: false };
  child.once('exit', () => (proc.exited = true));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      proc.lines.push(JSON.parse(line));
    } catch {
      // not a log line
    }
  });
  procs.push(proc);
  return proc;
}

async function waitReady(p: Proc): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (p.exited) throw new Error(`${p.name} exited before it was ready`);
    const status = await fetch(`${p.opsUrl}/readyz`).then((r) => r.status, () => 0);
    if (status === 200) return;
    await sleep(250);
  }
  throw new Error(`${p.name} not ready after 180 s`);
}

/** The per-minute window is fixed: start the burst well inside one. */
async function awayFromMinuteEdge(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await sleep(60_000 - intoMinute + 500);
}

function solvesInFlight(w: Proc): string[] {
  const started = w.lines.filter((l) => l.msg === 'activity started' && l.activity === 'calculateSolve').map((l) => l.subject as string);
  return started.filter((id) => !w.lines.some((l) => l.msg === 'activity' && l.activity === 'calculateSolve' && l.subject === id));
}

/**
 * Waits until each worker has started two solves (at most 60 s), then for a solve in flight;
 * answers the worker with more solves in flight.
 */
async function busierOnceBothSolve(workers: Proc[], runIds: string[]): Promise<Proc> {
  const inFlight = (w: Proc) => solvesInFlight(w).filter((id) => runIds.includes(id)).length;
  const startedSolves = (w: Proc) => w.lines.filter((l) => l.msg === 'activity started' && l.activity === 'calculateSolve').length;
  const spreadBy = Date.now() + 60_000;
  while (Date.now() < spreadBy && !workers.every((w) => startedSolves(w) >= 2)) await sleep(50);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const busier = [...workers].sort((a, b) => inFlight(b) - inFlight(a))[0];
    if (inFlight(busier) > 0) return busier;
    await sleep(20);
  }
  throw new Error('no worker was solving');
}

async function waitForEnds(ids: string[]): Promise<Map<string, string>> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const rows = await sql`select id, status from calculate_runs where id = any(${ids})`;
    const open = rows.filter((r) => r.status === 'queued' || r.status === 'running');
    if (open.length === 0 || Date.now() > deadline) return new Map(rows.map((r) => [r.id as string, r.status as string]));
    await sleep(250);
  }
}

function table(head: string[], rows: unknown[][]): string {
  const cells = [head, ...rows].map((r) => r.map(String));
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => '  ' + r.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(cells[0]), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n');
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
