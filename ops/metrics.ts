// The process's Prometheus registry (prom-client) and every metric this service exports.
// API and worker processes register the same set; each fills in its own.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'loadplan_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpRequestDuration = new Histogram({
  name: 'loadplan_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'loadplan_rate_limit_refusals_total',
  help: 'Requests refused with 429: scope "ip" before authentication, "key" after (per-key and Calculate limits)',
  labelNames: ['scope', 'route'] as const,
  registers: [registry],
});

export const idempotentReplays = new Counter({
  name: 'loadplan_idempotent_replays_total',
  help: 'Requests answered with the stored first response of their Idempotency-Key',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const calculatesStarted = new Counter({
  name: 'loadplan_calculates_started_total',
  help: 'Calculate runs that moved from queued to running',
  registers: [registry],
});

export const calculatesEnded = new Counter({
  name: 'loadplan_calculates_ended_total',
  help: 'Calculate runs that reached a terminal state, by outcome (completed, failed, cancelled, timed_out)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const solveDuration = new Histogram({
  name: 'loadplan_solve_duration_seconds',
  help: 'Time of one solve attempt, by outcome (solved, failed)',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
  registers: [registry],
});

export const solvePieces = new Histogram({
  name: 'loadplan_solve_pieces',
  help: 'Pieces placed by one solve',
  buckets: [1, 10, 50, 100, 250, 500, 1000, 2500, 5000, 10000],
  registers: [registry],
});

export const activityQueueWait = new Histogram({
  name: 'loadplan_activity_queue_wait_seconds',
  help: 'Time an activity task waited on the task queue before a worker started it (calculateBegin: a Calculate waiting for a worker)',
  labelNames: ['activity'] as const,
  buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers: [registry],
});

export const webhookAttempts = new Counter({
  name: 'loadplan_webhook_attempts_total',
  help: 'Webhook delivery attempts by outcome (succeeded, failed, paused, skipped, error)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const webhookEndpointsDisabled = new Counter({
  name: 'loadplan_webhook_endpoints_disabled_total',
  help: 'Webhook endpoints disabled by the three-day failure rule',
  registers: [registry],
});
