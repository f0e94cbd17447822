import type { z } from 'zod';
import { countProjects, createProject as insertProject, getProject as readProject, type Project } from '../../db/projects.ts';
import { listLoadPlanHeaders } from '../../db/load-plans.ts';
import { lockPlanCap, planCap } from '../../db/plan-caps.ts';
import type { CreateProjectBody } from '../contract/projects.ts';
import { ApiError, notFound } from '../errors.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';
import { pathParam } from './params.ts';
import { headerBody } from './load-plans.ts';
import { iso } from './pagination.ts';

export function projectBody(p: Project) {
  return {
    id: p.id,
    name: p.name,
    transportMode: p.transportMode,
    stops: p.stops,
    cargoLineCount: p.cargoLineCount,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

/** 409 PLAN_LIMIT once the organization holds as many Projects as its plan allows. */
async function enforceProjectCap(ctx: ApiContext): Promise<void> {
  const { organizationId, organizationPlan } = ctx.state.auth!;
  const limit = planCap(ctx.services.planLimits, organizationPlan, 'projects');
  if (limit === null) return;
  await lockPlanCap(ctx.state.db, organizationId, 'projects');
  if ((await countProjects(ctx.state.db, organizationId)) >= limit) {
    throw new ApiError('PLAN_LIMIT', `the ${organizationPlan} plan allows at most ${limit} Projects`, {
      reason: 'plan-limit',
      resource: 'projects',
      limit,
      planName: organizationPlan,
    });
  }
}

export const createProject: ApiMiddleware = async (ctx) => {
  const body = ctx.request.body as z.infer<typeof CreateProjectBody>;
  await enforceProjectCap(ctx);
  const project = await insertProject(ctx.state.db, {
    organizationId: ctx.state.auth!.organizationId,
    name: body.name,
    transportMode: body.transportMode,
    stops: body.stops,
  });
  ctx.state.resourceId = project.id;
  ctx.status = 201;
  ctx.body = projectBody(project);
};

export const getProject: ApiMiddleware = async (ctx) => {
  const projectId = pathParam(ctx, 'projectId');
  ctx.state.resourceId = projectId;
  const project = await readProject(ctx.state.db, ctx.state.auth!.organizationId, projectId);
  if (!project) throw notFound('project');
  const plans = await listLoadPlanHeaders(ctx.state.db, project.id);
  ctx.body = { ...projectBody(project), loadPlans: plans.map(headerBody) };
};

export const projectHandlers = { createProject, getProject };
