// The one error table: every code the API answers with, its HTTP status, and the one body.

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PLAN_LIMIT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** What the OpenAPI document says each code means. */
export const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  BAD_REQUEST: 'Invalid input (`invalid_input`), unknown body keys, missing Idempotency-Key, cargo the solver cannot take, or a Share Link on an uncalculated plan (`load_plan_not_calculated`).',
  UNAUTHORIZED: 'Missing, malformed, invalid, revoked or expired key, or its creator is no longer an owner or admin.',
  FORBIDDEN: 'Plan without API access, or a read-only key on a writing route (`insufficient_scope`).',
  NOT_FOUND: 'Id not in the key\'s organization, unknown cursor, or the path is not a route.',
  METHOD_NOT_ALLOWED: 'The path exists for other methods; the Allow header lists them.',
  CONFLICT: 'Idempotency-Key reused with another body or still running; a Calculate already queued or running on the plan; unlocked manual placements without replaceUnlockedManual.',
  PLAN_LIMIT: 'A plan cap on Projects, calculates or Share Links.',
  PRECONDITION_FAILED: 'expectedRevision is stale.',
  PAYLOAD_TOO_LARGE: 'The request body is larger than 4 MB.',
  TOO_MANY_REQUESTS: 'A rate limit or the in-flight Calculate limit is reached; Retry-After says when to retry.',
  INTERNAL_SERVER_ERROR: 'An unexpected error.',
  NOT_IMPLEMENTED: 'The route is declared but not served yet.',
  SERVICE_UNAVAILABLE: 'The rate limiter or a dependency is unavailable; retry with backoff.',
};

export interface Issue {
  path: (string | number)[];
  message: string;
  code: string;
}

export interface ErrorBody {
  defined: boolean;
  code: string;
  status: number;
  message: string;
  data?: Record<string, unknown>;
}

export const MAX_ISSUES = 50;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data?: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  get defined(): boolean {
    return this.code !== 'INTERNAL_SERVER_ERROR';
  }

  body(): ErrorBody {
    const body: ErrorBody = { defined: this.defined, code: this.code, status: this.status, message: this.message };
    if (this.data) body.data = this.data;
    return body;
  }
}

export function invalidInput(message: string, issues: Issue[]): ApiError {
  return new ApiError('BAD_REQUEST', message, { reason: 'invalid_input', issues: issues.slice(0, MAX_ISSUES) });
}

export function notFound(what = 'resource'): ApiError {
  return new ApiError('NOT_FOUND', `${what} not found`);
}

/** 503 with Retry-After: a store the request needs is down or restarting; the client retries. */
export function serviceUnavailable(what: string): ApiError {
  return new ApiError('SERVICE_UNAVAILABLE', `${what} is unavailable; retry with backoff`, undefined, { 'Retry-After': '1' });
}
