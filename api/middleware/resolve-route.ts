import { ApiError } from '../errors.ts';
import { routes, type RouteContract } from '../contract/routes.ts';
import type { ApiMiddleware } from '../context.ts';

const compiled = routes.map((route) => ({
  route,
  pattern: new RegExp('^' + route.path.replace(/\{\w+\}/g, '[^/]+') + '/?$'),
}));

/**
 * Which contract route a path and method name; 404 for no path, 405 with Allow for another
 * method. Allow names HEAD wherever GET is served (HTTP requires HEAD with GET).
 */
export function resolve(path: string, method: string): { route?: RouteContract; allow: string[] } {
  const onPath = compiled.filter((c) => c.pattern.test(path));
  const route = onPath.find((c) => c.route.method.toUpperCase() === method)?.route;
  const methods = onPath.map((c) => c.route.method.toUpperCase());
  return { route, allow: methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])) };
}

export function resolveRoute(prefix: string): ApiMiddleware {
  return async (ctx, next) => {
    // HEAD is served wherever GET is (koa sends the headers without the body)
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    const { route, allow } = ctx.state.resolved ?? resolve(ctx.path.slice(prefix.length) || '/', method);
    if (!route) {
      if (allow.length === 0) throw new ApiError('NOT_FOUND', `no route ${ctx.method} ${ctx.path}`);
      throw new ApiError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${ctx.path}`, undefined, { Allow: allow.join(', ') });
    }
    ctx.state.route = route;
    await next();
  };
}
