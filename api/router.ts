// Registers every contract route with koa-zod-router: the same schemas validate requests
// and generate the OpenAPI document.
import zodRouter from 'koa-zod-router';
import type { ZodError } from 'zod';
import { ApiError, invalidInput, notFound, type Issue } from './errors.ts';
import { koaPath, routes } from './contract/routes.ts';
import { idempotent, requireIdempotencyKey } from './middleware/idempotency.ts';
import { refuseDuplicateKeys } from './middleware/duplicate-keys.ts';
import { handlers } from './handlers/index.ts';
import type { ApiMiddleware } from './context.ts';

export const MAX_BODY = '4mb';

/** Body issues keep the body's own paths; query and path issues are prefixed with where they are. */
function issuesOf(invalid: Record<string, ZodError | boolean | undefined>): Issue[] {
  const issues: Issue[] = [];
  for (const where of ['params', 'query', 'headers', 'body'] as const) {
    const error = invalid[where];
    if (!error || typeof error === 'boolean') continue;
    const prefix = where === 'body' ? [] : [where === 'params' ? 'path' : where];
    for (const i of error.issues) issues.push({ path: [...prefix, ...i.path], message: i.message, code: i.code });
  }
  return issues;
}

function summary(issues: Issue[]): string {
  const first = issues[0];
  const where = first.path.length ? first.path.join('.') : '(body)';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `invalid input: ${where}: ${first.message}${more}`;
}

/** What the handlers call a resource in their 404 messages, by path parameter. */
const PATH_ID_NAMES: Record<string, string> = { projectId: 'project', loadPlanId: 'load plan', id: 'calculate' };

/** A path id or cursor with characters no id has cannot name anything: 404, as an unknown one would. */
function isCursorIssue(issue: Issue): boolean {
  return issue.path[0] === 'query' && issue.path[1] === 'cursor';
}

const validationErrorHandler: ApiMiddleware = async (ctx, next) => {
  const invalid = (ctx as any).invalid as Record<string, ZodError | boolean | undefined> | undefined;
  if (invalid?.error) {
    if (invalid.params) throw notFound(ctx.state.route?.params ? PATH_ID_NAMES[Object.keys(ctx.state.route.params.shape)[0]] : undefined);
    const issues = issuesOf(invalid);
    const inputIssues = issues.filter((i) => !isCursorIssue(i));
    if (inputIssues.length) throw invalidInput(summary(inputIssues), inputIssues);
    throw notFound('cursor');
  }
  await next();
};

const notImplemented: ApiMiddleware = async (ctx) => {
  throw new ApiError('NOT_IMPLEMENTED', `${ctx.state.route?.operationId ?? 'this route'} is not served yet`);
};

export function createRouter(prefix: string) {
  const router = zodRouter({
    koaRouter: { prefix },
    bodyParser: {
      enableTypes: ['json'],
      jsonLimit: MAX_BODY,
      strict: true,
      onerror: (err: Error & { status?: number; type?: string }) => {
        if (err.status === 413 || err.type === 'entity.too.large') throw new ApiError('PAYLOAD_TOO_LARGE', 'request body is larger than 4 MB');
        if (err.type === 'request.aborted' || err.type === 'stream.not.readable') {
          throw new ApiError('BAD_REQUEST', 'the request body could not be read (the client stopped sending it)');
        }
        if (err instanceof SyntaxError) {
          throw invalidInput(`request body is not valid JSON: ${err.message}`, [{ path: [], message: err.message, code: 'invalid_json' }]);
        }
        // the rest is the client's too: a Content-Encoding the bytes do not follow (zlib and
        // brotli errors), an unsupported encoding or charset
        throw invalidInput(`the request body could not be decoded: ${err.message}`, [
          { path: ['headers', 'Content-Encoding'], message: err.message, code: 'undecodable_body' },
        ]);
      },
    },
    zodRouter: { validationErrorHandler: validationErrorHandler as any },
  });
  for (const route of routes) {
    const handler = (handlers as Record<string, ApiMiddleware | undefined>)[route.operationId] ?? notImplemented;
    router.register({
      name: route.operationId,
      method: route.method,
      path: koaPath(route.path),
      pre: (route.idempotent ? [refuseDuplicateKeys, requireIdempotencyKey] : [refuseDuplicateKeys]) as any,
      handler: (route.idempotent ? [idempotent, handler] : [handler]) as any,
      validate: { params: route.params, query: route.query, body: route.body } as any,
    });
  }
  return router;
}
