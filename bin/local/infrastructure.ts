// Postgres and Temporal for one process tree: the configured servers when DATABASE_URL /
// TEMPORAL_ADDRESS are set, otherwise an embedded Postgres and a local dev server.
import { join } from 'node:path';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { startTemporalDevServer } from './temporal-dev-server.ts';

export interface Infrastructure {
  databaseUrl: string;
  temporalAddress: string;
  temporalUiUrl: string | null;
  stop(): Promise<void>;
}

export async function startInfrastructure(options: {
  dataDir: string;
  persistent: boolean;
  ui: boolean;
  databaseUrl?: string;
  temporalAddress?: string;
  /** Fixed ports for the long-running dev service, so the CLI finds it; tests take free ones. */
  ports?: { postgres: number; temporal: number; temporalUi: number };
  log: (line: string) => void;
}): Promise<Infrastructure> {
  const stops: (() => Promise<void>)[] = [];
  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      options.log('starting embedded Postgres…');
      const pg = await startEmbeddedPostgres({
        dataDir: join(options.dataDir, 'postgres'),
        persistent: options.persistent,
        port: options.ports?.postgres,
      });
      stops.push(pg.stop);
      databaseUrl = pg.url;
    }
    let temporalAddress = options.temporalAddress;
    let temporalUiUrl: string | null = null;
    if (!temporalAddress) {
      options.log('starting the Temporal dev server…');
      const temporal = await startTemporalDevServer({
        dbFile: options.persistent ? join(options.dataDir, 'temporal.sqlite') : null,
        ui: options.ui,
        port: options.ports?.temporal,
        uiPort: options.ports?.temporalUi,
        log: options.log,
      });
      stops.push(temporal.stop);
      temporalAddress = temporal.address;
      temporalUiUrl = temporal.uiUrl;
    }
    return {
      databaseUrl,
      temporalAddress,
      temporalUiUrl,
      stop: async () => {
        for (const stop of stops.reverse()) await stop().catch((err) => console.error(err));
      },
    };
  } catch (err) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    throw err;
  }
}
