// The Project cap checked at commit (migration 006): exact at the cap, and creations far
// from it do not queue behind each other.
import test from 'ava';
import { createProject, projectsCapAtCommit } from '../../db/projects.ts';
import { CommitGroups } from '../../db/commit-groups.ts';
import { startTestApi, type TestApi } from '../support/api-harness.ts';
import { createTestOrg } from '../support/fixtures.ts';
import type { Db } from '../../db/connect.ts';

let api: TestApi;
let maxConnections: number;
test.before(async () => {
  api = await startTestApi();
  const [row] = await api.sql`select current_setting('max_connections')::int as n`;
  maxConnections = row.n;
});
test.after.always(async () => {
  await api?.close();
});

const lockKeyOf = async (organizationId: string) =>
  (await api.sql`select hashtext(${`plan-cap:projects:${organizationId}`}) as k`)[0].k as number;

/** Runs a creation's statement; by default in a transaction of its own. */
type Runner = (work: (db: Db) => Promise<unknown>) => Promise<unknown>;
const ownTransaction: Runner = (work) => api.sql.begin((tx) => work(tx as Db));

/** Creates a Project: 'created', or 'refused' by the cap at commit. */
async function create(organizationId: string, cap: number | null, run: Runner = ownTransaction): Promise<'created' | 'refused'> {
  try {
    await run((db) => createProject(db, { organizationId, name: 'p', transportMode: 'sea', stops: [], cap }));
    return 'created';
  } catch (err) {
    if (projectsCapAtCommit(err) === cap) return 'refused';
    throw err;
  }
}

/** Creates a Project through a commit group (batched with the group's others). */
const createGrouped = (groups: CommitGroups, organizationId: string, cap: number | null) =>
  create(organizationId, cap, (work) => groups.run(organizationId, work));

/** Resolves once some transaction waits for the advisory lock `key` in `mode`. */
async function someoneWaitsFor(key: number, mode: 'ShareLock' | 'ExclusiveLock'): Promise<void> {
  for (;;) {
    const rows = await api.sql`
      select 1 from pg_locks where locktype = 'advisory' and not granted and mode = ${mode}
        and objid = (${key}::bigint & 4294967295)::oid`;
    if (rows.length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('concurrent creations across the whole range end exactly at the cap', async (t) => {
  const org = await createTestOrg(api.sql);
  // more creations than max_connections: the first ones are far from the cap, the last near it
  const cap = maxConnections + 5;
  const outcomes: string[] = [];
  const queue = Array.from({ length: cap + 15 }, (_, i) => i);
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (queue.shift() !== undefined) outcomes.push(await create(org.organizationId, cap));
  }));
  const [{ n }] = await api.sql`select count(*)::int as n from projects where organization_id = ${org.organizationId}`;
  t.is(n, cap);
  t.is(outcomes.filter((o) => o === 'created').length, cap);
  t.is(outcomes.filter((o) => o === 'refused').length, 15);
});

test('far from the cap a creation takes the cap lock shared: it does not wait for another shared holder', async (t) => {
  const org = await createTestOrg(api.sql);
  const key = await lockKeyOf(org.organizationId);
  const outcome = await api.sql.begin(async (holder) => {
    await holder`select pg_advisory_xact_lock_shared(${key}::bigint)`;
    return create(org.organizationId, maxConnections + 10);
  });
  t.is(outcome, 'created');
});

test('far from the cap a creation waits for an exclusive holder (a creation near the cap)', async (t) => {
  const org = await createTestOrg(api.sql);
  const key = await lockKeyOf(org.organizationId);
  let creation: Promise<string> | undefined;
  await api.sql.begin(async (holder) => {
    await holder`select pg_advisory_xact_lock(${key}::bigint)`;
    creation = create(org.organizationId, maxConnections + 10);
    await someoneWaitsFor(key, 'ShareLock');
  });
  t.is(await creation, 'created');
});

test('near the cap a creation takes the lock exclusively: it waits for the shared holders\' commits', async (t) => {
  const org = await createTestOrg(api.sql);
  const key = await lockKeyOf(org.organizationId);
  let creation: Promise<string> | undefined;
  await api.sql.begin(async (holder) => {
    await holder`select pg_advisory_xact_lock_shared(${key}::bigint)`;
    creation = create(org.organizationId, 3);
    await someoneWaitsFor(key, 'ExclusiveLock');
  });
  t.is(await creation, 'created');
});

test('the shared holders of an advisory lock are counted, for negative keys too', async (t) => {
  for (const key of [123_456_789, -123_456_789]) {
    const holders = await api.sql.begin(async (a) => {
      await a`select pg_advisory_xact_lock_shared(${key}::bigint)`;
      return api.sql.begin(async (b) => {
        await b`select pg_advisory_xact_lock_shared(${key}::bigint)`;
        return (await b`select advisory_share_holders(${key}::bigint) as n`)[0].n as number;
      });
    });
    t.is(holders, 2, `key ${key}`);
  }
});

test('a Project created without a cap is not checked', async (t) => {
  const org = await createTestOrg(api.sql);
  t.deepEqual([await create(org.organizationId, null), await create(org.organizationId, null)], ['created', 'created']);
});

test('creations committed in groups, from several API processes at once, end exactly at the cap', async (t) => {
  const org = await createTestOrg(api.sql);
  const cap = 40;
  // one commit group per process: each batches the creations that arrive while one commits
  const processes = Array.from({ length: 4 }, () => new CommitGroups(api.sql));
  const outcomes = await Promise.all(Array.from({ length: cap + 12 }, (_, i) => createGrouped(processes[i % 4], org.organizationId, cap)));
  const [{ n }] = await api.sql`select count(*)::int as n from projects where organization_id = ${org.organizationId}`;
  t.is(n, cap);
  t.is(outcomes.filter((o) => o === 'created').length, cap);
  t.is(outcomes.filter((o) => o === 'refused').length, 12);
});

test('far from the cap a batch of creations takes the cap lock exclusively: each other transaction counts as one creation on the shared path', async (t) => {
  const org = await createTestOrg(api.sql);
  const key = await lockKeyOf(org.organizationId);
  const groups = new CommitGroups(api.sql);
  const far = maxConnections * 100;
  let batch: Promise<string[]> | undefined;
  await api.sql.begin(async (holder) => {
    await holder`select pg_advisory_xact_lock_shared(${key}::bigint)`;
    // the first creation runs alone (shared, as always); the two behind it form a batch
    const first = createGrouped(groups, org.organizationId, far);
    batch = Promise.all([first, createGrouped(groups, org.organizationId, far), createGrouped(groups, org.organizationId, far)]);
    await someoneWaitsFor(key, 'ExclusiveLock');
  });
  t.deepEqual(await batch, ['created', 'created', 'created']);
});
