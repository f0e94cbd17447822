import type { z } from 'zod';
import {
  createLoadPlan as insertLoadPlan,
  getLoadPlan as readLoadPlan,
  type LoadPlan,
  type LoadPlanHeader,
} from '../../db/load-plans.ts';
import { lockProject } from '../../db/projects.ts';
import type { CreateLoadPlanBody } from '../contract/load-plans.ts';
import { notFound } from '../errors.ts';
import { pathParam } from './params.ts';
import type { ApiMiddleware } from '../context.ts';
import { iso } from './pagination.ts';

export function headerBody(h: LoadPlanHeader) {
  return {
    id: h.id,
    name: h.name,
    revision: h.revision,
    stale: h.stale,
    solvedAt: iso(h.solvedAt),
    createdAt: iso(h.createdAt),
    updatedAt: iso(h.updatedAt),
  };
}

/** The full read: optional advisory arrays are left out when empty. */
export function loadPlanBody(plan: LoadPlan) {
  const body: Record<string, unknown> = {
    ...headerBody(plan),
    projectId: plan.projectId,
    equipment: plan.equipment,
    securing: plan.securing,
    resultStatus: plan.result ? 'solved' : 'unsolved',
  };
  const r = plan.result;
  if (!r) return body;
  body.result = {
    units: r.units,
    placements: r.placements,
    totals: r.totals,
    warnings: r.warnings,
    unloaded: r.unloaded,
    ...(r.securingWarnings.length ? { securingWarnings: r.securingWarnings } : {}),
  };
  if (r.axleWarnings.length) body.axleWarnings = r.axleWarnings;
  if (r.stopWarnings.length) body.stopWarnings = r.stopWarnings;
  return body;
}

export const createLoadPlan: ApiMiddleware = async (ctx) => {
  const projectId = pathParam(ctx, 'projectId');
  const { organizationId } = ctx.state.auth!;
  ctx.state.resourceId = projectId;
  // the lock orders the new plan against a concurrent cargo import's revision bump
  if (!(await lockProject(ctx.state.db, organizationId, projectId))) throw notFound('project');
  const { name } = ctx.request.body as z.infer<typeof CreateLoadPlanBody>;
  const plan = await insertLoadPlan(ctx.state.db, { organizationId, projectId, name });
  ctx.state.resourceId = plan.id;
  ctx.status = 201;
  ctx.body = { id: plan.id, revision: plan.revision, stale: plan.stale, equipment: [] };
};

export const getLoadPlan: ApiMiddleware = async (ctx) => {
  const loadPlanId = pathParam(ctx, 'loadPlanId');
  ctx.state.resourceId = loadPlanId;
  const plan = await readLoadPlan(ctx.state.db, ctx.state.auth!.organizationId, loadPlanId);
  if (!plan) throw notFound('load plan');
  ctx.body = loadPlanBody(plan);
};

export const loadPlanHandlers = { createLoadPlan, getLoadPlan };
