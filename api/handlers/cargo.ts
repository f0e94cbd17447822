import type { z } from 'zod';
import { appendCargoLines, cargoLinePosition, countCargoLines, listCargoLinesAfter, type CargoLine } from '../../db/cargo-lines.ts';
import { bumpProjectPlans } from '../../db/load-plans.ts';
import { getProject, lockProject } from '../../db/projects.ts';
import { CargoListQuery, type ImportCargoBody } from '../contract/cargo.ts';
import { notFound } from '../errors.ts';
import { pathParam } from './params.ts';
import type { ApiMiddleware } from '../context.ts';
import { iso, toPage } from './pagination.ts';

function cargoLineBody(l: CargoLine) {
  return { ...l, createdAt: iso(l.createdAt), updatedAt: iso(l.updatedAt) };
}

/** All lines or none: one insert in the request's transaction, under the Project row lock. */
export const importCargo: ApiMiddleware = async (ctx) => {
  const projectId = pathParam(ctx, 'projectId');
  const { organizationId } = ctx.state.auth!;
  ctx.state.resourceId = projectId;
  if (!(await lockProject(ctx.state.db, organizationId, projectId))) throw notFound('project');
  const { lines } = ctx.request.body as z.infer<typeof ImportCargoBody>;
  const count = await appendCargoLines(ctx.state.db, organizationId, projectId, lines);
  // new cargo changes every Load Plan of the Project
  await bumpProjectPlans(ctx.state.db, projectId);
  ctx.status = 201;
  ctx.body = { count };
};

export const listCargo: ApiMiddleware = async (ctx) => {
  const projectId = pathParam(ctx, 'projectId');
  const { organizationId } = ctx.state.auth!;
  ctx.state.resourceId = projectId;
  const { cursor, limit } = CargoListQuery.parse(ctx.request.query);
  const db = ctx.state.db;
  if (!(await getProject(db, organizationId, projectId))) throw notFound('project');
  let after = 0;
  if (cursor) {
    const position = await cargoLinePosition(db, projectId, cursor);
    if (position === null) throw notFound('cursor');
    after = position;
  }
  const [rows, totalCount] = await Promise.all([listCargoLinesAfter(db, projectId, after, limit + 1), countCargoLines(db, projectId)]);
  const page = toPage(rows, limit);
  ctx.body = { items: page.items.map(cargoLineBody), nextCursor: page.nextCursor, totalCount };
};

export const cargoHandlers = { importCargo, listCargo };
