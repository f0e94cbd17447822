import { randomUUID } from 'node:crypto';
import type { ApiMiddleware } from '../context.ts';

const CLIENT_ID = /^[\x21-\x7e]{1,200}$/;

/** Every response carries x-request-id; a client's own value is kept. */
export const requestId: ApiMiddleware = async (ctx, next) => {
  const sent = ctx.get('x-request-id');
  ctx.state.requestId = CLIENT_ID.test(sent) ? sent : randomUUID();
  ctx.set('x-request-id', ctx.state.requestId);
  await next();
};
