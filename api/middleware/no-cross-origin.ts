import { ApiError } from '../errors.ts';
import type { ApiMiddleware } from '../context.ts';

/**
 * Server-to-server only: a browser's cross-site request is refused, no CORS header is ever
 * sent, and cookies are neither read nor set.
 */
export const noCrossOrigin: ApiMiddleware = async (ctx, next) => {
  const site = ctx.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site' || (ctx.get('origin') && ctx.get('origin') !== ctx.origin)) {
    throw new ApiError('FORBIDDEN', 'cross-origin browser requests are not allowed', { reason: 'cross_origin' });
  }
  delete ctx.request.headers.cookie;
  await next();
  ctx.remove('set-cookie');
};
