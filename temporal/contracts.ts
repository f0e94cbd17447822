// What the Temporal side and its callers agree on: workflow and signal names, inputs and
// results, search attributes, the sweep schedule's id. Plain data and types: it imports
// nothing, so workflows (deterministic sandbox) and clients can both use it.

/** Workflow type names; each is exported under this name by `workflows/index.ts`. */
export const WORKFLOW = {
  calculate: 'calculateWorkflow',
  webhookDelivery: 'webhookDeliveryWorkflow',
  webhookSweep: 'webhookSweepWorkflow',
  systemCheck: 'systemCheckWorkflow',
} as const;

export const SIGNAL = { cancelCalculate: 'cancelCalculate' } as const;
export const QUERY = { calculateState: 'calculateState' } as const;

export interface CalculateWorkflowInput {
  runId: string;
  /** The run time-out (CALCULATE_MAX_DURATION_SECONDS). */
  maxDurationSeconds: number;
  /** The solver's improvement budget after its first complete plan. */
  solveTimeBudgetMs: number;
}

export type CalculateOutcome = 'completed' | 'failed' | 'cancelled' | 'timed_out';

/** Attempts of one webhook delivery (contract, "Delivery behaviour"); the last one failing ends it `failed`. */
export const MAX_DELIVERY_ATTEMPTS = 8;

export interface WebhookDeliveryOptions {
  /** Multiplies every retry wait and the three-day window (tests: e.g. 0.00001). Default 1. */
  retryScale?: number;
  /** Scales only the three-day window; defaults to retryScale. Lets a test run all 8 attempts. */
  disableScale?: number;
}

export interface WebhookDeliveryResult {
  /** `paused`: no API access, back to pending; `skipped`: gone, done or endpoint disabled. */
  outcome: 'succeeded' | 'failed' | 'paused' | 'skipped' | 'endpoint-disabled';
  attempts: number;
}

export interface SweepOptions {
  minEventAgeSeconds?: number;
  staleStartSeconds?: number;
  /** Sweep one organization only (e.g. right after its API access returns); default all. */
  organizationId?: string;
}

export interface SweepResult {
  eventsDispatched: number;
  started: number;
}

export interface SystemCheckResult {
  databaseTime: string;
  organizations: number;
  migrations: number;
}

/** Custom search attributes on every Calculate workflow: operators find runs in the Temporal UI by them. */
export const SEARCH_ATTRIBUTES = {
  LoadPlanOrganizationId: 'Keyword',
  LoadPlanId: 'Keyword',
  CalculateSource: 'Keyword',
} as const;

export const WEBHOOK_SWEEP_SCHEDULE_ID = 'loadplan-webhook-sweep';
