// The handler of each contract route, by operationId. A route with none answers 501.
import type { ApiMiddleware } from '../context.ts';

export const handlers: Record<string, ApiMiddleware> = {};
