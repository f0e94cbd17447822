// POST /load-plans/{id}/calculate, GET /calculates/{id}, POST /calculates/{id}/cancel.
// HTTP only: the rules are the Calculate use cases (services/calculates).
import type { Client } from '@temporalio/client';
import { getRun, type CalculateRun } from '../../db/calculates.ts';
import { cancelRun, enqueueCalculate, isActive, runView, startRun } from '../../services/calculates/index.ts';
import { ApiError, notFound } from '../errors.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';

const param = (ctx: ApiContext, name: string): string => (ctx as unknown as { params: Record<string, string> }).params[name];
const unavailable = (message: string) => new ApiError('SERVICE_UNAVAILABLE', message);

const calculate: ApiMiddleware = async (ctx) => {
  const auth = ctx.state.auth!;
  const body = ctx.request.body as { expectedRevision: number; replaceUnlockedManual?: boolean };
  const loadPlanId = param(ctx, 'loadPlanId');
  const [owned] = await ctx.state.db`select id from load_plans where id = ${loadPlanId} and organization_id = ${auth.organizationId}`;
  if (!owned) throw notFound('load plan');
  ctx.state.resourceId = loadPlanId;
  const run = await enqueueCalculate(ctx.state.db, ctx.services, {
    organizationId: auth.organizationId,
    organizationPlan: auth.organizationPlan,
    loadPlanId,
    source: 'api',
    apiKeyId: auth.apiKeyId,
    expectedRevision: body.expectedRevision,
    replaceUnlockedManual: body.replaceUnlockedManual === true,
  });
  ctx.state.resourceId = run.id;
  ctx.state.afterCommit!.push(() => startWorkflow(ctx, run));
  ctx.status = 202;
  ctx.body = { id: run.id, status: 'queued', loadPlanId };
};

/** After the commit: one workflow per run, the run id as workflow id. */
async function startWorkflow(ctx: ApiContext, run: CalculateRun): Promise<void> {
  const { env, taskQueue, sql } = ctx.services;
  try {
    await startRun(await ctx.services.temporal(), sql, taskQueue, env.CALCULATE_MAX_DURATION_SECONDS, run);
  } catch {
    throw unavailable('the Calculate could not be started; retry with backoff');
  }
}

const getCalculate: ApiMiddleware = async (ctx) => {
  const run = await getRun(ctx.state.db, param(ctx, 'id'), ctx.state.auth!.organizationId);
  if (!run) throw notFound('calculate');
  ctx.state.resourceId = run.id;
  ctx.body = runView(run);
};

const cancelCalculate: ApiMiddleware = async (ctx) => {
  const found = await getRun(ctx.services.sql, param(ctx, 'id'), ctx.state.auth!.organizationId);
  if (!found) throw notFound('calculate');
  ctx.state.resourceId = found.id;
  let client: Client | null = null;
  try {
    if (isActive(found)) client = await ctx.services.temporal();
    ctx.body = runView(await cancelRun(ctx.services.sql, client, found.id));
  } catch {
    throw unavailable('the cancel could not reach the run; retry');
  }
};

export const calculateHandlers: Record<string, ApiMiddleware> = { calculate, getCalculate, cancelCalculate };
