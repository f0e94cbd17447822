// A transaction's first statement goes out with its BEGIN, in one write on one connection
// (the postgres.js patch in scripts/patch-dependencies.mjs): a transaction costs one round
// trip fewer, and still runs every statement inside the transaction.
import test from 'ava';
import net from 'node:net';
import { connect } from '../../db/connect.ts';
import { testDatabaseUrl } from '../support/env.ts';

/** Socket writes while `work` runs (this file's tests run one at a time, on one connection). */
async function writesDuring(work: () => Promise<unknown>): Promise<number> {
  let writes = 0;
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function (this: net.Socket, ...args: any[]) {
    writes++;
    return (write as any).apply(this, args);
  } as any;
  try {
    await work();
  } finally {
    net.Socket.prototype.write = write;
  }
  return writes;
}

test.serial('BEGIN and the transaction\'s first statement go out in one write; COMMIT in the next', async (t) => {
  const sql = connect(testDatabaseUrl(), { max: 1 });
  t.teardown(() => sql.end());
  // prepared once, as on a warm connection
  await sql.begin((tx) => tx`select ${1}::int as n`);
  const writes = await writesDuring(() => sql.begin((tx) => tx`select ${2}::int as n`));
  t.is(writes, 2);
});

test.serial('the statements behind a pipelined BEGIN run inside the transaction', async (t) => {
  const sql = connect(testDatabaseUrl(), { max: 1 });
  t.teardown(() => sql.end());
  const [first, second] = await sql.begin(async (tx) => [
    (await tx`select txid_current() as x, now() as at`)[0],
    (await tx`select txid_current() as x, now() as at`)[0],
  ]);
  t.is(first.x, second.x);
  t.deepEqual(first.at, second.at);
});

test.serial('a failing first statement rolls the transaction back, and the connection serves the next', async (t) => {
  const sql = connect(testDatabaseUrl(), { max: 1 });
  t.teardown(() => sql.end());
  await t.throwsAsync(sql.begin((tx) => tx`select 1 / 0`), { message: /division by zero/ });
  // an aborted transaction left open would refuse this (25P02)
  const [{ n }] = await sql`select 1 as n`;
  t.is(n, 1);
});
