import { invalidInput } from '../errors.ts';
import type { ApiMiddleware } from '../context.ts';

/**
 * A request that carries a body must say it is JSON. A request without one gets an empty
 * body without the parser ever reading the stream (a GET sent with a JSON content type
 * would otherwise make it fail). A route that takes no body never reads one: its size or
 * type cannot change the answer.
 */
export const jsonOnly: ApiMiddleware = async (ctx, next) => {
  const hasBody = Number(ctx.get('content-length') || 0) > 0 || Boolean(ctx.get('transfer-encoding'));
  if (!hasBody || !ctx.state.route?.body) {
    ctx.request.body = {};
    return next();
  }
  if (!ctx.is('application/json')) {
    throw invalidInput('the request body must be JSON (Content-Type: application/json)', [
      { path: ['headers', 'Content-Type'], message: 'must be application/json', code: 'invalid_content_type' },
    ]);
  }
  await next();
};
