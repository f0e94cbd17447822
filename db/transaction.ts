import type { Db } from './connect.ts';

/** A transaction on a connection, or a savepoint inside the request's own transaction. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if ('begin' in db) return db.begin((tx) => work(tx)) as Promise<T>;
  return db.savepoint((tx) => work(tx)) as Promise<T>;
}
