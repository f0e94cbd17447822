// A real API server on a real socket over the suite's Postgres and Temporal.
import { request } from 'undici';
import { readEnv, type Env } from '../../config/env.ts';
import { createServices } from '../../api/services.ts';
import { startApiServer } from '../../api/server.ts';
import { connect, type Sql } from '../../db/connect.ts';
import { testDatabaseUrl, testTemporalAddress } from './env.ts';

export interface TestApi {
  url: string;
  sql: Sql;
  taskQueue: string;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** POST under /api/v1 with a fresh Idempotency-Key. */
  post(key: string, path: string, body: unknown): Promise<Reply>;
  /** GET under /api/v1. */
  get(key: string, path: string): Promise<Reply>;
  close(): Promise<void>;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  idempotencyKey?: string;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  text: string;
}

/** Generous limits, so tests in parallel from one address do not trip them; limit tests lower them. */
const TEST_ENV = { RATE_LIMIT_PER_IP: '1000000', RATE_LIMIT_PER_KEY: '1000000', CALCULATE_ENQUEUES_PER_KEY: '1000000' };

export async function startTestApi(
  overrides: Partial<Record<keyof Env, string>> & { limiterDatabaseUrl?: string; onQuery?: (query: string) => void } = {},
): Promise<TestApi> {
  const { limiterDatabaseUrl, onQuery, ...envOverrides } = overrides;
  const taskQueue = `test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const env = readEnv({ ...process.env, ...TEST_ENV, TEMPORAL_TASK_QUEUE: taskQueue, ...envOverrides });
  const services = createServices(env, testDatabaseUrl(), testTemporalAddress(), { onQuery });
  if (limiterDatabaseUrl) {
    await services.limiterSql.end();
    services.limiterSql = connect(limiterDatabaseUrl, { max: 1 });
  }
  const api = await startApiServer(services, '127.0.0.1', 0);
  return {
    url: api.url,
    sql: services.sql,
    taskQueue,
    call: (method, path, options = {}) => call(api.url, method, path, options),
    post: (key, path, body) => call(api.url, 'POST', `/api/v1${path}`, { key, body, idempotencyKey: idem() }),
    get: (key, path) => call(api.url, 'GET', `/api/v1${path}`, { key }),
    close: async () => {
      await api.close();
      await services.close();
    },
  };
}

export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: string | Buffer | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await request(baseUrl + path, { method: method as any, headers, body });
  const text = await res.body.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, headers: res.headers, body: parsed, text };
}

let keyCounter = 0;
/** A fresh Idempotency-Key. */
export function idem(): string {
  return `test-${process.pid}-${Date.now()}-${++keyCounter}`;
}
