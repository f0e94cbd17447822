import type { ApiMiddleware } from '../context.ts';

/**
 * Headers for a route the contract marks deprecated, on every response, success or not:
 * Deprecation (RFC 9745), Sunset (RFC 8594) and Link rel="deprecation".
 */
export const deprecationHeaders: ApiMiddleware = async (ctx, next) => {
  try {
    await next();
  } finally {
    const deprecated = ctx.state.route?.deprecated;
    if (deprecated) {
      ctx.set('Deprecation', deprecated.since ? `@${Math.floor(deprecated.since.getTime() / 1000)}` : 'true');
      if (deprecated.sunset) ctx.set('Sunset', deprecated.sunset.toUTCString());
      if (deprecated.link) ctx.set('Link', `<${deprecated.link}>; rel="deprecation"`);
    }
  }
};
