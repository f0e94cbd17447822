// The plan caps (Projects, Calculates a month, live Share Links): one check, under one lock.
import type { PlanCapResource, PlanLimits } from '../config/env.ts';
import type { Db } from '../db/connect.ts';
import { lockPlanCap, planCap } from '../db/plan-caps.ts';
import { Refusal } from './refusal.ts';

export interface Organization {
  organizationId: string;
  organizationPlan: string;
}

const WHAT: Record<PlanCapResource, (limit: number) => string> = {
  projects: (limit) => `at most ${limit} Projects`,
  'share-links': (limit) => `at most ${limit} Share Links`,
  solves: (limit) => `${limit} calculates a month`,
};

/**
 * 409 PLAN_LIMIT once the organization has used what its plan allows. The lock serializes the
 * check per organization and resource until the transaction ends, so two concurrent requests
 * cannot both take the last place; call it inside the transaction that writes.
 */
export async function enforcePlanCap(
  db: Db,
  org: Organization,
  limits: PlanLimits,
  resource: PlanCapResource,
  used: (db: Db, organizationId: string) => Promise<number>,
): Promise<void> {
  await checkCap(db, org, limits, resource, used, 0);
}

async function checkCap(
  db: Db,
  org: Organization,
  limits: PlanLimits,
  resource: PlanCapResource,
  used: (db: Db, organizationId: string) => Promise<number>,
  written: 0 | 1,
): Promise<void> {
  const limit = planCap(limits, org.organizationPlan, resource);
  if (limit === null) return;
  // one round trip: the count is sent behind the lock on the transaction's connection
  // (pipelined), and Postgres runs it only once the lock is held
  const [, count] = await Promise.all([lockPlanCap(db, org.organizationId, resource), used(db, org.organizationId)]);
  if (count - written >= limit) throw planLimitRefusal(org, resource, limit);
}

/** 409 PLAN_LIMIT: the organization has used what its plan allows of `resource`. */
export function planLimitRefusal(org: Organization, resource: PlanCapResource, limit: number): Refusal {
  return new Refusal('PLAN_LIMIT', `the ${org.organizationPlan} plan allows ${WHAT[resource](limit)}`, {
    reason: 'plan-limit', resource, limit, planName: org.organizationPlan,
  });
}
