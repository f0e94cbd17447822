import type { z } from 'zod';
import { createProject as insertProject, getProject as readProject, projectInsertOnClaim, projectsCapAtCommit, type Project } from '../../db/projects.ts';
import { planCap } from '../../db/plan-caps.ts';
import { listLoadPlanHeaders } from '../../db/load-plans.ts';
import { planLimitRefusal } from '../../services/plan-caps.ts';
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
  const auth = ctx.state.auth!;
  // the cap is checked at the commit, in the database (db/projects.ts): concurrent creations
  // in one organization wait for each other only for the count and the commit; a refusal
  // there is turned into 409 PLAN_LIMIT by the idempotent middleware
  const cap = planCap(ctx.services.planLimits, auth.organizationPlan, 'projects');
  ctx.state.commitRefusals!.push((err) => {
    const limit = projectsCapAtCommit(err);
    return limit === null ? null : planLimitRefusal(auth, 'projects', limit);
  });
  const input = { organizationId: auth.organizationId, name: body.name, transportMode: body.transportMode, stops: body.stops, cap };
  // the response is built before the insert: the idempotent middleware sends the insert with
  // the Idempotency-Key's claim and the stored response, in one statement
  let project: Project;
  if (ctx.state.claimWrites) {
    const made = projectInsertOnClaim(ctx.services.sql, input);
    ctx.state.claimWrites.push(made.insert);
    project = made.project;
  } else {
    project = await insertProject(ctx.state.db, input);
  }
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
