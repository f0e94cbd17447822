// Faults under real processes; prints a table per fault: runs started, terminal states,
// events, duplicates, lost writes.
//   npm run chaos [-- --runs 6]
// Fault so far: the API process SIGKILLed in the middle of a 5,000-line cargo import, at
// delays spread over the import's duration; then restarted, and the import retried with
// the same Idempotency-Key. The import must be all or nothing and the retry must succeed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seedBuiltIns } from '../db/seed.ts';
import { createApiKey } from '../db/api-keys.ts';
import { addMember, createOrganization } from '../db/organizations.ts';
import { startInfrastructure } from '../bin/local/infrastructure.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '6' }, 'retry-seconds': { type: 'string', default: '20' } } });
const runs = Number(values.runs);
const dataDir = resolve('.test-data', `chaos-${process.pid}`);
await mkdir(dataDir, { recursive: true });
const infra = await startInfrastructure({ dataDir, persistent: false, ui: false, databaseUrl: process.env.DATABASE_URL, temporalAddress: 'unused:0', log: () => {} });
const sql = connect(infra.databaseUrl, { max: 2 });
await migrate(sql);
await seedBuiltIns(sql);
const org = await createOrganization(sql, { name: 'Chaos', plan: 'enterprise', apiAccess: true });
const owner = await addMember(sql, { organizationId: org.id, email: 'chaos@example.com', role: 'owner' });
const apiKey = (await createApiKey(sql, { organizationId: org.id, createdByMemberId: owner.id })).secret;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

/** The production API entry point as its own process. */
async function startApi(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/api.ts'], {
    env: { ...process.env, DATABASE_URL: infra.databaseUrl, TEMPORAL_ADDRESS: 'unused:0', PORT: String(port), RATE_LIMIT_PER_IP: '1000000', RATE_LIMIT_PER_KEY: '1000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && ready());
    child.once('exit', (code) => fail(new Error(`the API exited with ${code} before listening`)));
  });
  return child;
}

async function call(port: number, method: string, path: string, body?: unknown, idempotencyKey?: string) {
  const res = await request(`http://127.0.0.1:${port}/api/v1${path}`, {
    method: method as any,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, body: (await res.body.json()) as any, replayed: res.headers['idempotent-replayed'] === 'true' };
}

const LINES = Array.from({ length: 5000 }, (_, i) => ({ name: `Crate ${i + 1}`, quantity: 1, lengthMm: 1200, widthMm: 800, heightMm: 600 + (i % 7), weightG: 25_000 }));
const linesOf = async (projectId: string) => Number((await sql`select count(*) from cargo_lines where project_id = ${projectId}`)[0].count);

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
    await new Promise((r) => setTimeout(r, delay));
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
      await new Promise((r) => setTimeout(r, 500));
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
  console.log('\nfault                        | runs started | terminal states                                   | events | duplicates | lost writes');
  console.log(
    `API SIGKILLed mid-import      | ${String(tally.started).padEnd(12)} | rolled back ${tally.rolledBack}, committed ${tally.committedBeforeKill}, half-written ${tally.halfWritten}; retry: 201 ${tally.retry201First}, replay ${tally.retry201Replay}, still 409 after ${values['retry-seconds']} s ${tally.retryStuck}, other ${tally.retryOther} | n/a    | ${String(tally.duplicates).padEnd(10)} | ${tally.lostWrites}`,
  );
  console.log('not yet measured here: Postgres restarted under load; Temporal dev server SIGKILLed and restarted; a worker killed mid-solve on 20,000 pieces');
} finally {
  api.kill('SIGKILL');
  await sql.end();
  await infra.stop();
  await rm(dataDir, { recursive: true, force: true });
}
