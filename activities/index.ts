// Every activity the worker runs, built over the worker's connections.
import type { Sql } from '../db/connect.ts';
import { calculateActivities } from './calculate/index.ts';
import { healthActivities } from './health.ts';
import { webhookActivities } from './webhooks.ts';

export interface ActivityDeps {
  sql: Sql;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...healthActivities(deps.sql),
    ...webhookActivities(deps.sql),
    ...calculateActivities(deps.sql),
  };
}

export type Activities = ReturnType<typeof createActivities>;
