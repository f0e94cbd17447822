import type { ClaimWrite } from '../db/idempotency.ts';
import type Koa from 'koa';
import type { Client } from '@temporalio/client';
import type { Env, PlanLimits } from '../config/env.ts';
import type { Db, Sql } from '../db/connect.ts';
import type { RouteContract } from './contract/routes.ts';
import type { Admission } from '../db/admission.ts';
import type { CommitGroups } from '../db/commit-groups.ts';

/** What the API process hands to every request. */
export interface Services {
  sql: Sql;
  /** The rate limiter's store: a separate pool, so its failure is seen on its own. */
  limiterSql: Sql;
  /** Group commit of one-statement writes (db/commit-groups.ts), on `sql`. */
  commitGroups: CommitGroups;
  env: Env;
  planLimits: PlanLimits;
  temporal: () => Promise<Client>;
  taskQueue: string;
  /** Public origin for Share Link URLs; falls back to the request's origin. */
  publicOrigin: string | null;
}

export interface AuthState {
  organizationId: string;
  organizationPlan: string;
  apiKeyId: string;
  scope: 'read_write' | 'read';
  /** The version of the organization's Equipment Type list, read with the key. */
  equipmentVersion: string;
}

export interface ApiState {
  requestId: string;
  route?: RouteContract;
  /** The contract route the path and method name, resolved once by admission. */
  resolved?: { route?: RouteContract; allow: string[] };
  /** The hash of the request's well-formed bearer secret, or null; computed once by admission. */
  secretHash?: Buffer | null;
  /** The IP's and the key's counts and the key, read in one round trip; absent when the store failed. */
  admission?: Admission;
  auth?: AuthState;
  /** A known key's identity, set even when the key is refused, for the audit log. */
  auditKey?: { organizationId: string; apiKeyId: string };
  /** The resource a call acted on, for the audit log. */
  resourceId?: string;
  /** The connection or the request's transaction (idempotent routes write in one). */
  db: Db;
  /** Set when an idempotent request answered with the stored first response. */
  replayed?: boolean;
  /**
   * Readers of a failed commit (idempotent routes): the first that recognizes the error
   * (a check the database makes at commit) returns what to answer instead.
   */
  commitRefusals?: ((err: unknown) => Error | null)[];
  /** Set once the call's audit row committed with the request's own transaction. */
  audited?: boolean;
  /**
   * On a route whose writes go in the Idempotency-Key's statement (RouteContract.oneStatement):
   * the handler's inserts, gated on the claim, sent by the idempotent middleware after it.
   */
  claimWrites?: ClaimWrite[];
  /** Work to run once the request's transaction has committed. */
  afterCommit?: (() => Promise<void>)[];
}

export type ApiContext = Koa.ParameterizedContext<ApiState, { services: Services }>;
export type ApiMiddleware = Koa.Middleware<ApiState, { services: Services }>;
