// POST /load-plans/{id}/calculate, GET /calculates/{id}, POST /calculates/{id}/cancel.
import { SearchAttributeType, defineSearchAttributeKey } from '@temporalio/common';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import {
  activeRunOnPlan, activeRunsInOrganization, endRun, getRun, insertRun, lockRun, requestCancel, runsThisMonth,
  type CalculateRun,
} from '../../db/calculates.ts';
import type { Db, Sql } from '../../db/connect.ts';
import { countHit } from '../../db/rate-limits.ts';
import { readSolveInput } from '../../db/solver-input.ts';
import { limitViolation } from '../../solver/preflight/limits.ts';
import { lockViolation } from '../../solver/preflight/lock-rules.ts';
import type { CalculateWorkflowInput } from '../../workflows/calculate.ts';
import { ApiError, notFound } from '../errors.ts';
import { tooManyRequests } from '../middleware/rate-limit.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';

const ENQUEUE_WINDOW_MS = 10 * 60_000;
/** Retry-After for the per-organization in-flight limit: runs usually end within this. */
const IN_FLIGHT_RETRY_S = 30;
/** How long a cancel waits for a running run to reach its terminal state before answering. */
const CANCEL_WAIT_MS = 3_000;

const ORGANIZATION = defineSearchAttributeKey('LoadPlanOrganizationId', SearchAttributeType.KEYWORD);
const LOAD_PLAN = defineSearchAttributeKey('LoadPlanId', SearchAttributeType.KEYWORD);
const SOURCE = defineSearchAttributeKey('CalculateSource', SearchAttributeType.KEYWORD);

const param = (ctx: ApiContext, name: string): string => (ctx as unknown as { params: Record<string, string> }).params[name];

export function runBody(run: CalculateRun) {
  const active = run.status === 'queued' || run.status === 'running';
  return {
    id: run.id,
    status: run.status,
    loadPlanId: run.loadPlanId,
    source: run.source,
    phase: active ? run.phase : null,
    processedItems: run.processedItems,
    totalItems: run.totalItems,
    failureCode: run.status === 'failed' || run.status === 'timed_out' ? run.failureCode : null,
    revision: run.status === 'completed' ? run.revision : null,
    solvedAt: run.status === 'completed' && run.solvedAt ? run.solvedAt.toISOString() : null,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/** The solver's improvement budget: a share of the run's time, at most 5 s. */
export function solveTimeBudgetMs(maxDurationSeconds: number): number {
  return Math.min(5_000, maxDurationSeconds * 250);
}

const calculate: ApiMiddleware = async (ctx) => {
  const auth = ctx.state.auth!;
  const db = ctx.state.db;
  const body = ctx.request.body as { expectedRevision: number; replaceUnlockedManual?: boolean };
  const replace = body.replaceUnlockedManual === true;
  const loadPlanId = param(ctx, 'loadPlanId');
  const [owned] = await db`select id from load_plans where id = ${loadPlanId} and organization_id = ${auth.organizationId}`;
  if (!owned) throw notFound('load plan');
  ctx.state.resourceId = loadPlanId;

  const read = (await readSolveInput(db, loadPlanId, { seed: 0, timeBudgetMs: 0 }, replace))!;
  checkCargo(read.input);
  if (read.unlockedManualCount > 0 && !replace) {
    throw new ApiError('CONFLICT', `the Load Plan has ${read.unlockedManualCount} unlocked manual placement(s); send replaceUnlockedManual: true to let the run replace them`, { reason: 'unlocked_manual_placements' });
  }
  await checkBudgets(ctx, db, loadPlanId);

  const run = await insertRun(db, {
    organizationId: auth.organizationId, loadPlanId, source: 'api', apiKeyId: auth.apiKeyId,
    expectedRevision: body.expectedRevision, replaceUnlockedManual: replace,
  });
  if (!run) throw alreadyRunning();
  ctx.state.resourceId = run.id;
  ctx.state.afterCommit!.push(() => startWorkflow(ctx, run));
  ctx.status = 202;
  ctx.body = { id: run.id, status: 'queued', loadPlanId };
};

/** What the solver cannot take answers 400 before anything is queued. */
export function checkCargo(input: Parameters<typeof limitViolation>[0]): void {
  if (input.equipment.length === 0) {
    throw new ApiError('BAD_REQUEST', 'the Load Plan has no equipment; choose equipment before a Calculate', { reason: 'no_equipment' });
  }
  const limit = limitViolation(input);
  if (limit) throw new ApiError('BAD_REQUEST', limit, { reason: 'calculate_limit' });
  const lock = lockViolation(input);
  if (lock) throw new ApiError('BAD_REQUEST', lock, { reason: 'lock_violation' });
}

/** Plan cap, one run per plan, in-flight per organization, enqueues per key (counted last, only when queued). */
async function checkBudgets(ctx: ApiContext, db: Db, loadPlanId: string): Promise<void> {
  const auth = ctx.state.auth!;
  const { env, planLimits } = ctx.services;
  const cap = planLimits[auth.organizationPlan]?.solves;
  if (cap !== undefined && (await runsThisMonth(db, auth.organizationId)) >= cap) {
    throw new ApiError('PLAN_LIMIT', `the ${auth.organizationPlan} plan allows ${cap} calculates a month`, {
      reason: 'plan-limit', resource: 'solves', limit: cap, planName: auth.organizationPlan,
    });
  }
  if (await activeRunOnPlan(db, loadPlanId)) throw alreadyRunning();
  if ((await activeRunsInOrganization(db, auth.organizationId)) >= env.CALCULATES_IN_FLIGHT_PER_ORG) {
    throw tooManyRequests(`the organization already has ${env.CALCULATES_IN_FLIGHT_PER_ORG} Calculates queued or running`, new Date(Date.now() + IN_FLIGHT_RETRY_S * 1000));
  }
  let count;
  try {
    count = await countHit(db, `calc:${auth.apiKeyId}`, ENQUEUE_WINDOW_MS);
  } catch {
    throw new ApiError('SERVICE_UNAVAILABLE', 'the rate limiter is unavailable; retry with backoff');
  }
  if (count.hits > env.CALCULATE_ENQUEUES_PER_KEY) {
    throw tooManyRequests(`more than ${env.CALCULATE_ENQUEUES_PER_KEY} Calculate enqueues per 10 minutes with this API key`, count.resetAt);
  }
}

const alreadyRunning = () =>
  new ApiError('CONFLICT', 'a Calculate is already queued or running on this Load Plan', { reason: 'calculate_in_progress' });

/** After the commit: one workflow per run, the run id as workflow id. */
async function startWorkflow(ctx: ApiContext, run: CalculateRun): Promise<void> {
  const { env, taskQueue, sql } = ctx.services;
  try {
    await startCalculateWorkflow(await ctx.services.temporal(), sql, taskQueue, env.CALCULATE_MAX_DURATION_SECONDS, run);
  } catch {
    throw new ApiError('SERVICE_UNAVAILABLE', 'the Calculate could not be started; retry with backoff');
  }
}

/**
 * Starts the run's workflow (the API and the app's CLI both come here). A start that
 * fails ends the run `failed` (start_failed) with its event, and throws.
 */
export async function startCalculateWorkflow(client: Client, sql: Db, taskQueue: string, maxDurationSeconds: number, run: CalculateRun): Promise<void> {
  const input: CalculateWorkflowInput = {
    runId: run.id,
    maxDurationSeconds,
    solveTimeBudgetMs: solveTimeBudgetMs(maxDurationSeconds),
  };
  try {
    await client.workflow.start('calculateWorkflow', {
      workflowId: run.id,
      taskQueue,
      args: [input],
      typedSearchAttributes: [
        { key: ORGANIZATION, value: run.organizationId },
        { key: LOAD_PLAN, value: run.loadPlanId },
        { key: SOURCE, value: run.source },
      ],
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    console.error(`[calculate] could not start the workflow of ${run.id}:`, (err as Error).message);
    await (sql as Sql).begin((tx) => endRun(tx, run.id, { status: 'failed', failureCode: 'start_failed', failureMessage: (err as Error).message }));
    throw err;
  }
}

const getCalculate: ApiMiddleware = async (ctx) => {
  const id = param(ctx, 'id');
  const run = await getRun(ctx.state.db, id, ctx.state.auth!.organizationId);
  if (!run) throw notFound('calculate');
  ctx.state.resourceId = run.id;
  ctx.body = runBody(run);
};

/**
 * A queued run is cancelled at once; a running one is asked to stop (the workflow cancels
 * the solve) and the answer waits briefly for it. A terminal run answers as it is.
 */
const cancelCalculate: ApiMiddleware = async (ctx) => {
  const found = await getRun(ctx.services.sql, param(ctx, 'id'), ctx.state.auth!.organizationId);
  if (!found) throw notFound('calculate');
  ctx.state.resourceId = found.id;
  let client: Client | null = null;
  if (found.status === 'queued' || found.status === 'running') {
    try {
      client = await ctx.services.temporal();
    } catch {
      throw new ApiError('SERVICE_UNAVAILABLE', 'the cancel could not reach the run; retry');
    }
  }
  try {
    ctx.body = runBody(await cancelRun(ctx.services.sql, client, found.id));
  } catch {
    throw new ApiError('SERVICE_UNAVAILABLE', 'the cancel could not reach the run; retry');
  }
};

/**
 * Cancels a run (the API and the app's CLI both come here): a queued run is cancelled at
 * once; a running one is asked to stop (the workflow cancels the solve) and the answer
 * waits briefly for it; a terminal run is returned as it is. Repeating it changes nothing.
 */
export async function cancelRun(sql: Sql, client: Client | null, id: string): Promise<CalculateRun> {
  const before = (await getRun(sql, id))!;
  if (before.status !== 'queued' && before.status !== 'running') return before;
  await sql.begin(async (tx) => {
    const run = await lockRun(tx, id);
    if (run?.status === 'queued') await endRun(tx, id, { status: 'cancelled' });
    else if (run?.status === 'running') await requestCancel(tx, id);
  });
  try {
    await client?.workflow.getHandle(id).signal('cancelCalculate');
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err; // not found: it already ended
  }
  return waitForEnd(sql, id);
}

async function waitForEnd(db: Db, id: string): Promise<CalculateRun> {
  const until = Date.now() + CANCEL_WAIT_MS;
  for (;;) {
    const run = (await getRun(db, id))!;
    if ((run.status !== 'queued' && run.status !== 'running') || Date.now() >= until) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const calculateHandlers: Record<string, ApiMiddleware> = { calculate, getCalculate, cancelCalculate };
