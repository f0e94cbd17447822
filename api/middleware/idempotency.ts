import { createHash } from 'node:crypto';
import { claimAndWrite, claimIdempotencyKey, completeIdempotencyKey, forgetIdempotencyKey, keyRefusedAtStore, type Claim, type ClaimWrite } from '../../db/idempotency.ts';
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
  // what the handler prepared was not written: it is forgotten
  ctx.state.afterCommit!.length = 0;
  ctx.state.commitRefusals!.length = 0;
  replayBodies.delete(ctx);
  ctx.state.resourceId = undefined;
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

/** A check the database made at the commit (a plan cap) answered as the handler asked; else the error itself. */
function refusalAtCommit(ctx: ApiContext, err: unknown): unknown {
  const refusal = ctx.state.commitRefusals!.map((read) => read(err)).find((r) => r !== null);
  if (!refusal) return err;
  // the write rolled back: the audit row names no resource, as for a refusal before it
  ctx.state.resourceId = undefined;
  return refusal;
}

/**
 * The store refused the key (another request answered it after this one's claim read it, or
 * the claim did not get it): this request's writes rolled back, and the key read again says
 * what to answer (the replay, or 409). Null when it does not apply.
 */
async function answeredMeanwhile(ctx: ApiContext, err: unknown, apiKeyId: string, key: string, hash: string): Promise<Exclude<Claim, { kind: 'claimed' }> | null> {
  if (!keyRefusedAtStore(err)) return null;
  const claim = await claimIdempotencyKey(ctx.services.sql, apiKeyId, key, hash);
  return claim.kind === 'claimed' ? null : claim;
}

/** Work that must follow the commit (starting a workflow); if it fails the stored success is forgotten. */
async function runAfterCommit(ctx: ApiContext, apiKeyId: string, key: string): Promise<void> {
  try {
    for (const work of ctx.state.afterCommit!) await work();
  } catch (err) {
    // the stored success did not happen after all (e.g. the workflow could not start): a
    // retry with the same key must not replay it
    await forgetIdempotencyKey(ctx.services.sql, apiKeyId, key);
    throw err;
  }
}

/** The body stored for replays: the one sent, unless the handler gave another (storeForReplay). */
function storedBody(ctx: ApiContext): string {
  const body = replayBodies.has(ctx) ? replayBodies.get(ctx) : ctx.body;
  // Koa sends an object body as JSON.stringify(body): the stored text is those bytes
  return JSON.stringify(body ?? null);
}

/**
 * The first response is replayed for the same key and body within 24 hours; another body,
 * or the first request still running, answers 409; a request that fails writes nothing and
 * frees the key. The claim is the key's lock, taken in the request's own transaction: a
 * concurrent request with the key finds it taken (409); the record is written once, with
 * the response, so a process that dies mid-request leaves nothing behind and a retry goes
 * through at once. Checks that must come last (a plan cap) run in the database at the
 * commit, with a reader of its refusal in ctx.state.commitRefusals; work that must follow
 * the commit (starting a workflow) goes in ctx.state.afterCommit. A success with no such
 * work writes its audit row with the request's writes (its status cannot change after the
 * commit): the request pays one commit, not two.
 */
export const idempotent: ApiMiddleware = async (ctx, next) => {
  ctx.state.afterCommit = [];
  ctx.state.commitRefusals = [];
  if (ctx.state.route?.oneStatement === true) await inOneStatement(ctx, next);
  else await inTransaction(ctx, next);
};

/**
 * A route whose handler writes only inserts gated on the claim (ctx.state.claimWrites): the
 * handler runs first and sends nothing; then the claim, its writes, the stored response and
 * the audit row go to the database as one statement, its own transaction (claimAndWrite):
 * one round trip and no BEGIN or COMMIT. A handler that fails or answers other than 2xx
 * stores nothing: the claim alone then says whether to replay, answer 409 or let it stand.
 */
async function inOneStatement(ctx: ApiContext, next: () => Promise<unknown>): Promise<void> {
  const apiKeyId = ctx.state.auth!.apiKeyId;
  const key = ctx.get('idempotency-key');
  const hash = requestHash(ctx);
  const { sql } = ctx.services;
  const writes: ClaimWrite[] = [];
  ctx.state.claimWrites = writes;
  let failure: { error: unknown } | null = null;
  try {
    await next();
  } catch (error) {
    failure = { error };
  } finally {
    ctx.state.claimWrites = undefined;
  }
  if (failure || ctx.status < 200 || ctx.status >= 300) {
    // nothing to store (the handler wrote nothing): a stored response still replays
    const claim = await claimIdempotencyKey(sql, apiKeyId, key, hash);
    if (claim.kind !== 'claimed') return answerUnclaimed(ctx, claim);
    if (failure) throw failure.error;
    return;
  }
  const entry = ctx.state.afterCommit!.length === 0 ? auditEntry(ctx, ctx.status) : null;
  let claim: Claim;
  try {
    // with the organization's other creations arriving meanwhile: one commit for all of them
    const body = storedBody(ctx);
    claim = await ctx.services.commitGroups.run(ctx.state.auth!.organizationId, (db) => claimAndWrite(db, apiKeyId, key, hash, writes, ctx.status, body, entry));
  } catch (err) {
    // nothing was written: the audit row names no resource, as for a refusal before it
    ctx.state.resourceId = undefined;
    const again = await answeredMeanwhile(ctx, err, apiKeyId, key, hash);
    if (again) return answerUnclaimed(ctx, again);
    throw refusalAtCommit(ctx, err);
  }
  if (claim.kind !== 'claimed') return answerUnclaimed(ctx, claim);
  // committed: the row is in (a failure leaves it to the audit middleware, with its status)
  ctx.state.audited = entry !== null;
  await runAfterCommit(ctx, apiKeyId, key);
}

/**
 * Any other route: the handler runs in one transaction with the claim and the stored
 * response. The claim's answer is read before the handler runs; the stored response with
 * the audit row (one statement) and the COMMIT go in one round trip (pipelined).
 */
async function inTransaction(ctx: ApiContext, next: () => Promise<unknown>): Promise<void> {
  const apiKeyId = ctx.state.auth!.apiKeyId;
  const key = ctx.get('idempotency-key');
  const hash = requestHash(ctx);
  const { sql } = ctx.services;
  let claimed = false;
  let auditedInTransaction = false;
  // the stored response and the audit row, answered after the commit behind them
  let storedWithCommit: Promise<unknown> = Promise.resolve();
  try {
    await sql.begin(async (tx) => {
      // the claim is this transaction's lock on the key: the record commits with the
      // request's writes, or nothing does (a crash included)
      const claim = await claimIdempotencyKey(tx, apiKeyId, key, hash);
      if (claim.kind !== 'claimed') throw new Unclaimed(claim);
      claimed = true;
      ctx.state.db = tx;
      await next();
      // a response other than 2xx stores nothing: the key stays free. If the stored
      // response's insert fails it aborts the transaction, Postgres answers the COMMIT
      // with a rollback, and its error is thrown below, after the commit.
      const stored = ctx.status >= 200 && ctx.status < 300;
      const entry = stored && ctx.state.afterCommit!.length === 0 ? auditEntry(ctx, ctx.status) : null;
      auditedInTransaction = entry !== null;
      storedWithCommit = stored ? completeIdempotencyKey(tx, apiKeyId, key, hash, ctx.status, storedBody(ctx), entry) : Promise.resolve();
      storedWithCommit.catch(() => {}); // read after the commit
    });
    await storedWithCommit.catch((err) => {
      auditedInTransaction = false;
      throw err;
    });
  } catch (err) {
    if (err instanceof Unclaimed) return answerUnclaimed(ctx, err.claim);
    const again = await answeredMeanwhile(ctx, err, apiKeyId, key, hash);
    if (again) {
      ctx.state.resourceId = undefined;
      return answerUnclaimed(ctx, again);
    }
    throw refusalAtCommit(ctx, err);
  } finally {
    ctx.state.db = sql;
  }
  // committed: the row is in (a rollback leaves it to the audit middleware, with the failure's status)
  ctx.state.audited = auditedInTransaction;
  if (claimed) await runAfterCommit(ctx, apiKeyId, key);
}
