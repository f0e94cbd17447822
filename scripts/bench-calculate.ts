// Calculate benchmark, end to end through the API and a separate worker process:
//  1. one 20,000-piece Calculate: enqueue -> stored plan time, the worker's peak memory,
//     how often the reported progress moved;
//  2. 10 concurrent mid-size Calculates on one worker: throughput.
//   npm run bench:calculate [-- --pieces 20000 --concurrent 10 --mid-pieces 600]
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readEnv } from '../config/env.ts';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seedBuiltIns } from '../db/seed.ts';
import { createApiKey } from '../db/api-keys.ts';
import { addMember, createOrganization } from '../db/organizations.ts';
import { createServices } from '../api/services.ts';
import { startApiServer } from '../api/server.ts';
import { startInfrastructure } from '../bin/local/infrastructure.ts';
import { call } from '../test/support/api-harness.ts';
import { generateCargo } from './bench/cargo-generator.ts';
import type { SolverCargoLine } from '../solver/types.ts';
import { scriptArgs } from './bench/script-args.ts';

const { values } = scriptArgs(import.meta.url, {
  options: {
    pieces: { type: 'string', default: '20000' },
    concurrent: { type: 'string', default: '10' },
    'mid-pieces': { type: 'string', default: '600' },
  },
});
const log = (line: string) => console.log(line);
const TASK_QUEUE = 'bench-calculate';
const dataDir = resolve('.test-data', `bench-calculate-${process.pid}`);
await mkdir(dataDir, { recursive: true });
const infra = await startInfrastructure({ dataDir, persistent: false, ui: false, databaseUrl: process.env.DATABASE_URL, temporalAddress: process.env.TEMPORAL_ADDRESS, log: () => {} });
const sql = connect(infra.databaseUrl);
await migrate(sql);
await seedBuiltIns(sql);
const org = await createOrganization(sql, { name: 'Bench', plan: 'enterprise', apiAccess: true });
const owner = await addMember(sql, { organizationId: org.id, email: 'bench@example.com', role: 'owner' });
const key = (await createApiKey(sql, { organizationId: org.id, createdByMemberId: owner.id })).secret;
const env = readEnv({ ...process.env, RATE_LIMIT_PER_IP: '100000000', RATE_LIMIT_PER_KEY: '100000000', CALCULATE_ENQUEUES_PER_KEY: '1000', TEMPORAL_TASK_QUEUE: TASK_QUEUE });
const services = createServices(env, infra.databaseUrl, infra.temporalAddress);
const api = await startApiServer(services, '127.0.0.1', 0);
const worker = startWorkerProcess();
let counter = 0;

function startWorkerProcess(): ChildProcess {
  // one node process (no npx wrapper), so that killing it stops the worker itself
  return spawn(process.execPath, ['--import', 'tsx', 'bin/worker.ts'], {
    env: { ...process.env, DATABASE_URL: infra.databaseUrl, TEMPORAL_ADDRESS: infra.temporalAddress, TEMPORAL_TASK_QUEUE: TASK_QUEUE },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Peak resident memory of the worker process (VmHWM; the solver threads included), in MB. */
function workerPeakMb(): number {
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${worker.pid}/status`, 'utf8'));
  return hwm ? Number(hwm[1]) / 1024 : NaN;
}

const rotationOf = (l: SolverCargoLine) => (l.orientations.length === 6 ? 'free' : l.orientations.length === 2 ? 'upright' : 'fixed');

async function api$(method: string, path: string, body?: unknown) {
  const res = await call(api.url, method, `/api/v1${path}`, { key, body, idempotencyKey: method === 'POST' ? `bench-${++counter}` : undefined });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

/** A plan over the sea fleet with generated cargo; returns its id and revision. */
async function makePlan(pieces: number, seed: number): Promise<{ id: string; revision: number; lines: number }> {
  const project = await api$('POST', '/projects', { name: `bench ${seed}` });
  const plan = await api$('POST', `/projects/${project.id}/load-plans`, { name: 'bench' });
  const lines = generateCargo(pieces, seed).map((l) => ({
    name: l.name, quantity: l.quantity, lengthMm: l.lengthMm, widthMm: l.widthMm, heightMm: l.heightMm, weightG: l.weightG,
    rotation: rotationOf(l), stackable: l.stackable, fragile: l.fragile, groupKey: l.groupKey, stop: l.stop,
  }));
  for (let i = 0; i < lines.length; i += 5000) await api$('POST', `/projects/${project.id}/cargo`, { lines: lines.slice(i, i + 5000) });
  const current = await api$('GET', `/load-plans/${plan.id}`);
  const patched = await api$('PATCH', `/load-plans/${plan.id}/equipment`, {
    expectedRevision: current.revision,
    equipmentTypeIds: ['eqt_iso_40hc', 'eqt_iso_40gp', 'eqt_iso_20gp'],
  });
  return { id: plan.id, revision: patched.revision, lines: lines.length };
}

async function waitForRun(id: string, onPoll?: (run: any) => void): Promise<any> {
  for (;;) {
    const run = await api$('GET', `/calculates/${id}`);
    onPoll?.(run);
    if (run.status !== 'queued' && run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The clock starts only once the worker polls (it bundles its workflows first). */
async function waitForWorker(): Promise<void> {
  const client = await services.temporal();
  await client.workflow.execute('systemCheckWorkflow', { taskQueue: TASK_QUEUE, workflowId: `bench-ready-${Date.now()}`, args: [] });
}

try {
  await waitForWorker();
  const pieces = Number(values.pieces);
  const big = await makePlan(pieces, 1);
  log(`one Calculate of ${pieces} pieces from ${big.lines} lines over 40' HC / 40' / 20' containers`);
  const started = Date.now();
  const accepted = await api$('POST', `/load-plans/${big.id}/calculate`, { expectedRevision: big.revision });
  let moves = 0;
  let lastKey = '';
  let lastMoveAt = Date.now();
  let longestStill = 0;
  const run = await waitForRun(accepted.id, (r) => {
    const key = `${r.phase}:${r.processedItems}`;
    if (r.status === 'running' && key !== lastKey) {
      if (lastKey) longestStill = Math.max(longestStill, Date.now() - lastMoveAt);
      moves++;
      lastKey = key;
      lastMoveAt = Date.now();
    }
  });
  const seconds = (Date.now() - started) / 1000;
  const planRead = await api$('GET', `/load-plans/${big.id}`);
  log(`  status ${run.status}; enqueue -> stored plan ${seconds.toFixed(1)} s; worker peak memory ${workerPeakMb().toFixed(0)} MB`);
  log(`  progress moved ${moves} times (longest still ${(longestStill / 1000).toFixed(1)} s, polled every 0.1 s)`);
  log(`  Units ${planRead.result?.totals?.units}, pieces loaded ${planRead.result?.totals?.piecesLoaded}, unloaded ${planRead.result?.totals?.piecesUnloaded}`);

  const n = Number(values.concurrent);
  const mid = await Promise.all(Array.from({ length: n }, (_, i) => makePlan(Number(values['mid-pieces']), 100 + i)));
  const t0 = Date.now();
  const runs = await Promise.all(mid.map((p) => api$('POST', `/load-plans/${p.id}/calculate`, { expectedRevision: p.revision })));
  const ended = await Promise.all(runs.map((r) => waitForRun(r.id)));
  const total = (Date.now() - t0) / 1000;
  log(`${n} concurrent Calculates of ${values['mid-pieces']} pieces on one worker: all ended in ${total.toFixed(1)} s ` +
    `(${((n / total) * 60).toFixed(1)} runs/min); statuses ${[...new Set(ended.map((r) => r.status))].join(', ')}`);
} finally {
  worker.kill('SIGTERM');
  await api.close();
  await services.close();
  await sql.end();
  await infra.stop();
  await rm(dataDir, { recursive: true, force: true });
}
