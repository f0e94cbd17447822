// One log line and one metric sample per HTTP request. Mounted right after the request id,
// so it sees every answer, error bodies included. Paths are reduced to route templates:
// ids never become metric labels, and share tokens never reach a log line.
import { matchShareRoute, SHARE_PREFIX } from '../share-routes.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';
import { requestLogger } from '../../ops/logger.ts';
import { httpRequestDuration, httpRequests, idempotentReplays, rateLimitRefusals } from '../../ops/metrics.ts';

const SHARE_TEMPLATES = {
  report: '/share/{token}',
  step: '/share/{token}/steps/{n}',
  'step-svg': '/share/{token}/steps/{n}.svg',
  csv: '/share/{token}/placements.csv',
  pdf: '/share/{token}/plan.pdf',
  asset: '/share/{token}/assets/{name}',
} as const;

/** The route template a request was answered by; "unmatched" for anything else. */
export function routeTemplate(ctx: ApiContext, apiPrefix: string): string {
  if (ctx.state.route) return apiPrefix + ctx.state.route.path;
  const path = ctx.path;
  if (path.startsWith(SHARE_PREFIX)) {
    const share = matchShareRoute(path);
    return share ? SHARE_TEMPLATES[share.kind] : '/share/*';
  }
  const docs = [apiPrefix, `${apiPrefix}/`, `${apiPrefix}/spec.json`, `${apiPrefix}/postman.json`];
  if (docs.includes(path)) return path.replace(/\/$/, '') || '/';
  return 'unmatched';
}

export function requestTelemetry(apiPrefix: string): ApiMiddleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeTemplate(ctx, apiPrefix);
      const labels = { method: ctx.method, route, status: String(ctx.status) };
      httpRequests.inc(labels);
      httpRequestDuration.observe(labels, seconds);
      if (ctx.status === 429) rateLimitRefusals.inc({ scope: ctx.state.auth ? 'key' : 'ip', route });
      if (ctx.state.replayed) idempotentReplays.inc({ route });
      requestLogger.info(
        {
          requestId: ctx.state.requestId,
          organizationId: ctx.state.auth?.organizationId ?? ctx.state.auditKey?.organizationId ?? null,
          method: ctx.method,
          route,
          // the raw path names ids, which help when reading logs; share paths hold a token
          ...(route.startsWith('/share') ? {} : { path: ctx.path }),
          status: ctx.status,
          durationMs: Math.round(seconds * 1e4) / 10,
          ...(ctx.state.replayed ? { replayed: true } : {}),
        },
        'request',
      );
    }
  };
}
