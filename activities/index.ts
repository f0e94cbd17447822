// Every activity the worker runs, built over the worker's connections.
import type { Sql } from '../db/connect.ts';
import { healthActivities } from './health.ts';

export interface ActivityDeps {
  sql: Sql;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...healthActivities(deps.sql),
  };
}

export type Activities = ReturnType<typeof createActivities>;
