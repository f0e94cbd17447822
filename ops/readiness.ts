// Readiness checks: each is a named probe that throws when its dependency is not usable.
// Each gets a deadline, so a hung connection answers 503 instead of hanging the probe.
import type { Sql } from '../db/connect.ts';

export type ReadinessChecks = Record<string, () => Promise<void>>;

export interface ReadinessResult {
  ready: boolean;
  checks: Record<string, 'ok' | string>;
}

const CHECK_TIMEOUT_MS = 2000;

export async function runChecks(checks: ReadinessChecks): Promise<ReadinessResult> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => withDeadline(checks[name]()).then(() => 'ok', (err) => `failed: ${(err as Error).message}`)));
  const byName = Object.fromEntries(names.map((name, i) => [name, results[i]]));
  return { ready: results.every((r) => r === 'ok'), checks: byName };
}

function withDeadline(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Postgres answers a query on this pool. */
export function postgresCheck(sql: Sql): () => Promise<void> {
  return async () => {
    await sql`select 1`;
  };
}

/** Anything with a gRPC workflow service: the Temporal frontend answers. */
export interface TemporalServiceHolder {
  workflowService: { getSystemInfo(request: object): Promise<unknown> };
}

export function temporalCheck(connection: () => Promise<TemporalServiceHolder>): () => Promise<void> {
  return async () => {
    await (await connection()).workflowService.getSystemInfo({});
  };
}
