import { createHash } from 'node:crypto';
import { claimIdempotencyKey, completeIdempotencyKey, forgetIdempotencyKey, type Claim } from '../../db/idempotency.ts';
import { ApiError, invalidInput } from '../errors.ts';
import { auditEntry } from './audit.ts';
import { IdempotencyKeyHeader } from '../contract/common.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';

/** Key order does not make two bodies different. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as any)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(ctx: ApiContext): string {
  return createHash('sha256').update(`${ctx.method} ${ctx.path}\n${canonical(ctx.request.body ?? null)}`).digest('hex');
}

/** The header is checked before the body, so a missing key answers 400 whatever the body. */
export const requireIdempotencyKey: ApiMiddleware = async (ctx, next) => {
  const key = ctx.get('idempotency-key');
  const parsed = IdempotencyKeyHeader.safeParse(key);
  if (!key) {
    throw invalidInput('the Idempotency-Key header is required on this route', [
      { path: ['headers', 'Idempotency-Key'], message: 'required', code: 'missing_header' },
    ]);
  }
  if (!parsed.success) {
    throw invalidInput('Idempotency-Key must be 1 to 255 visible ASCII characters, no spaces', [
      { path: ['headers', 'Idempotency-Key'], message: parsed.error.issues[0].message, code: 'invalid_string' },
    ]);
  }
  await next();
};

/** The created resource's id, or else the first id in the path. */
function replayedResourceId(ctx: ApiContext, body: unknown): string | undefined {
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id === 'string') return id;
  const params = (ctx as unknown as { params?: Record<string, string> }).params ?? {};
  return Object.values(params)[0];
}

export type AfterCommit = () => Promise<void>;

/** Bodies to store for replays where they differ from the one sent (e.g. secrets shown once). */
const replayBodies = new WeakMap<ApiContext, unknown>();

/** A handler's response holds something only the first response may carry: replays get `body`. */
export function storeForReplay(ctx: ApiContext, body: unknown): void {
  replayBodies.set(ctx, body);
}

const reused = () => new ApiError('CONFLICT', 'this Idempotency-Key was already used with a different request', { reason: 'idempotency_key_reused' });
const inUse = () => new ApiError('CONFLICT', 'a request with this Idempotency-Key is still running', { reason: 'idempotency_key_in_use' });

/** The key is not this request's to use: its transaction rolls back, then this is answered. */
class Unclaimed extends Error {
  constructor(readonly claim: Exclude<Claim, { kind: 'claimed' }>) {
    super(`idempotency key not claimed: ${claim.kind}`);
  }
}

/** A replay of the stored response, or 409 for another request or one still running. */
function answerUnclaimed(ctx: ApiContext, claim: Exclude<Claim, { kind: 'claimed' }>): void {
  if (claim.kind === 'other-request') throw reused();
  if (claim.kind === 'in-use') throw inUse();
  // the stored text as it went out the first time, not a re-serialized copy
  ctx.status = claim.status;
  ctx.body = claim.body;
  ctx.type = 'application/json';
  ctx.set('Idempotent-Replayed', 'true');
  ctx.state.replayed = true;
  // the audit row of a replay names the same resource as the first response's
  ctx.state.resourceId = replayedResourceId(ctx, JSON.parse(claim.body));
}

/**
 * Runs the handler in one transaction with the stored response: the first response is
 * replayed for the same key and body within 24 hours; another body, or the first request
 * still running, answers 409; a request that fails writes nothing and frees the key.
 * The claim is the key's lock, taken in the request's transaction: a concurrent request
 * with the key finds it taken (409); the record is written once, with the response, so a
 * process that dies mid-request leaves nothing behind and a retry goes through at once.
 * Checks that must come last (a plan cap) run in the database at the commit, with a reader
 * of its refusal in ctx.state.commitRefusals; work that must
 * follow the commit (starting a workflow) goes in ctx.state.afterCommit. A success with no
 * such work writes its audit row in the same transaction (its status cannot change after
 * the commit): the row commits with the write, and the request pays one commit, not two.
 */
export const idempotent: ApiMiddleware = async (ctx, next) => {
  const apiKeyId = ctx.state.auth!.apiKeyId;
  const key = ctx.get('idempotency-key');
  const hash = requestHash(ctx);
  const { sql } = ctx.services;
  const afterCommit: AfterCommit[] = [];
  const commitRefusals: ((err: unknown) => Error | null)[] = [];
  const pendingWrites: Promise<void>[] = [];
  ctx.state.afterCommit = afterCommit;
  ctx.state.commitRefusals = commitRefusals;
  ctx.state.pendingWrites = pendingWrites;
  let claimed = false;
  let auditedInTransaction = false;
  // the stored response and the audit row, answered after the commit behind them
  let storedWithCommit: Promise<unknown> = Promise.resolve();
  let claiming: Promise<Claim> | undefined;
  // what the handler did ahead of the claim's answer is rolled back: it is forgotten
  const unclaimed = (claim: Exclude<Claim, { kind: 'claimed' }>) => {
    afterCommit.length = 0;
    commitRefusals.length = 0;
    replayBodies.delete(ctx);
    ctx.state.resourceId = undefined;
    return new Unclaimed(claim);
  };
  // a route whose handler's first statement waits for no lock (an insert of a new row) sends
  // it behind the claim, in the claim's round trip: the handler runs before the claim's answer
  // is read. When it succeeds, the stored response and the COMMIT follow at once, still
  // unanswered: the stored response's insert refuses a key the claim did not get (migration
  // 009), so the COMMIT then rolls everything back, and the claim's answer, read after it,
  // says what to answer (the work outside the database waits for the commit: afterCommit)
  const claimAhead = ctx.state.route?.claimAhead === true;
  let claimAfterCommit = false;
  try {
    await sql.begin(async (tx) => {
      // the claim is this transaction's lock on the key: the record commits with the
      // request's writes, or nothing does (a crash included)
      claiming = claimIdempotencyKey(tx, apiKeyId, key, hash);
      claiming.catch(() => {}); // read below
      let handlerFailed = false;
      let handlerError: unknown;
      if (claimAhead) {
        ctx.state.db = tx;
        try {
          await next();
        } catch (err) {
          handlerFailed = true;
          handlerError = err;
        }
      }
      const succeeded = !handlerFailed && ctx.status >= 200 && ctx.status < 300;
      claimAfterCommit = claimAhead && succeeded;
      if (!claimAfterCommit) {
        // nothing stored would refuse an unclaimed key: the answer is read before the commit
        const claim = await claiming;
        if (claim.kind !== 'claimed') throw unclaimed(claim);
        claimed = true;
        if (claimAhead) {
          if (handlerFailed) throw handlerError;
        } else {
          ctx.state.db = tx;
          await next();
        }
      }
      // a response other than 2xx stores nothing: the key stays free. The stored response
      // with the audit row (one statement) and the COMMIT go in one round trip (pipelined):
      // the transaction does not wait for the insert. If it fails it aborts the transaction,
      // Postgres answers the COMMIT with a rollback, and its error is thrown below, after
      // the commit. Koa sends an object body as JSON.stringify(body): the stored text is
      // those bytes.
      const body = replayBodies.has(ctx) ? replayBodies.get(ctx) : ctx.body;
      const stored = ctx.status >= 200 && ctx.status < 300;
      const entry = stored && afterCommit.length === 0 ? auditEntry(ctx, ctx.status) : null;
      auditedInTransaction = entry !== null;
      storedWithCommit = stored
        ? completeIdempotencyKey(tx, apiKeyId, key, hash, ctx.status, JSON.stringify(body ?? null), entry)
        : Promise.resolve();
      storedWithCommit.catch(() => {}); // read after the commit
    });
    if (claimAfterCommit) {
      const claim = await claiming!;
      if (claim.kind !== 'claimed') throw unclaimed(claim);
      claimed = true;
    }
    // the handler's own statements first: a failure there aborted what followed it
    for (const written of pendingWrites) await written;
    await storedWithCommit.catch((err) => {
      // the write rolled back: the audit row names no resource, as for a refusal before it
      auditedInTransaction = false;
      ctx.state.resourceId = undefined;
      throw err;
    });
  } catch (err) {
    if (err instanceof Unclaimed) {
      answerUnclaimed(ctx, err.claim);
      return;
    }
    // the commit failed before the claim's answer was read: a key not this request's to use
    // is answered as such (its transaction rolled back either way)
    const claim = claimAfterCommit && !claimed ? await claiming?.catch(() => null) : null;
    if (claim && claim.kind !== 'claimed') {
      answerUnclaimed(ctx, unclaimed(claim).claim);
      return;
    }
    // a check the database made at the commit (a plan cap): the write rolled back
    const refusal = commitRefusals.map((read) => read(err)).find((r) => r !== null);
    if (!refusal) throw err;
    ctx.state.resourceId = undefined;
    throw refusal;
  } finally {
    ctx.state.db = sql;
    ctx.state.pendingWrites = undefined;
  }
  // committed: the row is in (a rollback leaves it to the audit middleware, with the failure's status)
  ctx.state.audited = auditedInTransaction;
  if (!claimed) return;
  try {
    for (const work of afterCommit) await work();
  } catch (err) {
    // the stored success did not happen after all (e.g. the workflow could not start): a
    // retry with the same key must not replay it
    await forgetIdempotencyKey(sql, apiKeyId, key);
    throw err;
  }
};
