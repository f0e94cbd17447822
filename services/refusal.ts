// Why a use case says no, in the terms of the contract's error table (`api/errors.ts` maps
// it to the one error body; the CLI prints it). Use cases never import from `api/`.

export type RefusalCode = 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT' | 'PLAN_LIMIT' | 'TOO_MANY_REQUESTS' | 'SERVICE_UNAVAILABLE';

export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly data?: Record<string, unknown>,
    /** TOO_MANY_REQUESTS: when a retry may succeed (becomes Retry-After). */
    readonly retryAt?: Date,
  ) {
    super(message);
  }
}
