import { timingSafeEqual } from 'node:crypto';
import { hashSecret } from '../../db/api-keys.ts';
import { hasApiAccess } from '../../db/organizations.ts';
import { ApiError, serviceUnavailable } from '../errors.ts';
import { isWriteRoute } from '../contract/routes.ts';
import type { ApiMiddleware } from '../context.ts';
import { bearerSecret } from './rate-limit.ts';

/** One answer for every bad-key case, so a caller cannot tell them apart. */
function unauthorized(): ApiError {
  return new ApiError('UNAUTHORIZED', 'a valid API key is required', undefined, { 'WWW-Authenticate': 'Bearer realm="api"' });
}

/** Decides on the key admission found (api/middleware/rate-limit.ts): read in the same round trip as the counts. */
export const authenticate: ApiMiddleware = async (ctx, next) => {
  const secret = bearerSecret(ctx);
  if (!secret) throw unauthorized();
  if (!ctx.state.admission) throw serviceUnavailable('the key store');
  const hash = ctx.state.secretHash ?? hashSecret(secret);
  const key = ctx.state.admission.key;
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
    equipmentVersion: key.equipmentVersion,
  };
  await next();
};
