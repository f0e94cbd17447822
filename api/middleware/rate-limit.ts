import { admit } from '../../db/admission.ts';
import { countHit } from '../../db/rate-limits.ts';
import { hashSecret, isWellFormedSecret } from '../../db/api-keys.ts';
import { isWriteRoute } from '../contract/routes.ts';
import { ApiError, serviceUnavailable } from '../errors.ts';
import { resolve } from './resolve-route.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';

const MINUTE = 60_000;

export function tooManyRequests(what: string, resetAt: Date, now = Date.now()): ApiError {
  const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000));
  return new ApiError('TOO_MANY_REQUESTS', `${what}; retry after ${retryAfter} s`, { retryAfter }, { 'Retry-After': String(retryAfter) });
}

function clientIp(ctx: ApiContext): string {
  return ctx.ip || ctx.socket.remoteAddress || 'unknown';
}

/** The secret of a well-formed `Authorization: Bearer` header, or null. */
export function bearerSecret(ctx: ApiContext): string | null {
  const match = /^Bearer (\S+)$/.exec(ctx.get('authorization'));
  return match && isWellFormedSecret(match[1]) ? match[1] : null;
}

/**
 * Runs first on every API request: one round trip counts the client IP, finds the key and
 * counts the key when it may make the call (db/admission.ts). The rules that use the answer
 * keep their places in the chain: the per-IP limit here, then route resolution, audit,
 * authentication and the per-key limit. Without the store the per-IP limit fails open and
 * authentication answers 503 (the per-key limit fails closed).
 */
export function admission(prefix: string): ApiMiddleware {
  return async (ctx, next) => {
    const { limiterSql, env } = ctx.services;
    // route resolution (resolve-route.ts) and authentication reuse these two
    const resolved = (ctx.state.resolved = resolve(ctx.path.slice(prefix.length) || '/', ctx.method === 'HEAD' ? 'GET' : ctx.method));
    const { route } = resolved;
    const secret = bearerSecret(ctx);
    ctx.state.secretHash = secret ? hashSecret(secret) : null;
    try {
      ctx.state.admission = await admit(limiterSql, {
        ipBucket: `ip:${clientIp(ctx)}`,
        secretHash: ctx.state.secretHash,
        countKey: route !== undefined,
        isWrite: route !== undefined && isWriteRoute(route),
        ipLimit: env.RATE_LIMIT_PER_IP,
      }, MINUTE);
    } catch (err) {
      console.error('[api] rate limiter unavailable (per-IP limit skipped)', (err as Error).message);
    }
    const admitted = ctx.state.admission;
    if (admitted && admitted.ipHits > env.RATE_LIMIT_PER_IP) {
      throw tooManyRequests(`more than ${env.RATE_LIMIT_PER_IP} requests a minute from this address`, admitted.resetAt);
    }
    await next();
  };
}

/** 120 requests a minute per API key, counted by admission. Fails closed: no count, no call. */
export const limitPerKey: ApiMiddleware = async (ctx, next) => {
  const { env } = ctx.services;
  const admitted = ctx.state.admission;
  if (!admitted || admitted.keyHits === null) throw serviceUnavailable('the rate limiter');
  if (admitted.keyHits > env.RATE_LIMIT_PER_KEY) {
    throw tooManyRequests(`more than ${env.RATE_LIMIT_PER_KEY} requests a minute with this API key`, admitted.resetAt);
  }
  await next();
};

/**
 * Share Link pages (no key) have a per-IP limit of their own: one report view loads several
 * addresses (page, script, stylesheet, step images), which must not spend the API's per-IP
 * budget. Fails open, like the API's per-IP limit.
 */
export const limitSharePages: ApiMiddleware = async (ctx, next) => {
  const { limiterSql, env } = ctx.services;
  let count;
  try {
    count = await countHit(limiterSql, `share-ip:${clientIp(ctx)}`, MINUTE);
  } catch (err) {
    console.error('[api] rate limiter unavailable (share page limit skipped)', (err as Error).message);
  }
  if (count && count.hits > env.RATE_LIMIT_SHARE_PAGES_PER_IP) {
    throw tooManyRequests(`more than ${env.RATE_LIMIT_SHARE_PAGES_PER_IP} share page requests a minute from this address`, count.resetAt);
  }
  await next();
};
