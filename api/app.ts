// The HTTP application. Middleware order is the order of the rules: request id and the
// error body first; the per-IP limit before authentication; then route resolution (404,
// 405), audit, authentication and scope, the per-key limit, and the routes. The per-IP
// count, the key and the per-key count are read in one round trip by the first of them.
import Koa from 'koa';
import compose from 'koa-compose';
import type { Services, ApiState } from './context.ts';
import { requestId } from './middleware/request-id.ts';
import { errorBody } from './middleware/error-body.ts';
import { noCrossOrigin } from './middleware/no-cross-origin.ts';
import { admission, limitPerKey } from './middleware/rate-limit.ts';
import { resolveRoute } from './middleware/resolve-route.ts';
import { deprecationHeaders } from './middleware/deprecation.ts';
import { audit } from './middleware/audit.ts';
import { authenticate } from './middleware/authenticate.ts';
import { jsonOnly } from './middleware/json-only.ts';
import { docs } from './docs.ts';
import { createRouter } from './router.ts';
import { ApiError } from './errors.ts';
import { shareRoutes } from './share-routes.ts';
import { requestTelemetry } from './middleware/request-telemetry.ts';

export const API_PREFIX = '/api/v1';

export function createApp(services: Services): Koa<ApiState, { services: Services }> {
  const app = new Koa<ApiState, { services: Services }>({ proxy: services.env.TRUST_PROXY === 'true' });
  app.context.services = services;
  app.silent = true;

  const router = createRouter(API_PREFIX);
  const apiChain = [
    admission(API_PREFIX),
    docs(API_PREFIX),
    resolveRoute(API_PREFIX),
    deprecationHeaders,
    audit,
    authenticate,
    limitPerKey,
    jsonOnly,
    router.routes() as any,
  ];
  const composedApi = compose(apiChain);

  app.use(requestId);
  app.use(requestTelemetry(API_PREFIX)); // one log line and metric sample per request
  app.use(errorBody);
  app.use(async (ctx, next) => {
    ctx.state.db = services.sql;
    await next();
  });
  app.use(shareRoutes); // Share Link pages: no API key, opened from other sites (mail, chat)
  app.use(noCrossOrigin);
  app.use(async (ctx, next) => {
    if (ctx.path === API_PREFIX || ctx.path.startsWith(API_PREFIX + '/')) return composedApi(ctx, next);
    await next();
  });
  app.use(async (ctx) => {
    throw new ApiError('NOT_FOUND', `no route ${ctx.method} ${ctx.path}`);
  });
  return app;
}
