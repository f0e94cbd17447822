import type { PlanCapResource, PlanLimits } from '../config/env.ts';
import type { Db } from './connect.ts';

/** The cap of a plan on a resource, or null when the plan has none. */
export function planCap(limits: PlanLimits, plan: string, resource: PlanCapResource): number | null {
  return limits[plan]?.[resource] ?? null;
}

/**
 * Serializes the cap check of one organization and resource until the transaction ends,
 * so two concurrent creations cannot both take the last place under the cap.
 */
export async function lockPlanCap(db: Db, organizationId: string, resource: PlanCapResource): Promise<void> {
  await db`select pg_advisory_xact_lock(hashtext(${`plan-cap:${resource}:${organizationId}`}))`;
}
