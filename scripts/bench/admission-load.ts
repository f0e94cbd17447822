// The admission statement alone under concurrency: n connections call admit() for one key
// from one address as fast as they can, this checkout's statement and (with --base) the old
// one's on a database of its own, interleaved over rounds. Prints calls per second and
// Postgres CPU per call: the counters' cost without HTTP around it.
//   npx tsx scripts/bench/admission-load.ts --base /path/to/old/checkout [--seconds 4 --connections 20 --rounds 3]
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startInfrastructure } from '../../bin/local/infrastructure.ts';
import { treeCpuMs } from './process-cpu.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '4' }, connections: { type: 'string', default: '20' }, rounds: { type: 'string', default: '3' }, base: { type: 'string' } },
});
const dataDir = resolve('.test-data', `bench-admission-${process.pid}`);
await mkdir(dataDir, { recursive: true });
const infra = await startInfrastructure({ dataDir, persistent: false, ui: false, databaseUrl: process.env.DATABASE_URL, temporalAddress: 'unused:0', log: () => {} });

interface Setup { label: string; sql: any; admit: any; hash: Buffer; end(): Promise<void> }

/** A database with `checkout`'s schema, one enterprise key, and that checkout's admit(). */
async function setUp(label: string, checkout: string, database: string): Promise<Setup> {
  const from = (file: string) => import(resolve(checkout, file));
  const [{ connect }, { migrate }, { createApiKey, hashSecret }, orgs, { admit }] = await Promise.all(
    ['db/connect.ts', 'db/migrate.ts', 'db/api-keys.ts', 'db/organizations.ts', 'db/admission.ts'].map(from),
  );
  const admin = connect(infra.databaseUrl, { max: 1 });
  await admin.unsafe(`create database ${database}`);
  await admin.end();
  const url = new URL(infra.databaseUrl);
  url.pathname = `/${database}`;
  const sql = connect(url.toString(), { max: Number(values.connections) });
  await migrate(sql);
  const org = await orgs.createOrganization(sql, { name: 'Bench', plan: 'enterprise', apiAccess: true });
  const owner = await orgs.addMember(sql, { organizationId: org.id, email: 'bench@example.com', role: 'owner' });
  const key = await createApiKey(sql, { organizationId: org.id, createdByMemberId: owner.id });
  return { label, sql, admit, hash: hashSecret(key.secret), end: () => sql.end() };
}

async function run(setup: Setup): Promise<{ perSecond: number; pgUs: number | null }> {
  const until = Date.now() + Number(values.seconds) * 1000;
  let calls = 0;
  const pg = treeCpuMs(dataDir);
  const request = { ipBucket: 'ip:127.0.0.1', secretHash: setup.hash, countKey: true, isWrite: false, ipLimit: 1e9 };
  await Promise.all(Array.from({ length: Number(values.connections) }, async () => {
    while (Date.now() < until) {
      await setup.admit(setup.sql, request, 60_000);
      calls++;
    }
  }));
  const pgAfter = treeCpuMs(dataDir);
  return { perSecond: calls / Number(values.seconds), pgUs: pg === null || pgAfter === null ? null : ((pgAfter - pg) * 1000) / calls };
}

const setups = [await setUp('after ', process.cwd(), 'admission_after')];
if (values.base) setups.unshift(await setUp('before', values.base, 'admission_before'));
try {
  for (const setup of setups) await run(setup); // warm-up
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const setup of setups) {
      const r = await run(setup);
      console.log(`round ${round}: ${setup.label}: ${r.perSecond.toFixed(0)} admissions/s, Postgres CPU ${r.pgUs?.toFixed(0) ?? 'n/a'} µs per admission`);
    }
  }
} finally {
  for (const setup of setups) await setup.end();
  await infra.stop();
  await rm(dataDir, { recursive: true, force: true });
}
