import type { z } from 'zod';
import { getLoadPlanHeader } from '../../db/load-plans.ts';
import { enforcePlanCap } from '../../services/plan-caps.ts';
import { countLiveShareLinks, hashShareToken, insertShareLink, newShareToken, type ShareLink } from '../../db/share-links.ts';
import { hasStoredResult } from '../../db/shared-plan.ts';
import type { ShareLinkBody } from '../contract/share-links.ts';
import { ApiError, invalidInput, notFound } from '../errors.ts';
import { storeForReplay } from '../middleware/idempotency.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';
import { pathParam } from './params.ts';
import { iso } from './pagination.ts';

/** The link's view-only address: the configured public origin, else the request's own. */
export function shareUrl(ctx: ApiContext, token: string): string {
  const origin = (ctx.services.publicOrigin ?? ctx.origin).replace(/\/+$/, '');
  return `${origin}/share/${token}`;
}

function shareLinkBody(link: ShareLink, secret: { url: string; token: string } | null) {
  return {
    id: link.id,
    loadPlanId: link.loadPlanId,
    url: secret?.url ?? null,
    token: secret?.token ?? null,
    expiresAt: link.expiresAt ? iso(link.expiresAt) : null,
    showLoadingSteps: link.showLoadingSteps,
    createdAt: iso(link.createdAt),
  };
}

function expiryOf(body: z.infer<typeof ShareLinkBody>): Date | null {
  if (body.expiresAt === undefined) return null;
  const expiresAt = new Date(body.expiresAt);
  if (expiresAt.getTime() <= Date.now()) {
    throw invalidInput('expiresAt must be in the future', [{ path: ['expiresAt'], message: 'must be in the future', code: 'too_small' }]);
  }
  return expiresAt;
}

export const createShareLink: ApiMiddleware = async (ctx) => {
  const loadPlanId = pathParam(ctx, 'loadPlanId');
  ctx.state.resourceId = loadPlanId;
  // koa-zod-router applies the defaults; an absent body is an empty one
  const body = (ctx.request.body ?? {}) as z.infer<typeof ShareLinkBody>;
  const expiresAt = expiryOf(body);
  const plan = await getLoadPlanHeader(ctx.state.db, ctx.state.auth!.organizationId, loadPlanId);
  if (!plan) throw notFound('load plan');
  if (!(await hasStoredResult(ctx.state.db, plan.id))) {
    throw new ApiError('BAD_REQUEST', 'the Load Plan has no stored result yet: run a Calculate first', { reason: 'load_plan_not_calculated' });
  }
  await enforcePlanCap(ctx.state.db, ctx.state.auth!, ctx.services.planLimits, 'share-links', countLiveShareLinks);
  const token = newShareToken();
  const link = await insertShareLink(ctx.state.db, {
    organizationId: ctx.state.auth!.organizationId,
    loadPlanId: plan.id,
    tokenHash: hashShareToken(token),
    expiresAt,
    showLoadingSteps: body.showLoadingSteps ?? true,
  });
  ctx.state.resourceId = link.id;
  ctx.status = 201;
  ctx.body = shareLinkBody(link, { url: shareUrl(ctx, token), token });
  // the token is shown once: a replay answers the same link with url and token null
  storeForReplay(ctx, shareLinkBody(link, null));
};

export const shareLinkHandlers = { createShareLink };
