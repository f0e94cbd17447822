// The ops server as each process runs it: which checks make the API or the worker ready.
import type { Worker } from '@temporalio/worker';
import type { Client } from '@temporalio/client';
import type { Sql } from '../db/connect.ts';
import { postgresCheck, temporalCheck, type TemporalServiceHolder } from './readiness.ts';
import { startOpsServer, type RunningOpsServer } from './server.ts';

export const DEFAULT_OPS_PORTS = { api: 9464, worker: 9465 } as const;

export interface OpsAddress {
  host: string;
  port: number;
}

/** API: its Postgres pool answers and the Temporal frontend answers. */
export function startApiOps(address: OpsAddress, api: { sql: Sql; temporal: () => Promise<Client> }): Promise<RunningOpsServer> {
  return startOpsServer({
    ...address,
    checks: {
      postgres: postgresCheck(api.sql),
      temporal: temporalCheck(async () => (await api.temporal()).connection),
    },
  });
}

/** Worker: its Postgres pool answers, the Temporal frontend answers, and it polls its task queue. */
export function startWorkerOps(
  address: OpsAddress,
  worker: { sql: Sql; connection: TemporalServiceHolder; worker: Pick<Worker, 'getState'>; temporalMetricsUrl?: string },
): Promise<RunningOpsServer> {
  return startOpsServer({
    ...address,
    checks: {
      postgres: postgresCheck(worker.sql),
      temporal: temporalCheck(async () => worker.connection),
      polling: async () => {
        const state = worker.worker.getState();
        if (state !== 'RUNNING') throw new Error(`the worker is ${state.toLowerCase()}, not polling`);
      },
    },
    ...(worker.temporalMetricsUrl ? { extraMetrics: () => fetchText(worker.temporalMetricsUrl!) } : {}),
  });
}

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.text();
}
