import postgres from 'postgres';

export type Sql = postgres.Sql;
/** A connection or a transaction: the db functions take either. */
export type Db = postgres.Sql | postgres.TransactionSql;

export interface ConnectOptions {
  max?: number;
  /** Called with each statement as it is sent (benches and tests count round trips with it). */
  onQuery?: (query: string) => void;
}

export function connect(url: string, options: ConnectOptions = {}): Sql {
  const onQuery = options.onQuery;
  return postgres(url, {
    max: options.max ?? 10,
    ...(onQuery ? { debug: (_connection: number, query: string) => onQuery(query) } : {}),
    onnotice: () => {},
    // bigint columns (grams) come back as numbers: every weight fits well within 2^53
    types: { bigint: postgres.BigInt },
    transform: { undefined: null },
    connect_timeout: 10,
  });
}
