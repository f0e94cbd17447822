// The OpenAPI-driven fuzzer at scale: starts Postgres, a Temporal dev server and the API
// (this checkout's, or another checkout's with --app), sends seeded mutated requests over
// every route, prints what came back, then checks rows and reads against the 2xx answers.
//   npm run fuzz [-- --count 20000 --seed 14 --concurrency 4 --app ../other-checkout]
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seedBuiltIns } from '../db/seed.ts';
import { createApiKey } from '../db/api-keys.ts';
import { addMember, createOrganization } from '../db/organizations.ts';
import { startInfrastructure } from '../bin/local/infrastructure.ts';
import { countWrites, ledgerDisagreements, runFuzz, type Finding } from '../test/support/fuzz/run.ts';
import { fuzzTarget } from '../test/support/fuzz/target.ts';
import { scriptArgs } from './bench/script-args.ts';

const { values } = scriptArgs(import.meta.url, {
  options: {
    count: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '14' },
    concurrency: { type: 'string', default: '4' },
    app: { type: 'string', default: '.' },
    show: { type: 'string', default: '10' },
  },
});
const appDir = resolve(values.app!);
const dataDir = resolve('.test-data', `fuzz-${process.pid}`);
await mkdir(dataDir, { recursive: true });
const infra = await startInfrastructure({ dataDir, persistent: false, ui: false, databaseUrl: process.env.DATABASE_URL, log: () => {} });
const sql = connect(infra.databaseUrl);
// the checkout under test brings its own API code (and migrations, for its tables)
const { readEnv } = await import(`${appDir}/config/env.ts`);
const { createServices } = await import(`${appDir}/api/services.ts`);
const { startApiServer } = await import(`${appDir}/api/server.ts`);
await (appDir === resolve('.') ? migrate(sql) : (await import(`${appDir}/db/migrate.ts`)).migrate(sql));
await seedBuiltIns(sql);
const org = await createOrganization(sql, { name: 'Fuzz', plan: 'enterprise', apiAccess: true });
const owner = await addMember(sql, { organizationId: org.id, email: 'fuzz@example.com', role: 'owner' });
const key = await createApiKey(sql, { organizationId: org.id, createdByMemberId: owner.id });
// limits off: this measures answers, not the limiter's refusals
const env = readEnv({ ...process.env, RATE_LIMIT_PER_IP: '100000000', RATE_LIMIT_PER_KEY: '100000000', CALCULATE_ENQUEUES_PER_KEY: '100000000', TEMPORAL_TASK_QUEUE: `fuzz-${process.pid}` });
const services = createServices(env, infra.databaseUrl, infra.temporalAddress);
const api = await startApiServer(services, '127.0.0.1', 0);

/** Findings by mutation and route, most frequent first. */
const classes = (findings: Finding[]) => {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(`${f.case.mutation} ${f.case.operationId} ${f.status}`, (counts.get(`${f.case.mutation} ${f.case.operationId} ${f.status}`) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}: ${n}`).join(', ');
};
const line = (f: Finding) => `  ${f.status} ${f.case.mutation} ${f.case.method} ${f.case.path.slice(0, 120)} ${JSON.stringify(f.case.body?.slice(0, 120) ?? '')} -> ${f.text.slice(0, 160)}`;
try {
  const target = await fuzzTarget(`${api.url}/api/v1`, key.secret);
  const before = await countWrites(sql, target, org.id);
  const started = Date.now();
  const report = await runFuzz(target, {
    count: Number(values.count),
    seed: Number(values.seed),
    concurrency: Number(values.concurrency),
    onProgress: (n) => process.stderr.write(`\r${n} sent`),
  });
  process.stderr.write('\n');
  const disagreements = ledgerDisagreements(before, await countWrites(sql, target, org.id), report.ledger);
  const show = Number(values.show);
  console.log(`app: ${appDir}, seed ${values.seed}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`requests sent: ${report.sent}`);
  console.log(`statuses: ${Object.entries(report.byStatus).map(([s, n]) => `${s}: ${n}`).join(', ')}`);
  console.log(`5xx seen: ${report.serverErrors.length}${report.serverErrors.length ? ` (${classes(report.serverErrors)})` : ''}`);
  report.serverErrors.slice(0, show).forEach((f) => console.log(line(f)));
  console.log(`answers not in the one error body: ${report.nonStandardBodies.length}`);
  report.nonStandardBodies.slice(0, show).forEach((f) => console.log(line(f)));
  console.log(`statuses the spec does not list for the route: ${report.outsideSpec.length}${report.outsideSpec.length ? ` (${classes(report.outsideSpec)})` : ''}`);
  report.outsideSpec.slice(0, show).forEach((f) => console.log(line(f)));
  console.log(`writes acknowledged: ${report.ledger.projectsCreated} projects, ${report.ledger.loadPlansCreated} load plans, ${report.ledger.cargoLinesAdded} cargo lines; writes the client gave up on (then retried with the same Idempotency-Key): ${report.ledger.unanswered} (committed all the same: ${report.ledger.writtenUnseen}), never answered: ${report.ledger.neverAnswered}`);
  console.log(`rows and reads vs 2xx answers: ${disagreements.length ? disagreements.join('; ') : 'agree'}`);
  process.exitCode = report.serverErrors.length || report.nonStandardBodies.length || report.outsideSpec.length || disagreements.length ? 1 : 0;
} finally {
  await api.close();
  await services.close();
  await sql.end();
  await infra.stop();
  await rm(dataDir, { recursive: true, force: true });
}
