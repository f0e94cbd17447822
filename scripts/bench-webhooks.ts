// Webhook benchmark: events per second delivered, signed, to a local HTTPS receiver through the
// whole path (event row -> dispatch -> one delivery workflow each -> attempt activity -> POST).
// Starts embedded Postgres and a Temporal dev server (or uses DATABASE_URL / TEMPORAL_ADDRESS),
// a worker in this process, and a receiver on 127.0.0.1 with a CA made for the run.
//   npm run bench:webhooks [-- --events 500 --endpoints 1 --activities 32]
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { newId } from '../db/ids.ts';
import { addMember, createOrganization } from '../db/organizations.ts';
import { registerEndpoint } from '../services/webhooks/endpoints.ts';
import { dispatchEvent } from '../services/webhooks/dispatch.ts';
import { verify } from '../services/webhooks/signature.ts';
import { startInfrastructure } from '../bin/local/infrastructure.ts';
import { createWorker } from '../bin/start-worker.ts';
import { createTestPki } from '../test/support/tls/test-ca.ts';
import { startReceiver } from '../test/services/webhooks/https-receiver.ts';
import { scriptArgs } from './bench/script-args.ts';

const { values } = scriptArgs(import.meta.url, {
  options: { events: { type: 'string', default: '500' }, endpoints: { type: 'string', default: '1' }, activities: { type: 'string', default: '32' } },
});
const eventCount = Number(values.events);
const endpointCount = Number(values.endpoints);
const dataDir = resolve('.test-data', `bench-webhooks-${process.pid}`);
await mkdir(dataDir, { recursive: true });

const pki = await createTestPki(['localhost']);
const caFile = join(dataDir, 'ca.pem');
await writeFile(caFile, pki.caCert);
process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
process.env.WEBHOOK_EXTRA_CA_FILE = caFile;

const infra = await startInfrastructure({ dataDir, persistent: false, ui: false, databaseUrl: process.env.DATABASE_URL, temporalAddress: process.env.TEMPORAL_ADDRESS, log: () => {} });
const sql = connect(infra.databaseUrl, { max: 20 });
const receiver = await startReceiver({ cert: pki.serverCert, key: pki.serverKey });
const taskQueue = `bench-webhooks-${process.pid}`;
const { worker, connection } = await createWorker({
  address: infra.temporalAddress,
  namespace: 'default',
  taskQueue,
  deps: { sql },
  maxConcurrentActivityTaskExecutions: Number(values.activities),
});
const running = worker.run();
const clientConnection = await Connection.connect({ address: infra.temporalAddress });
const client = new Client({ connection: clientConnection });

try {
  await migrate(sql);
  const org = await createOrganization(sql, { name: 'Bench', plan: 'enterprise', apiAccess: true });
  const owner = await addMember(sql, { organizationId: org.id, email: 'bench@example.com', role: 'owner' });
  const secrets: string[] = [];
  for (let i = 0; i < endpointCount; i++) {
    receiver.on(`/hook${i}`, (_req, res) => res.writeHead(204).end());
    const { secret } = await registerEndpoint(sql, { memberId: owner.id, url: `https://localhost:${receiver.port}/hook${i}`, eventTypes: ['calculate.completed'] });
    secrets.push(secret);
  }
  const eventIds: string[] = [];
  for (let i = 0; i < eventCount; i++) {
    const id = newId('evt');
    const payload = { id, type: 'calculate.completed', createdAt: new Date().toISOString(), data: { calculateId: `calc_${i}`, loadPlanId: 'lp_b', projectId: 'prj_b', revision: 1, source: 'api', failureCode: null } };
    await sql`insert into webhook_events (id, organization_id, type, payload) values (${id}, ${org.id}, 'calculate.completed', ${sql.json(payload)})`;
    eventIds.push(id);
  }
  const expected = eventCount * endpointCount;
  const received = () => Array.from({ length: endpointCount }, (_, i) => receiver.received(`/hook${i}`).length).reduce((a, b) => a + b, 0);

  const started = performance.now();
  const starter = { client, taskQueue, retryScale: 1 };
  // Dispatch as several Calculate workflows finishing at once would: 16 in flight.
  let next = 0;
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next < eventIds.length) await dispatchEvent(sql, starter, eventIds[next++]);
  }));
  const dispatchedMs = performance.now() - started;
  while (received() < expected) {
    if (performance.now() - started > 300_000) throw new Error(`only ${received()} of ${expected} deliveries arrived in 5 minutes`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const bad = receiver.received('/hook0').filter((r) => !verify(secrets[0], r.headers as any, r.body).ok).length;
  console.log(`${expected} deliveries (${eventCount} events x ${endpointCount} endpoints), ${values.activities} concurrent activities, one worker on 2 shared cores`);
  console.log(`dispatch of all events: ${(dispatchedMs / 1000).toFixed(2)} s`);
  console.log(`delivered and verified: ${(expected / seconds).toFixed(1)} deliveries/s, ${(eventCount / seconds).toFixed(1)} events/s (${seconds.toFixed(2)} s total, ${bad} bad signatures)`);
} finally {
  worker.shutdown();
  await running;
  await connection.close();
  await clientConnection.close();
  await receiver.close();
  await sql.end();
  await infra.stop();
  await rm(dataDir, { recursive: true, force: true });
}
