import { recordAudit, type AuditEntry } from '../../db/audit.ts';
import { toApiError } from './error-body.ts';
import { isWriteRoute } from '../contract/routes.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';

/** The audit row of a call answered with `status`, or null when the call is not recorded. */
export function auditEntry(ctx: ApiContext, status: number, invalidInput = false): AuditEntry | null {
  const key = ctx.state.auditKey;
  const route = ctx.state.route;
  const failedRead = status >= 400 && !invalidInput;
  if (!key || !route || invalidInput || !(isWriteRoute(route) || failedRead)) return null;
  return {
    organizationId: key.organizationId,
    apiKeyId: key.apiKeyId,
    operation: route.operationId,
    status,
    resourceId: ctx.state.resourceId ?? null,
    requestId: ctx.state.requestId,
  };
}

/**
 * The audit log, as the contract says: every call that writes (replays, successes and
 * failures), every read that fails once it reaches the operation, and every refusal of a
 * known key. Not: successful reads, invalid_input rejections, unknown or revoked keys (no
 * auditKey is set for those), per-IP refusals (they happen before this runs). A write
 * that succeeded may have had its row written in its own transaction (ctx.state.audited,
 * set by the idempotent middleware): one commit instead of two.
 */
export const audit: ApiMiddleware = async (ctx, next) => {
  let status = 500;
  let invalidInput = false;
  try {
    await next();
    status = ctx.status;
  } catch (err) {
    // the status the error body will carry (a use case's refusal too, e.g. 409 PLAN_LIMIT)
    const answer = toApiError(err);
    status = answer.status;
    invalidInput = answer.data?.reason === 'invalid_input';
    throw err;
  } finally {
    const entry = ctx.state.audited ? null : auditEntry(ctx, status, invalidInput);
    if (entry) await recordAudit(ctx.services.sql, entry).catch((err) => console.error('[api] audit write failed', err));
  }
};
