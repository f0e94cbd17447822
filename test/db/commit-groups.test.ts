// Group commit of one-statement writes (db/commit-groups.ts): statements of a group that arrive
// while one of it runs are committed together, and each caller still gets what its own
// statement gives alone.
import test from 'ava';
import { connect, type Db } from '../../db/connect.ts';
import { CommitGroups } from '../../db/commit-groups.ts';
import { testDatabaseUrl } from '../support/env.ts';

const sql = connect(testDatabaseUrl(), { max: 10 });
// a unique key checked at the commit, as the Project cap is: a batch can fail at its COMMIT
const table = `commit_groups_${process.pid}`;
test.before(async () => {
  await sql.unsafe(`create table ${table} (k text unique deferrable initially deferred)`);
});
test.after.always(async () => {
  await sql.unsafe(`drop table if exists ${table}`);
  await sql.end();
});

const txid = (db: Db, sleep = 0) => db`select txid_current()::text as x, pg_sleep(${sleep}) as slept`.then(([r]) => r.x as string);
const insert = (k: string) => (db: Db) => db`insert into ${db(table)} (k) values (${k}) returning k`.then(([r]) => r.k as string);
const keys = async (prefix: string) =>
  (await sql`select k from ${sql(table)} where k like ${prefix + '%'} order by k`).map((r) => r.k as string);

/** The batch marker as the statement's transaction sees it ('' outside a batch). */
const marker = (db: Db) => db`select coalesce(current_setting('loadplan.commit_group', true), '') as m`.then(([r]) => r.m as string);

test('a lone statement runs at once in a transaction of its own, outside any batch', async (t) => {
  const groups = new CommitGroups(sql);
  const [a, b] = await Promise.all([groups.run('lone-a', (db) => txid(db)), groups.run('lone-b', (db) => txid(db))]);
  t.not(a, b);
  t.is(await groups.run('lone-c', marker), '');
});

test('a batch\'s transaction is marked, for checks at the commit that count one creation per transaction', async (t) => {
  const groups = new CommitGroups(sql);
  const first = groups.run('marked', (db) => txid(db, 0.2));
  const batch = [groups.run('marked', marker), groups.run('marked', marker)];
  await first;
  t.deepEqual(await Promise.all(batch), ['yes', 'yes']);
});

test('statements of a group arriving while one of it runs are committed together, in one transaction', async (t) => {
  const groups = new CommitGroups(sql);
  const first = groups.run('org', (db) => txid(db, 0.2));
  const later = [1, 2, 3].map(() => groups.run('org', (db) => txid(db)));
  const [x, ...rest] = await Promise.all([first, ...later]);
  t.deepEqual(rest, [rest[0], rest[0], rest[0]]);
  t.not(x, rest[0]);
});

test('another group does not wait for a group\'s running statement', async (t) => {
  const groups = new CommitGroups(sql);
  const order: string[] = [];
  const slow = groups.run('slow', (db) => txid(db, 0.3)).then(() => order.push('slow'));
  const quick = groups.run('quick', (db) => txid(db)).then(() => order.push('quick'));
  await Promise.all([slow, quick]);
  t.deepEqual(order, ['quick', 'slow']);
});

test('a statement that fails in a batch fails alone: the others of the batch are written once each', async (t) => {
  const groups = new CommitGroups(sql);
  const first = groups.run('fail', insert('f-0'));
  // f-1 twice: the batch's COMMIT fails on the deferred key and rolls back the whole batch
  const batch = ['f-1', 'f-1', 'f-2'].map((k) => groups.run('fail', insert(k)).then(() => 'written', (err) => err.code as string));
  await first;
  const answers = await Promise.all(batch);
  t.is(answers[2], 'written');
  t.deepEqual(answers.slice(0, 2).sort(), ['23505', 'written']);
  t.deepEqual(await keys('f-'), ['f-0', 'f-1', 'f-2']);
});

test('a batch\'s results are handed out only after its commit', async (t) => {
  const groups = new CommitGroups(sql);
  const first = groups.run('commit', (db) => txid(db, 0.2));
  // the second statement succeeds inside the batch, but the batch's COMMIT fails on c-1:
  // its caller gets the answer of its run alone, the transaction that wrote the row
  const second = groups.run('commit', (db) => db`insert into ${db(table)} (k) values ('c-2') returning txid_current()::text as x`.then(([r]) => r.x as string));
  const dup = [groups.run('commit', insert('c-1')), groups.run('commit', insert('c-1'))].map((p) => p.then(() => 'written', (err) => err.code as string));
  await first;
  const x = await second;
  const [row] = await sql`select xmin::text as x from ${sql(table)} where k = 'c-2'`;
  t.is(x, row.x);
  t.deepEqual((await Promise.all(dup)).sort(), ['23505', 'written']);
  t.deepEqual(await keys('c-'), ['c-1', 'c-2']);
});
