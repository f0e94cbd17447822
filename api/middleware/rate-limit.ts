import { countHit } from '../../db/rate-limits.ts';
import { ApiError } from '../errors.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';

const MINUTE = 60_000;

export function tooManyRequests(what: string, resetAt: Date, now = Date.now()): ApiError {
  const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000));
  return new ApiError('TOO_MANY_REQUESTS', `${what}; retry after ${retryAfter} s`, { retryAfter }, { 'Retry-After': String(retryAfter) });
}

function clientIp(ctx: ApiContext): string {
  return ctx.ip || ctx.socket.remoteAddress || 'unknown';
}

/** 300 requests a minute per client IP, before authentication. Fails open: the per-key limit still holds. */
export const limitPerIp: ApiMiddleware = async (ctx, next) => {
  const { limiterSql, env } = ctx.services;
  let count;
  try {
    count = await countHit(limiterSql, `ip:${clientIp(ctx)}`, MINUTE);
  } catch (err) {
    console.error('[api] rate limiter unavailable (per-IP limit skipped)', (err as Error).message);
  }
  if (count && count.hits > env.RATE_LIMIT_PER_IP) throw tooManyRequests(`more than ${env.RATE_LIMIT_PER_IP} requests a minute from this address`, count.resetAt);
  await next();
};

/** 120 requests a minute per API key. Fails closed: no limiter, no call. */
export const limitPerKey: ApiMiddleware = async (ctx, next) => {
  const { limiterSql, env } = ctx.services;
  let count;
  try {
    count = await countHit(limiterSql, `key:${ctx.state.auth!.apiKeyId}`, MINUTE);
  } catch {
    throw new ApiError('SERVICE_UNAVAILABLE', 'the rate limiter is unavailable; retry with backoff');
  }
  if (count.hits > env.RATE_LIMIT_PER_KEY) throw tooManyRequests(`more than ${env.RATE_LIMIT_PER_KEY} requests a minute with this API key`, count.resetAt);
  await next();
};
