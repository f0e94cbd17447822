import postgres from 'postgres';

export type Sql = postgres.Sql;
/** A connection or a transaction: the db functions take either. */
export type Db = postgres.Sql | postgres.TransactionSql;

export interface ConnectOptions {
  max?: number;
  /** Called with each statement as it is sent (benches and tests count round trips with it). */
  onQuery?: (query: string) => void;
}

/**
 * libpq's `?host=/directory` (a Unix-domain socket, e.g. `postgres://user:pw@localhost:5432/db?host=/tmp`)
 * as the driver's socket path: a local Postgres without the TCP stack, whose loopback
 * writes cost the API process a fifth of its CPU per write request.
 */
export function socketOf(url: string): { url: string; path?: string } {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host');
  if (!host?.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  return { url: parsed.toString(), path: `${host.replace(/\/$/, '')}/.s.PGSQL.${parsed.port || 5432}` };
}

export function connect(databaseUrl: string, options: ConnectOptions = {}): Sql {
  const onQuery = options.onQuery;
  const { url, path } = socketOf(databaseUrl);
  return postgres(url, {
    ...(path ? { path } : {}),
    max: options.max ?? 10,
    ...(onQuery ? { debug: (_connection: number, query: string) => onQuery(query) } : {}),
    onnotice: () => {},
    // bigint columns (grams) come back as numbers: every weight fits well within 2^53
    types: { bigint: postgres.BigInt },
    transform: { undefined: null },
    connect_timeout: 10,
  });
}
