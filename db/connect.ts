import postgres from 'postgres';

export type Sql = postgres.Sql;
/** A connection or a transaction: the db functions take either. */
export type Db = postgres.Sql | postgres.TransactionSql;

export function connect(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // bigint columns (grams) come back as numbers: every weight fits well within 2^53
    types: { bigint: postgres.BigInt },
    transform: { undefined: null },
    connect_timeout: 10,
  });
}
