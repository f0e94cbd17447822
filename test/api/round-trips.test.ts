// What a call costs the database, statement by statement: the statements each API process
// sends, seen through the driver, for one call at a time on an API of its own.
import test from 'ava';
import { startTestApi, idem, type TestApi } from '../support/api-harness.ts';
import { createTestOrg } from '../support/fixtures.ts';
import { newId } from '../../db/ids.ts';
import net from 'node:net';
import { testDatabaseUrl } from '../support/env.ts';

let api: TestApi;
let sent: string[] = [];
test.before(async () => {
  api = await startTestApi({ onQuery: (query) => sent.push(query.replace(/\s+/g, ' ').trim()) });
  // the driver's first statements on new connections (type lookups) are not the calls' own
  const org = await createTestOrg(api.sql);
  await Promise.all([api.get(org.apiKey, '/libraries/equipment'), api.post(org.apiKey, '/projects', { name: 'warm-up' })]);
});
test.after.always(async () => {
  await api?.close();
});

/** The statements the API sent while answering `call` (the test's own statements excluded). */
async function statementsOf<T>(call: () => Promise<T>): Promise<{ reply: T; statements: string[] }> {
  sent = [];
  const reply = await call();
  return { reply, statements: sent };
}

const touches = (table: string) => (s: string) => s.includes(`insert into ${table} (`);

test.serial('an authenticated read is two statements: the admission (limits and key together) and the read', async (t) => {
  const org = await createTestOrg(api.sql);
  const { reply, statements } = await statementsOf(() => api.get(org.apiKey, '/libraries/equipment?mode=sea'));
  t.is((reply as any).status, 200);
  t.is(statements.length, 2);
  t.regex(statements[0], /rate_limit_windows/);
  t.regex(statements[1], /from equipment_types/);
});

test.serial('the same read again, the list unchanged, is one statement: the admission (the page comes from the cache)', async (t) => {
  const org = await createTestOrg(api.sql);
  const first = await statementsOf(() => api.get(org.apiKey, '/libraries/equipment?mode=sea'));
  const again = await statementsOf(() => api.get(org.apiKey, '/libraries/equipment?mode=sea'));
  t.is((again.reply as any).status, 200);
  t.is(again.statements.length, 1);
  t.regex(again.statements[0], /rate_limit_windows/);
  t.is((again.reply as any).text, (first.reply as any).text);
});

test.serial('a created Project, its stored response and its audit row are one statement, committed on its own', async (t) => {
  const org = await createTestOrg(api.sql);
  const { reply, statements } = await statementsOf(() => api.call('POST', '/api/v1/projects', { key: org.apiKey, body: { name: 'one statement' }, idempotencyKey: idem() }));
  t.is((reply as any).status, 201);
  // the admission, then the claim with the insert, the stored response and the audit row
  t.is(statements.length, 2);
  for (const table of ['projects', 'idempotency_records', 'audit_log']) t.true(touches(table)(statements[1]), `${table} written by the second statement`);
  t.false(statements.includes('begin') || statements.includes('commit'), 'no BEGIN or COMMIT: the statement is its own transaction');
  const [row] = await api.sql`select status, resource_id from audit_log where organization_id = ${org.organizationId}`;
  t.deepEqual({ ...row }, { status: 201, resource_id: (reply as any).body.id });
});

/** Socket writes to Postgres while `call` runs: each is one round trip's requests. */
async function postgresWritesOf<T>(call: () => Promise<T>): Promise<{ reply: T; writes: number }> {
  const port = Number(new URL(testDatabaseUrl()).port || 5432);
  let writes = 0;
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function (this: net.Socket, ...args: any[]) {
    if (this.remotePort === port) writes++;
    return (write as any).apply(this, args);
  } as any;
  try {
    return { reply: await call(), writes };
  } finally {
    net.Socket.prototype.write = write;
  }
}

test.serial('a created Project is two round trips: the admission, then the claim with the insert, the stored response and the audit row', async (t) => {
  const org = await createTestOrg(api.sql);
  // the pool's connections take turns, and a connection's first use of a statement prepares
  // it (one more round trip): the steady state is the fewest writes over enough creations
  // for every connection in use to have prepared them
  let fewest = Infinity;
  for (let i = 0; i < 30; i++) {
    const { reply, writes } = await postgresWritesOf(() => api.call('POST', '/api/v1/projects', { key: org.apiKey, body: { name: `two trips ${i}` }, idempotencyKey: idem() }));
    t.is((reply as any).status, 201);
    fewest = Math.min(fewest, writes);
  }
  t.is(fewest, 2);
});

test.serial('a write that fails is audited after its rollback, with the failure\'s status', async (t) => {
  const org = await createTestOrg(api.sql);
  const { reply, statements } = await statementsOf(() =>
    api.call('POST', `/api/v1/projects/${newId('prj')}/load-plans`, { key: org.apiKey, body: { name: 'x' }, idempotencyKey: idem() }));
  t.is((reply as any).status, 404);
  const rollback = statements.indexOf('rollback');
  const audit = statements.findIndex(touches('audit_log'));
  t.true(rollback >= 0 && audit > rollback);
  const rows = await api.sql`select status from audit_log where organization_id = ${org.organizationId}`;
  t.deepEqual(rows.map((r) => r.status), [404]);
});
