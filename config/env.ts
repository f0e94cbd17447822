// Every setting the service reads, in one place. Production processes are configured only
// by these environment variables (the README lists them).
import { z } from 'zod';

const intFrom = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  DATABASE_URL: z.string().optional(),
  TEMPORAL_ADDRESS: z.string().optional(),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('loadplan'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin used in Share Link URLs, e.g. https://plans.example.com */
  PUBLIC_ORIGIN: z.string().optional(),
  /** Trust X-Forwarded-For for the client IP (only behind a proxy you control). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_PER_IP: intFrom(300),
  RATE_LIMIT_PER_KEY: intFrom(120),
  /** Share Link pages, per client IP: a report view loads about five addresses. */
  RATE_LIMIT_SHARE_PAGES_PER_IP: intFrom(600),
  CALCULATE_ENQUEUES_PER_KEY: intFrom(30),
  CALCULATES_IN_FLIGHT_PER_ORG: intFrom(10),
  CALCULATE_MAX_DURATION_SECONDS: intFrom(600),
  /** JSON: {"<plan>": {"projects": n, "solves": n, "share-links": n}}; merged over the defaults. */
  PLAN_LIMITS: z.string().optional(),
  WEBHOOK_SECRET_KEY: z.string().optional(),
  WEBHOOK_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false'),
  WEBHOOK_EXTRA_CA_FILE: z.string().optional(),
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().default(1),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('loadplan@localhost'),
  /** The operations port (/livez, /readyz, /metrics); default 9464 for the API, 9465 for the worker. */
  OPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where the operations port listens; HOST by default. */
  OPS_HOST: z.string().optional(),
  /** The worker's Temporal SDK Prometheus exporter (on 127.0.0.1, merged into /metrics); 0 turns it off. */
  TEMPORAL_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9466),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof schema>;

/** The name of every variable above (the README documents each; a test checks). */
export const ENV_VARIABLES = Object.keys(schema.shape) as (keyof Env)[];

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid environment:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

export type PlanCapResource = 'projects' | 'solves' | 'share-links';
export type PlanLimits = Record<string, Partial<Record<PlanCapResource, number>>>;

/** Generous defaults: Enterprise is capped only to stop runaway scripts. */
export const DEFAULT_PLAN_LIMITS: PlanLimits = {
  enterprise: { projects: 100_000, solves: 1_000_000, 'share-links': 1_000_000 },
};

export function planLimits(env: Env): PlanLimits {
  if (!env.PLAN_LIMITS) return DEFAULT_PLAN_LIMITS;
  const extra = JSON.parse(env.PLAN_LIMITS) as PlanLimits;
  const merged: PlanLimits = { ...DEFAULT_PLAN_LIMITS };
  for (const [plan, caps] of Object.entries(extra)) merged[plan] = { ...merged[plan], ...caps };
  return merged;
}
