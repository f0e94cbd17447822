// Faults under real processes; prints a table per fault: runs started, terminal states,
// events, duplicates, lost writes.
//   npm run chaos [-- --faults import,postgres --runs 6 --restarts 2 --clients 8]
// Faults:
//   import    the API process SIGKILLed in the middle of a 5,000-line cargo import, at delays
//             spread over the import's duration; then restarted, and the import retried with
//             the same Idempotency-Key. The import must be all or nothing and the retry must
//             succeed.
//   postgres  Postgres stopped and started again on the same data under a steady load of reads
//             and writes from several clients: while it is down requests answer 503 (or
//             succeed), never 500; the API recovers by itself; every acknowledged write (201)
//             is in the database afterwards.
//   temporal  the Temporal dev server SIGKILLed and restarted on the same data (--db-filename)
//             while Calculates and webhook deliveries are in flight (API and worker processes
//             keep running): every run ends in exactly one terminal state with one event, and
//             every delivery is delivered or still scheduled.
//   worker    the worker process SIGKILLed mid-solve on a 20,000-piece Calculate (--pieces) and
//             a new one started: the run still ends once, with one event, one stored plan
//             (one result row, one revision step, no solution left behind).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { request } from 'undici';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seedBuiltIns } from '../db/seed.ts';
import { createApiKey } from '../db/api-keys.ts';
import { addMember, createOrganization } from '../db/organizations.ts';
import { startEmbeddedPostgres, type LocalPostgres } from '../bin/local/embedded-postgres.ts';
import { freePort } from '../bin/local/free-port.ts';
import { startTemporalDevServer, type LocalTemporal } from '../bin/local/temporal-dev-server.ts';
import { registerEndpoint } from '../services/webhooks/endpoints.ts';
import { createTestPki } from '../test/support/tls/test-ca.ts';
import { startReceiver } from '../test/services/webhooks/https-receiver.ts';
import { createPlan } from '../test/support/plan-fixture.ts';
import { generateCargo } from './bench/cargo-generator.ts';
import { scriptArgs } from './bench/script-args.ts';

const { values } = scriptArgs(import.meta.url, {
  options: {
    faults: { type: 'string', default: 'import,postgres,temporal,worker' },
    runs: { type: 'string', default: '6' },
    'retry-seconds': { type: 'string', default: '20' },
    restarts: { type: 'string', default: '2' },
    clients: { type: 'string', default: '8' },
    'down-seconds': { type: 'string', default: '3' },
    calculates: { type: 'string', default: '6' },
    pieces: { type: 'string', default: '20000' },
  },
});
const faults = values.faults!.split(',');
const dataDir = resolve('.test-data', `chaos-${process.pid}`);
await mkdir(dataDir, { recursive: true });
const pgPort = await freePort();
// persistent: the data stays where it is across a restart (the directory is removed at the end)
const startPostgres = () => startEmbeddedPostgres({ dataDir: resolve(dataDir, 'postgres'), port: pgPort, persistent: true });
let pg: LocalPostgres = await startPostgres();
const sql = connect(pg.url, { max: 2 });
await migrate(sql);
await seedBuiltIns(sql);
const org = await createOrganization(sql, { name: 'Chaos', plan: 'enterprise', apiAccess: true });
const owner = await addMember(sql, { organizationId: org.id, email: 'chaos@example.com', role: 'owner' });
const apiKey = (await createApiKey(sql, { organizationId: org.id, createdByMemberId: owner.id })).secret;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A production entry point (bin/api.ts, bin/worker.ts) as its own process, once it logs `ready`. */
async function startProcess(entry: string, ready: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: pg.url, TEMPORAL_ADDRESS: 'unused:0', OPS_PORT: String(await freePort()), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // the ready line is logged at info: a LOG_LEVEL above it would hide it
  await new Promise<void>((resolve, fail) => {
    const timer = setTimeout(() => fail(new Error(`${entry} not ready after 120 s`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(ready) && (clearTimeout(timer), resolve()));
    child.once('exit', (code) => fail(new Error(`${entry} exited with ${code} before it was ready`)));
  });
  return child;
}

const startApi = (port: number, env: Record<string, string> = {}) =>
  startProcess('bin/api.ts', 'listening', { PORT: String(port), RATE_LIMIT_PER_IP: '1000000', RATE_LIMIT_PER_KEY: '1000000', CALCULATE_ENQUEUES_PER_KEY: '1000000', ...env });

async function call(port: number, method: string, path: string, body?: unknown, idempotencyKey?: string) {
  const res = await request(`http://127.0.0.1:${port}/api/v1${path}`, {
    method: method as any,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, body: (await res.body.json()) as any, replayed: res.headers['idempotent-replayed'] === 'true' };
}

interface Row {
  fault: string;
  runs: string;
  terminal: string;
  events: string;
  duplicates: number;
  lostWrites: number;
}
const rows: Row[] = [];

const LINES = Array.from({ length: 5000 }, (_, i) => ({ name: `Crate ${i + 1}`, quantity: 1, lengthMm: 1200, widthMm: 800, heightMm: 600 + (i % 7), weightG: 25_000 }));
const linesOf = async (projectId: string) => Number((await sql`select count(*) from cargo_lines where project_id = ${projectId}`)[0].count);

async function apiKilledMidImport(): Promise<Row> {
  const runs = Number(values.runs);
  const port = await freePort();
  let api = await startApi(port);
  const tally = { started: 0, committedBeforeKill: 0, rolledBack: 0, halfWritten: 0, retry201First: 0, retry201Replay: 0, retryStuck: 0, retryOther: 0, duplicates: 0, lostWrites: 0 };
  try {
    // how long one import takes here: the kills are spread over it
    const calibration = await call(port, 'POST', '/projects', { name: 'calibration' }, `chaos-cal-${process.pid}`);
    const t0 = Date.now();
    const first = await call(port, 'POST', `/projects/${calibration.body.id}/cargo`, { lines: LINES }, `chaos-cal-import-${process.pid}`);
    const importMs = Date.now() - t0;
    if (first.status !== 201) throw new Error(`calibration import answered ${first.status}`);
    console.log(`one 5,000-line import takes ${importMs} ms here; kills at ${runs} delays spread over it`);

    for (let run = 0; run < runs; run++) {
      tally.started++;
      const project = (await call(port, 'POST', '/projects', { name: `chaos ${run}` }, `chaos-prj-${process.pid}-${run}`)).body;
      const key = `chaos-import-${process.pid}-${run}`;
      const delay = Math.round((importMs * (run + 0.5)) / runs);
      const sent = call(port, 'POST', `/projects/${project.id}/cargo`, { lines: LINES }, key).catch(() => null);
      await sleep(delay);
      api.kill('SIGKILL');
      const answer = await sent;
      if (api.exitCode === null && api.signalCode === null) await new Promise((r) => api.once('exit', r));
      const afterKill = await linesOf(project.id);
      if (afterKill === 0) tally.rolledBack++;
      else if (afterKill === 5000) tally.committedBeforeKill++;
      else tally.halfWritten++;
      api = await startApi(port);
      let retry = await call(port, 'POST', `/projects/${project.id}/cargo`, { lines: LINES }, key);
      const until = Date.now() + Number(values['retry-seconds']) * 1000;
      while (retry.status === 409 && retry.body.data?.reason === 'idempotency_key_in_use' && Date.now() < until) {
        await sleep(500);
        retry = await call(port, 'POST', `/projects/${project.id}/cargo`, { lines: LINES }, key);
      }
      if (retry.status === 201 && retry.replayed) tally.retry201Replay++;
      else if (retry.status === 201) tally.retry201First++;
      else if (retry.status === 409) tally.retryStuck++;
      else tally.retryOther++;
      const final = await linesOf(project.id);
      if (final > 5000) tally.duplicates++;
      if ((answer?.status === 201 || retry.status === 201) && final < 5000) tally.lostWrites++;
      console.log(`run ${run + 1}: killed after ${delay} ms; client saw ${answer ? answer.status : 'no answer'}; lines after the kill ${afterKill}; retry ${retry.status}${retry.replayed ? ' (replay)' : ''}${retry.status === 409 ? ` ${retry.body.data?.reason}` : ''}; lines after the retry ${final}`);
    }
  } finally {
    api.kill('SIGKILL');
  }
  return {
    fault: 'API SIGKILLed mid-import',
    runs: `${tally.started} imports`,
    terminal: `rolled back ${tally.rolledBack}, committed ${tally.committedBeforeKill}, half-written ${tally.halfWritten}; retry: 201 ${tally.retry201First}, replay ${tally.retry201Replay}, still 409 after ${values['retry-seconds']} s ${tally.retryStuck}, other ${tally.retryOther}`,
    events: 'n/a',
    duplicates: tally.duplicates,
    lostWrites: tally.lostWrites,
  };
}

/**
 * Clients loop on a write (POST /projects, a fresh key each) and a read (GET a Project
 * written earlier) while Postgres is stopped and started again `restarts` times.
 */
async function postgresRestartedUnderLoad(): Promise<Row> {
  const port = await freePort();
  const api = await startApi(port);
  const statuses = new Map<string, number>(); // "phase status" -> count
  const acknowledged: string[] = [];
  const count = (phase: string, status: number | string) => statuses.set(`${phase} ${status}`, (statuses.get(`${phase} ${status}`) ?? 0) + 1);
  let phase: 'up' | 'down' | 'recovering' = 'up';
  let running = true;
  let firstSuccessAfterRestart: number | null = null;
  let restartedAt = 0;
  const recoveries: number[] = [];
  const seed = await call(port, 'POST', '/projects', { name: 'chaos seed' }, `chaos-pg-seed-${process.pid}`);
  const client = async (n: number) => {
    for (let i = 0; running; i++) {
      const write = i % 2 === 0;
      const key = `chaos-pg-${process.pid}-${n}-${i}`;
      const at = phase;
      try {
        const res = write
          ? await call(port, 'POST', '/projects', { name: `load ${n}.${i}` }, key)
          : await call(port, 'GET', `/projects/${seed.body.id}`);
        count(at, res.status);
        if (write && res.status === 201) acknowledged.push(res.body.id);
        if (res.status < 300 && phase === 'recovering' && firstSuccessAfterRestart === null) {
          firstSuccessAfterRestart = Date.now();
          recoveries.push(firstSuccessAfterRestart - restartedAt);
        }
      } catch (err) {
        count(at, `no answer (${(err as { code?: string }).code ?? (err as Error).message})`);
      }
      if (phase !== 'up') await sleep(50); // clients back off a little while it fails
    }
  };
  const clients = Array.from({ length: Number(values.clients) }, (_, n) => client(n));
  try {
    for (let r = 0; r < Number(values.restarts); r++) {
      await sleep(3000);
      phase = 'down';
      await pg.stop();
      await sleep(Number(values['down-seconds']) * 1000);
      pg = await startPostgres();
      restartedAt = Date.now();
      firstSuccessAfterRestart = null;
      phase = 'recovering';
      for (const until = Date.now() + 30_000; firstSuccessAfterRestart === null && Date.now() < until;) await sleep(100);
      phase = 'up';
      console.log(`restart ${r + 1}: Postgres down ${values['down-seconds']} s; first success ${firstSuccessAfterRestart === null ? 'never (30 s)' : `${firstSuccessAfterRestart - restartedAt} ms`} after it was back`);
    }
    await sleep(3000);
  } finally {
    running = false;
    await Promise.all(clients);
    api.kill('SIGKILL');
  }
  const stored = new Set((await sql`select id from projects where id in ${sql(acknowledged)}`).map((r) => r.id as string));
  const lost = acknowledged.filter((id) => !stored.has(id)).length;
  const byStatus = [...statuses].sort().map(([k, v]) => `${k}: ${v}`).join(', ');
  console.log(`answers by phase and status: ${byStatus}`);
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  const fiveHundreds = [...statuses].filter(([k]) => / 5\d\d$/.test(k) && !/ 503$/.test(k)).reduce((a, [, v]) => a + v, 0);
  const noAnswer = [...statuses].filter(([k]) => k.includes('no answer')).reduce((a, [, v]) => a + v, 0);
  return {
    fault: 'Postgres restarted under load',
    runs: `${values.restarts} restarts, ${total} requests`,
    terminal: `5xx other than 503: ${fiveHundreds}; no answer: ${noAnswer}; recovered after ${recoveries.map((ms) => `${ms} ms`).join(', ') || 'never'}; ${acknowledged.length} writes acknowledged`,
    events: 'n/a',
    duplicates: 0,
    lostWrites: lost,
  };
}

const TERMINAL = ['completed', 'failed', 'cancelled', 'timed_out'];

/**
 * Calculates started one after another through the API (so some are solving and some are
 * announcing their end when the fault hits), the Temporal server SIGKILLed, restarted on the
 * same database file and port after `down-seconds`; then every run and delivery is followed
 * to its end.
 */
async function temporalKilledMidFlight(): Promise<Row> {
  const pki = await createTestPki(['localhost']);
  const caFile = resolve(dataDir, 'ca.pem');
  await writeFile(caFile, pki.caCert);
  const receiver = await startReceiver({ cert: pki.serverCert, key: pki.serverKey });
  receiver.on('/hooks', (_req, res) => res.writeHead(204).end());
  const temporalPort = await freePort();
  const startTemporal = () => startTemporalDevServer({ dbFile: resolve(dataDir, 'temporal.sqlite'), port: temporalPort, ui: false, log: () => {} });
  let temporal: LocalTemporal = await startTemporal();
  const taskQueue = `chaos-${process.pid}`;
  const common = { TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: taskQueue, WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_EXTRA_CA_FILE: caFile };
  const worker = await startProcess('bin/worker.ts', 'worker polling', { ...common, TEMPORAL_METRICS_PORT: String(await freePort()) });
  const port = await freePort();
  const api = await startApi(port, common);
  const runIds: string[] = [];
  const started = Date.now();
  try {
    process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
    await registerEndpoint(sql, { memberId: owner.id, url: `https://localhost:${receiver.port}/hooks`, eventTypes: ['calculate.completed', 'calculate.failed', 'calculate.cancelled'] });
    const n = Number(values.calculates);
    const lines = [{ name: 'crate', quantity: 400, lengthMm: 600, widthMm: 400, heightMm: 400, weightG: 20_000 }, { name: 'pallet', quantity: 60, lengthMm: 1200, widthMm: 800, heightMm: 900, weightG: 150_000 }];
    for (let i = 0; i < n; i++) {
      const plan = await createPlan(sql, org.id, { lines });
      const res = await call(port, 'POST', `/load-plans/${plan.loadPlanId}/calculate`, { expectedRevision: 1 }, `chaos-calc-${process.pid}-${i}`);
      if (res.status !== 202) throw new Error(`calculate answered ${res.status}: ${JSON.stringify(res.body)}`);
      runIds.push(res.body.id);
      await sleep(1000);
    }
    const states = async () => (await sql`select status, count(*)::int as n from calculate_runs where id in ${sql(runIds)} group by status`).map((r) => `${r.status} ${r.n}`).join(', ');
    // the kill waits for a first end, so some runs are announcing it while others still solve
    for (const until = Date.now() + 60_000; Date.now() < until; await sleep(200)) {
      const [{ ended }] = await sql`select count(*)::int as ended from calculate_runs where id in ${sql(runIds)} and status = any(${TERMINAL})`;
      if (ended > 0) break;
    }
    const deliveriesNow = await sql`select d.status, count(*)::int as n from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.calculate_id in ${sql(runIds)} group by d.status`;
    console.log(`${n} Calculates started; at the kill: ${await states()}; deliveries ${deliveriesNow.map((r) => `${r.status} ${r.n}`).join(', ') || 'none yet'}`);
    await temporal.kill();
    await sleep(Number(values['down-seconds']) * 1000);
    temporal = await startTemporal();
    console.log(`Temporal SIGKILLed, down ${values['down-seconds']} s, restarted on the same data`);
    const deadline = Date.now() + 180_000;
    for (;;) {
      const [{ open }] = await sql`select count(*)::int as open from calculate_runs where id in ${sql(runIds)} and status <> all(${TERMINAL})`;
      const [{ pending }] = await sql`
        select count(*)::int as pending from webhook_deliveries d join webhook_events e on e.id = d.event_id
        where e.calculate_id in ${sql(runIds)} and d.status in ('pending', 'delivering')`;
      const [{ events, undispatched }] = await sql`
        select count(*)::int as events, count(*) filter (where dispatched_at is null)::int as undispatched
        from webhook_events where calculate_id in ${sql(runIds)}`;
      if ((open === 0 && pending === 0 && undispatched === 0 && events === runIds.length) || Date.now() > deadline) break;
      await sleep(500);
    }
    console.log(`settled ${Math.round((Date.now() - started) / 1000)} s after the first start: ${await states()}`);
  } finally {
    api.kill('SIGKILL');
    worker.kill('SIGKILL');
    await temporal.stop();
    await receiver.close();
  }
  const runs = await sql`
    select r.id, r.status, (select count(*)::int from webhook_events e where e.calculate_id = r.id) as events
    from calculate_runs r where r.id in ${sql(runIds)}`;
  const deliveries = await sql`
    select d.id, d.status from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.calculate_id in ${sql(runIds)}`;
  for (const r of await sql`select id, status, failure_code, failure_message from calculate_runs where id in ${sql(runIds)} and status <> 'completed'`) {
    console.log(`  run ${r.id} ended ${r.status}: ${r.failure_code} ${r.failure_message}`);
  }
  for (const e of await sql`
    select e.id, e.type, e.dispatched_at from webhook_events e
    where e.calculate_id in ${sql(runIds)} and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)`) {
    console.log(`  event ${e.id} (${e.type}) has no delivery; dispatched_at ${e.dispatched_at ?? 'null (the hourly sweep sends it)'}`);
  }
  const received = receiver.received('/hooks').map((r) => String(r.headers['webhook-id']));
  const receivedTwice = received.length - new Set(received).size;
  const byStatus = (rows: { status: string }[]) => Object.entries(rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {})).map(([k, v]) => `${k} ${v}`).join(', ');
  const notOneEvent = runs.filter((r) => r.events !== 1).length;
  const notTerminal = runs.filter((r) => !TERMINAL.includes(r.status)).length;
  const lostDeliveries = deliveries.filter((d) => d.status === 'failed').length;
  return {
    fault: 'Temporal SIGKILLed, restarted',
    runs: `${runIds.length} Calculates`,
    terminal: `${byStatus(runs as any)}; not terminal ${notTerminal}; deliveries: ${byStatus(deliveries as any) || 'none'}; received ${received.length} (${new Set(received).size} distinct webhook-ids)`,
    events: `${runs.reduce((a, r) => a + r.events, 0)} (runs without exactly one: ${notOneEvent})`,
    duplicates: receivedTwice,
    lostWrites: lostDeliveries,
  };
}

/** A worker process on `taskQueue`, ready once it polls. */
const startWorker = async (env: Record<string, string>) => startProcess('bin/worker.ts', 'worker polling', { ...env, TEMPORAL_METRICS_PORT: String(await freePort()) });

async function workerKilledMidSolve(): Promise<Row> {
  const temporal = await startTemporalDevServer({ dbFile: null, ui: false, log: () => {} });
  const common = { TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: `chaos-solve-${process.pid}` };
  let worker = await startWorker(common);
  const port = await freePort();
  const api = await startApi(port, common);
  const must = async (method: string, path: string, body?: unknown) => {
    const res = await call(port, method, path, body, method === 'GET' ? undefined : `chaos-solve-${process.pid}-${Math.random()}`);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  };
  let runId = '';
  let loadPlanId = '';
  let revisionBefore = 0;
  let kills = 0;
  try {
    const pieces = Number(values.pieces);
    const project = await must('POST', '/projects', { name: 'chaos solve' });
    const plan = await must('POST', `/projects/${project.id}/load-plans`, { name: 'chaos solve' });
    loadPlanId = plan.id;
    const lines = generateCargo(pieces, 1).map((l) => ({
      name: l.name, quantity: l.quantity, lengthMm: l.lengthMm, widthMm: l.widthMm, heightMm: l.heightMm, weightG: l.weightG,
      rotation: l.orientations.length === 6 ? 'free' : l.orientations.length === 2 ? 'upright' : 'fixed',
      stackable: l.stackable, fragile: l.fragile, groupKey: l.groupKey, stop: l.stop,
    }));
    for (let i = 0; i < lines.length; i += 5000) await must('POST', `/projects/${project.id}/cargo`, { lines: lines.slice(i, i + 5000) });
    const current = await must('GET', `/load-plans/${plan.id}`);
    const patched = await must('PATCH', `/load-plans/${plan.id}/equipment`, { expectedRevision: current.revision, equipmentTypeIds: ['eqt_iso_40hc', 'eqt_iso_40gp', 'eqt_iso_20gp'] });
    revisionBefore = patched.revision;
    runId = (await must('POST', `/load-plans/${plan.id}/calculate`, { expectedRevision: revisionBefore })).id;
    // kill once the solve has visibly started
    let seen: any = null;
    for (const until = Date.now() + 120_000; Date.now() < until; await sleep(100)) {
      seen = await must('GET', `/calculates/${runId}`);
      if (seen.status === 'running' && seen.phase && seen.phase !== 'queued' && (seen.processedItems ?? 0) > 0) break;
      if (seen.status !== 'queued' && seen.status !== 'running') break;
    }
    console.log(`${pieces} pieces from ${lines.length} lines; at the kill: ${seen.status}, phase ${seen.phase}, processed ${seen.processedItems}`);
    worker.kill('SIGKILL');
    kills++;
    await new Promise((r) => (worker.exitCode !== null || worker.signalCode !== null ? r(null) : worker.once('exit', r)));
    worker = await startWorker(common);
    const t0 = Date.now();
    for (const until = Date.now() + 600_000; Date.now() < until; await sleep(500)) {
      seen = await must('GET', `/calculates/${runId}`);
      if (seen.status !== 'queued' && seen.status !== 'running') break;
    }
    console.log(`after the kill the run ended ${seen.status} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    api.kill('SIGKILL');
    worker.kill('SIGKILL');
    await temporal.stop();
  }
  const [run] = await sql`select status from calculate_runs where id = ${runId}`;
  const [{ events }] = await sql`select count(*)::int as events from webhook_events where calculate_id = ${runId}`;
  const [{ results }] = await sql`select count(*)::int as results from load_plan_results where load_plan_id = ${loadPlanId} and calculate_id = ${runId}`;
  const [{ leftover }] = await sql`select count(*)::int as leftover from calculate_solutions where calculate_id = ${runId}`;
  const [{ revision }] = await sql`select revision from load_plans where id = ${loadPlanId}`;
  const [{ placed }] = await sql`select count(*)::int as placed from placements where load_plan_id = ${loadPlanId}`;
  const [result] = await sql`select totals from load_plan_results where load_plan_id = ${loadPlanId}`;
  const loaded = result?.totals?.piecesLoaded;
  return {
    fault: 'worker SIGKILLed mid-solve',
    runs: `1 Calculate, ${values.pieces} pieces, ${kills} kill`,
    terminal: `${run.status}; result rows ${results}; revision ${revisionBefore} -> ${revision}; placements ${placed} (totals say ${loaded}); solutions left ${leftover}`,
    events: String(events),
    duplicates: Math.max(0, results - 1) + (loaded !== undefined && placed !== loaded ? 1 : 0),
    lostWrites: run.status === 'completed' && results === 0 ? 1 : 0,
  };
}

const FAULTS: Record<string, () => Promise<Row>> = { import: apiKilledMidImport, postgres: postgresRestartedUnderLoad, temporal: temporalKilledMidFlight, worker: workerKilledMidSolve };
try {
  for (const name of faults) {
    if (!FAULTS[name]) throw new Error(`unknown fault ${name}; known: ${Object.keys(FAULTS).join(', ')}`);
    console.log(`\n== ${name}`);
    rows.push(await FAULTS[name]());
  }
  console.log('\nfault                         | runs started | terminal states | events | duplicates | lost writes');
  for (const r of rows) console.log(`${r.fault.padEnd(29)} | ${r.runs} | ${r.terminal} | ${r.events} | ${r.duplicates} | ${r.lostWrites}`);
  const missing = Object.keys(FAULTS).filter((f) => !faults.includes(f));
  if (missing.length) console.log(`not run this time: ${missing.join(', ')}`);
} finally {
  await sql.end();
  await pg.stop();
  await rm(dataDir, { recursive: true, force: true });
}
