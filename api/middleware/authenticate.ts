import { timingSafeEqual } from 'node:crypto';
import { findKeyForAuth, hashSecret, isWellFormedSecret } from '../../db/api-keys.ts';
import { hasApiAccess } from '../../db/organizations.ts';
import { ApiError } from '../errors.ts';
import { isWriteRoute } from '../contract/routes.ts';
import type { ApiMiddleware } from '../context.ts';

/** One answer for every bad-key case, so a caller cannot tell them apart. */
function unauthorized(): ApiError {
  return new ApiError('UNAUTHORIZED', 'a valid API key is required', undefined, { 'WWW-Authenticate': 'Bearer realm="api"' });
}

export const authenticate: ApiMiddleware = async (ctx, next) => {
  const match = /^Bearer (\S+)$/.exec(ctx.get('authorization'));
  if (!match || !isWellFormedSecret(match[1])) throw unauthorized();
  const hash = hashSecret(match[1]);
  const key = await findKeyForAuth(ctx.state.db, hash);
  // the index found it by hash; the constant-time compare guards against any lookup quirk
  if (!key || !timingSafeEqual(key.secretHash, hash) || key.revoked) throw unauthorized();

  ctx.state.auditKey = { organizationId: key.organizationId, apiKeyId: key.id };
  if (key.expired || !key.creatorQualifies) throw unauthorized();
  if (!hasApiAccess({ plan: key.organizationPlan, apiAccess: key.organizationApiAccess })) {
    throw new ApiError('FORBIDDEN', 'API access requires the Enterprise plan', { reason: 'api_access_required' });
  }
  if (key.scope === 'read' && ctx.state.route && isWriteRoute(ctx.state.route)) {
    throw new ApiError('FORBIDDEN', 'this API key is read-only; it may call only GET routes', { reason: 'insufficient_scope' });
  }
  ctx.state.auth = {
    organizationId: key.organizationId,
    organizationPlan: key.organizationPlan,
    apiKeyId: key.id,
    scope: key.scope,
  };
  await next();
};
