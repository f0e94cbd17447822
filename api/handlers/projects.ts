import type { z } from 'zod';
import { countProjects, createProject as insertProject, getProject as readProject, type Project } from '../../db/projects.ts';
import { listLoadPlanHeaders } from '../../db/load-plans.ts';
import { enforcePlanCapAfterWrite } from '../../services/plan-caps.ts';
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

export const createProject: ApiMiddleware = async (ctx) => {
  const body = ctx.request.body as z.infer<typeof CreateProjectBody>;
  const { db, auth } = ctx.state;
  // the cap is checked last, just before the commit (the idempotent middleware runs it), so
  // concurrent creations in one organization wait for each other only that long
  ctx.state.beforeCommit!.push(() => enforcePlanCapAfterWrite(db, auth!, ctx.services.planLimits, 'projects', countProjects));
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
