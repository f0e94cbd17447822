import { Refusal } from '../../services/refusal.ts';
import { ApiError, serviceUnavailable } from '../errors.ts';
import { tooManyRequests } from './rate-limit.ts';
import type { ApiMiddleware } from '../context.ts';
import { logger } from '../../ops/logger.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';

/** Turns anything thrown into the one error body; nothing else writes error responses. */
export const errorBody: ApiMiddleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    const apiError = toApiError(err);
    if (apiError.status >= 500 && apiError.code !== 'SERVICE_UNAVAILABLE' && apiError.code !== 'NOT_IMPLEMENTED') {
      logger.error({ err, requestId: ctx.state.requestId, method: ctx.method, route: ctx.state.route?.path }, 'unexpected error');
    }
    ctx.status = apiError.status;
    ctx.set(apiError.headers);
    ctx.body = apiError.body();
  }
};

/** The one error body an error answers with (the audit log records the same status). */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  // Postgres down or restarting: the client retries; the service reconnects by itself
  if (isDatabaseUnavailable(err)) return serviceUnavailable('the database');
  if (err instanceof Refusal) return err.retryAt ? tooManyRequests(err.message, err.retryAt) : new ApiError(err.code, err.message, err.data);
  const e = err as { status?: number; type?: string; message?: string; expose?: boolean };
  // errors raised by koa itself (e.g. an unsupported content encoding)
  if (e?.status && e.status >= 400 && e.status < 500) return new ApiError('BAD_REQUEST', e.expose && e.message ? e.message : 'bad request');
  return new ApiError('INTERNAL_SERVER_ERROR', 'unexpected error');
}
