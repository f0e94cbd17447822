// Queuing a Calculate, for the API (source `api`) and the app's CLI (source `app`) alike:
// the plan must be solvable, unlocked manual placements need consent, then the budgets
// (plan cap, one run per plan, in-flight per organization, enqueues per key), then the run row.
import type { Env, PlanLimits } from '../../config/env.ts';
import { activeRunOnPlan, activeRunsInOrganization, insertRun, runsThisMonth, type CalculateRun } from '../../db/calculates.ts';
import type { Db } from '../../db/connect.ts';
import { countHit } from '../../db/rate-limits.ts';
import { readSolveInput } from '../../db/solver-input.ts';
import { inTransaction } from '../../db/transaction.ts';
import { limitViolation } from '../../solver/preflight/limits.ts';
import { lockViolation } from '../../solver/preflight/lock-rules.ts';
import type { SolveInput } from '../../solver/types.ts';
import { enforcePlanCap, type Organization } from '../plan-caps.ts';
import { Refusal } from '../refusal.ts';

export const ENQUEUE_WINDOW_MS = 10 * 60_000;
/** Retry-After for the per-organization in-flight limit: runs usually end within this. */
const IN_FLIGHT_RETRY_MS = 30_000;

export interface EnqueueRequest extends Organization {
  loadPlanId: string;
  source: 'api' | 'app';
  /** The API key that asks (its enqueues are counted); null for the app. */
  apiKeyId: string | null;
  expectedRevision: number;
  replaceUnlockedManual: boolean;
}

export interface EnqueueRules {
  planLimits: PlanLimits;
  env: Pick<Env, 'CALCULATES_IN_FLIGHT_PER_ORG' | 'CALCULATE_ENQUEUES_PER_KEY'>;
}

/** Queues a run (status `queued`) or refuses; start its workflow after the transaction commits. */
export function enqueueCalculate(db: Db, rules: EnqueueRules, request: EnqueueRequest): Promise<CalculateRun> {
  return inTransaction(db, async (tx) => {
    const read = await readSolveInput(tx, request.loadPlanId, { seed: 0, timeBudgetMs: 0 }, request.replaceUnlockedManual);
    if (!read || read.plan.organizationId !== request.organizationId) throw new Refusal('NOT_FOUND', 'load plan not found');
    checkCargo(read.input);
    if (read.unlockedManualCount > 0 && !request.replaceUnlockedManual) {
      throw new Refusal('CONFLICT', `the Load Plan has ${read.unlockedManualCount} unlocked manual placement(s); send replaceUnlockedManual: true to let the run replace them`, { reason: 'unlocked_manual_placements' });
    }
    await checkBudgets(tx, rules, request);
    const run = await insertRun(tx, {
      organizationId: request.organizationId,
      loadPlanId: request.loadPlanId,
      source: request.source,
      apiKeyId: request.apiKeyId,
      expectedRevision: request.expectedRevision,
      replaceUnlockedManual: request.replaceUnlockedManual,
    });
    if (!run) throw alreadyRunning();
    return run;
  });
}

/** What the solver cannot take is refused (400) before anything is queued. */
export function checkCargo(input: SolveInput): void {
  if (input.equipment.length === 0) {
    throw new Refusal('BAD_REQUEST', 'the Load Plan has no equipment; choose equipment before a Calculate', { reason: 'no_equipment' });
  }
  const limit = limitViolation(input);
  if (limit) throw new Refusal('BAD_REQUEST', limit, { reason: 'calculate_limit' });
  const lock = lockViolation(input);
  if (lock) throw new Refusal('BAD_REQUEST', lock, { reason: 'lock_violation' });
}

/**
 * The plan cap's lock (per organization, until the transaction ends) also serializes the
 * in-flight count, so concurrent enqueues cannot pass either limit together. Enqueues per
 * key are counted last, only when everything else let the run through.
 */
async function checkBudgets(tx: Db, rules: EnqueueRules, request: EnqueueRequest): Promise<void> {
  await enforcePlanCap(tx, request, rules.planLimits, 'solves', (db, organizationId) => runsThisMonth(db, organizationId));
  if (await activeRunOnPlan(tx, request.loadPlanId)) throw alreadyRunning();
  const inFlight = rules.env.CALCULATES_IN_FLIGHT_PER_ORG;
  if ((await activeRunsInOrganization(tx, request.organizationId)) >= inFlight) {
    throw new Refusal('TOO_MANY_REQUESTS', `the organization already has ${inFlight} Calculates queued or running`, undefined, new Date(Date.now() + IN_FLIGHT_RETRY_MS));
  }
  if (request.apiKeyId === null) return;
  let count;
  try {
    count = await countHit(tx, `calc:${request.apiKeyId}`, ENQUEUE_WINDOW_MS);
  } catch {
    throw new Refusal('SERVICE_UNAVAILABLE', 'the rate limiter is unavailable; retry with backoff');
  }
  if (count.hits > rules.env.CALCULATE_ENQUEUES_PER_KEY) {
    throw new Refusal('TOO_MANY_REQUESTS', `more than ${rules.env.CALCULATE_ENQUEUES_PER_KEY} Calculate enqueues per 10 minutes with this API key`, undefined, count.resetAt);
  }
}

const alreadyRunning = () =>
  new Refusal('CONFLICT', 'a Calculate is already queued or running on this Load Plan', { reason: 'calculate_in_progress' });
